// The jaarovergang of one online model as the product shows and stores it (issue 37.3): the engine's
// rolloverModel (./rollover.ts) plus what the dialog's preview lists — EW and NCW before → after, the new
// opening book value, the realised per section, the postponed amounts and dropped own index rates, with
// section titles, entry labels and period labels. Runs in the server's worker threads (rollover task).
import type { ModelData, PeriodCode } from '../../model/modelData.ts';
import type { RolloverModelPreview } from '../../api/contract/versionModel.ts';
import { compareYmd, parseYmd } from '../dates.ts';
import { type ModelResults, onlineModelResults } from '../modelResults.ts';
import { generatePeriods, MAX_PERIODS, periodIndex } from '../periods.ts';
import { SECTIONS, entriesOf, type SectionDescriptor } from '../../model/sections.ts';
import { validateModelData } from '../validate.ts';
import { pct } from '../../model/percent.ts';
import { type Rollover, rolloverModel, rolloverProblem } from './rollover.ts';

/** The preview's figures of one model (the server adds its id, name and outcome). */
export type RolloverFigures = Omit<RolloverModelPreview, 'model' | 'name' | 'outcome'>;
/** The rolled-over model as the execution stores it, or the Dutch reason it cannot be done. */
export type RolledModel = { ok: true; model: ModelData } | { ok: false; problem: string };
export type RolloverOutcome = { ok: true; model: ModelData; figures: RolloverFigures } | { ok: false; problem: string };
/** A model's EW and NCW (null: not computed). */
export type Totals = Pick<ModelResults['model'], 'ew' | 'ncw'>;

const realisedOf = (e: { bookvalue: { realised_before_start?: number | null } }) => e.bookvalue.realised_before_start ?? 0;

/** What of each section was realised before the new start: at the new price level, and nominal (the old realised plus what was booked up to it). */
function realisedPerSection(before: ModelData, after: ModelData): RolloverFigures['realised'] {
  const bp = before.base_parameters;
  const start = parseYmd(after.base_parameters.phasing_calculation_start_date);
  const periods = generatePeriods(bp.phasing_calculation_start_date, bp.phasing_calculation_end_date, bp.phasing_period, MAX_PERIODS);
  const gone = (code: PeriodCode) => {
    const p = periods[periodIndex(code) - 1];
    return p !== undefined && compareYmd(p.end, start) <= 0;
  };
  return SECTIONS.flatMap((s) => {
    const amount = entriesOf(after, s.kind).reduce((sum, e) => sum + realisedOf(e), 0);
    const nominal = entriesOf(before, s.kind).reduce((sum, e) => sum + realisedOf(e)
      + e.bookvalue.bookvalue_items.filter((b) => gone(b.period)).reduce((t, b) => t + b.value, 0), 0);
    return amount || nominal ? [{ section: s.title, amount, nominal }] : [];
  });
}

/** A section's Dutch title by its wire list key (the engine's notes name the list). */
const titleOf = (list: SectionDescriptor['list']) => SECTIONS.find((s) => s.list === list)?.title ?? list;

/**
 * The jaarovergang of `modelData` to book year `year` (validated before and after), without the preview's
 * figures: what the execution stores, and refuses, exactly as the preview (which starts from it).
 */
export function rolledOver(modelData: unknown, year: number): { ok: true; model: ModelData; source: ModelData; rolled: Rollover } | { ok: false; problem: string } {
  const valid = validateModelData(modelData);
  if (!valid.ok) return { ok: false, problem: valid.problems[0]?.message ?? 'Het rekenmodel is ongeldig.' };
  const problem = rolloverProblem(valid.data, year);
  if (problem) return { ok: false, problem };
  const rolled = rolloverModel(valid.data, year);
  const checked = validateModelData(rolled.model);
  if (!checked.ok) return { ok: false, problem: checked.problems[0]?.message ?? 'Het overgezette rekenmodel is ongeldig.' };
  return { ok: true, model: checked.data, source: valid.data, rolled };
}

/**
 * The jaarovergang of `modelData` to book year `year` with its preview, or the Dutch reason it cannot be done.
 * `totalsBefore`: EW and NCW of the model as it is (the server's stored results or warm engine have them
 * without a new build); the model after needs an engine of its own.
 */
export function rolloverWithPreview(modelData: unknown, year: number, totalsBefore: (data: ModelData) => Totals = (d) => onlineModelResults(d).model): RolloverOutcome {
  const out = rolledOver(modelData, year);
  if (!out.ok) return out;
  const { model, source, rolled } = out;
  const [before, after] = [totalsBefore(source), onlineModelResults(model).model];
  return {
    ok: true,
    model,
    figures: {
      ew: { before: before.ew, after: after.ew },
      ncw: { before: before.ncw, after: after.ncw },
      opening_book_value: model.base_parameters.opening_book_value ?? 0,
      realised: realisedPerSection(source, model),
      // Euros re-priced to the new NCW date (Financeel), or the share (Procentueel), as they land in the new period.
      postponed: rolled.notes.map((n) => ({
        section: titleOf(n.section), entry: n.label, from: n.from, to: n.to, amount: n.repriced, value_type: n.valueType,
      })),
      dropped_index_rates: rolled.droppedIndexRates.map((d) => ({ section: titleOf(d.section), entry: d.label, period: d.period, rate: pct(d.value) })),
    },
  };
}

/** The dialog's default book year: the year after the latest NCW date among the models (null: none has one). */
export function defaultRolloverYear(models: readonly unknown[]): number | null {
  let latest: string | null = null;
  for (const m of models) {
    const d = (m as { base_parameters?: { phasing_net_present_value_date?: unknown } } | null)?.base_parameters?.phasing_net_present_value_date;
    if (typeof d === 'string' && /^\d{4}-/.test(d) && (latest === null || d > latest)) latest = d;
  }
  return latest === null ? null : Number(latest.slice(0, 4)) + 1;
}
