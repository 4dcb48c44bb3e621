// The index factors of calculation.md §2 between two arbitrary dates, for the annual cycle (§8.3, §9):
// the workbook holds them only from an entry's price date to N and from N to each period's start, while a
// jaarovergang re-prices from N to N' and the verschillenanalyse from N_A to N_B.
import type { ModelData, PeriodItem } from '../../model/modelData.ts';
import { FUTURE_INDEX_GROUP, PRICE_LEVEL_GROUP } from '../../model/modelConstants.ts';
import { pct } from '../../model/percent.ts';
import { type Ymd, compareYmd, parseYmd, yf } from '../dates.ts';
import { type Period, periodIndex } from '../periods.ts';

type BaseParameters = ModelData['base_parameters'];

const later = (a: Ymd, b: Ymd) => (compareYmd(a, b) >= 0 ? a : b);
const earlier = (a: Ymd, b: Ymd) => (compareYmd(a, b) <= 0 ? a : b);

function setRate(bp: BaseParameters, group: string, name: string): ((label: string) => number) | null {
  const set = bp.parameter_sets.find((s) => s.set_group === group && s.set_name === name);
  if (!set) return null;
  const byLabel = new Map(set.set_values.map((v) => [v.period_label, v.period_value]));
  return (label) => pct(byLabel.get(label) ?? set.set_base_value);
}

/** hist(from → to) of a price-level set (§2): the product over the calendar years overlapping [from, to); 1 when to ≤ from. */
export function priceLevelFactor(bp: BaseParameters, setName: string, from: string, to: string): number {
  const a = parseYmd(from);
  const b = parseYmd(to);
  const rate = setRate(bp, PRICE_LEVEL_GROUP, setName);
  if (!rate || compareYmd(b, a) <= 0) return 1;
  let f = 1;
  for (let y = a.y; y <= b.y; y++) {
    const frac = yf(later(a, { y, m: 1, d: 1 }), earlier(b, { y: y + 1, m: 1, d: 1 }));
    if (frac > 0) f *= (1 + rate(String(y))) ** frac;
  }
  return f;
}

/**
 * F_X(from → to) of an entry (§2, §3.5): the product over the model's periods overlapping [from, to) of its
 * rate, an own per-period value replacing the set's (or the own base value's, UITGANGSPUNT); 1 when to ≤ from.
 */
export function futureIndexFactor(bp: BaseParameters, periods: readonly Period[], setName: string, own: readonly PeriodItem[], from: string, to: string): number {
  const a = parseYmd(from);
  const b = parseYmd(to);
  if (compareYmd(b, a) <= 0) return 1;
  const set = setRate(bp, FUTURE_INDEX_GROUP, setName);
  const ownRate = new Map(own.map((it) => [periodIndex(it.period), pct(it.value)]));
  let f = 1;
  for (const p of periods) {
    const frac = yf(later(p.start, a), earlier(p.end, b));
    if (frac <= 0) continue;
    f *= (1 + (ownRate.get(p.index) ?? ownRate.get(0) ?? (set ? set(p.label) : 0))) ** frac;
  }
  return f;
}
