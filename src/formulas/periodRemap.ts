import type { ModelData, PeriodItem } from '../api/contract/modelData.ts';
import { dropPeriodFormulas } from './cellFormulas.ts';
import { compareYmd, parseYmd, type Ymd } from './dates.ts';
import { generatePeriods, MAX_PERIODS, type Period, periodIndex } from './periods.ts';

// Period values are stored by code (PER_01 = the period containing the calculation start). When the
// period type or the start/end date changes, the codes mean other dates; every value moves to
// the new period that contains the date it stood on (for phasing: not before the entry's phasing
// start), and adds up values that land in the same period. Values past the new end go to the last period.

function periodOf(periods: Period[], d: Ymd): Period {
  for (const p of periods) if (compareYmd(d, p.start) >= 0 && compareYmd(d, p.end) < 0) return p;
  return compareYmd(d, periods[0]!.start) < 0 ? periods[0]! : periods[periods.length - 1]!;
}

function remapItems(items: PeriodItem[], from: Period[], to: Period[], notBefore: Ymd | null, sum: boolean): PeriodItem[] {
  const out = new Map<string, PeriodItem>();
  for (const it of items) {
    const k = periodIndex(it.period);
    if (k === 0) {
      out.set(it.period, { ...it });
      continue;
    }
    const old = from[k - 1];
    if (!old) continue;
    let d = old.start;
    if (notBefore && compareYmd(d, notBefore) < 0 && compareYmd(notBefore, old.end) < 0) d = notBefore;
    const target = periodOf(to, d);
    const prev = out.get(target.code);
    if (prev && sum) prev.value += it.value;
    else if (!prev) out.set(target.code, { ...it, period: target.code });
  }
  return [...out.values()];
}

/** `next` with its period items moved from the periods of `before` to its own periods. */
export function remapPeriodItems(before: ModelData, next: ModelData): ModelData {
  const b = before.base_parameters;
  const n = next.base_parameters;
  if (b.phasing_period === n.phasing_period && b.phasing_calculation_start_date === n.phasing_calculation_start_date && b.phasing_calculation_end_date === n.phasing_calculation_end_date) return next;
  if (compareYmd(parseYmd(n.phasing_calculation_start_date), parseYmd(n.phasing_calculation_end_date)) >= 0) return next;
  const from = generatePeriods(b.phasing_calculation_start_date, b.phasing_calculation_end_date, b.phasing_period, MAX_PERIODS);
  const to = generatePeriods(n.phasing_calculation_start_date, n.phasing_calculation_end_date, n.phasing_period, MAX_PERIODS);
  if (!from.length || !to.length) return next;
  for (const e of [...next.cost_estimate, ...next.residential_construction]) {
    e.phasing.phasing_items = remapItems(e.phasing.phasing_items, from, to, parseYmd(e.phasing.start_date), true);
    e.bookvalue.bookvalue_items = remapItems(e.bookvalue.bookvalue_items, from, to, null, true);
    e.indexing.indexing_items = remapItems(e.indexing.indexing_items, from, to, null, false);
  }
  // A formula in or about a period cell would now stand in or read another period; the values moved.
  dropPeriodFormulas(next);
  return next;
}
