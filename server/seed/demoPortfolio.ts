// The demo municipality's portfolio (issue 25 item 13): what `npm run seed -- --demo` puts in the first
// client. Plain data and the builders of each project's online model and outline; server/seed/demo.ts
// writes them. Every model is built so that its own data carries no warning: the percentages of each
// entry's phasing add up to 100, the price dates are the NCW date (no price-level residue), the entries
// lie within their section's phase, and the space usage adds up to the gross plan area.
import type { CostEntry, ModelData, ResidentialEntry } from '../../src/model/modelData.ts';
import { COST_SECTION } from '../../src/model/sections/cost.ts';
import { entriesOf } from '../../src/model/sections.ts';
import { RESIDENTIAL_SECTION } from '../../src/model/sections/residential.ts';
import { fromRd } from '../../src/lib/geo.ts';
import { pct } from '../../src/model/percent.ts';

type CostSection = CostEntry['phasing']['phasing_section_type'];

interface DemoCost {
  label: string;
  section: CostSection;
  amount: number;
  unit: CostEntry['estimate']['unit'];
  price: number;
  /** Years of the phasing, counted from the model's first year (0-based, inclusive). */
  years: [number, number];
}

interface DemoRevenue {
  label: string;
  amount: number;
  tenure: ResidentialEntry['tenure_type'];
  residenceType: string;
  /** How the land price is set: VON and land quote, a plot price, or m² per unit times a price per m². */
  price: { von: number; quote: number } | { plot: number } | { m2: number; perM2: number };
  years: [number, number];
}

export interface DemoVersion {
  name: string;
  /** The phase definition's description (seeded by seedIfEmpty). */
  phase: string;
  /** Multiplies the costs of the project's entries (an update of the estimates). */
  costFactor: number;
  /** Shifts the revenue years (a delay in the sales). */
  revenueDelay: number;
  /** Vastgesteld door de raad (issue 37.4): that many days before the version's last change. */
  adoptedDaysAfter?: number;
}

/**
 * The project's annual cycle (issue 37 item 7): the first version's model with its costs booked up to the book
 * year (`overrun`: what was spent against the plan, 1.03 = 3 % more), rolled over to that year into a new version,
 * which is vastgesteld too, so a newcomer finds a jaarovergang and a verschillenanalyse at once.
 */
export interface DemoRollover {
  year: number;
  overrun: number;
  name: string;
}

export interface DemoProject {
  name: string;
  number: string;
  type: string;
  subregion: string;
  organisation: string;
  projectmanager: string;
  description: string;
  startYear: number;
  years: number;
  interest: number;
  /** Gross plan area in hectares: the outline's size and the space usage's total. */
  hectares: number;
  /** Share of the gross area that is marketable (the rest is public space). */
  marketable: number;
  /** Marketable land for housing (true) or for business (false). */
  housing: boolean;
  /** Centre of the outline, in RD New (metres), within the demo municipality around Amersfoort. */
  centre: [number, number];
  costs: DemoCost[];
  revenues: DemoRevenue[];
  /** Oldest first; the last is the current one. */
  versions: DemoVersion[];
  rollover?: DemoRollover;
}

const ORG = 'Gemeente Voorbeeld';

export const DEMO_PORTFOLIO: DemoProject[] = [
  {
    name: 'Stationsgebied', number: '2023-004', type: 'Herstructurering', subregion: 'Centrum', organisation: ORG, projectmanager: 'J. de Vries',
    description: 'Herontwikkeling van het emplacement en de kantoorstrook tot een gemengd stadsdeel met 480 woningen.',
    startYear: 2024, years: 10, interest: 2.5, hectares: 12, marketable: 0.45, housing: true, centre: [155_400, 463_300],
    costs: [
      { label: 'Verwerving kantoren en emplacement', section: 'Verwerving', amount: 1, unit: 'Item', price: 14_800_000, years: [0, 2] },
      { label: 'Sloop kantoorstrook', section: 'Sloopkosten', amount: 38_000, unit: 'CubicMeter', price: 42, years: [2, 3] },
      { label: 'Bodemsanering emplacement', section: 'Sanering', amount: 1, unit: 'Item', price: 3_250_000, years: [2, 4] },
      { label: 'Bouw- en woonrijp maken', section: 'Sanering', amount: 66_000, unit: 'SquareMeter', price: 68, years: [3, 8] },
      { label: 'Plankosten', section: 'Verwerving', amount: 1, unit: 'Item', price: 2_400_000, years: [0, 8] },
    ],
    revenues: [
      { label: 'Appartementen koop', amount: 300, tenure: 'Purchased', residenceType: 'Gestapeld', price: { von: 385_000, quote: 24 }, years: [4, 8] },
      { label: 'Sociale huur', amount: 180, tenure: 'Rent', residenceType: 'Gestapeld', price: { plot: 24_500 }, years: [4, 7] },
    ],
    versions: [
      { name: 'Grex 2025 (vastgesteld)', phase: 'Voorbereiding', costFactor: 1, revenueDelay: 0, adoptedDaysAfter: 30 },
      { name: 'Actualisatie 2026', phase: 'Realisatie', costFactor: 1.06, revenueDelay: 1 },
    ],
    rollover: { year: 2026, overrun: 1.04, name: 'Grex 2026 (jaarovergang, vastgesteld)' },
  },
  {
    name: 'Woonwijk De Weide', number: '2024-002', type: 'Woningbouw', subregion: 'Noord', organisation: ORG, projectmanager: 'A. Jansen',
    description: 'Uitleglocatie aan de noordrand: 640 woningen in drie deelplannen, grondgebonden en gestapeld.',
    startYear: 2025, years: 9, interest: 2.2, hectares: 32, marketable: 0.52, housing: true, centre: [156_600, 466_100],
    costs: [
      { label: 'Verwerving agrarische gronden', section: 'Verwerving', amount: 320_000, unit: 'SquareMeter', price: 35, years: [0, 1] },
      { label: 'Bouwrijp maken', section: 'Sanering', amount: 320_000, unit: 'SquareMeter', price: 21, years: [1, 5] },
      { label: 'Woonrijp maken', section: 'Sanering', amount: 320_000, unit: 'SquareMeter', price: 26, years: [4, 8] },
      { label: 'Plankosten', section: 'Verwerving', amount: 1, unit: 'Item', price: 3_100_000, years: [0, 8] },
    ],
    revenues: [
      { label: 'Rijwoningen', amount: 260, tenure: 'Purchased', residenceType: 'Grondgebonden', price: { von: 395_000, quote: 28 }, years: [2, 6] },
      { label: 'Twee-onder-een-kap', amount: 120, tenure: 'Purchased', residenceType: 'Grondgebonden', price: { von: 545_000, quote: 30 }, years: [3, 7] },
      { label: 'Vrije kavels', amount: 40, tenure: 'Purchased', residenceType: 'Kavel', price: { m2: 600, perM2: 450 }, years: [3, 8] },
      { label: 'Appartementen sociale huur', amount: 220, tenure: 'Rent', residenceType: 'Gestapeld', price: { plot: 22_000 }, years: [2, 5] },
    ],
    versions: [
      { name: 'Grex 2025 (vastgesteld)', phase: 'Realisatie', costFactor: 1, revenueDelay: 0, adoptedDaysAfter: 30 },
      { name: 'Actualisatie 2026', phase: 'Realisatie', costFactor: 1.03, revenueDelay: 0 },
    ],
  },
  {
    name: 'Bedrijventerrein Zuid', number: '2022-011', type: 'Bedrijventerrein', subregion: 'Zuid', organisation: ORG, projectmanager: 'M. Bakker',
    description: 'Regionaal bedrijventerrein langs de A28 voor logistiek en maakindustrie, in twee fasen.',
    startYear: 2023, years: 10, interest: 2.8, hectares: 45, marketable: 0.68, housing: false, centre: [154_100, 460_600],
    costs: [
      { label: 'Verwerving', section: 'Verwerving', amount: 450_000, unit: 'SquareMeter', price: 19, years: [0, 2] },
      { label: 'Bouwrijp maken', section: 'Sanering', amount: 450_000, unit: 'SquareMeter', price: 11, years: [1, 4] },
      { label: 'Ontsluitingsweg en rotonde', section: 'Sanering', amount: 1, unit: 'Item', price: 4_600_000, years: [2, 3] },
      { label: 'Woonrijp maken', section: 'Sanering', amount: 450_000, unit: 'SquareMeter', price: 6, years: [5, 9] },
      { label: 'Plankosten', section: 'Verwerving', amount: 1, unit: 'Item', price: 1_900_000, years: [0, 9] },
    ],
    revenues: [
      { label: 'Kavels logistiek', amount: 1, tenure: 'Purchased', residenceType: 'Bedrijfskavel', price: { m2: 190_000, perM2: 95 }, years: [3, 7] },
      { label: 'Kavels maakindustrie', amount: 1, tenure: 'Purchased', residenceType: 'Bedrijfskavel', price: { m2: 116_000, perM2: 110 }, years: [4, 9] },
    ],
    versions: [{ name: 'Grex 2025 (vastgesteld)', phase: 'Realisatie', costFactor: 1, revenueDelay: 0, adoptedDaysAfter: 30 }],
  },
  {
    name: 'Het Hooghe Veld', number: '2025-003', type: 'Woningbouw', subregion: 'West', organisation: ORG, projectmanager: 'S. Visser',
    description: 'Kleinschalige afronding van de dorpsrand met vrije kavels en levensloopbestendige woningen.',
    startYear: 2026, years: 6, interest: 2.0, hectares: 6.5, marketable: 0.6, housing: true, centre: [152_300, 464_200],
    costs: [
      { label: 'Verwerving', section: 'Verwerving', amount: 65_000, unit: 'SquareMeter', price: 28, years: [0, 0] },
      { label: 'Bouw- en woonrijp maken', section: 'Sanering', amount: 65_000, unit: 'SquareMeter', price: 31, years: [1, 4] },
      { label: 'Plankosten', section: 'Verwerving', amount: 1, unit: 'Item', price: 450_000, years: [0, 4] },
    ],
    revenues: [
      { label: 'Vrije kavels', amount: 45, tenure: 'Purchased', residenceType: 'Kavel', price: { plot: 185_000 }, years: [1, 4] },
      { label: 'Levensloopbestendige woningen', amount: 30, tenure: 'Purchased', residenceType: 'Grondgebonden', price: { von: 465_000, quote: 29 }, years: [2, 5] },
    ],
    versions: [{ name: 'Haalbaarheid 2026', phase: 'Ontwerp', costFactor: 1, revenueDelay: 0 }],
  },
  {
    name: 'Havenkwartier', number: '2025-007', type: 'Herstructurering', subregion: 'West', organisation: 'Havenkwartier C.V.', projectmanager: 'R. Peeters',
    description: 'Transformatie van de oude binnenhaven: bedrijfsverplaatsing, sanering en woon-werkmilieus aan het water.',
    startYear: 2026, years: 12, interest: 3.0, hectares: 18, marketable: 0.4, housing: true, centre: [153_500, 462_800],
    costs: [
      { label: 'Verwerving en bedrijfsverplaatsing', section: 'Verwerving', amount: 1, unit: 'Item', price: 21_500_000, years: [0, 3] },
      { label: 'Sloop loodsen', section: 'Sloopkosten', amount: 52_000, unit: 'CubicMeter', price: 36, years: [2, 4] },
      { label: 'Sanering havenbodem', section: 'Sanering', amount: 1, unit: 'Item', price: 6_800_000, years: [3, 5] },
      { label: 'Kademuren en openbare ruimte', section: 'Sanering', amount: 108_000, unit: 'SquareMeter', price: 95, years: [4, 10] },
      { label: 'Plankosten', section: 'Verwerving', amount: 1, unit: 'Item', price: 3_900_000, years: [0, 10] },
    ],
    revenues: [
      { label: 'Appartementen aan de kade', amount: 420, tenure: 'Purchased', residenceType: 'Gestapeld', price: { von: 410_000, quote: 25 }, years: [5, 11] },
      { label: 'Middenhuur', amount: 160, tenure: 'Rent', residenceType: 'Gestapeld', price: { plot: 38_000 }, years: [5, 9] },
    ],
    versions: [{ name: 'Verkenning 2026', phase: 'Definitie', costFactor: 1, revenueDelay: 0 }],
  },
  {
    name: 'Bedrijvenpark De Brink', number: '2018-002', type: 'Bedrijventerrein', subregion: 'Noord', organisation: ORG, projectmanager: 'M. Bakker',
    description: 'Lokaal bedrijventerrein voor het MKB; de laatste kavels worden uitgegeven, afsluiting voorzien in 2027.',
    startYear: 2024, years: 4, interest: 1.8, hectares: 9, marketable: 0.72, housing: false, centre: [157_800, 464_900],
    costs: [
      { label: 'Woonrijp maken', section: 'Sanering', amount: 90_000, unit: 'SquareMeter', price: 9, years: [0, 2] },
      { label: 'Plankosten', section: 'Verwerving', amount: 1, unit: 'Item', price: 180_000, years: [0, 2] },
    ],
    revenues: [
      { label: 'Kavels MKB', amount: 1, tenure: 'Purchased', residenceType: 'Bedrijfskavel', price: { m2: 21_000, perM2: 125 }, years: [0, 3] },
    ],
    versions: [{ name: 'Afsluiting 2025', phase: 'Afsluiting', costFactor: 1, revenueDelay: 0 }],
  },
];

const iso = (year: number, end = false) => `${year}${end ? '-12-31' : '-01-01'}`;
const per = (k: number) => `PER_${String(k).padStart(2, '0')}`;

/** Whole percentages over the years [a, b] that add up to exactly 100 (the remainder in the last year). */
function percentages(a: number, b: number, kind: 'Procentueel' = 'Procentueel') {
  const n = b - a + 1;
  const each = Math.floor(100 / n);
  return Array.from({ length: n }, (_, i) => ({ period: per(a + i + 1), value_type: kind, value: i === n - 1 ? 100 - each * (n - 1) : each }));
}

function phasing(p: DemoProject, section: CostSection, years: [number, number]): CostEntry['phasing'] {
  return {
    phasing_section_type: section, phasing_method: 'percentage',
    start_date: iso(p.startYear + years[0]), end_date: iso(p.startYear + years[1], true),
    phasing_items: percentages(years[0], years[1]),
  };
}

/** The cost phase runs to the year before the end, the revenue phase from the second year: the entries lie within them. */
function phases(p: DemoProject, v: DemoVersion) {
  const revenueFrom = Math.min(...p.revenues.map((r) => r.years[0])) + v.revenueDelay;
  return [
    { phase_name: 'Kosten', phase_group: 'Cost' as const, phase_start_date: iso(p.startYear), phase_end_date: iso(p.startYear + p.years - 1, true) },
    { phase_name: 'Uitgifte', phase_group: 'Revenue' as const, phase_start_date: iso(p.startYear + revenueFrom), phase_end_date: iso(p.startYear + p.years - 1, true) },
  ];
}

/** Space usage that adds up: the gross plan area as main structure, split into marketable land and public space. */
function spaceUsage(p: DemoProject) {
  const gross = Math.round(p.hectares * 10_000);
  const marketable = Math.round(gross * p.marketable);
  const green = Math.round((gross - marketable) * 0.4);
  const rows = [
    { label: 'Plangebied (bruto)', value: gross, location: 'main_structure_paving' as const },
    { label: p.housing ? 'Uitgeefbaar wonen' : 'Uitgeefbaar bedrijven', value: marketable, location: p.housing ? 'net_area_marketable_residential' as const : 'net_area_marketable_non_residential' as const },
    { label: 'Groen en water', value: green, location: 'public_space_green' as const },
    { label: 'Wegen en pleinen', value: gross - marketable - green, location: 'public_space_paving' as const },
  ];
  return rows.map((r, i) => ({ id: i + 1, ...r }));
}

function revenueEntry(p: DemoProject, r: DemoRevenue, id: number, delay: number): ResidentialEntry {
  const years: [number, number] = [r.years[0] + delay, Math.min(r.years[1] + delay, p.years - 1)];
  const date = iso(p.startYear);
  const price = r.price;
  return {
    id, label: r.label, amount: r.amount, tenure_type: r.tenure, residence_type: r.residenceType, calculation_date: date,
    calculation_method: 'von' in price ? 'LandShare' : 'plot' in price ? 'PlotPrice' : 'PricePerSquareMeter',
    land_share_data: 'von' in price ? { von_incl_vat: price.von, quote_excl_vat: price.quote } : null,
    plot_price: 'plot' in price ? price.plot : null,
    price_per_square_meter_data: 'm2' in price ? { square_meters: price.m2, unit_price: price.perM2 } : null,
    indexing: { standard_index: 'Opbrengstenstijging', indexing_items: [] },
    phasing: { ...phasing(p, 'Woningbouw', years) },
    bookvalue: { bookvalue_items: [] },
  };
}

/** A version's online model: the project's entries with the version's estimates and sales dates. */
export function demoModelData(p: DemoProject, v: DemoVersion, modelName: string): ModelData {
  const start = iso(p.startYear);
  const rate = (set_name: string, set_group: string, set_base_value: number) => ({ set_name, set_group, set_base_value, set_values: [] });
  const base: Pick<ModelData, 'base_parameters'> = {
    base_parameters: {
      project_info: {
        project_name: p.name, project_description: p.description, project_number: p.number, subregion: p.subregion,
        organisation_name: p.organisation, version_name: v.name, model_name: modelName,
      },
      phasing_calculation_start_date: start,
      phasing_price_reference_date: start,
      phasing_net_present_value_date: start,
      phasing_calculation_end_date: iso(p.startYear + p.years - 1, true),
      phasing_period: 'Annual',
      phasing_costs_revenues: phases(p, v),
      interest_discount_rate_percentage: p.interest,
      vat_rate_percentage: 21,
      interest_calculation_method: 'BBV',
      profit_withdrawal_to_ncw_date: false,
      parameter_sets: [
        rate('RentepercentageNegatiefSaldo', 'Interest_Percentage', p.interest),
        rate('RentepercentagePositiefSaldo', 'Interest_Percentage', Math.max(0, p.interest - 1)),
        rate('Kostenstijging', 'Indexing_FutureIndex', 2.5),
        rate('Opbrengstenstijging', 'Indexing_FutureIndex', 1.5),
        rate('CPI', 'Indexing_PriceLevelCorrectionToNCWDate', 2.0),
      ] as ModelData['base_parameters']['parameter_sets'],
      space_usage: spaceUsage(p),
    },
  };
  return {
    ...base,
    [COST_SECTION.list]: p.costs.map((c, i): CostEntry => ({
      id: i + 1, label: c.label,
      estimate: { amount: c.amount, unit: c.unit, price: Math.round(c.price * v.costFactor * 100) / 100, date: start, index_type: 'CPI' },
      indexing: { standard_index: 'Kostenstijging', indexing_items: [] },
      phasing: phasing(p, c.section, c.years),
      bookvalue: { bookvalue_items: [] },
    })),
    [RESIDENTIAL_SECTION.list]: p.revenues.map((r, i) => revenueEntry(p, r, i + 1, v.revenueDelay)),
  } as ModelData;
}

/**
 * The model as its modeller leaves it at the end of the year before `year`: each cost entry's plan of the past
 * years booked (Boekwaarde, Financeel) at `overrun` times the planned euros, and the rest of its estimate phased
 * in euros over the years still to come, in the plan's proportions (the budget holds: what was spent earlier is
 * spent less later). Revenues are not booked: the demo's sales start later. The plan's euros are its shares of
 * the estimate (price date = NCW date, nothing booked yet).
 */
export function bookedUntil(m: ModelData, p: DemoProject, year: number, overrun: number): ModelData {
  const pastPeriods = year - p.startYear;
  const cents = (x: number) => Math.round(x * 100) / 100;
  const out = structuredClone(m);
  for (const e of entriesOf(out, COST_SECTION.kind) as CostEntry[]) {
    const estimate = e.estimate.amount * e.estimate.price;
    const past = e.phasing.phasing_items.filter((it) => periodNumber(it.period) <= pastPeriods);
    const future = e.phasing.phasing_items.filter((it) => periodNumber(it.period) > pastPeriods);
    if (!past.length) continue;
    e.bookvalue.bookvalue_items = past.map((it) => ({ period: it.period, value_type: 'Financeel', value: cents(pct(it.value) * estimate * overrun) }));
    const left = cents(estimate - e.bookvalue.bookvalue_items.reduce((sum, it) => sum + it.value, 0));
    const share = future.reduce((sum, it) => sum + pct(it.value), 0);
    const amounts = future.map((it) => cents((left * pct(it.value)) / share));
    if (amounts.length) amounts[amounts.length - 1] = cents(left - amounts.slice(0, -1).reduce((a, b) => a + b, 0));
    e.phasing.phasing_method = 'Financeel';
    e.phasing.phasing_items = future.map((it, i) => ({ period: it.period, value_type: 'Financeel', value: amounts[i]! }));
  }
  return out;
}

const periodNumber = (code: string) => Number(code.slice(4));

/**
 * The project's outline: a five-cornered plot of the project's gross area around its centre, drawn in
 * RD New and stored in WGS84 as the map tables hold it. The later versions are the same area.
 */
export function demoOutline(p: DemoProject): { type: 'Polygon'; coordinates: [number, number][][] } {
  const [x, y] = p.centre;
  // A rectangle of 5:4 with one corner cut off; the cut is added back to the width so the area stays p.hectares.
  const h = Math.sqrt((p.hectares * 10_000) / 1.25);
  const cut = h / 4;
  const w = (p.hectares * 10_000 + (cut * cut) / 2) / h;
  const corners: [number, number][] = [
    [x - w / 2, y - h / 2], [x + w / 2, y - h / 2], [x + w / 2, y + h / 2 - cut], [x + w / 2 - cut, y + h / 2], [x - w / 2, y + h / 2],
  ];
  const ring = [...corners, corners[0]!].map((c) => fromRd(c).map((n) => Math.round(n * 1e7) / 1e7) as [number, number]);
  return { type: 'Polygon', coordinates: [ring] };
}
