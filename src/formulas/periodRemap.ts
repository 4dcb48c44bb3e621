import type { ModelData, PeriodItem } from '../model/modelData.ts';
import { dropPeriodFormulas } from './formulaRefs.ts';
import { compareYmd, parseYmd, type Ymd } from './dates.ts';
import { generatePeriods, MAX_PERIODS, type Period, periodIndex } from './periods.ts';
import { SECTIONS, entriesOf } from '../model/sections.ts';

// Period values are stored by code (PER_01 = the period containing the calculation start). When the
// period type or the start/end date changes, the codes mean other dates; every value moves to
// the new period that contains the date it stood on (for phasing: not before the entry's phasing
// start), and adds up values that land in the same period. Values past the new end go to the last period.
// What does not stay on its date is counted (`RemapReport`), so that the tool can say so.

/** The period values that could not stay on their date. */
export interface RemapReport {
  /** Values dated before the new start or past the new end: now in the first or last period (amounts added up). */
  movedInside: number;
  /** Own index rates that met another one in a new period: the earliest is kept, these are gone. */
  indexRatesDropped: number;
  /** Formulas in or about period cells: now plain values (their cells mean other dates). */
  formulasDropped: number;
  /** Amounts that met others in one new period (quarters into their year) and were added up, and in how many periods. */
  merged: number;
  mergedInto: number;
  /** Values whose old period spans several new ones (a year into quarters): now all in the first of them. */
  intoFirst: number;
}

/** A report of nothing moved. */
export const emptyRemapReport = (): RemapReport => ({ movedInside: 0, indexRatesDropped: 0, formulasDropped: 0, merged: 0, mergedInto: 0, intoFirst: 0 });

function periodOf(periods: Period[], d: Ymd): Period {
  for (const p of periods) if (compareYmd(d, p.start) >= 0 && compareYmd(d, p.end) < 0) return p;
  return compareYmd(d, periods[0]!.start) < 0 ? periods[0]! : periods[periods.length - 1]!;
}

function remapItems(items: PeriodItem[], from: Period[], to: Period[], notBefore: Ymd | null, sum: boolean, report: RemapReport): PeriodItem[] {
  const out = new Map<string, PeriodItem>();
  const mergedAt = new Set<string>();
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
    if (compareYmd(d, target.start) < 0 || compareYmd(d, target.end) >= 0) report.movedInside++;
    else if (compareYmd(old.end, target.end) > 0) report.intoFirst++;
    const prev = out.get(target.code);
    if (prev && sum) {
      prev.value += it.value;
      report.merged += mergedAt.has(target.code) ? 1 : 2;
      if (!mergedAt.has(target.code)) report.mergedInto++;
      mergedAt.add(target.code);
    } else if (!prev) out.set(target.code, { ...it, period: target.code });
    else report.indexRatesDropped++;
  }
  return [...out.values()];
}

/** Moves `next`'s period items (every section's) from the periods of `before` to its own periods. */
export function remapPeriodItems(before: ModelData, next: ModelData): RemapReport {
  const report = emptyRemapReport();
  const b = before.base_parameters;
  const n = next.base_parameters;
  if (b.phasing_period === n.phasing_period && b.phasing_calculation_start_date === n.phasing_calculation_start_date && b.phasing_calculation_end_date === n.phasing_calculation_end_date) return report;
  if (compareYmd(parseYmd(n.phasing_calculation_start_date), parseYmd(n.phasing_calculation_end_date)) >= 0) return report;
  const from = generatePeriods(b.phasing_calculation_start_date, b.phasing_calculation_end_date, b.phasing_period, MAX_PERIODS);
  const to = generatePeriods(n.phasing_calculation_start_date, n.phasing_calculation_end_date, n.phasing_period, MAX_PERIODS);
  if (!from.length || !to.length) return report;
  for (const e of SECTIONS.flatMap((s) => entriesOf(next, s.kind))) {
    e.phasing.phasing_items = remapItems(e.phasing.phasing_items, from, to, parseYmd(e.phasing.start_date), true, report);
    e.bookvalue.bookvalue_items = remapItems(e.bookvalue.bookvalue_items, from, to, null, true, report);
    e.indexing.indexing_items = remapItems(e.indexing.indexing_items, from, to, null, false, report);
  }
  // A formula in or about a period cell would now stand in or read another period; the values moved.
  report.formulasDropped = dropPeriodFormulas(next);
  return report;
}

/** What the tool and the parameters' preview say after a period change that could not keep every value on its date, or null. */
export function remapNotice(r: RemapReport): string | null {
  const parts: string[] = [];
  const m = r.merged;
  if (m) parts.push(`${m} periodewaarden vielen samen in ${r.mergedInto === 1 ? '1 nieuwe periode' : `${r.mergedInto} nieuwe perioden`} en zijn daar opgeteld`);
  const i = r.intoFirst;
  if (i) parts.push(`${i === 1 ? '1 periodewaarde besloeg' : `${i} periodewaarden besloegen`} meer dan één nieuwe periode en ${i === 1 ? 'staat' : 'staan'} nu geheel in de eerste daarvan`);
  const n = r.movedInside;
  if (n) parts.push(`${n === 1 ? '1 periodewaarde lag' : `${n} periodewaarden lagen`} buiten de nieuwe perioden en ${n === 1 ? 'staat' : 'staan'} nu in de eerste of laatste periode (bedragen daar opgeteld)`);
  const d = r.indexRatesDropped;
  if (d) parts.push(`${d === 1 ? '1 eigen indexwaarde viel' : `${d} eigen indexwaarden vielen`} in dezelfde periode als een eerdere en ${d === 1 ? 'is' : 'zijn'} vervallen`);
  const f = r.formulasDropped;
  if (f) parts.push(`${f === 1 ? '1 formule in of over periodecellen is een vaste waarde' : `${f} formules in of over periodecellen zijn vaste waarden`} geworden`);
  return parts.length ? `Perioden aangepast: ${parts.join('; ')}.` : null;
}
