// fast-check generators of random valid models (tests only).
import fc from 'fast-check';
import type { CostEntry, ModelData, NonResidentialEntry, OtherRevenueEntry, ParameterSet, PeriodItem, ResidentialEntry } from '../../src/model/modelData.ts';
import { serialToIso, toSerial } from '../../src/formulas/dates.ts';
import { type Period, generatePeriods, periodCode } from '../../src/formulas/periods.ts';

const cents = (x: number) => Math.round(x * 100) / 100;
const iso = (s: number) => serialToIso(s);

/** A rate as a user types it: a percentage (1,01–8) or a small fraction (0–0,08). */
const rate = fc.oneof(
  fc.integer({ min: 101, max: 800 }).map((x) => x / 100),
  fc.integer({ min: 0, max: 800 }).map((x) => x / 10000),
);

export const arbModel: fc.Arbitrary<ModelData> = fc
  .record({
    type: fc.constantFrom('Annual', 'SemiAnnual', 'Quarterly') as fc.Arbitrary<'Annual' | 'SemiAnnual' | 'Quarterly'>,
    startSerial: fc.integer({ min: toSerial('2019-01-01'), max: toSerial('2027-12-31') }),
    nPeriods: fc.integer({ min: 1, max: 40 }),
    seed: fc.integer({ min: 1, max: 2 ** 30 }),
    method: fc.constantFrom('OrganizationSpecific', 'BBV', 'Traditional') as fc.Arbitrary<'OrganizationSpecific' | 'BBV' | 'Traditional'>,
    withdrawal: fc.boolean(),
    discount: rate,
    vat: fc.constantFrom(21, 9, 0.21, 0),
    withInterestSets: fc.boolean(),
    nCost: fc.integer({ min: 0, max: 6 }),
    nRes: fc.integer({ min: 0, max: 4 }),
    nNonRes: fc.integer({ min: 0, max: 3 }),
    nOther: fc.integer({ min: 0, max: 3 }),
  })
  .chain((g) =>
    fc.record({
      g: fc.constant(g),
      rates: fc.array(rate, { minLength: 200, maxLength: 200 }),
      ints: fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 400, maxLength: 400 }),
    }),
  )
  .map(({ g, rates, ints }) => {
    let ri = 0;
    let ii = 0;
    const R = () => rates[ri++ % rates.length]!;
    const I = (max: number) => ints[ii++ % ints.length]! % (max + 1);
    const m = g.type === 'Annual' ? 1 : g.type === 'SemiAnnual' ? 2 : 4;
    const S = iso(g.startSerial);
    // End date: somewhere in the last of nPeriods periods.
    const probe = generatePeriods(S, iso(g.startSerial + Math.ceil((g.nPeriods * 366) / m) + 400), g.type, g.nPeriods);
    const lastP = probe[probe.length - 1]!;
    const endSerial = Math.max(g.startSerial + 1, lastP.startSerial + I(lastP.endSerial - lastP.startSerial - 1));
    const E = iso(endSerial);
    const periods: Period[] = generatePeriods(S, E, g.type);
    const n = periods.length;
    const N = iso(g.startSerial + I(endSerial - g.startSerial));
    const P = iso(g.startSerial + I(endSerial - g.startSerial));
    const values = (pick: number): ParameterSet['set_values'] =>
      periods.filter(() => I(9) < pick).map((p) => ({ phasing_period: g.type, period_label: p.label, period_value: R() }));
    const years = Array.from({ length: 12 }, (_, i) => Number(S.slice(0, 4)) - 8 + i);
    const parameter_sets: ParameterSet[] = [
      ...(g.withInterestSets
        ? [
            { set_name: 'RentepercentageNegatiefSaldo', set_group: 'Interest_Percentage' as const, set_base_value: R(), set_values: values(3) },
            { set_name: 'RentepercentagePositiefSaldo', set_group: 'Interest_Percentage' as const, set_base_value: R(), set_values: values(3) },
          ]
        : []),
      { set_name: 'Kostenstijging', set_group: 'Indexing_FutureIndex', set_base_value: R(), set_values: values(4) },
      { set_name: 'Opbrengstenstijging', set_group: 'Indexing_FutureIndex', set_base_value: R(), set_values: values(4) },
      { set_name: 'Grondprijzen', set_group: 'Indexing_FutureIndex', set_base_value: R(), set_values: values(2) },
      {
        set_name: 'CPI',
        set_group: 'Indexing_PriceLevelCorrectionToNCWDate',
        set_base_value: R(),
        set_values: years.filter(() => I(9) < 5).map((y) => ({ phasing_period: 'Annual' as const, period_label: String(y), period_value: R() })),
      },
      { set_name: 'BDB', set_group: 'Indexing_PriceLevelCorrectionToNCWDate', set_base_value: R(), set_values: [] },
    ];
    const window = () => {
      const a = 1 + I(n - 1);
      const b = a + I(n - a);
      // within the calculation dates, so within the phases (issue 28), which span them
      const [lo, hi] = [toSerial(S), toSerial(E)];
      const start = Math.min(hi, Math.max(lo, periods[a - 1]!.startSerial + I(20)));
      const end = Math.max(start, Math.min(hi, periods[b - 1]!.endSerial - 1 - I(20)));
      return { a, b, start: iso(start), end: iso(end) };
    };
    const items = (a: number, b: number, allowPct: boolean, scale: number): PeriodItem[] => {
      const out: PeriodItem[] = [];
      for (let k = a; k <= b; k++) {
        if (I(9) < 3) continue;
        const pctItem = allowPct && I(9) < 4;
        out.push({
          period: periodCode(k),
          value_type: pctItem ? 'Procentueel' : 'Financeel',
          value: pctItem ? (I(9) < 2 ? I(100) / 100 : 1 + I(6000) / 100) : cents((I(100000) / 100) * scale),
        });
      }
      return out;
    };
    const indexItems = (): PeriodItem[] => {
      if (I(9) < 7) return [];
      const out: PeriodItem[] = [];
      if (I(9) < 3) out.push({ period: 'UITGANGSPUNT', value_type: 'Procentueel', value: R() });
      for (let k = 1; k <= n; k++) if (I(9) < 2) out.push({ period: periodCode(k), value_type: 'Procentueel', value: R() });
      return out;
    };
    // what a third of the entries realised before the start (calculation.md §8.2), some of it a refund
    const realised = (scale: number) => (I(9) < 3 ? { realised_before_start: cents(((I(100000) - 10000) / 100) * scale * 3) } : {});
    const priceDate = () => iso(toSerial(N) - I(365 * 6));
    const cost_estimate: CostEntry[] = Array.from({ length: g.nCost }, (_, i) => {
      const w = window();
      return {
        id: i + 1,
        label: `Post ${i + 1}`,
        estimate: { amount: 1 + I(500), unit: 'Item', price: cents(I(500000) / 100 + 1), date: I(9) < 2 ? N : priceDate(), index_type: I(9) < 7 ? 'CPI' : 'BDB' },
        indexing: { standard_index: I(9) < 7 ? 'Kostenstijging' : 'Grondprijzen', indexing_items: indexItems() },
        phasing: { phasing_section_type: 'Verwerving', phasing_method: 'Financeel', start_date: w.start, end_date: w.end, phasing_items: items(w.a, w.b, true, 10) },
        bookvalue: { bookvalue_items: items(1, n, true, 1).filter(() => I(9) < 3), ...realised(1) },
      };
    });
    const methods = ['LandShare', 'PlotPrice', 'PricePerSquareMeter', 'Residual'] as const;
    const residential_construction: ResidentialEntry[] = Array.from({ length: g.nRes }, (_, i) => {
      const w = window();
      const method = methods[I(3)]!;
      return {
        id: i + 1,
        label: `Woningen ${i + 1}`,
        amount: 1 + I(60),
        tenure_type: I(1) ? 'Rent' : 'Purchased',
        calculation_method: method,
        calculation_date: I(9) < 2 ? N : priceDate(),
        land_share_data: method === 'LandShare' ? { von_incl_vat: cents(200000 + I(400000)), quote_excl_vat: I(9) < 3 ? I(50) / 100 : 15 + I(2000) / 100 } : null,
        plot_price: method === 'PlotPrice' ? cents(50000 + I(300000)) : null,
        residence_type: 'Grondgebonden',
        price_per_square_meter_data: method === 'PricePerSquareMeter' ? { square_meters: 50 + I(500), unit_price: cents(100 + I(80000) / 100) } : null,
        // building costs from 40 % to 120 % of the value: some residual values are negative (estimate 0)
        residual_data: method === 'Residual' ? { von_incl_vat: cents(200000 + I(400000)), building_costs: cents(80000 + I(300000)), additional_costs_percentage: I(9) < 3 ? I(30) / 100 : I(30) } : null,
        indexing: { standard_index: I(9) < 8 ? 'Opbrengstenstijging' : 'Grondprijzen', indexing_items: indexItems() },
        phasing: { phasing_section_type: 'Woningbouw', phasing_method: 'percentage', start_date: w.start, end_date: w.end, phasing_items: items(w.a, w.b, true, 40) },
        bookvalue: { bookvalue_items: items(1, n, true, 5).filter(() => I(9) < 3), ...realised(5) },
      };
    });
    const nonResCategories = ['Bedrijven', 'Kantoren', 'Detailhandel', 'Horeca', 'Maatschappelijk', 'OverigVastgoed'] as const;
    const non_residential_construction: NonResidentialEntry[] = Array.from({ length: g.nNonRes }, (_, i) => {
      const w = window();
      const method = (['PricePerSquareMeter', 'LandShare', 'PlotPrice', 'Residual'] as const)[I(3)]!;
      return {
        id: i + 1,
        label: `Bedrijfskavel ${i + 1}`,
        amount: 1 + I(10),
        calculation_method: method,
        calculation_date: I(9) < 2 ? N : priceDate(),
        price_per_square_meter_data: method === 'PricePerSquareMeter' ? { square_meters: 100 + I(20000), unit_price: cents(50 + I(40000) / 100) } : null,
        land_share_data: method === 'LandShare' ? { value_excl_vat: cents(200000 + I(800000)), quote_excl_vat: I(9) < 3 ? I(60) / 100 : 10 + I(5000) / 100 } : null,
        plot_price: method === 'PlotPrice' ? cents(50000 + I(500000)) : null,
        residual_data: method === 'Residual' ? { value_excl_vat: cents(300000 + I(900000)), building_costs: cents(100000 + I(700000)), additional_costs_percentage: I(25) } : null,
        indexing: { standard_index: I(9) < 8 ? 'Opbrengstenstijging' : 'Grondprijzen', indexing_items: indexItems() },
        phasing: { phasing_section_type: nonResCategories[I(5)]!, phasing_method: 'percentage', start_date: w.start, end_date: w.end, phasing_items: items(w.a, w.b, true, 30) },
        bookvalue: { bookvalue_items: items(1, n, true, 5).filter(() => I(9) < 3), ...realised(5) },
      };
    });
    const other_revenues: OtherRevenueEntry[] = Array.from({ length: g.nOther }, (_, i) => {
      const w = window();
      return {
        id: i + 1,
        label: `Bijdrage ${i + 1}`,
        indexed: I(9) < 5,
        estimate: { amount: 1, unit: 'Item', price: cents(I(5000000) / 10 + 1), date: I(9) < 2 ? N : priceDate(), index_type: 'CPI' },
        indexing: { standard_index: 'Opbrengstenstijging', indexing_items: indexItems() },
        phasing: { phasing_section_type: (['Subsidie', 'BijdrageDerden', 'Exploitatiebijdrage', 'OverigeOpbrengst'] as const)[I(3)]!, phasing_method: 'Financeel', start_date: w.start, end_date: w.end, phasing_items: items(w.a, w.b, true, 20) },
        bookvalue: { bookvalue_items: items(1, n, true, 2).filter(() => I(9) < 3), ...realised(2) },
      };
    });
    const locations = ['main_structure_paving', 'public_space_green', 'net_area_marketable_residential', 'excluded_or_to_be_maintained'] as const;
    const model: ModelData = {
      base_parameters: {
        project_info: { project_name: 'Willekeurig', project_description: null, project_number: null, subregion: null, organisation_name: null, version_name: null, model_name: null },
        phasing_calculation_start_date: S,
        phasing_price_reference_date: P,
        phasing_net_present_value_date: N,
        phasing_calculation_end_date: E,
        phasing_period: g.type,
        phasing_costs_revenues: [
          { phase_name: 'Kosten', phase_group: 'Cost', phase_start_date: S, phase_end_date: E },
          { phase_name: 'Uitgifte', phase_group: 'Revenue', phase_start_date: S, phase_end_date: E },
        ],
        interest_discount_rate_percentage: g.discount,
        vat_rate_percentage: g.vat,
        interest_calculation_method: g.method,
        profit_withdrawal_to_ncw_date: g.withdrawal,
        parameter_sets,
        space_usage: Array.from({ length: I(4) }, (_, i) => ({ id: i + 1, label: `Vlak ${i + 1}`, value: I(50000), location: locations[I(3)]! })),
        // the version region's m² taken over from the map, in half the models (issue 23)
        ...(I(1) ? { gross_area: I(90000) } : {}),
        // the balance at the start (§8.1) in two models of five, either sign
        ...(I(9) < 4 ? { opening_book_value: cents((I(1_000_000) - 400_000) * 3.7) } : {}),
      },
      cost_estimate,
      residential_construction,
      non_residential_construction,
      other_revenues,
    };
    return model;
  });
