// A large, valid, deterministic model for benchmarks and oracle tests: by default 300 cost entries,
// 100 residential entries, 40 quarterly periods, every entry phased and booked.
import type { CostEntry, ModelData, NonResidentialEntry, OtherRevenueEntry, ParameterSet, PeriodItem, ResidentialEntry } from '../../src/model/modelData.ts';
import { generatePeriods, periodCode } from '../../src/formulas/periods.ts';

/** Small deterministic PRNG (mulberry32). */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface LargeModelOptions {
  costEntries?: number;
  residentialEntries?: number;
  /** Non-residential and other-revenue entries (issue 24's benchmark model has 60 and 40). */
  nonResidentialEntries?: number;
  otherRevenueEntries?: number;
  /** Cost entries (the first ones) phased in every period, Financeel (plan costs and the like). */
  longRunningEntries?: number;
  seed?: number;
}

const iso = (y: number, m: number, d: number) => `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;

/** The benchmarks' model of the whole exploitation: 300 cost, 100 residential, 60 non-residential, 40 other-revenue entries. */
export const wholeExploitation = (seed?: number): ModelData => largeModel({ nonResidentialEntries: 60, otherRevenueEntries: 40, ...(seed === undefined ? {} : { seed }) });

export function largeModel(opts: LargeModelOptions = {}): ModelData {
  const nCost = opts.costEntries ?? 300;
  const nRes = opts.residentialEntries ?? 100;
  const r = rng(opts.seed ?? 42);
  const S = '2025-01-01';
  const E = '2034-12-31';
  const N = '2026-07-01';
  const periods = generatePeriods(S, E, 'Quarterly');
  const n = periods.length; // 40
  const cents = (x: number) => Math.round(x * 100) / 100;
  const setValues = (base: number) =>
    periods.filter(() => r() < 0.3).map((p) => ({ phasing_period: 'Quarterly' as const, period_label: p.label, period_value: cents(base + r() * 2 - 1) }));
  const parameter_sets: ParameterSet[] = [
    { set_name: 'RentepercentageNegatiefSaldo', set_group: 'Interest_Percentage', set_base_value: 3.5, set_values: setValues(3.5) },
    { set_name: 'RentepercentagePositiefSaldo', set_group: 'Interest_Percentage', set_base_value: 1.5, set_values: setValues(1.5) },
    { set_name: 'Kostenstijging', set_group: 'Indexing_FutureIndex', set_base_value: 2.5, set_values: setValues(2.5) },
    { set_name: 'Opbrengstenstijging', set_group: 'Indexing_FutureIndex', set_base_value: 1.75, set_values: setValues(1.75) },
    { set_name: 'Bouwkosten', set_group: 'Indexing_FutureIndex', set_base_value: 0.03, set_values: [] },
    {
      set_name: 'CPI',
      set_group: 'Indexing_PriceLevelCorrectionToNCWDate',
      set_base_value: 2.2,
      set_values: [2019, 2020, 2021, 2022, 2023, 2024, 2025, 2026].map((y) => ({ phasing_period: 'Annual' as const, period_label: String(y), period_value: cents(1.5 + r() * 8) })),
    },
    { set_name: 'BDB', set_group: 'Indexing_PriceLevelCorrectionToNCWDate', set_base_value: 3.1, set_values: [] },
  ];
  const items = (from: number, to: number, kind: 'phasing' | 'book', entryKind: 'cost' | 'res'): PeriodItem[] => {
    const out: PeriodItem[] = [];
    const pctMode = r() < 0.5 && !(kind === 'phasing' && to - from + 1 === n);
    for (let k = from; k <= to; k++) {
      if (kind === 'book' && r() < 0.5) continue;
      const value = pctMode ? cents(100 / (to - from + 1) + (r() - 0.5)) : cents(1000 + r() * (entryKind === 'cost' ? 50000 : 200000));
      out.push({ period: periodCode(k), value_type: pctMode ? 'Procentueel' : 'Financeel', value: kind === 'book' ? cents(value / 10) : value });
    }
    if (out.length === 0) out.push({ period: periodCode(from), value_type: 'Financeel', value: 1234.56 });
    return out;
  };
  const phasing = (entryKind: 'cost' | 'res', full = false) => {
    const a = full ? 1 : 1 + Math.floor(r() * (n - 4));
    const b = full ? n : Math.min(n, a + 1 + Math.floor(r() * 12));
    const pa = periods[a - 1]!;
    const pb = periods[b - 1]!;
    return {
      start_date: iso(pa.start.y, pa.start.m, pa.start.d),
      end_date: full ? E : iso(pb.start.y, pb.start.m, 28),
      phasing_items: items(a, b, 'phasing', entryKind),
      book: items(1, Math.min(6, n), 'book', entryKind),
    };
  };
  const indexItems = (): PeriodItem[] =>
    r() < 0.2 ? [{ period: periodCode(2 + Math.floor(r() * (n - 2))), value_type: 'Procentueel', value: cents(1 + r() * 4) }] : [];
  const sections = ['Verwerving', 'Sloopkosten', 'Sanering'] as const;
  const units = ['Meter', 'SquareMeter', 'Hectare', 'CubicMeter', 'Pieces', 'Item', 'Euro', 'Hours'] as const;
  const nLong = Math.min(nCost, opts.longRunningEntries ?? 100);
  const cost_estimate: CostEntry[] = Array.from({ length: nCost }, (_, i) => {
    const ph = phasing('cost', i < nLong);
    const y = 2019 + Math.floor(r() * 7);
    return {
      id: i + 1,
      label: i < nLong ? `Plankosten ${i + 1}` : `Kostenpost ${i + 1}`,
      estimate: {
        amount: 1 + Math.floor(r() * 500),
        unit: units[i % units.length]!,
        price: cents(10 + r() * 5000),
        date: iso(y, 1 + Math.floor(r() * 12), 1 + Math.floor(r() * 28)),
        index_type: r() < 0.8 ? 'CPI' : 'BDB',
      },
      indexing: { standard_index: r() < 0.85 ? 'Kostenstijging' : 'Bouwkosten', indexing_items: indexItems() },
      phasing: {
        phasing_section_type: sections[i % 3]!,
        phasing_method: ph.phasing_items[0]!.value_type === 'Financeel' ? 'Financeel' : 'percentage',
        start_date: ph.start_date,
        end_date: ph.end_date,
        phasing_items: ph.phasing_items,
      },
      bookvalue: { bookvalue_items: ph.book },
    };
  });
  const methods = ['LandShare', 'PlotPrice', 'PricePerSquareMeter', 'LandShare', 'Residual'] as const;
  const residential_construction: ResidentialEntry[] = Array.from({ length: nRes }, (_, i) => {
    const ph = phasing('res');
    const method = methods[i % methods.length]!;
    return {
      id: i + 1,
      label: `Woningen ${i + 1}`,
      amount: 1 + Math.floor(r() * 80),
      tenure_type: r() < 0.5 ? 'Rent' : 'Purchased',
      calculation_method: method,
      calculation_date: iso(2024 + Math.floor(r() * 2), 1 + Math.floor(r() * 12), 1 + Math.floor(r() * 28)),
      land_share_data: method === 'LandShare' ? { von_incl_vat: cents(250000 + r() * 300000), quote_excl_vat: cents(20 + r() * 15) } : null,
      plot_price: method === 'PlotPrice' ? cents(80000 + r() * 200000) : null,
      residence_type: 'Grondgebonden',
      price_per_square_meter_data: method === 'PricePerSquareMeter' ? { square_meters: 100 + Math.floor(r() * 400), unit_price: cents(200 + r() * 400) } : null,
      // from the index, not the PRNG: the other entries stay as they were before residual values were computed
      residual_data: method === 'Residual' ? { von_incl_vat: 300000 + ((i * 7919) % 300000), building_costs: 150000 + ((i * 3571) % 100000), additional_costs_percentage: 15 } : null,
      indexing: { standard_index: 'Opbrengstenstijging', indexing_items: indexItems() },
      phasing: {
        phasing_section_type: 'Woningbouw',
        phasing_method: ph.phasing_items[0]!.value_type === 'Financeel' ? 'Financeel' : 'percentage',
        start_date: ph.start_date,
        end_date: ph.end_date,
        phasing_items: ph.phasing_items,
      },
      bookvalue: { bookvalue_items: ph.book },
    };
  });
  const nrMethods = ['PricePerSquareMeter', 'LandShare', 'PlotPrice', 'Residual'] as const;
  const nrCategories = ['Bedrijven', 'Kantoren', 'Detailhandel', 'Horeca', 'Maatschappelijk', 'OverigVastgoed'] as const;
  const non_residential_construction: NonResidentialEntry[] = Array.from({ length: opts.nonResidentialEntries ?? 0 }, (_, i) => {
    const ph = phasing('res');
    const method = nrMethods[i % nrMethods.length]!;
    return {
      id: i + 1,
      label: `Bedrijfskavel ${i + 1}`,
      amount: 1 + Math.floor(r() * 5),
      calculation_method: method,
      calculation_date: iso(2024 + Math.floor(r() * 2), 1 + Math.floor(r() * 12), 1 + Math.floor(r() * 28)),
      price_per_square_meter_data: method === 'PricePerSquareMeter' ? { square_meters: 500 + Math.floor(r() * 5000), unit_price: cents(100 + r() * 200) } : null,
      land_share_data: method === 'LandShare' ? { value_excl_vat: cents(500000 + r() * 2000000), quote_excl_vat: cents(20 + r() * 20) } : null,
      plot_price: method === 'PlotPrice' ? cents(200000 + r() * 800000) : null,
      residual_data: method === 'Residual' ? { value_excl_vat: cents(1000000 + r() * 1000000), building_costs: cents(500000 + r() * 500000), additional_costs_percentage: 12 } : null,
      indexing: { standard_index: 'Opbrengstenstijging', indexing_items: indexItems() },
      phasing: {
        phasing_section_type: nrCategories[i % nrCategories.length]!,
        phasing_method: ph.phasing_items[0]!.value_type === 'Financeel' ? 'Financeel' : 'percentage',
        start_date: ph.start_date,
        end_date: ph.end_date,
        phasing_items: ph.phasing_items,
      },
      bookvalue: { bookvalue_items: ph.book },
    };
  });
  const orCategories = ['Subsidie', 'BijdrageDerden', 'Exploitatiebijdrage', 'OverigeOpbrengst'] as const;
  const other_revenues: OtherRevenueEntry[] = Array.from({ length: opts.otherRevenueEntries ?? 0 }, (_, i) => {
    const ph = phasing('res');
    return {
      id: i + 1,
      label: `Bijdrage ${i + 1}`,
      indexed: i % 2 === 0,
      estimate: { amount: 1, unit: 'Item', price: cents(50000 + r() * 500000), date: iso(2024 + Math.floor(r() * 2), 1 + Math.floor(r() * 12), 1), index_type: 'CPI' },
      indexing: { standard_index: 'Opbrengstenstijging', indexing_items: indexItems() },
      phasing: {
        phasing_section_type: orCategories[i % orCategories.length]!,
        phasing_method: ph.phasing_items[0]!.value_type === 'Financeel' ? 'Financeel' : 'percentage',
        start_date: ph.start_date,
        end_date: ph.end_date,
        phasing_items: ph.phasing_items,
      },
      bookvalue: { bookvalue_items: ph.book },
    };
  });
  return {
    base_parameters: {
      project_info: {
        project_name: 'Groot plan',
        project_description: 'Benchmarkmodel',
        project_number: 'B-001',
        subregion: 'Noord',
        organisation_name: 'Gemeente Benchmark',
        version_name: 'Versie 1',
        model_name: 'Groot model',
      },
      phasing_calculation_start_date: S,
      phasing_price_reference_date: '2025-01-01',
      phasing_net_present_value_date: N,
      phasing_calculation_end_date: E,
      phasing_period: 'Quarterly',
      phasing_costs_revenues: [
        { phase_name: 'Kosten', phase_group: 'Cost', phase_start_date: S, phase_end_date: E },
        // From the start: the housing entries are phased from the start on (phaseWindow.ts).
        { phase_name: 'Uitgifte', phase_group: 'Revenue', phase_start_date: S, phase_end_date: E },
      ],
      interest_discount_rate_percentage: 2.5,
      vat_rate_percentage: 21,
      interest_calculation_method: 'OrganizationSpecific',
      profit_withdrawal_to_ncw_date: true,
      parameter_sets,
      space_usage: [
        { id: 1, label: 'Hoofdwegen', value: 12000, location: 'main_structure_paving' },
        { id: 2, label: 'Park', value: 8000, location: 'main_structure_green' },
        { id: 3, label: 'Straten', value: 15000, location: 'public_space_paving' },
        { id: 4, label: 'Woningbouw', value: 40000, location: 'net_area_marketable_residential' },
        { id: 5, label: 'Bedrijven', value: 10000, location: 'net_area_marketable_non_residential' },
        { id: 6, label: 'Bestaande boerderij', value: 2500, location: 'excluded_or_to_be_maintained' },
      ],
    },
    cost_estimate,
    residential_construction,
    ...(non_residential_construction.length ? { non_residential_construction } : {}),
    ...(other_revenues.length ? { other_revenues } : {}),
  };
}
