// Reference implementation of calculation.md in plain TypeScript, independent of the workbook
// builder. Used only by tests to cross-check the HyperFormula workbook.
import type { ModelData, ParameterSet, PeriodItem } from '../../src/model/modelData.ts';
import { type Ymd, compareYmd, parseYmd, round2, yf } from '../../src/formulas/dates.ts';
import { pct } from '../../src/model/percent.ts';
import type { EntryResult, PeriodResult, Results, SpaceUsageTotals } from '../../src/model/results.ts';
import {
  CREDIT_SET, DEBIT_SET, DEFAULT_COST_INDEX, DEFAULT_PRICE_INDEX, DEFAULT_REVENUE_INDEX, FUTURE_INDEX_GROUP, INTEREST_GROUP, PRICE_LEVEL_GROUP,
} from '../../src/formulas/validate.ts';
import { generatePeriods, periodIndex, periodsPerYear } from '../../src/formulas/periods.ts';

// The reference computes independently of the workbook; it answers in the engine's result types
// (the fields both compute), so the comparison (test/formulas/compare.ts) reads one shape.
type RefEntry = Pick<
  EntryResult,
  'id' | 'estimate' | 'historicIndex' | 'totalBooked' | 'amountAtNcw' | 'totalPhased' | 'residualToPhase' | 'phased' | 'booked' | 'indexFactor' | 'nominal'
>;
type RefPeriod = Pick<PeriodResult, 'label' | 'costs' | 'revenues' | 'interest' | 'balance' | 'withdrawal'> & {
  /** The revenues of each revenue section (the engine's `sectionRevenues`, by its own names). */
  revenuesResidential: number;
  revenuesNonResidential: number;
  revenuesOther: number;
};
export interface RefResults extends Pick<
  Results,
  'ew' | 'ncw' | 'verliesvoorziening' | 'poc' | 'profitWithdrawal' | 'resultAtNcw' | 'ewBeforeWithdrawal' | 'ncwBeforeWithdrawal'
> {
  periods: RefPeriod[];
  costEntries: RefEntry[];
  residentialEntries: RefEntry[];
  nonResidentialEntries: RefEntry[];
  otherRevenueEntries: RefEntry[];
  space: Pick<SpaceUsageTotals, 'mainStructure' | 'publicSpace' | 'marketable' | 'excluded' | 'difference'>;
}

const maxYmd = (a: Ymd, b: Ymd) => (compareYmd(a, b) >= 0 ? a : b);
const minYmd = (a: Ymd, b: Ymd) => (compareYmd(a, b) <= 0 ? a : b);

/** §3b.1: amount × max(0, value excl. VAT − building costs × (1 + additional costs)). */
function residual(amount: number, valueExclVat: number, d: { building_costs: number; additional_costs_percentage: number }): number {
  return amount * Math.max(0, valueExclVat - d.building_costs * (1 + pct(d.additional_costs_percentage)));
}

export function referenceCalculate(model: ModelData): RefResults {
  const bp = model.base_parameters;
  const periods = generatePeriods(bp.phasing_calculation_start_date, bp.phasing_calculation_end_date, bp.phasing_period);
  const n = periods.length;
  const m = periodsPerYear(bp.phasing_period);
  const N = parseYmd(bp.phasing_net_present_value_date);
  const d = pct(bp.interest_discount_rate_percentage);
  const vat = pct(bp.vat_rate_percentage);
  const findSet = (group: string, name: string): ParameterSet | undefined =>
    bp.parameter_sets.find((s) => s.set_group === group && s.set_name === name);
  const setValue = (s: ParameterSet, label: string): number => {
    const v = s.set_values.find((x) => x.period_label === label);
    return pct(v ? v.period_value : s.set_base_value);
  };

  // Historic index: product over calendar years overlapping [date, N).
  const hist = (date: Ymd, setName: string): number => {
    if (compareYmd(date, N) >= 0) return 1;
    const s = findSet(PRICE_LEVEL_GROUP, setName);
    if (!s) return 1;
    let f = 1;
    for (let y = date.y; y <= N.y; y++) {
      const a = maxYmd(date, { y, m: 1, d: 1 });
      const b = minYmd(N, { y: y + 1, m: 1, d: 1 });
      const frac = yf(a, b);
      if (frac > 0) f *= (1 + setValue(s, String(y))) ** frac;
    }
    return f;
  };

  // Future index factor F(N → start(k)) with the entry's own rates replacing the set's.
  const factors = (setName: string, items: PeriodItem[]): number[] => {
    const s = findSet(FUTURE_INDEX_GROUP, setName);
    const own = new Map(items.map((it) => [periodIndex(it.period), pct(it.value)]));
    const rate = (j: number) => own.get(j) ?? own.get(0) ?? (s ? setValue(s, periods[j - 1]!.label) : 0);
    return periods.map((pk) => {
      let f = 1;
      for (let j = 1; j < pk.index; j++) {
        const pj = periods[j - 1]!;
        const a = maxYmd(pj.start, N);
        const b = minYmd(pj.end, pk.start);
        if (compareYmd(b, a) > 0) f *= (1 + rate(j)) ** yf(a, b);
      }
      return f;
    });
  };

  const entry = (
    id: number,
    estimate: number,
    date: string,
    indexType: string,
    standardIndex: string,
    phasing: PeriodItem[],
    booking: PeriodItem[],
    indexing: PeriodItem[],
    realised: number,
    indexed = true,
  ): RefEntry => {
    const booked = new Array<number>(n).fill(0);
    for (const it of booking) booked[periodIndex(it.period) - 1]! += it.value_type === 'Procentueel' ? pct(it.value) * estimate : it.value;
    // §8.2: totaal geboekt = realised before the start + booked; A deducts both
    const totalBooked = booked.reduce((a, b) => a + b, realised);
    const h = indexed ? hist(parseYmd(date), indexType) : 1;
    const A = round2(estimate * h - totalBooked);
    const phased = new Array<number>(n).fill(0);
    for (const it of phasing) phased[periodIndex(it.period) - 1]! += it.value_type === 'Procentueel' ? pct(it.value) * A : it.value;
    const totalPhased = phased.reduce((a, b) => a + b, 0);
    const f = indexed ? factors(standardIndex, indexing) : new Array<number>(n).fill(1);
    return {
      id,
      estimate,
      historicIndex: h,
      totalBooked,
      amountAtNcw: A,
      totalPhased,
      residualToPhase: A - totalPhased,
      phased,
      booked,
      indexFactor: f,
      nominal: phased.map((p, k) => p * f[k]!),
    };
  };

  const costEntries = model.cost_estimate.map((e) =>
    entry(
      e.id,
      e.estimate.amount * e.estimate.price,
      e.estimate.date,
      e.estimate.index_type ?? DEFAULT_PRICE_INDEX,
      e.indexing.standard_index ?? DEFAULT_COST_INDEX,
      e.phasing.phasing_items,
      e.bookvalue.bookvalue_items,
      e.indexing.indexing_items,
      e.bookvalue.realised_before_start ?? 0,
    ),
  );
  const residentialEntries = model.residential_construction.map((e) => {
    let est = 0;
    if (e.calculation_method === 'LandShare' && e.land_share_data)
      est = (e.amount * e.land_share_data.von_incl_vat) / (1 + vat) * pct(e.land_share_data.quote_excl_vat);
    else if (e.calculation_method === 'PlotPrice') est = e.amount * (e.plot_price ?? 0);
    else if (e.calculation_method === 'PricePerSquareMeter' && e.price_per_square_meter_data)
      est = e.amount * e.price_per_square_meter_data.square_meters * e.price_per_square_meter_data.unit_price;
    else if (e.calculation_method === 'Residual' && e.residual_data) est = residual(e.amount, e.residual_data.von_incl_vat / (1 + vat), e.residual_data);
    return entry(
      e.id,
      est,
      e.calculation_date,
      DEFAULT_PRICE_INDEX,
      e.indexing.standard_index ?? DEFAULT_REVENUE_INDEX,
      e.phasing.phasing_items,
      e.bookvalue.bookvalue_items,
      e.indexing.indexing_items,
      e.bookvalue.realised_before_start ?? 0,
    );
  });

  const nonResidentialEntries = (model.non_residential_construction ?? []).map((e) => {
    let est = 0;
    if (e.calculation_method === 'PricePerSquareMeter' && e.price_per_square_meter_data)
      est = e.amount * e.price_per_square_meter_data.square_meters * e.price_per_square_meter_data.unit_price;
    else if (e.calculation_method === 'LandShare' && e.land_share_data) est = e.amount * e.land_share_data.value_excl_vat * pct(e.land_share_data.quote_excl_vat);
    else if (e.calculation_method === 'PlotPrice') est = e.amount * (e.plot_price ?? 0);
    else if (e.calculation_method === 'Residual' && e.residual_data) est = residual(e.amount, e.residual_data.value_excl_vat, e.residual_data);
    return entry(
      e.id, est, e.calculation_date, DEFAULT_PRICE_INDEX, e.indexing.standard_index ?? DEFAULT_REVENUE_INDEX,
      e.phasing.phasing_items, e.bookvalue.bookvalue_items, e.indexing.indexing_items, e.bookvalue.realised_before_start ?? 0,
    );
  });
  const otherRevenueEntries = (model.other_revenues ?? []).map((e) =>
    entry(
      e.id, e.estimate.amount * e.estimate.price, e.estimate.date, e.estimate.index_type ?? DEFAULT_PRICE_INDEX,
      e.indexing.standard_index ?? DEFAULT_REVENUE_INDEX, e.phasing.phasing_items, e.bookvalue.bookvalue_items, e.indexing.indexing_items,
      e.bookvalue.realised_before_start ?? 0, e.indexed !== false,
    ));

  const sumK = (list: RefEntry[], k: number) => list.reduce((a, e) => a + e.booked[k]! + e.nominal[k]!, 0);
  const costs = periods.map((_, k) => sumK(costEntries, k));
  const revenuesResidential = periods.map((_, k) => sumK(residentialEntries, k));
  const revenuesNonResidential = periods.map((_, k) => sumK(nonResidentialEntries, k));
  const revenuesOther = periods.map((_, k) => sumK(otherRevenueEntries, k));
  const revenues = periods.map((_, k) => revenuesResidential[k]! + revenuesNonResidential[k]! + revenuesOther[k]!);
  const net = costs.map((c, k) => c - revenues[k]!);
  const debitSet = findSet(INTEREST_GROUP, DEBIT_SET);
  const creditSet = findSet(INTEREST_GROUP, CREDIT_SET);
  const periodRate = (r: number) => (1 + r) ** (1 / m) - 1;
  const debit = periods.map((p) => periodRate(debitSet ? setValue(debitSet, p.label) : d));
  const credit = periods.map((p) => periodRate(creditSet ? setValue(creditSet, p.label) : d));
  const containsN = periods.map((p) => compareYmd(p.start, N) <= 0 && compareYmd(N, p.end) < 0);

  const chain = (withdrawal: number) => {
    const interest: number[] = [];
    const balance: number[] = [];
    // §8.1: B(0) is the opening book value, also the 1 January balance of the periods before the first 1 January
    let B = bp.opening_book_value ?? 0;
    let jan1 = B;
    for (let k = 0; k < n; k++) {
      if (k > 0 && periods[k]!.year !== periods[k - 1]!.year) jan1 = B;
      let I: number;
      if (bp.interest_calculation_method === 'BBV') I = jan1 * debit[k]!;
      else if (bp.interest_calculation_method === 'Traditional') I = B * (B > 0 ? debit[k]! : credit[k]!);
      else {
        const M = B + net[k]! / 2;
        I = M * (M > 0 ? debit[k]! : credit[k]!);
      }
      B = B + I + net[k]! + (containsN[k] ? withdrawal : 0);
      interest.push(I);
      balance.push(B);
    }
    return { interest, balance };
  };
  const discount = (1 + d) ** yf(N, periods[n - 1]!.end);
  const c0 = chain(0);
  const ew0 = -c0.balance[n - 1]!;
  const ncw0 = ew0 / discount;
  // §8.2: the realised amounts count in the totals as in the booked ones
  const realised = (list: { bookvalue: { realised_before_start?: number | null } }[]) => list.reduce((a, e) => a + (e.bookvalue.realised_before_start ?? 0), 0);
  const totalCosts = costs.reduce((a, b) => a + b, 0) + realised(model.cost_estimate);
  const totalRevenues = revenues.reduce((a, b) => a + b, 0) + realised([...model.residential_construction, ...(model.non_residential_construction ?? []), ...(model.other_revenues ?? [])]);
  const bookedCosts = costEntries.reduce((a, e) => a + e.totalBooked, 0);
  const bookedRevenues = [...residentialEntries, ...nonResidentialEntries, ...otherRevenueEntries].reduce((a, e) => a + e.totalBooked, 0);
  const poc = totalCosts === 0 || totalRevenues === 0 ? 0 : (bookedCosts / totalCosts) * (bookedRevenues / totalRevenues);
  const W = bp.profit_withdrawal_to_ncw_date && ncw0 > 0 ? poc * ncw0 : 0;
  const c1 = chain(W);
  const ew = -c1.balance[n - 1]!;
  const ncw = ew / discount;

  const sp = (locs: string[]) =>
    bp.space_usage.filter((r) => r.location && locs.includes(r.location)).reduce((a, r) => a + (r.value ?? 0), 0);
  const mainStructure = sp(['main_structure_paving', 'main_structure_green', 'main_structure_water']);
  const publicSpace = sp(['public_space_paving', 'public_space_green', 'public_space_water']);
  const marketable = sp(['net_area_marketable_residential', 'net_area_marketable_non_residential']);
  const excluded = sp(['excluded_or_to_be_maintained']);

  return {
    ew,
    ncw,
    verliesvoorziening: Math.max(0, -ncw),
    poc,
    profitWithdrawal: W,
    resultAtNcw: ncw + W,
    ewBeforeWithdrawal: ew0,
    ncwBeforeWithdrawal: ncw0,
    periods: periods.map((p, k) => ({
      label: p.label,
      costs: costs[k]!,
      revenues: revenues[k]!,
      revenuesResidential: revenuesResidential[k]!,
      revenuesNonResidential: revenuesNonResidential[k]!,
      revenuesOther: revenuesOther[k]!,
      interest: c1.interest[k]!,
      balance: c1.balance[k]!,
      withdrawal: containsN[k] ? W : 0,
    })),
    costEntries,
    residentialEntries,
    nonResidentialEntries,
    otherRevenueEntries,
    space: { mainStructure, publicSpace, marketable, excluded, difference: publicSpace + marketable + excluded - (bp.gross_area ?? mainStructure) },
  };
}
