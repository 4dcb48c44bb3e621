import type { AppContext, UserRow } from '../context.ts';
import { VARIANCE_CHOICE, type ReportVarianceRow } from '../../src/api/contract/reportData.ts';
import { varianceColumns } from '../../src/model/varianceSteps.ts';
import { type DefaultVariance, defaultVariances } from './variance.ts';

// The rows of the report sheet 'Verschillen' (issue 37.5; docs/reports.md): per selected model its
// verschillenanalyse against its default comparison, as the screen shows it without a choice, or in `fout`
// why it has none. Over a portfolio, one report is the MPG's table of why each result moved.

/** A model's row from its verschillenanalyse (services/variance.ts defaultVariances). */
function rowOf(d: DefaultVariance): ReportVarianceRow {
  const m = d.model;
  const head = { rekenmodel_id: m.model_id, project_id: m.project_id, project: m.project_name, versie_id: m.version_id, versie: m.version_name, rekenmodel: m.model_name };
  if ('problem' in d) {
    return {
      ...head, vergelijking_rekenmodel_id: null, vergelijking_versie_id: null, vergelijking_versie: null, vergelijking_rekenmodel: null,
      vergelijking_vastgesteld_op: null, vergelijking: null, ew_vergelijking: null, ncw_vergelijking: null,
      ...Object.fromEntries(varianceColumns().map((c) => [c.key, null])), ew: null, ncw: null, fout: d.problem,
    };
  }
  const f = d.figures;
  const steps = Object.fromEntries(varianceColumns().map((c) => {
    const step = f.steps.find((s) => s.step === c.step);
    // A section the step does not name moved nothing in it.
    const amounts = c.list === null ? step : step && (step.sections?.[c.list] ?? { ew: 0, ncw: 0 });
    return [c.key, amounts ? amounts[c.measure] : null];
  }));
  return {
    ...head, vergelijking_rekenmodel_id: d.against.model_id, vergelijking_versie_id: d.against.version_id,
    vergelijking_versie: d.against.version_name, vergelijking_rekenmodel: d.against.model_name,
    vergelijking_vastgesteld_op: d.against.adopted_on, vergelijking: VARIANCE_CHOICE[d.reason],
    ew_vergelijking: f.ew_a, ncw_vergelijking: f.ncw_a, ...steps, ew: f.ew_b, ncw: f.ncw_b, fout: null,
  };
}

/** The sheet's rows of these models (the owner's client, in the order asked for; deleted ones left out). */
export async function varianceReportRows(ctx: AppContext, owner: Pick<UserRow, 'id' | 'clientId'>, ids: readonly number[]): Promise<ReportVarianceRow[]> {
  return (await defaultVariances(ctx, owner, ids)).map(rowOf);
}
