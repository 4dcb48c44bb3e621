import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ModelData, PeriodItem, PhasingPeriod } from '../../model/modelData.ts';
import { pct } from '../../model/percent.ts';
import { SECTIONS, entriesOf } from '../../model/sections.ts';
import { serialToIso, yf, parseYmd } from '../dates.ts';
import { GrexEngine } from '../engine.ts';
import { generatePeriods, periodIndex } from '../periods.ts';
import { validateModelData, validateModelDataForSave } from '../validate.ts';
import { arbModel } from '../../../test/formulas/arbitraries.ts';
import { rolloverModel, rolloverProblem } from './rollover.ts';

const example = (name: string): ModelData => JSON.parse(readFileSync(new URL(`../../../docs/examples/${name}.model.json`, import.meta.url), 'utf8')) as ModelData;
const cents = (x: number) => Math.round(x * 100) / 100;
const METHODS = ['BBV', 'Traditional', 'OrganizationSpecific'] as const;
const TYPES: PhasingPeriod[] = ['Annual', 'SemiAnnual', 'Quarterly'];

function results(m: ModelData) {
  const e = new GrexEngine(m);
  try {
    expect(e.results.errors).toEqual([]);
    return e.results;
  } finally {
    e.destroy();
  }
}

/** The book years Y a model can be rolled over to: S < 1-1-Y ≤ E. */
function bookYears(m: ModelData): number[] {
  const bp = m.base_parameters;
  const out: number[] = [];
  for (let y = parseYmd(bp.phasing_calculation_start_date).y + 1; `${y}-01-01` < bp.phasing_calculation_end_date; y++) out.push(y);
  return out;
}
/** The number of the model's periods that end on or before 1-1-Y. */
const pastPeriods = (m: ModelData, year: number) => {
  const bp = m.base_parameters;
  return generatePeriods(bp.phasing_calculation_start_date, bp.phasing_calculation_end_date, bp.phasing_period).filter((p) => serialToIso(p.endSerial) <= `${year}-01-01`).length;
};
const entries = (m: ModelData) => SECTIONS.flatMap((s) => entriesOf(m, s.kind));
const before = (k: number) => (it: PeriodItem) => periodIndex(it.period) > k;

/** A random model of one period type and interest method with a book year to roll over to (the year's position from `pick`). */
const rollable = (type: PhasingPeriod, method: (typeof METHODS)[number]) =>
  fc.tuple(arbModel.filter((m) => m.base_parameters.phasing_period === type && bookYears(m).length > 0), fc.nat()).map(([m, pick]) => {
    m.base_parameters.interest_calculation_method = method;
    const years = bookYears(m);
    return { model: m, year: years[pick % years.length]! };
  });

describe('jaarovergang (calculation.md §8.3)', () => {
  it('§8b: annual-2024 → 2025 to the cent — opening book value 500.000,00, realised 510.000,00, EW −106.120,80, NCW −100.000,00', () => {
    const before = results(example('annual-2024'));
    expect([cents(before.ew), cents(before.ncw)]).toEqual([-106120.8, -98039.22]);
    const r = rolloverModel(example('annual-2024'), 2025);
    const bp = r.model.base_parameters;
    expect([bp.phasing_calculation_start_date, bp.phasing_net_present_value_date, bp.phasing_price_reference_date, bp.phasing_calculation_end_date]).toEqual(['2025-01-01', '2025-01-01', '2025-01-01', '2027-12-31']);
    expect(bp.opening_book_value).toBe(500000);
    const cost = r.model.cost_estimate[0]!;
    expect(cents(cost.bookvalue.realised_before_start!)).toBe(510000);
    expect(cost.bookvalue.bookvalue_items).toEqual([]);
    expect(cost.phasing.phasing_items).toEqual([{ period: 'PER_01', value_type: 'Financeel', value: 510000 }]);
    expect(r.model.residential_construction[0]!.phasing.phasing_items).toEqual([{ period: 'PER_02', value_type: 'Procentueel', value: 100 }]);
    expect(r.notes).toEqual([]);
    expect(validateModelDataForSave(r.model).ok).toBe(true);
    const after = results(r.model);
    expect(after.entries.cost![0]!.amountAtNcw).toBe(510000);
    expect(after.entries.cost![0]!.residualToPhase).toBe(0);
    expect(after.periods.map((p) => [p.label, cents(p.interest)])).toEqual([['2025', 10000], ['2026', 20400], ['2027', 2080.8]]);
    expect([cents(after.ew), cents(after.ncw)]).toEqual([-106120.8, -100000]);
  });

  it('§8b: rolling §7\'s own model postpones 2024\'s 500.000,00 into 2025 (1.020.000,00 phased there), opening book value 0, EW −106.120,80', () => {
    const r = rolloverModel(example('worked-example'), 2025);
    expect(r.model.base_parameters.opening_book_value).toBe(0);
    expect(r.model.cost_estimate[0]!.phasing.phasing_items).toEqual([{ period: 'PER_01', value_type: 'Financeel', value: 1020000 }]);
    expect(r.notes).toEqual([{
      section: 'cost_estimate', id: 1, label: 'Bouwrijp maken', from: '2024', to: '2025', valueType: 'Financeel', postponed: 500000, repriced: 510000,
    }]);
    expect(r.droppedIndexRates).toEqual([]);
    expect(cents(results(r.model).ew)).toBe(-106120.8);
  });

  it('lists the postponed shares and the dropped own index rates, intersects the windows and keeps later bookings in their new period', () => {
    const m = example('worked-example');
    m.base_parameters.phasing_period = 'SemiAnnual';
    const cost = m.cost_estimate[0]!;
    cost.phasing.phasing_method = 'percentage';
    // 2024 H1 and H2 (not booked) and 2025 H1: 30 %, 0,2 and 10 % land in 2025 H1 as 60 %
    cost.phasing.phasing_items = [
      { period: 'PER_01', value_type: 'Procentueel', value: 30 }, { period: 'PER_02', value_type: 'Procentueel', value: 0.2 },
      { period: 'PER_03', value_type: 'Procentueel', value: 10 }, { period: 'PER_04', value_type: 'Procentueel', value: 40 },
    ];
    cost.bookvalue.bookvalue_items = [{ period: 'PER_04', value_type: 'Financeel', value: 1000 }];
    cost.indexing.indexing_items = [{ period: 'UITGANGSPUNT', value_type: 'Procentueel', value: 3 }, { period: 'PER_02', value_type: 'Procentueel', value: 4 }, { period: 'PER_03', value_type: 'Procentueel', value: 5 }];
    const sale = m.residential_construction[0]!;
    sale.phasing.phasing_items = [{ period: 'PER_05', value_type: 'Procentueel', value: 100 }];
    expect(validateModelData(m).ok).toBe(true);
    const r = rolloverModel(m, 2025);
    const c = r.model.cost_estimate[0]!;
    expect(c.phasing.phasing_items).toEqual([{ period: 'PER_01', value_type: 'Procentueel', value: 60 }, { period: 'PER_02', value_type: 'Procentueel', value: 40 }]);
    expect(c.phasing).toMatchObject({ start_date: '2025-01-01', end_date: '2025-12-31' });
    expect(c.bookvalue.bookvalue_items).toEqual([{ period: 'PER_02', value_type: 'Financeel', value: 1000 }]);
    expect(c.indexing.indexing_items).toEqual([{ period: 'UITGANGSPUNT', value_type: 'Procentueel', value: 3 }, { period: 'PER_01', value_type: 'Procentueel', value: 5 }]);
    expect(r.notes.map((n) => [n.from, n.to, n.valueType, n.postponed])).toEqual([['2024 H1', '2025 H1', 'Procentueel', 0.3], ['2024 H2', '2025 H1', 'Procentueel', 0.2]]);
    expect(r.droppedIndexRates).toEqual([{ section: 'cost_estimate', id: 1, label: 'Bouwrijp maken', period: '2024 H2', value: 4 }]);
    expect(r.model.residential_construction[0]!.phasing.phasing_items).toEqual([{ period: 'PER_03', value_type: 'Procentueel', value: 100 }]);
    expect(r.model.base_parameters.phasing_costs_revenues.map((p) => [p.phase_start_date, p.phase_end_date])).toEqual([['2025-01-01', '2025-12-31'], ['2026-01-01', '2026-12-31']]);
    expect(validateModelDataForSave(r.model).ok).toBe(true);
  });

  it('adds up the euros of euros and shares that land in one period, re-priced (a share of one A and euros are no share)', () => {
    const m = example('worked-example');
    m.cost_estimate[0]!.phasing.phasing_items = [{ period: 'PER_01', value_type: 'Financeel', value: 500000 }, { period: 'PER_02', value_type: 'Procentueel', value: 50 }];
    const r = rolloverModel(m, 2025);
    // 500.000 + 50 % of A = 1.000.000, × 1,02
    expect(r.model.cost_estimate[0]!.phasing.phasing_items).toEqual([{ period: 'PER_01', value_type: 'Financeel', value: 1020000 }]);
    expect(cents(results(r.model).ew)).toBe(-106120.8);
  });

  it('moves a window that ended before the new start into new period 1, with its postponed phasing', () => {
    const m = example('worked-example');
    m.base_parameters.phasing_period = 'Quarterly';
    m.base_parameters.phasing_costs_revenues[0]!.phase_end_date = '2025-12-31';
    m.cost_estimate[0]!.phasing = { ...m.cost_estimate[0]!.phasing, start_date: '2024-01-01', end_date: '2024-06-30', phasing_items: [{ period: 'PER_02', value_type: 'Financeel', value: 1000000 }] };
    m.residential_construction[0]!.phasing.phasing_items = [{ period: 'PER_09', value_type: 'Procentueel', value: 100 }];
    const r = rolloverModel(m, 2025);
    expect(r.model.cost_estimate[0]!.phasing).toMatchObject({ start_date: '2025-01-01', end_date: '2025-03-31', phasing_items: [{ period: 'PER_01', value_type: 'Financeel', value: 1020000 }] });
    expect(r.notes.map((n) => [n.from, n.to, n.repriced])).toEqual([['2024 Q2', '2025 Q1', 1020000]]);
    expect(validateModelDataForSave(r.model).ok).toBe(true);
  });

  it('refuses in Dutch a year outside the model\'s dates and an invalid model', () => {
    const m = example('worked-example');
    expect(rolloverProblem(m, 2025)).toBeNull();
    expect(rolloverProblem(m, 2024)).toBe('Boekjaar 2024 ligt niet binnen de looptijd van het model: 1 januari 2024 moet na de startdatum (01-01-2024) liggen en uiterlijk op de einddatum (31-12-2027).');
    expect(rolloverProblem(m, 2028)).toMatch(/^Boekjaar 2028 ligt niet binnen de looptijd/);
    expect(rolloverProblem(m, 2025.5)).toBe('Kies een boekjaar van vier cijfers.');
    const oneDay = example('worked-example');
    oneDay.base_parameters.phasing_calculation_end_date = '2027-01-01';
    expect(rolloverProblem(oneDay, 2027)).toBe('Het model eindigt op 1 januari 2027: na een jaarovergang naar 2027 blijft er geen looptijd over.');
    expect(rolloverProblem(oneDay, 2026)).toBeNull();
    const bad = example('worked-example');
    bad.base_parameters.phasing_calculation_end_date = '2036-12-31';
    bad.base_parameters.phasing_period = 'Quarterly';
    expect(rolloverProblem(bad, 2025)).toBe('Het model is niet geldig: De looptijd beslaat 52 perioden; het maximum is 40. Kies een grovere faseringsperiode of een kortere looptijd.');
    expect(() => rolloverModel(m, 2024)).toThrow(/Boekjaar 2024/);
  });

  describe.each(TYPES)('%s', (type) => {
    it.each(METHODS)('I1 (%s): with N = S\' and no phasing in the past, period j is the old period j + k*, EW, NCW, POC and verliesvoorziening unchanged', (method) => {
      fc.assert(
        fc.property(rollable(type, method), ({ model, year }) => {
          const S1 = `${year}-01-01`;
          const k = pastPeriods(model, year);
          const bp = model.base_parameters;
          bp.phasing_net_present_value_date = S1;
          for (const s of SECTIONS) {
            for (const e of entriesOf(model, s.kind)) {
              e.phasing.phasing_items = e.phasing.phasing_items.filter(before(k));
              const d = s.priceDateOf(e);
              if (d > S1) Object.assign('estimate' in e ? e.estimate : e, 'estimate' in e ? { date: S1 } : { calculation_date: S1 });
            }
          }
          expect(validateModelData(model).ok).toBe(true);
          const old = results(model);
          const rolled = rolloverModel(model, year);
          expect(validateModelData(rolled.model).ok).toBe(true);
          const now = results(rolled.model);
          const same = (x: number, y: number) => Math.abs(x - y) <= 1e-6 + 1e-12 * Math.abs(y);
          now.periods.forEach((p, j) => {
            const q = old.periods[j + k]!;
            expect(p.label).toBe(q.label);
            for (const f of ['costs', 'revenues', 'interest', 'balance'] as const) expect(same(p[f], q[f]), `${p.label} ${f}: ${p[f]} ≠ ${q[f]}`).toBe(true);
          });
          for (const f of ['ew', 'ncw', 'poc', 'verliesvoorziening'] as const) expect(same(now[f], old[f]), `${f}: ${now[f]} ≠ ${old[f]}`).toBe(true);
        }),
        { numRuns: 8, seed: 37, endOnFailure: true },
      );
    });

    it.each(METHODS)('I2 (%s): to Y and then to Y+1 is to Y+1 within € 0,02 per value, when nothing is booked in year Y', (method) => {
      fc.assert(
        fc.property(rollable(type, method).filter(({ model, year }) => bookYears(model).includes(year + 1)), ({ model, year }) => {
          const from = pastPeriods(model, year);
          const to = pastPeriods(model, year + 1);
          for (const e of entries(model)) {
            e.bookvalue.bookvalue_items = e.bookvalue.bookvalue_items.filter((it) => periodIndex(it.period) <= from || periodIndex(it.period) > to);
            // one value type per entry, as the tool writes it (phasingMethodEdits): shares and euros that meet in a
            // period become euros of the A of that moment, which later bookings make differ between the two ways
            const valueType = e.phasing.phasing_method === 'percentage' ? 'Procentueel' : 'Financeel';
            for (const it of e.phasing.phasing_items) it.value_type = valueType;
          }
          const twice = rolloverModel(rolloverModel(model, year).model, year + 1).model;
          const once = rolloverModel(model, year + 1).model;
          // § 8.4's € 0,02 is a value rounded twice; new period 1 of the second step also adds the year's other
          // periods, each rounded once in the first (half a cent each)
          const m = type === 'Annual' ? 1 : type === 'SemiAnnual' ? 2 : 4;
          expect(differences(twice, once, 0.02 + 0.005 * (m - 1) + 1e-9)).toEqual([]);
        }),
        { numRuns: 8, seed: 38, endOnFailure: true },
      );
    });

    it.each(METHODS)('I3 (%s): without booked amounts and with historic rates equal to the future ones over [N, N\'), EW unchanged and NCW\' = NCW × (1 + d)^yf(N, N\')', (method) => {
      fc.assert(
        fc.property(rollable(type, method), fc.integer({ min: 0, max: 800 }), ({ model, year }, r100) => {
          const k = pastPeriods(model, year);
          const bp = model.base_parameters;
          // one rate for every future-index and price-level set; own rates only after the past; no withdrawal
          // (it lands in the NCW date's period, which moves)
          bp.profit_withdrawal_to_ncw_date = false;
          for (const s of bp.parameter_sets) {
            if (s.set_group === 'Interest_Percentage') continue;
            s.set_base_value = r100 / 100;
            s.set_values = [];
          }
          for (const e of entries(model)) {
            e.bookvalue.bookvalue_items = [];
            e.phasing.phasing_items = e.phasing.phasing_items.filter(before(k));
            e.indexing.indexing_items = e.indexing.indexing_items.filter((it) => periodIndex(it.period) > k);
          }
          expect(validateModelData(model).ok).toBe(true);
          const old = results(model);
          const rolled = rolloverModel(model, year).model;
          const now = results(rolled);
          // each re-priced value is rounded to the cent once, and grows with index and interest to the end
          const values = entries(model).reduce((a, e) => a + e.phasing.phasing_items.length + 1, 0);
          const tol = 0.01 + values * 0.005 * 1.09 ** (2 * (old.periods.length / (type === 'Annual' ? 1 : type === 'SemiAnnual' ? 2 : 4) + 1));
          const N = bp.phasing_net_present_value_date;
          const N1 = rolled.base_parameters.phasing_net_present_value_date;
          const d = pct(bp.interest_discount_rate_percentage);
          expect(Math.abs(now.ew - old.ew), `EW ${now.ew} ≠ ${old.ew}`).toBeLessThanOrEqual(tol);
          expect(Math.abs(now.ncw - old.ncw * (1 + d) ** yf(parseYmd(N), parseYmd(N1))), `NCW ${now.ncw}`).toBeLessThanOrEqual(tol);
        }),
        { numRuns: 8, seed: 39, endOnFailure: true },
      );
    });
  });
});

/** The numbers of two models that differ by more than `tol` (shares compared as the fractions they mean), as paths. */
function differences(a: unknown, b: unknown, tol: number, path = ''): string[] {
  if (typeof a === 'number' && typeof b === 'number') return Math.abs(a - b) <= tol ? [] : [`${path}: ${a} ≠ ${b}`];
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return [`${path}: ${a.length} ≠ ${b.length} waarden`];
    const byPeriod = (x: unknown) => (x && typeof x === 'object' && 'period' in x ? String((x as PeriodItem).period) : '');
    const sa = [...a].sort((x, y) => byPeriod(x).localeCompare(byPeriod(y)));
    const sb = [...b].sort((x, y) => byPeriod(x).localeCompare(byPeriod(y)));
    return sa.flatMap((x, i) => differences(share(x), share(sb[i]), tol, `${path}[${i}]`));
  }
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].flatMap((k) => differences((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], tol, path ? `${path}.${k}` : k));
  }
  return a === b ? [] : [`${path}: ${JSON.stringify(a)} ≠ ${JSON.stringify(b)}`];
}
const share = (x: unknown) => (x && typeof x === 'object' && (x as PeriodItem).value_type === 'Procentueel' ? { ...(x as PeriodItem), value: pct((x as PeriodItem).value) } : x);
