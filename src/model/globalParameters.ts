// The global parameters (spec 2 §2–§5), one mapping: per type its Dutch label, how the screen takes it, what it
// sets in a model — a base parameter (its descriptor's `global`, baseParameters.ts) or a parameter set — and its
// default on the screen. The engine's application (src/formulas/globalParameters.ts), the spreadsheet template's
// Invoer, the screen, the contract and the audit text read it here.
import { BASE_PARAMETERS, PARAMETER_TYPES, type BaseParameter, type ParameterType } from './baseParameters.ts';
import {
  CREDIT_SET, DEBIT_SET, DEFAULT_COST_INDEX, DEFAULT_REVENUE_INDEX, FUTURE_INDEX_GROUP, INTEREST_GROUP,
} from './modelConstants.ts';
import type { ParameterSetGroup } from './modelData.ts';

/**
 * date: one date; single: one percentage (Uitgangspunt only); series: a base value and Per01…Per40;
 * future / historic: the user-index tables (per period, per year 2000…2039), not model data.
 */
export type GlobalParameterKind = 'date' | 'single' | 'series' | 'future' | 'historic';

export interface GlobalParameter {
  type: ParameterType;
  label: string;
  kind: GlobalParameterKind;
  /** The base parameter it sets (dates, single percentages). */
  field?: BaseParameter;
  /** The parameter set it sets (series), matched by group and name. */
  set?: { group: ParameterSetGroup; name: string };
  /** The screen's value until the administrator changes it (spec 2 §9): a fraction or yyyy-mm-dd. */
  default: number | string;
}

/** The types that set no base parameter. */
const NOT_A_FIELD: Partial<Record<ParameterType, Omit<GlobalParameter, 'type'>>> = {
  RentepercentageNegatiefSaldo: { label: 'Rentepercentage negatief saldo', kind: 'series', set: { group: INTEREST_GROUP, name: DEBIT_SET }, default: 0.02 },
  RentepercentagePositiefSaldo: { label: 'Rentepercentage positief saldo', kind: 'series', set: { group: INTEREST_GROUP, name: CREDIT_SET }, default: 0.02 },
  Kostenstijging: { label: 'Kostenstijging', kind: 'series', set: { group: FUTURE_INDEX_GROUP, name: DEFAULT_COST_INDEX }, default: 0.02 },
  Opbrengstenstijging: { label: 'Opbrengstenstijging', kind: 'series', set: { group: FUTURE_INDEX_GROUP, name: DEFAULT_REVENUE_INDEX }, default: 0.02 },
  ToekomstigeIndexGebruiker: { label: 'Toekomstige index gebruiker', kind: 'future', default: 0.02 },
  HistorischeIndexGebruiker: { label: 'Historische index gebruiker', kind: 'historic', default: 0.02 },
};

function globalParameterOf(type: ParameterType): GlobalParameter {
  const field = BASE_PARAMETERS.find((p) => p.global?.type === type);
  if (field) return { type, label: field.label, kind: field.kind === 'date' ? 'date' : 'single', field, default: field.global!.default };
  const other = NOT_A_FIELD[type];
  if (!other) throw new Error(`Globale parameter ${type} zet niets`);
  return { type, ...other };
}

/** Every type, in the spec's order. */
export const GLOBAL_PARAMETERS: readonly GlobalParameter[] = PARAMETER_TYPES.map(globalParameterOf);
const BY_TYPE = new Map(GLOBAL_PARAMETERS.map((g) => [g.type, g]));

/** The mapping of one type. */
export const globalParameter = (type: ParameterType): GlobalParameter => BY_TYPE.get(type)!;
export const isDateParameter = (type: ParameterType) => globalParameter(type).kind === 'date';
