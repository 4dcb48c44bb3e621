// The verschillenanalyse (calculation.md §9): why the result of a later model B differs from an earlier
// model A, by stepwise substitution M0 = A … M5 = B, each step taking one more group of B's inputs. One engine
// computes A, a second M1 (B's dates, so another period grid); M2 … M5 and the sub-steps are computed in that
// second engine's HyperFormula instance (GrexEngine.computeUnchecked), so two cold builds serve the fourteen models.
import type { ModelData, PeriodItem } from '../../model/modelData.ts';
import { cloneData } from '../../lib/cloneData.ts';
import { roundCents } from '../../lib/money.ts';
import { inNotationOf } from '../../model/percent.ts';
import type { EntryResult, Results } from '../../model/results.ts';
import { type AnyEntry, type SectionDescriptor, SECTIONS, entriesOf, setEntries } from '../../model/sections.ts';
import { serialToIso } from '../dates.ts';
import { GrexEngine } from '../engine.ts';
import { generatePeriods, periodCode, periodIndex } from '../periods.ts';
import { validateModelData } from '../validate.ts';
import { futureIndexFactor, priceLevelFactor } from './factors.ts';
import {
  type Landing, type Shift, landedItem, landings, newPeriod, periodShift, setOpeningBookValue, shiftBaseParameters, shiftIndexing, shiftWindow,
} from './shift.ts';

export type VarianceStep = 'time' | 'realisation' | 'parameters' | 'scope' | 'phasing';

export interface VarianceStepResult {
  step: VarianceStep;
  /** EW(Mi) − EW(Mi−1) and NCW(Mi) − NCW(Mi−1), in euros (cents; see VarianceResult). */
  ew: number;
  ncw: number;
  /** Steps 4 and 5: the effect per section (wire list key, every section), in the sections' order; they add up to the step. */
  sections?: Record<string, { ew: number; ncw: number }>;
}

/** One period of a model's cash flow, for the screen's line chart. */
export interface VariancePeriod {
  label: string;
  costs: number;
  revenues: number;
  /** Net cash flow NF(k) = costs − revenues (positive: more spent than received). */
  net: number;
  balance: number;
}

/**
 * §9's figures, in euros rounded to cents. Each step is the difference of the rounded results of the models
 * it lies between, so the steps (and a step's sections) add up exactly to NCW(B) − NCW(A) as shown.
 */
export interface VarianceResult {
  ew_a: number;
  ncw_a: number;
  ew_b: number;
  ncw_b: number;
  steps: VarianceStepResult[];
  periods_a: VariancePeriod[];
  periods_b: VariancePeriod[];
}

/** Whether a date is the first day of a period of the model's period type. */
const onBoundary = (model: ModelData, date: string) => serialToIso(generatePeriods(date, date, model.base_parameters.phasing_period, 1)[0]!.startSerial) === date;

/** Why A and B cannot be compared (§9: same period type, S_B ≥ S_A on a period boundary, N_B ≥ N_A), in Dutch, or null. */
export function varianceProblem(a: ModelData, b: ModelData): string | null {
  for (const [m, name] of [[a, 'A'], [b, 'B']] as const) {
    const v = validateModelData(m);
    if (!v.ok) return `Model ${name} is niet geldig: ${v.problems[0]!.message}`;
  }
  const A = a.base_parameters;
  const B = b.base_parameters;
  if (A.phasing_period !== B.phasing_period) return 'De modellen hebben een andere faseringsperiode; een verschillenanalyse vergelijkt alleen modellen met dezelfde perioden.';
  if (B.phasing_calculation_start_date < A.phasing_calculation_start_date) return 'De startdatum van het latere model ligt vóór die van het eerdere; kies als eerste model het oudere.';
  if (B.phasing_calculation_start_date !== A.phasing_calculation_start_date && !onBoundary(a, B.phasing_calculation_start_date)) {
    return 'De startdatum van het latere model valt niet op het begin van een periode van het eerdere; de perioden van de twee modellen lopen dan niet gelijk.';
  }
  if (B.phasing_net_present_value_date < A.phasing_net_present_value_date) return 'De NCW-datum van het latere model ligt vóór die van het eerdere; kies als eerste model het oudere.';
  return null;
}

const key = (kind: string, id: number) => `${kind}|${id}`;
const byKey = (r: Results) => new Map(SECTIONS.flatMap((s) => r.entries[s.kind]!.map((e) => [key(s.kind, e.id), e] as const)));

/**
 * A phasing value of an intermediate model, in the euros it stands for at the model's price level: written as a
 * share of the model's new A where it was a share (euros while that A is 0), or as `keep` where that A is
 * still `keep.A` (nothing moved it: the value stays exactly as it was).
 */
interface Planned {
  period: number;
  euros: number;
  asShare: boolean;
  keep?: { item: PeriodItem; A: number };
}
type Plan = Map<string, Planned[]>;

/** The model with each planned entry's phasing in euros (Financeel): computing it gives each entry's new A. */
function inEuros(model: ModelData, plan: Plan): ModelData {
  for (const s of SECTIONS) {
    for (const e of entriesOf(model, s.kind)) {
      const p = plan.get(key(s.kind, e.id));
      if (p) e.phasing.phasing_items = p.map((x) => ({ period: periodCode(x.period), value_type: 'Financeel', value: x.euros }));
    }
  }
  return model;
}

/** The same model with the planned shares written as shares of the A each entry got (`r`: the euros model's results). */
function withShares(euros: ModelData, plan: Plan, r: Results): ModelData {
  const out = cloneData(euros);
  const got = byKey(r);
  for (const s of SECTIONS) {
    for (const e of entriesOf(out, s.kind)) {
      const p = plan.get(key(s.kind, e.id));
      const A = got.get(key(s.kind, e.id))?.amountAtNcw ?? 0;
      if (!p) continue;
      e.phasing.phasing_items = p.map((x): PeriodItem => {
        if (!x.asShare || A === 0) return { period: periodCode(x.period), value_type: 'Financeel', value: x.euros };
        if (x.keep && x.keep.A === A) return { ...x.keep.item, period: periodCode(x.period) };
        return { period: periodCode(x.period), value_type: 'Procentueel', value: inNotationOf(x.euros / A, x.keep?.item.value) };
      });
    }
  }
  return out;
}

/** Step 1's entry: realised amount, booked items, own rates and window on B's periods; its remaining phasing planned. */
function timeEntry(a: ModelData, e: AnyEntry, kind: SectionDescriptor, s: Shift, fig: EntryResult): { entry: AnyEntry; plan: Planned[] } {
  const bp = a.base_parameters;
  const indexed = kind.indexed(e);
  const hist = indexed ? priceLevelFactor(bp, kind.priceIndexOf(e), bp.phasing_net_present_value_date, s.dates.N) : 1;
  const future = indexed
    ? futureIndexFactor(bp, s.from, e.indexing.standard_index ?? kind.defaultIndex, e.indexing.indexing_items, bp.phasing_net_present_value_date, s.dates.N)
    : 1;
  let realised = e.bookvalue.realised_before_start ?? 0;
  // what A booked and planned before S_B counts as realised (the nominal amounts: A's cash flows)
  for (let k = 1; k <= s.kStar; k++) realised += fig.booked[k - 1]! + fig.nominal[k - 1]!;
  const later = (k: number) => (k > s.kStar ? newPeriod(s, k) : null);
  const booked = [...landings(e.bookvalue.bookvalue_items, fig.booked, later)].map(([k, landing]) => landedItem(k, landing, 1, (x) => x));
  const plan = [...landings(e.phasing.phasing_items, fig.phased, later)].map(([k, landing]: [number, Landing[]]): Planned => {
    const euros = landing.reduce((sum, l) => sum + l.amount, 0) * future;
    const share = landing.every((l) => l.item.value_type === 'Procentueel');
    return { period: k, euros, asShare: share, keep: landing.length === 1 && future === 1 ? { item: landing[0]!.item, A: fig.amountAtNcw } : undefined };
  });
  const w = shiftWindow(s, e.phasing.start_date, e.phasing.end_date);
  const unchanged = s.kStar === 0 && hist === 1;
  const entry = {
    ...cloneData(e),
    indexing: { ...cloneData(e.indexing), indexing_items: shiftIndexing(s, e.indexing.indexing_items).items },
    phasing: { ...cloneData(e.phasing), start_date: w.start, end_date: w.end },
    bookvalue: { ...cloneData(e.bookvalue), bookvalue_items: booked, ...(unchanged ? {} : { realised_before_start: realised * hist }) },
  } as AnyEntry;
  return { entry, plan };
}

/** M1 in euros (§9 step 1): A's plan moved to B's dates as if everything A planned before S_B had happened. */
function timeModel(a: ModelData, ra: Results, b: ModelData): { euros: ModelData; plan: Plan } {
  const B = b.base_parameters;
  const s = periodShift(a.base_parameters, {
    S: B.phasing_calculation_start_date, N: B.phasing_net_present_value_date, P: B.phasing_price_reference_date, E: B.phasing_calculation_end_date,
  });
  const m = cloneData(a);
  // the opening book value is A's full balance B(k*) (with what A planned: it counts as having happened)
  m.base_parameters = shiftBaseParameters(m.base_parameters, s, s.kStar > 0 ? ra.periods[s.kStar - 1]!.balance : a.base_parameters.opening_book_value);
  const figures = byKey(ra);
  const plan: Plan = new Map();
  for (const kind of SECTIONS) {
    setEntries(m, kind.kind, entriesOf(a, kind.kind).map((e) => {
      const t = timeEntry(a, e, kind, s, figures.get(key(kind.kind, e.id))!);
      plan.set(key(kind.kind, e.id), t.plan);
      return t.entry;
    }));
  }
  return { euros: inEuros(m, plan), plan };
}

/** M2 in euros (§9 step 2): B's opening book value and bookvalue; A's unrealised plan before S_B into period 1. */
function realisationModel(m1: ModelData, r1: Results, b: ModelData): { euros: ModelData; plan: Plan } {
  const m = cloneData(m1);
  setOpeningBookValue(m.base_parameters, b.base_parameters.opening_book_value);
  const figures = byKey(r1);
  const plan: Plan = new Map();
  for (const s of SECTIONS) {
    const inB = new Map(entriesOf(b, s.kind).map((e) => [e.id, e]));
    for (const e of entriesOf(m, s.kind)) {
      const fig = figures.get(key(s.kind, e.id))!;
      const other = inB.get(e.id);
      let unrealised = 0;
      if (other) {
        unrealised = Math.max(0, (e.bookvalue.realised_before_start ?? 0) - (other.bookvalue.realised_before_start ?? 0));
        e.bookvalue = cloneData(other.bookvalue);
      }
      const planned = e.phasing.phasing_items.map((item): Planned => {
        const k = periodIndex(item.period);
        const extra = k === 1 ? unrealised : 0;
        return { period: k, euros: fig.phased[k - 1]! + extra, asShare: item.value_type === 'Procentueel', keep: extra === 0 ? { item, A: fig.amountAtNcw } : undefined };
      });
      if (unrealised > 0 && !planned.some((p) => p.period === 1)) planned.unshift({ period: 1, euros: unrealised, asShare: e.phasing.phasing_method === 'percentage' });
      plan.set(key(s.kind, e.id), planned);
    }
  }
  return { euros: inEuros(m, plan), plan };
}

/** M3 (§9 step 3): B's parameter sets, interest, discount rate, VAT and withdrawal; per matched entry B's indexing and price index. */
function parametersModel(m2: ModelData, b: ModelData): ModelData {
  const m = cloneData(m2);
  const B = b.base_parameters;
  Object.assign(m.base_parameters, cloneData({
    parameter_sets: B.parameter_sets,
    interest_calculation_method: B.interest_calculation_method,
    interest_discount_rate_percentage: B.interest_discount_rate_percentage,
    vat_rate_percentage: B.vat_rate_percentage,
    profit_withdrawal_to_ncw_date: B.profit_withdrawal_to_ncw_date,
  }));
  for (const s of SECTIONS) {
    const inB = new Map(entriesOf(b, s.kind).map((e) => [e.id, e]));
    for (const e of entriesOf(m, s.kind)) {
      const other = inB.get(e.id);
      if (!other) continue;
      e.indexing = cloneData(other.indexing);
      if ('estimate' in e && 'estimate' in other) e.estimate.index_type = other.estimate.index_type;
      if ('indexed' in other) (e as { indexed?: boolean }).indexed = other.indexed;
      else delete (e as { indexed?: boolean }).indexed;
    }
  }
  return m;
}

/** Step 4's section: B's entries, a matched one with the phasing it has (M3's). */
function scopeEntries(m: ModelData, b: ModelData, kind: (typeof SECTIONS)[number]['kind']): AnyEntry[] {
  const have = new Map(entriesOf(m, kind).map((e) => [e.id, e]));
  return entriesOf(b, kind).map((e) => {
    const mine = have.get(e.id);
    return mine ? { ...cloneData(e), phasing: cloneData(mine.phasing) } : cloneData(e);
  });
}

const cents = (x: number) => Math.round(roundCents(x) * 100);
const chart = (r: Results): VariancePeriod[] =>
  r.periods.map((p) => ({ label: p.label, costs: roundCents(p.costs), revenues: roundCents(p.revenues), net: roundCents(p.net), balance: roundCents(p.balance) }));

/** §9: the five steps from A to B. Throws varianceProblem's message when the two cannot be compared. */
export function variance(a: ModelData, b: ModelData): VarianceResult {
  const problem = varianceProblem(a, b);
  if (problem) throw new Error(problem);
  const first = new GrexEngine(a);
  const ra = first.results;
  first.destroy();
  const time = timeModel(a, ra, b);
  const engine = new GrexEngine(time.euros);
  try {
    // each model's EW and NCW in cents, computed in the one engine; a sub-step whose section equals the one before
    // (a section without entries, or with nothing of B's to take) is not computed again
    let current = time.euros;
    const at = (m: ModelData, unless?: (typeof SECTIONS)[number]) => {
      const same = unless ? JSON.stringify(entriesOf(m, unless.kind)) === JSON.stringify(entriesOf(current, unless.kind)) : m === current;
      if (!same) engine.computeUnchecked(m);
      current = m;
      const t = engine.totals();
      return { ew: cents(t.ew), ncw: cents(t.ncw) };
    };
    const step = (x: { ew: number; ncw: number }, y: { ew: number; ncw: number }) => ({ ew: (y.ew - x.ew) / 100, ncw: (y.ncw - x.ncw) / 100 });
    const m0 = { ew: cents(ra.ew), ncw: cents(ra.ncw) };
    const m1 = at(time.euros);
    const r1 = engine.results;
    const realisation = realisationModel(withShares(time.euros, time.plan, r1), r1, b);
    const m2 = at(realisation.euros);
    const m3Data = parametersModel(withShares(realisation.euros, realisation.plan, engine.results), b);
    const m3 = at(m3Data);
    // steps 4 and 5 section by section, in the sections' order (the other sections' entries are shared, not copied);
    // the last sub-step is B itself, with what else of B is left (phases, space usage: nothing the results depend on)
    const bySection = (from: ModelData, from0: { ew: number; ncw: number }, next: (m: ModelData, s: (typeof SECTIONS)[number]) => ModelData) => {
      const sections: Record<string, { ew: number; ncw: number }> = {};
      let m = from;
      let prev = from0;
      for (const s of SECTIONS) {
        m = next(m, s);
        const now = at(m, s);
        sections[s.list] = step(prev, now);
        prev = now;
      }
      return { model: m, last: prev, sections };
    };
    const withEntries = (m: ModelData, s: (typeof SECTIONS)[number], entries: AnyEntry[]) => {
      const out = { ...m };
      setEntries(out, s.kind, entries);
      return out;
    };
    const scope = bySection(m3Data, m3, (m, s) => withEntries(m, s, scopeEntries(m, b, s.kind)));
    const phasing = bySection(scope.model, scope.last, (m, s) => (s === SECTIONS[SECTIONS.length - 1] ? b : withEntries(m, s, entriesOf(b, s.kind))));
    const rb = engine.results;
    return {
      ew_a: m0.ew / 100,
      ncw_a: m0.ncw / 100,
      ew_b: phasing.last.ew / 100,
      ncw_b: phasing.last.ncw / 100,
      steps: [
        { step: 'time', ...step(m0, m1) },
        { step: 'realisation', ...step(m1, m2) },
        { step: 'parameters', ...step(m2, m3) },
        { step: 'scope', ...step(m3, scope.last), sections: scope.sections },
        { step: 'phasing', ...step(scope.last, phasing.last), sections: phasing.sections },
      ],
      periods_a: chart(ra),
      periods_b: chart(rb),
    };
  } finally {
    engine.destroy();
  }
}
