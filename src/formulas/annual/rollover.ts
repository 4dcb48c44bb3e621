// The jaarovergang of a model to book year Y (calculation.md §8.3) as a pure function on model data: what was
// booked up to 1 January becomes the opening book value and each entry's realised amount, the plan moves to
// the new periods, the past's unbooked phasing is postponed into new period 1, and the product lists it.
import type { ModelData, PeriodItem, ValueType } from '../../model/modelData.ts';
import { cloneData } from '../../lib/cloneData.ts';
import { pct } from '../../model/percent.ts';
import { type AnyEntry, type SectionDescriptor, SECTIONS, entriesOf, setEntries } from '../../model/sections.ts';
import { dropPeriodFormulas } from '../formulaRefs.ts';
import { round2, serialToIso } from '../dates.ts';
import { GrexEngine } from '../engine.ts';
import { periodCode, periodIndex } from '../periods.ts';
import { validateModelData } from '../validate.ts';
import { priceLevelFactor } from './factors.ts';
import {
  type Shift,
  landedItem,
  landings,
  newLabel,
  oldLabel,
  periodShift,
  shiftBaseParameters,
  shiftIndexing,
  shiftWindow,
} from './shift.ts';

type ListKey = SectionDescriptor['list'];

/** One old period's phasing of an entry that was not booked and is postponed into new period 1. */
export interface RolloverNote {
  /** The section's wire list key ('cost_estimate', …). */
  section: ListKey;
  id: number;
  label: string;
  /** The old period's label ('2024 Q3'). */
  from: string;
  /**
   * What was postponed, as it stood in the old period: euros at the old NCW date's price level (calculation.md
   * §8b: "the note that 500.000,00 was postponed") for Financeel, the share (a fraction: 0.4 = 40 %) for Procentueel.
   */
  postponed: number;
  /** The same re-priced to the new NCW date (§8.3: ROUND(value × hist(N → N'), 2)) for Financeel, the share for Procentueel. */
  repriced: number;
  valueType: ValueType;
  /** The new period's label. */
  to: string;
}

/** An own index rate of a past period, dropped by the jaarovergang. */
export interface DroppedIndexRate {
  section: ListKey;
  id: number;
  label: string;
  /** The old period's label. */
  period: string;
  value: number;
}

export interface Rollover {
  model: ModelData;
  notes: RolloverNote[];
  droppedIndexRates: DroppedIndexRate[];
  /** Formulas in or about period cells that became plain values (the period codes now mean other dates). */
  formulasDropped: number;
}

const wireDate = (y: number) => `${String(y).padStart(4, '0')}-01-01`;

/** Why a model cannot be rolled over to book year `year`, in Dutch, or null. */
export function rolloverProblem(model: ModelData, year: number): string | null {
  const v = validateModelData(model);
  if (!v.ok) return `Het model is niet geldig: ${v.problems[0]!.message}`;
  const bp = v.data.base_parameters;
  const S = bp.phasing_calculation_start_date;
  const E = bp.phasing_calculation_end_date;
  if (!Number.isInteger(year) || year < 1900 || year > 9999) return 'Kies een boekjaar van vier cijfers.';
  const start = wireDate(year);
  const nl = (d: string) => d.split('-').reverse().join('-');
  if (!(S < start && start <= E)) {
    return `Boekjaar ${year} ligt niet binnen de looptijd van het model: 1 januari ${year} moet na de startdatum (${nl(S)}) liggen en uiterlijk op de einddatum (${nl(E)}).`;
  }
  // §8.3 allows S' = E, but a model must end after its start (§1): one day is left, no model
  if (start === E) return `Het model eindigt op 1 januari ${year}: na een jaarovergang naar ${year} blijft er geen looptijd over.`;
  return null;
}

/** The dates of the jaarovergang to `year` (§8.3): S' = 1-1-Y, N' = max(N, S'), P' = max(P, S'), E unchanged. */
function rolloverShift(model: ModelData, year: number): Shift {
  const bp = model.base_parameters;
  const S = wireDate(year);
  const later = (d: string) => (d > S ? d : S);
  return periodShift(bp, { S, N: later(bp.phasing_net_present_value_date), P: later(bp.phasing_price_reference_date), E: bp.phasing_calculation_end_date });
}

/** Whether an entry's euros and shares land together in new period 1 (landedItem then needs the shares' euros, from A). */
const mixedLanding = (model: ModelData, kStar: number) =>
  SECTIONS.some((s) => entriesOf(model, s.kind).some((e) => new Set(e.phasing.phasing_items.filter((it) => periodIndex(it.period) <= kStar + 1).map((it) => it.value_type)).size > 1));

/**
 * The engine's figures of the booked past: the model without its phasing (and without profit withdrawal, which
 * depends on the forecast), so its balance B(k*) is the booked amounts' with the model's own opening book
 * value, rates and interest method (§4); and each entry's booked amounts per period (Procentueel ones are
 * shares of the estimate) and its phased amounts (shares of A, which phasing does not change). The model ends
 * with period k* — a fraction of the engine — unless phased amounts are needed (A counts the later bookings).
 */
function bookedPast(model: ModelData, s: Shift) {
  const booked = cloneData(model);
  const bp = booked.base_parameters;
  bp.profit_withdrawal_to_ncw_date = false;
  for (const section of SECTIONS) for (const e of entriesOf(booked, section.kind)) e.phasing.phasing_items = [];
  if (!mixedLanding(model, s.kStar)) {
    const end = serialToIso(s.from[s.kStar - 1]!.endSerial - 1);
    const notAfter = (d: string) => (d < end ? d : end);
    Object.assign(bp, { phasing_calculation_end_date: end, phasing_net_present_value_date: notAfter(bp.phasing_net_present_value_date), phasing_price_reference_date: notAfter(bp.phasing_price_reference_date) });
  }
  const engine = new GrexEngine(booked);
  try {
    const r = engine.results;
    const amounts = new Map<string, { booked: number[]; phased: (items: readonly PeriodItem[]) => number[] }>();
    for (const s of SECTIONS) {
      for (const e of r.entries[s.kind]!) {
        const A = e.amountAtNcw;
        amounts.set(`${s.kind}|${e.id}`, {
          booked: e.booked,
          phased: (items) => {
            const out = new Array<number>(r.periods.length).fill(0);
            for (const it of items) out[periodIndex(it.period) - 1] = it.value_type === 'Procentueel' ? pct(it.value) * A : it.value;
            return out;
          },
        });
      }
    }
    return { openingBookValue: r.periods[s.kStar - 1]!.balanceBeforeWithdrawal, amounts };
  } finally {
    engine.destroy();
  }
}

/** The jaarovergang of a model to book year `year` (§8.3). Throws rolloverProblem's message when it cannot be done. */
export function rolloverModel(model: ModelData, year: number): Rollover {
  const problem = rolloverProblem(model, year);
  if (problem) throw new Error(problem);
  const s = rolloverShift(model, year);
  const bp = model.base_parameters;
  const past = bookedPast(model, s);
  const out = cloneData(model);
  out.base_parameters = shiftBaseParameters(cloneData(bp), s, past.openingBookValue);
  const notes: RolloverNote[] = [];
  const droppedIndexRates: DroppedIndexRate[] = [];
  for (const section of SECTIONS) {
    setEntries(out, section.kind, entriesOf(out, section.kind).map((e) => {
      // hist(N → N') with the entry's historic set; 1 for an unindexed other revenue
      const h = section.indexed(e) ? priceLevelFactor(bp, section.priceIndexOf(e), bp.phasing_net_present_value_date, s.dates.N) : 1;
      const amounts = past.amounts.get(`${section.kind}|${e.id}`)!;
      const place = { section: section.list, id: e.id, label: e.label };
      // notes per old period of the past, in period order
      for (const it of [...e.phasing.phasing_items].sort((a, b) => periodIndex(a.period) - periodIndex(b.period))) {
        const k = periodIndex(it.period);
        if (k > s.kStar || it.value === 0) continue;
        const share = it.value_type === 'Procentueel';
        notes.push({
          ...place, from: oldLabel(s, k), valueType: it.value_type, to: newLabel(s, 1),
          postponed: share ? pct(it.value) : it.value, repriced: share ? pct(it.value) : round2(it.value * h),
        });
      }
      const indexing = shiftIndexing(s, e.indexing.indexing_items);
      for (const it of indexing.dropped) droppedIndexRates.push({ ...place, period: oldLabel(s, periodIndex(it.period)), value: it.value });
      return rollEntry(e, s, h, amounts.booked, amounts.phased(e.phasing.phasing_items), indexing.items);
    }));
  }
  const formulasDropped = dropPeriodFormulas(out);
  return { model: out, notes, droppedIndexRates, formulasDropped };
}

/** One entry after the jaarovergang: realised amount, booked items, phasing, own rates and window moved. */
function rollEntry(e: AnyEntry, s: Shift, h: number, booked: readonly number[], phased: readonly number[], indexing: PeriodItem[]): AnyEntry {
  let realised = e.bookvalue.realised_before_start ?? 0;
  for (let k = 1; k <= s.kStar; k++) realised += booked[k - 1]!;
  const bookvalue_items = e.bookvalue.bookvalue_items.filter((it) => periodIndex(it.period) > s.kStar).map((it) => ({ ...it, period: periodCode(periodIndex(it.period) - s.kStar) }));
  const phasing_items = [...landings(e.phasing.phasing_items, phased, (k) => Math.max(1, k - s.kStar))].map(([k, landing]) => landedItem(k, landing, h, round2));
  const w = shiftWindow(s, e.phasing.start_date, e.phasing.end_date);
  return {
    ...e,
    indexing: { ...e.indexing, indexing_items: indexing },
    phasing: { ...e.phasing, start_date: w.start, end_date: w.end, phasing_items },
    bookvalue: { ...e.bookvalue, bookvalue_items, realised_before_start: realised * h },
  } as AnyEntry;
}
