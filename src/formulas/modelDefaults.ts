import type { ModelData } from '../model/modelData.ts';
import { BASE_PARAMETERS, type BaseParameterField } from '../model/baseParameters.ts';
import { emptyLists } from '../model/modelSchema.ts';
import {
  CREDIT_SET, DEBIT_SET, DEFAULT_COST_INDEX, DEFAULT_PRICE_INDEX, DEFAULT_REVENUE_INDEX, FUTURE_INDEX_GROUP, INTEREST_GROUP, PRICE_LEVEL_GROUP,
} from './validate.ts';

type BaseParametersData = ModelData['base_parameters'];
/** The required scalar base parameters: a descriptor (baseParameters.ts) gives each its default. */
type DefaultScalars = Pick<BaseParametersData, { [K in BaseParameterField]-?: undefined extends BaseParametersData[K] ? never : K }[BaseParameterField]>;

/** Names shown in the model's project info. */
interface ModelDefaultsInfo {
  projectName?: string | null;
  projectDescription?: string | null;
  projectNumber?: string | null;
  subregion?: string | null;
  organisation?: string | null;
  versionName?: string | null;
  modelName?: string | null;
}

/**
 * Model data of a new online model, shaped like docs/examples/worked-example.model.json:
 * calculation from 2025-01-01 to 2030-12-31 (price reference and NCW date 2025-01-01), annual periods,
 * BBV interest, discount rate 2.0 %, VAT 21 %, parameter sets at 2.0 %, one cost phase over the whole
 * period, no space usage, cost or residential rows.
 */
export function defaultModelData(info: ModelDefaultsInfo = {}): ModelData {
  // The dates, the period, the rates, the interest method and the withdrawal: their descriptors' defaults.
  const scalars = Object.fromEntries(BASE_PARAMETERS.filter((p) => p.default !== undefined).map((p) => [p.key, p.default])) as DefaultScalars;
  const start = scalars.phasing_calculation_start_date;
  const end = scalars.phasing_calculation_end_date;
  const base: Pick<ModelData, 'base_parameters'> = {
    base_parameters: {
      ...scalars,
      project_info: {
        project_name: info.projectName ?? null,
        project_description: info.projectDescription ?? null,
        project_number: info.projectNumber ?? null,
        subregion: info.subregion ?? null,
        organisation_name: info.organisation ?? null,
        version_name: info.versionName ?? null,
        model_name: info.modelName ?? null,
      },
      phasing_costs_revenues: [
        { phase_name: 'Fase 1', phase_group: 'Cost', phase_start_date: start, phase_end_date: end },
      ],
      parameter_sets: [
        { set_name: DEBIT_SET, set_group: INTEREST_GROUP, set_base_value: 2.0, set_values: [] },
        { set_name: CREDIT_SET, set_group: INTEREST_GROUP, set_base_value: 2.0, set_values: [] },
        { set_name: DEFAULT_COST_INDEX, set_group: FUTURE_INDEX_GROUP, set_base_value: 2.0, set_values: [] },
        { set_name: DEFAULT_REVENUE_INDEX, set_group: FUTURE_INDEX_GROUP, set_base_value: 2.0, set_values: [] },
        { set_name: DEFAULT_PRICE_INDEX, set_group: PRICE_LEVEL_GROUP, set_base_value: 2.0, set_values: [] },
      ],
      space_usage: [],
    },
  };
  return { ...base, ...emptyLists() } as ModelData;
}
