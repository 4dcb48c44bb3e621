// A model's plan moved to a later start (calculation.md §8.3, and §9's step 1 that is a jaarovergang with
// other rules for the past): which old period becomes which new one, the dates, the phasing windows, the own
// index rates and the period values that land together. The jaarovergang and the verschillenanalyse share it.
import type { ModelData, PeriodItem, ValueType } from '../../model/modelData.ts';
import { inNotationOf, pct } from '../../model/percent.ts';
import { serialToIso } from '../dates.ts';
import { type Period, generatePeriods, periodCode, periodIndex } from '../periods.ts';

type BaseParameters = ModelData['base_parameters'];

/** The new dates of a moved model (yyyy-mm-dd). */
export interface ShiftDates {
  S: string;
  P: string;
  N: string;
  E: string;
}

export interface Shift {
  /** The model's periods before and after the move. */
  from: Period[];
  to: Period[];
  /** The number of old periods that end on or before the new start: they are the past. */
  kStar: number;
  dates: ShiftDates;
}

/** Where the periods go when the model starts at `dates.S` (a period boundary of the model's period type). */
export function periodShift(bp: BaseParameters, dates: ShiftDates): Shift {
  const from = generatePeriods(bp.phasing_calculation_start_date, bp.phasing_calculation_end_date, bp.phasing_period);
  const to = generatePeriods(dates.S, dates.E, bp.phasing_period);
  const kStar = from.filter((p) => serialToIso(p.endSerial) <= dates.S).length;
  return { from, to, kStar, dates };
}

/** The new period (1-based) of old period k: the past lands in period 1, what lies after the new end in the last period. */
export const newPeriod = (s: Shift, k: number): number => Math.min(Math.max(1, k - s.kStar), s.to.length);

/** The label of an old period (k ≥ 1) or of a new one. */
export const oldLabel = (s: Shift, k: number): string => s.from[k - 1]!.label;
export const newLabel = (s: Shift, k: number): string => s.to[k - 1]!.label;

const lastDay = (p: Period) => serialToIso(p.endSerial - 1);

/**
 * A phase's or entry's phasing window intersected with [S', E']; one that ended before S' becomes new
 * period 1 (where the past's postponed amounts land), one that starts after E' the last period.
 */
export function shiftWindow(s: Shift, start: string, end: string): { start: string; end: string } {
  const { S, E } = s.dates;
  const first = s.to[0]!;
  const last = s.to[s.to.length - 1]!;
  if (end < S) return { start: S, end: lastDay(first) < E ? lastDay(first) : E };
  if (start > E) return { start: serialToIso(last.startSerial) > S ? serialToIso(last.startSerial) : S, end: E };
  return { start: start > S ? start : S, end: end < E ? end : E };
}

/** Set the opening book value; absent (null or undefined) stays absent. */
export function setOpeningBookValue(bp: BaseParameters, value: number | null | undefined): void {
  if (value == null) delete bp.opening_book_value;
  else bp.opening_book_value = value;
}

/** The base parameters with the new dates and opening book value; the rest copied (phases moved). */
export function shiftBaseParameters(bp: BaseParameters, s: Shift, openingBookValue: number | null | undefined): BaseParameters {
  const out: BaseParameters = {
    ...bp,
    phasing_calculation_start_date: s.dates.S,
    phasing_price_reference_date: s.dates.P,
    phasing_net_present_value_date: s.dates.N,
    phasing_calculation_end_date: s.dates.E,
    phasing_costs_revenues: bp.phasing_costs_revenues.map((ph) => {
      const w = shiftWindow(s, ph.phase_start_date, ph.phase_end_date);
      return { ...ph, phase_start_date: w.start, phase_end_date: w.end };
    }),
  };
  setOpeningBookValue(out, openingBookValue);
  return out;
}

/** Own index rates: the base value kept, those of the past dropped (returned), later ones moved; none past the new end. */
export function shiftIndexing(s: Shift, items: readonly PeriodItem[]): { items: PeriodItem[]; dropped: PeriodItem[] } {
  const kept: PeriodItem[] = [];
  const dropped: PeriodItem[] = [];
  for (const it of items) {
    const k = periodIndex(it.period);
    if (k === 0) kept.push({ ...it });
    else if (k <= s.kStar) dropped.push(it);
    else if (k - s.kStar <= s.to.length) kept.push({ ...it, period: periodCode(k - s.kStar) });
  }
  return { items: kept, dropped };
}

/** A period value that lands in a new period, with the euros it stood for in its old one (the engine's amount). */
export interface Landing {
  item: PeriodItem;
  amount: number;
}

/**
 * The value written where several old values land in one new period. Values of one kind add up: euros
 * (re-priced by `factor`, rounded to cents as §8.3 says — a single value not re-priced stays as typed) or
 * shares (the sum of what each means, written so that `pct` reads it back). Values of both kinds add up
 * their euros, re-priced: a share of one amount and euros cannot be one share.
 */
export function landedItem(k: number, landing: readonly Landing[], factor: number, round: (x: number) => number): PeriodItem {
  const types = new Set<ValueType>(landing.map((l) => l.item.value_type));
  const period = periodCode(k);
  if (types.size === 1 && landing.length === 1 && (factor === 1 || landing[0]!.item.value_type === 'Procentueel')) return { ...landing[0]!.item, period };
  if (types.size === 1 && types.has('Procentueel')) {
    const share = landing.reduce((a, l) => a + pct(l.item.value), 0);
    return { period, value_type: 'Procentueel', value: inNotationOf(share, landing[0]!.item.value) };
  }
  const euros = types.size === 1 ? landing.reduce((a, l) => a + l.item.value, 0) : landing.reduce((a, l) => a + l.amount, 0);
  return { period, value_type: 'Financeel', value: round(euros * factor) };
}

/** Group period values by the new period they land in (`to` gives it, or null for a value that goes). */
export function landings(items: readonly PeriodItem[], amounts: readonly number[], to: (k: number) => number | null): Map<number, Landing[]> {
  const out = new Map<number, Landing[]>();
  for (const item of items) {
    const k = periodIndex(item.period);
    const target = k === 0 ? null : to(k);
    if (target === null) continue;
    const list = out.get(target) ?? [];
    list.push({ item, amount: amounts[k - 1] ?? 0 });
    out.set(target, list);
  }
  return out;
}
