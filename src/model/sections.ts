// The sections of a model (calculation.md §3, §3b): each is one descriptor here — its wire list, its
// Dutch words, its categories, its price index and standard index, the direction of its cash flow,
// the phase group its phasing belongs to, the fields an edit may change and a new entry's defaults.
// The workbook (workbook.ts), the validation (validate.ts), the results (results.ts), the cell
// formulas and the workbench's grids read the sections from here, so a section is described once.
import type { CostEntry, ModelData, NonResidentialEntry, OtherRevenueEntry, ResidentialEntry } from './modelData.ts';
import { formatMoney } from '../lib/nlFormat.ts';
import { COST_FIELDS, type EntryField, NON_RESIDENTIAL_FIELDS, OTHER_REVENUE_FIELDS, RESIDENTIAL_FIELDS } from './entryFields.ts';
import { DEFAULT_COST_INDEX, DEFAULT_PRICE_INDEX, DEFAULT_REVENUE_INDEX } from './modelConstants.ts';
import { pct } from './percent.ts';
import { newEntryPhasingDates } from './phaseWindow.ts';

export type EntryKind = 'cost' | 'residential' | 'non_residential' | 'other_revenue';
export type AnyEntry = CostEntry | ResidentialEntry | NonResidentialEntry | OtherRevenueEntry;
type ListKey = 'cost_estimate' | 'residential_construction' | 'non_residential_construction' | 'other_revenues';
type ResultsKey = 'costEntries' | 'residentialEntries' | 'nonResidentialEntries' | 'otherRevenueEntries';
/** The per-period revenue of a revenue section in the results (calculation.md §3b.5). */
export type RevenueKey = 'revenuesResidential' | 'revenuesNonResidential' | 'revenuesOther';
type Problems = { path: string; message: string }[];

export interface Choice {
  value: string;
  /** The Dutch word the user reads. */
  label: string;
}

export interface SectionDescriptor<E extends AnyEntry = AnyEntry> {
  kind: EntryKind;
  /** The list in the model data (wire name). */
  list: ListKey;
  /** The list of entry results in `Results`. */
  results: ResultsKey;
  /** The workbook sheet (also the export's). */
  sheet: string;
  /** Dutch name of the section (menu, overview, messages). */
  title: string;
  /** Costs flow out, revenues in. */
  direction: 'out' | 'in';
  /** A revenue section's per-period revenues in the results and its row on Overzicht (null for costs). */
  revenue: { key: RevenueKey; title: string } | null;
  /** The estimate methods offered (null: the estimate is amount × price), with their Dutch words. */
  methods: readonly Choice[] | null;
  /**
   * The phase group (Fasering tab) its entries' phasing lies within (issue 28); null: not tied to a
   * phase (a subsidy or contribution arrives when granted, not when land is issued — calculation.md §7b).
   */
  phaseGroup: 'Cost' | 'Revenue' | null;
  /** The categories offered (`phasing.phasing_section_type`), with their Dutch words. */
  categories: readonly Choice[];
  /** Values accepted from models saved before the categories were offered (shown as they are). */
  legacyCategories: readonly string[];
  defaultCategory: string;
  defaultPhasingMethod: E['phasing']['phasing_method'];
  /** Standard index (future index set) when the entry names none. */
  defaultIndex: string;
  /** The historic (price-level correction) index set of an entry. */
  priceIndexOf(e: E): string;
  /** The price date of an entry (its estimate's date). */
  priceDateOf(e: E): string;
  /** Where the price date and the price index live, for messages on the field. */
  priceDatePath: string;
  priceIndexPath: string;
  /** Labels must be unique in the section (spec 3 §5 for costs; checked on save). */
  uniqueLabels: boolean;
  messages: { priceDateAfterNcw: string };
  /** The section's own rules on one entry (its estimate method's inputs), paths relative to the entry. */
  entryProblems(e: E): Problems;
  /**
   * What the entry's estimate method still lacks, in words ('vul de kavelprijs in.'), or null. Such an
   * entry counts with € 0, as the workbook does an empty cell; the workbench names it (issue 23).
   */
  missingOf(e: E): string | null;
  /** A warning on the row that does not stop a save (a negative residual land value), or null. */
  warningOf(e: E, bp: ModelData['base_parameters']): string | null;
  /** Whether the entry is indexed (historic index and future factors); false: amounts are nominal as granted. */
  indexed(e: E): boolean;
  /** The scalar fields an edit may change (entryFields.ts). */
  fields: Record<string, EntryField<E>>;
  /** The scalar number fields a formula may stand in. */
  formulaScalars: readonly string[];
  /** A new entry with the section's defaults (id and label given). */
  newEntry(bp: ModelData['base_parameters'], id: number, label: string): E;
}

/** The date a new entry's price refers to: the price reference date, at most the NCW date. */
const newPriceDate = (bp: ModelData['base_parameters']) =>
  bp.phasing_price_reference_date <= bp.phasing_net_present_value_date ? bp.phasing_price_reference_date : bp.phasing_net_present_value_date;

const METHOD_LABELS = { LandShare: 'Grondquote', PlotPrice: 'Kavelprijs', Residual: 'Residueel', PricePerSquareMeter: 'Prijs per m²' };

/** A negative quantity is refused on the field (new sections only: saved costs and housing may hold a deduction). */
function nonNegative(v: number, path: string): Problems {
  return v < 0 ? [{ path, message: 'Een negatieve hoeveelheid kan niet; vul 0 of meer in.' }] : [];
}

/**
 * The values the price-per-m², land-share and plot-price methods take. Missing ones are not refused: the
 * entry counts them as 0, as the workbook does an empty cell, and the workbench names the row
 * (`missingOf`, issue 23), so one unfinished row blocks no other change.
 */
function methodProblems(e: ResidentialEntry | NonResidentialEntry): Problems {
  const out: Problems = [];
  const quote = e.land_share_data?.quote_excl_vat;
  if (quote != null && (quote < 0 || quote > 100)) {
    out.push({ path: 'land_share_data.quote_excl_vat', message: 'De grondquote ligt tussen 0 % en 100 %.' });
  }
  const m2 = e.price_per_square_meter_data;
  if (m2 && m2.square_meters < 0) out.push({ path: 'price_per_square_meter_data.square_meters', message: 'Het aantal m² kan niet negatief zijn.' });
  return out;
}

/** What missingOf says for the land-sale sections; `landValue` is the land-share method's value, named `valueWords`. */
function methodMissing(e: ResidentialEntry | NonResidentialEntry, landValue: number | undefined, valueWords: string): string | null {
  const land = e.land_share_data;
  const perM2 = e.price_per_square_meter_data;
  if (e.calculation_method === 'LandShare' && !(landValue && land?.quote_excl_vat)) return `vul ${valueWords} en de grondquote in.`;
  if (e.calculation_method === 'PlotPrice' && e.plot_price == null) return 'vul de kavelprijs in.';
  if (e.calculation_method === 'PricePerSquareMeter' && !(perM2?.square_meters && perM2.unit_price)) return 'vul het aantal m² en de prijs per m² in.';
  return null;
}

/** Residual method (§3b.1): building costs are required; additional costs are a percentage of at least 0. */
function residualProblems(data: { building_costs: number; additional_costs_percentage: number } | null | undefined, missing: string): Problems {
  if (!data) return [{ path: 'residual_data', message: missing }];
  const out: Problems = [];
  if (!(data.building_costs > 0)) out.push({ path: 'residual_data.building_costs', message: 'Vul de bouwkosten per eenheid in: de residuele methode rekent ermee.' });
  if (data.additional_costs_percentage < 0) out.push({ path: 'residual_data.additional_costs_percentage', message: 'De bijkomende kosten kunnen niet negatief zijn.' });
  return out;
}

/** §3b.1: a negative residual value per unit is a warning, the estimate is 0. */
function residualWarning(valueExclVat: number, data: { building_costs: number; additional_costs_percentage: number }): string | null {
  const r = valueExclVat - data.building_costs * (1 + pct(data.additional_costs_percentage));
  return r < 0 ? `Residuele grondwaarde negatief: ${formatMoney(r)}; opbrengst op € 0,00 gezet.` : null;
}

const choices = (values: readonly string[], labels: Readonly<Record<string, string>> = {}): Choice[] =>
  values.map((value) => ({ value, label: labels[value] ?? value }));

/** What the land-sale sections (Woningbouw, Niet-Woningbouw) share: revenue phased in % within the revenue phases, priced at the calculation date. */
const LAND_SALE = {
  direction: 'in',
  phaseGroup: 'Revenue',
  defaultPhasingMethod: 'percentage',
  defaultIndex: DEFAULT_REVENUE_INDEX,
  priceIndexOf: () => DEFAULT_PRICE_INDEX,
  priceDateOf: (e: { calculation_date: string }) => e.calculation_date,
  priceDatePath: 'calculation_date',
  priceIndexPath: 'calculation_date',
  messages: { priceDateAfterNcw: 'De prijsdatum (berekeningsdatum) ligt na de NCW-datum.' },
  indexed: () => true,
} as const;

/** A new entry's index, phasing (over the whole calculation; newEntry narrows it to its phase) and book values. */
function newEntryLists<M extends string>(bp: ModelData['base_parameters'], index: string, category: string, method: M) {
  return {
    indexing: { standard_index: index, indexing_items: [] },
    phasing: { phasing_section_type: category, phasing_method: method, start_date: bp.phasing_calculation_start_date, end_date: bp.phasing_calculation_end_date, phasing_items: [] },
    bookvalue: { bookvalue_items: [] },
  };
}

export const COST_SECTION: SectionDescriptor<CostEntry> = {
  kind: 'cost',
  list: 'cost_estimate',
  results: 'costEntries',
  sheet: 'Kostenraming',
  title: 'Kostenraming',
  direction: 'out',
  revenue: null,
  methods: null,
  phaseGroup: 'Cost',
  categories: choices(
    ['Verwerving', 'Sloopkosten', 'Sanering', 'BouwrijpMaken', 'WoonrijpMaken', 'Plankosten', 'VoorbereidingToezicht', 'Onvoorzien', 'OverigeKosten'],
    { BouwrijpMaken: 'Bouwrijp maken', WoonrijpMaken: 'Woonrijp maken', VoorbereidingToezicht: 'Voorbereiding en toezicht', OverigeKosten: 'Overige kosten' },
  ),
  // the workbench offered Woningbouw for costs before the Bro cost types (calculation.md §3b.4)
  legacyCategories: ['Woningbouw'],
  defaultCategory: 'Verwerving',
  defaultPhasingMethod: 'Financeel',
  defaultIndex: DEFAULT_COST_INDEX,
  priceIndexOf: (e) => e.estimate.index_type ?? DEFAULT_PRICE_INDEX,
  priceDateOf: (e) => e.estimate.date,
  priceDatePath: 'estimate.date',
  priceIndexPath: 'estimate.index_type',
  uniqueLabels: true,
  messages: { priceDateAfterNcw: 'De prijsdatum van de raming ligt na de NCW-datum.' },
  entryProblems: () => [],
  missingOf: () => null,
  warningOf: () => null,
  indexed: () => true,
  fields: COST_FIELDS as Record<string, EntryField<CostEntry>>,
  formulaScalars: ['amount', 'price'],
  newEntry: (bp, id, label) => ({
    id, label,
    estimate: { amount: 1, unit: 'Item', price: 0, date: newPriceDate(bp), index_type: DEFAULT_PRICE_INDEX },
    ...newEntryLists(bp, DEFAULT_COST_INDEX, 'Verwerving', 'Financeel'),
  }),
};

export const RESIDENTIAL_SECTION: SectionDescriptor<ResidentialEntry> = {
  kind: 'residential',
  list: 'residential_construction',
  results: 'residentialEntries',
  sheet: 'Woningbouw',
  title: 'Woningbouw',
  ...LAND_SALE,
  revenue: { key: 'revenuesResidential', title: 'Opbrengsten woningbouw' },
  methods: choices(['LandShare', 'PlotPrice', 'Residual', 'PricePerSquareMeter'], METHOD_LABELS),
  categories: choices(['Woningbouw']),
  // the workbench offered the cost sections for housing too before each section had its own
  legacyCategories: ['Verwerving', 'Sloopkosten', 'Sanering'],
  defaultCategory: 'Woningbouw',
  uniqueLabels: false,
  entryProblems: (e) => [
    ...methodProblems(e),
    ...(e.calculation_method === 'Residual' ? residualProblems(e.residual_data, 'Vul de VON-prijs, de bouwkosten en de bijkomende kosten in.') : []),
  ],
  missingOf: (e) => methodMissing(e, e.land_share_data?.von_incl_vat, 'de VON-prijs'),
  warningOf: (e, bp) => (e.calculation_method === 'Residual' && e.residual_data
    ? residualWarning(e.residual_data.von_incl_vat / (1 + pct(bp.vat_rate_percentage)), e.residual_data)
    : null),
  fields: RESIDENTIAL_FIELDS as Record<string, EntryField<ResidentialEntry>>,
  formulaScalars: [
    'amount', 'von_incl_vat', 'quote_excl_vat', 'plot_price', 'square_meters', 'unit_price', 'residual_von_incl_vat', 'building_costs', 'additional_costs_percentage',
  ],
  newEntry: (bp, id, label) => ({
    id, label, amount: 1, tenure_type: 'Purchased', calculation_method: 'PlotPrice', calculation_date: newPriceDate(bp),
    land_share_data: null, plot_price: 0, residence_type: null, price_per_square_meter_data: null,
    ...newEntryLists(bp, DEFAULT_REVENUE_INDEX, 'Woningbouw', 'percentage'),
  }),
};

export const NON_RESIDENTIAL_SECTION: SectionDescriptor<NonResidentialEntry> = {
  kind: 'non_residential',
  list: 'non_residential_construction',
  results: 'nonResidentialEntries',
  sheet: 'Niet-Woningbouw',
  title: 'Niet-Woningbouw',
  ...LAND_SALE,
  revenue: { key: 'revenuesNonResidential', title: 'Opbrengsten niet-woningbouw' },
  methods: choices(['PricePerSquareMeter', 'LandShare', 'PlotPrice', 'Residual'], METHOD_LABELS),
  categories: choices(['Bedrijven', 'Kantoren', 'Detailhandel', 'Horeca', 'Maatschappelijk', 'OverigVastgoed'], { OverigVastgoed: 'Overig vastgoed' }),
  legacyCategories: [],
  defaultCategory: 'Bedrijven',
  uniqueLabels: true,
  fields: NON_RESIDENTIAL_FIELDS as Record<string, EntryField<NonResidentialEntry>>,
  formulaScalars: [
    'amount', 'square_meters', 'unit_price', 'value_excl_vat', 'quote_excl_vat', 'plot_price', 'residual_value_excl_vat', 'building_costs', 'additional_costs_percentage',
  ],
  entryProblems: (e) => [
    ...nonNegative(e.amount, 'amount'),
    ...methodProblems(e),
    ...(e.calculation_method === 'Residual' ? residualProblems(e.residual_data, 'Vul de waarde excl. btw, de bouwkosten en de bijkomende kosten in.') : []),
  ],
  missingOf: (e) => methodMissing(e, e.land_share_data?.value_excl_vat, 'de waarde excl. btw'),
  warningOf: (e) => (e.calculation_method === 'Residual' && e.residual_data ? residualWarning(e.residual_data.value_excl_vat, e.residual_data) : null),
  newEntry: (bp, id, label) => ({
    id, label, amount: 1, calculation_method: 'PricePerSquareMeter', calculation_date: newPriceDate(bp),
    price_per_square_meter_data: { square_meters: 0, unit_price: 0 }, land_share_data: null, plot_price: null, residual_data: null,
    ...newEntryLists(bp, DEFAULT_REVENUE_INDEX, 'Bedrijven', 'percentage'),
  }),
};

export const OTHER_REVENUE_SECTION: SectionDescriptor<OtherRevenueEntry> = {
  ...(COST_SECTION as unknown as SectionDescriptor<OtherRevenueEntry>),
  kind: 'other_revenue',
  list: 'other_revenues',
  results: 'otherRevenueEntries',
  sheet: 'Overige opbrengsten',
  title: 'Overige opbrengsten',
  direction: 'in',
  revenue: { key: 'revenuesOther', title: 'Overige opbrengsten' },
  phaseGroup: null,
  categories: choices(['Subsidie', 'BijdrageDerden', 'Exploitatiebijdrage', 'OverigeOpbrengst'], { BijdrageDerden: 'Bijdrage derden', OverigeOpbrengst: 'Overige opbrengst' }),
  legacyCategories: [],
  defaultCategory: 'Subsidie',
  defaultIndex: DEFAULT_REVENUE_INDEX,
  fields: OTHER_REVENUE_FIELDS as Record<string, EntryField<OtherRevenueEntry>>,
  indexed: (e) => e.indexed !== false,
  newEntry: (bp, id, label) => ({
    ...COST_SECTION.newEntry(bp, id, label),
    indexed: true,
    ...newEntryLists(bp, DEFAULT_REVENUE_INDEX, 'Subsidie', 'Financeel'),
  }),
};

/** Every section, in the order of the menu, the workbook and the results. */
export const SECTIONS: readonly SectionDescriptor[] = [COST_SECTION, RESIDENTIAL_SECTION, NON_RESIDENTIAL_SECTION, OTHER_REVENUE_SECTION] as readonly SectionDescriptor[];
/** The revenue sections, in order (their per-period revenues add up to the revenues, §3b.5). */
export const REVENUE_SECTIONS = SECTIONS.filter((s) => s.revenue !== null);

export const ENTRY_KINDS: readonly EntryKind[] = SECTIONS.map((s) => s.kind);
const BY_KIND = new Map<EntryKind, SectionDescriptor>(SECTIONS.map((s) => [s.kind, s]));

export function sectionOf(kind: EntryKind): SectionDescriptor {
  return BY_KIND.get(kind)!;
}
/** The entries of a section (a list absent on the wire is empty). */
export function entriesOf(m: ModelData, kind: EntryKind): AnyEntry[] {
  return ((m as Record<string, unknown>)[sectionOf(kind).list] as AnyEntry[] | undefined) ?? [];
}
/** Replace the entries of a section. */
export function setEntries(m: ModelData, kind: EntryKind, entries: AnyEntry[]): void {
  (m as Record<string, unknown>)[sectionOf(kind).list] = entries;
}
/** Where a problem's path lies in the user's words ("Niet-Woningbouw, post 'Bedrijfskavels'"), or null outside the sections. */
export function problemPlace(m: ModelData, path: string): string | null {
  const hit = /^(\w+)\[(\d+)\]/.exec(path);
  const section = hit ? SECTIONS.find((s) => s.list === hit[1]) : undefined;
  if (!section) return null;
  const e = entriesOf(m, section.kind)[Number(hit![2])];
  return e ? `${section.title}, post '${e.label}'` : section.title;
}
/** Dotted path of an entry, for messages on the field. */
export const entryPath = (kind: EntryKind, index: number) => `${sectionOf(kind).list}[${index}]`;

export const MSG_NAMES = {
  empty: 'Voer een geldige naam in.',
  duplicate: 'Deze naam bestaat al. Kies een unieke naam',
} as const;

/** Spec 3 §5 name rule of an entry (new or renamed): non-empty, unique in its section case-insensitively. */
export function entryLabelProblem(m: ModelData, kind: EntryKind, id: number | null, label: string): string | null {
  const t = label.trim();
  if (!t) return MSG_NAMES.empty;
  const dup = entriesOf(m, kind).some((e) => e.id !== id && e.label.trim().toLowerCase() === t.toLowerCase());
  return dup ? MSG_NAMES.duplicate : null;
}

/** A new entry of a section with the model's defaults and the next free id. */
export function newEntry(m: ModelData, kind: EntryKind, label: string): AnyEntry {
  const id = Math.max(0, ...entriesOf(m, kind).map((e) => e.id)) + 1;
  const e = sectionOf(kind).newEntry(m.base_parameters, id, label.trim());
  Object.assign(e.phasing, newEntryPhasingDates(m, sectionOf(kind)));
  return e;
}
