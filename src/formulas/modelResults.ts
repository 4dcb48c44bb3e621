// A model's results as reports and BI links use them (src/api/contract/reportData.ts): from the engine
// for an online model, from the saved-workbook reader for a spreadsheet model's active file. What this
// answers is what the server stores per save (model_result) and what the data sheets and feeds show;
// the names and the project it belongs to are added by the reader, since they change without a save.
import type { ReportModelRow, ReportPeriodRow } from '../api/contract/reportData.ts';
import { serialToIso, toSerial } from './dates.ts';
import { GrexEngine } from './engine.ts';
import { type SectionAmounts, noSectionAmounts, sectionAmounts } from '../model/reportColumns.ts';
import { WORKBENCH_RESULTS_FORMAT, type WorkbenchResults, summarizeResults } from '../model/results.ts';
import { WorkbookResultsError, readWorkbookResults } from './savedWorkbook.ts';

type ModelFields = 'startdatum' | 'einddatum' | 'ncw_datum' | 'ew' | 'ncw' | 'verliesvoorziening' | 'totale_kosten' | 'totale_opbrengsten' | 'poc' | 'fout';
type PeriodFields = 'label' | 'startdatum' | 'einddatum' | 'kosten' | 'opbrengsten' | 'rente' | 'saldo';

/**
 * The computed part of one model's rows: its figures and its periods (`periode` is the index + 1), each
 * with the section columns (reportColumns.ts; rows stored before them lack these).
 */
export interface ModelResults {
  model: Pick<ReportModelRow, ModelFields> & SectionAmounts;
  periods: (Pick<ReportPeriodRow, PeriodFields> & SectionAmounts)[];
  /** An online model's results as the workbench shows them, painted before its engine is built (absent: compute). */
  tool?: WorkbenchResults;
}

const EMPTY = () => ({
  startdatum: null, einddatum: null, ncw_datum: null, ew: null, ncw: null, verliesvoorziening: null,
  totale_kosten: null, totale_opbrengsten: null, poc: null, ...noSectionAmounts(),
});

/** A model whose results cannot be computed: its reason, no figures. */
export const failedResults = (fout: string): ModelResults => ({ model: { ...EMPTY(), fout }, periods: [] });

/** The engine's period end is exclusive (the first day of the next period); a report shows the last day. */
const lastDay = (exclusiveEnd: string) => serialToIso(toSerial(exclusiveEnd) - 1);

/** An online model's results, computed by a new engine (invalid data gives its first Dutch problem). */
export function onlineModelResults(modelData: unknown): ModelResults {
  const built = GrexEngine.create(modelData);
  if (!built.ok) return failedResults(built.problems[0]?.message ?? 'Het rekenmodel is ongeldig.');
  try {
    return engineModelResults(built.engine);
  } finally {
    built.engine.destroy();
  }
}

/** The results of a built engine as they stand (the server's warm engines read them without a new build). */
export function engineModelResults(engine: GrexEngine): ModelResults {
  const r = engine.results;
  const bp = engine.modelData.base_parameters;
  const sections = sectionAmounts(engine.modelData, r);
  return {
    model: {
      startdatum: bp.phasing_calculation_start_date,
      einddatum: bp.phasing_calculation_end_date,
      ncw_datum: bp.phasing_net_present_value_date,
      ew: r.ew, ncw: r.ncw, verliesvoorziening: r.verliesvoorziening,
      totale_kosten: r.totalCosts, totale_opbrengsten: r.totalRevenues, poc: r.poc,
      fout: null,
      ...sections.model,
    },
    periods: r.periods.map((p, k) => ({
      label: p.label, startdatum: p.start, einddatum: lastDay(p.end),
      kosten: p.costs, opbrengsten: p.revenues, rente: p.interest, saldo: p.balance,
      ...sections.periods[k]!,
    })),
    tool: { format: WORKBENCH_RESULTS_FORMAT, results: summarizeResults(r) },
  };
}

/** A spreadsheet model's results, read from its active workbook (the template's result names). */
export async function spreadsheetModelResults(xlsx: Uint8Array): Promise<ModelResults> {
  try {
    const r = await readWorkbookResults(xlsx);
    const sum = (f: (p: (typeof r.periods)[number]) => number) => r.periods.reduce((s, p) => s + f(p), 0);
    return {
      model: {
        ...EMPTY(),
        ew: r.ew, ncw: r.ncw, verliesvoorziening: r.verliesvoorziening,
        totale_kosten: sum((p) => p.costs), totale_opbrengsten: sum((p) => p.revenues),
        fout: null,
      },
      periods: r.periods.map((p) => ({
        label: p.label, startdatum: null, einddatum: null, kosten: p.costs, opbrengsten: p.revenues, rente: null, saldo: p.balance,
        ...noSectionAmounts(),
      })),
    };
  } catch (e) {
    if (e instanceof WorkbookResultsError) return failedResults(e.message);
    throw e;
  }
}

/** What a model's results are computed from: an online model's data, or a spreadsheet model's active workbook. */
export type ModelResultsInput = { platform: 'online'; modelData: unknown } | { platform: 'spreadsheet'; xlsx: Uint8Array };

/** A model's results from what they are computed from (the server runs this in a worker thread). */
export function modelResultsOf(input: ModelResultsInput): Promise<ModelResults> {
  return input.platform === 'online' ? Promise.resolve(onlineModelResults(input.modelData)) : spreadsheetModelResults(input.xlsx);
}
