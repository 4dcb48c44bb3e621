// The sections of a model (calculation.md §3, §3b): each is one descriptor here — its wire list, its
// Dutch words, its categories, its price index and standard index, the direction of its cash flow,
// the phase group its phasing belongs to, the fields an edit may change and a new entry's defaults.
// The workbook (workbook.ts), the validation (validate.ts), the results (results.ts), the cell
// formulas and the tool's grids read the sections from here, so a section is described once.
import type { CostEntry, ModelData, ResidentialEntry } from '../api/contract/modelData.ts';
import { COST_FIELDS, type EntryField, RESIDENTIAL_FIELDS } from './entryFields.ts';
import { DEFAULT_COST_INDEX, DEFAULT_PRICE_INDEX, DEFAULT_REVENUE_INDEX } from './modelConstants.ts';

export type EntryKind = 'cost' | 'residential';
export type AnyEntry = CostEntry | ResidentialEntry;
type ListKey = 'cost_estimate' | 'residential_construction';
type ResultsKey = 'costEntries' | 'residentialEntries';

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
  /** The phase group (Fasering tab) its entries' phasing belongs to. */
  phaseGroup: 'Cost' | 'Revenue';
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
  entryProblems(e: E): { path: string; message: string }[];
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

const choices = (values: readonly string[], labels: Readonly<Record<string, string>> = {}): Choice[] =>
  values.map((value) => ({ value, label: labels[value] ?? value }));

export const COST_SECTION: SectionDescriptor<CostEntry> = {
  kind: 'cost',
  list: 'cost_estimate',
  results: 'costEntries',
  sheet: 'Kostenraming',
  title: 'Kostenraming',
  direction: 'out',
  phaseGroup: 'Cost',
  categories: choices(['Verwerving', 'Sloopkosten', 'Sanering', 'Woningbouw']),
  legacyCategories: [],
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
  fields: COST_FIELDS as Record<string, EntryField<CostEntry>>,
  formulaScalars: ['amount', 'price'],
  newEntry: (bp, id, label) => ({
    id, label,
    estimate: { amount: 1, unit: 'Item', price: 0, date: newPriceDate(bp), index_type: DEFAULT_PRICE_INDEX },
    indexing: { standard_index: DEFAULT_COST_INDEX, indexing_items: [] },
    phasing: { phasing_section_type: 'Verwerving', phasing_method: 'Financeel', start_date: bp.phasing_calculation_start_date, end_date: bp.phasing_calculation_end_date, phasing_items: [] },
    bookvalue: { bookvalue_items: [] },
  }),
};

export const RESIDENTIAL_SECTION: SectionDescriptor<ResidentialEntry> = {
  kind: 'residential',
  list: 'residential_construction',
  results: 'residentialEntries',
  sheet: 'Woningbouw',
  title: 'Woningbouw',
  direction: 'in',
  phaseGroup: 'Revenue',
  categories: choices(['Verwerving', 'Sloopkosten', 'Sanering', 'Woningbouw']),
  legacyCategories: [],
  defaultCategory: 'Woningbouw',
  defaultPhasingMethod: 'percentage',
  defaultIndex: DEFAULT_REVENUE_INDEX,
  priceIndexOf: () => DEFAULT_PRICE_INDEX,
  priceDateOf: (e) => e.calculation_date,
  priceDatePath: 'calculation_date',
  priceIndexPath: 'calculation_date',
  uniqueLabels: false,
  messages: { priceDateAfterNcw: 'De prijsdatum (berekeningsdatum) ligt na de NCW-datum.' },
  entryProblems: (e) => {
    const out: { path: string; message: string }[] = [];
    if (e.calculation_method === 'LandShare' && !e.land_share_data) out.push({ path: 'land_share_data', message: 'Vul de VON-prijs en de grondquote in.' });
    if (e.calculation_method === 'PlotPrice' && e.plot_price == null) out.push({ path: 'plot_price', message: 'Vul de kavelprijs in.' });
    if (e.calculation_method === 'PricePerSquareMeter' && !e.price_per_square_meter_data) {
      out.push({ path: 'price_per_square_meter_data', message: 'Vul het aantal m² en de prijs per m² in.' });
    }
    return out;
  },
  fields: RESIDENTIAL_FIELDS as Record<string, EntryField<ResidentialEntry>>,
  formulaScalars: ['amount', 'von_incl_vat', 'quote_excl_vat', 'plot_price', 'square_meters', 'unit_price'],
  newEntry: (bp, id, label) => ({
    id, label, amount: 1, tenure_type: 'Purchased', calculation_method: 'PlotPrice', calculation_date: newPriceDate(bp),
    land_share_data: null, plot_price: 0, residence_type: null, price_per_square_meter_data: null,
    indexing: { standard_index: DEFAULT_REVENUE_INDEX, indexing_items: [] },
    phasing: { phasing_section_type: 'Woningbouw', phasing_method: 'percentage', start_date: bp.phasing_calculation_start_date, end_date: bp.phasing_calculation_end_date, phasing_items: [] },
    bookvalue: { bookvalue_items: [] },
  }),
};

/** Every section, in the order of the menu, the workbook and the results. */
export const SECTIONS: readonly SectionDescriptor[] = [COST_SECTION, RESIDENTIAL_SECTION] as readonly SectionDescriptor[];
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
  return sectionOf(kind).newEntry(m.base_parameters, id, label.trim());
}
