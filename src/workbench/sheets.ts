// The tool's grids as plain data: columns, rows of raw values and how an edited cell becomes an
// engine edit. No React, no DOM: the <Sheet> component renders these, the tests read them.
import { type Edit, fieldEdit, phasingMethodEdits } from '../formulas/engineModelEdits.ts';
import { entriesOf, entryLabelProblem, fieldOf, sectionOf } from '../model/sections.ts';
import { type AnyEntry, type ChoiceSource, type EntryField, type EntryGrid, type EntryKind, type GridKind, type MethodGrid, type SectionDescriptor, titleWithDates } from '../model/section.ts';
import { COMPUTED_TITLES, type ComputedField, type EntrySummary, nominalTotal } from '../model/results.ts';
import type { FormulaList } from '../formulas/formulaRefs.ts';
import type { ModelData, ParameterSetGroup, PeriodCode, ValueType } from '../model/modelData.ts';
import { type Notation, blockNotation, fromEnglishNotation, parseDutchDate, parseDutchNumber, formatDutchDate } from '../lib/dutchNumber.ts';
import { formatCount } from '../lib/count.ts';
import type { WorkbenchStore } from './WorkbenchStore.ts';
import type { Answer } from './engineSession.ts';
import { LOCATION_TITLES } from '../formulas/workbookLayout.ts';
import {
  PHASE_GROUP_LABELS, PHASING_METHOD_LABELS, TENURE_LABELS,
  VALUE_TYPE_LABELS, setLabel,
} from '../model/codeLabels.ts';
import { FUTURE_INDEX_GROUP, PRICE_LEVEL_GROUP } from '../model/modelConstants.ts';
import { bookedAfterNcw } from '../formulas/bookValuePeriods.ts';
import { gapMark } from '../formulas/phasingGaps.ts';
import { UNIT_OPTIONS, parseUnit } from './units.ts';
import { hundredth, percentInput } from './percentInput.ts';

type ColKind = GridKind;
interface Option {
  value: string;
  label: string;
}
export interface Col {
  key: string;
  title: string;
  kind: ColKind;
  width: number;
  /** Computed by the engine: read-only and drawn differently. */
  computed?: boolean;
  readOnly?: boolean;
  options?: Option[];
  period?: PeriodCode;
  /** Per row: show this period value as a percentage. */
  pctRows?: boolean[];
  /** Per row: a quantity in unit Percentage, which the engine multiplies as it stands (0,125 → 12,5 %). */
  shareRows?: boolean[];
  /** A period column whose rows are in € or in % by a choice of the row: how to choose % (said when '%' is typed in a € row). */
  percentAdvice?: string;
  /** A select column whose typed text is read by this (its list only offers choices and never completes
   * what was typed: the unit column, where 'm2' typed quickly must not become 'm'). */
  parse?(input: unknown): { value: string } | { error: string };
  /** A select column that shows the stored value, not its label (set names). */
  raw?: boolean;
}
export type Cell = string | number | null;
/** A cell the user changed in a grid, with the value as typed or pasted (the grid's handler makes the edits). */
export interface CellChange {
  row: number;
  col: number;
  value: unknown;
}
export interface SheetDef {
  id: string;
  columns: Col[];
  data: Cell[][];
  fixedCols: number;
  /** An entry grid: its rows' entries and, for period columns, their list (formulas: formulaCells.ts). */
  entries?: { kind: EntryKind; ids: number[]; list?: FormulaList };
  /** The edits for one changed cell, or a Dutch message when the input is refused. */
  toEdits(row: number, col: number, value: unknown): Edit[] | { error: string };
  /**
   * The last row is empty: what is typed or pasted into it (and, for a pasted block, below it) adds
   * entries — one per row, named by the row's text in column `col` (null: a free name) — with `add`; `next`
   * is then the grid with them, whose cells take the rest of the row.
   */
  spare?: { col: number; hint: string; add(labels: (string | null)[]): Answer; next(): SheetDef };
  /** Why a row's input cells do not count (a method sub-tab's row of a post of another method); null: they do. */
  inactive?(row: number): string | null;
}

/** Whether the cell holds a percentage (a percentage column, or a period value of a row phased or booked in %). */
export function isPercentCell(def: Pick<SheetDef, 'columns'>, row: number, col: number): boolean {
  const c = def.columns[col];
  return !!c && (c.kind === 'pct' || !!c.pctRows?.[row]);
}

/**
 * The cells a pasted block writes, as Handsontable's own paste does: from the selection's top-left
 * corner, the block repeated to fill a larger selection, clipped to the sheet; read-only and computed
 * cells are left alone. A grid that ends in an empty row (def.spare) grows instead, as Excel's sheet
 * does: the rows from that one on become new entries. Also the pasted area, to select afterwards
 * (null when nothing fits), and `lost`: the values of the block not taken because they fell below or
 * right of the grid or on a computed cell (lostPasteNotice says so; a label column is only skipped).
 */
export function pastedCells(
  def: Pick<SheetDef, 'columns' | 'data' | 'spare'>,
  block: unknown[][],
  from: { row: number; col: number },
  to: { row: number; col: number },
): { cells: [number, number, unknown][]; area: { row: number; col: number; lastRow: number; lastCol: number } | null; notation: Notation; lost: number } {
  const rows = block.length;
  const cols = block[0]?.length ?? 0;
  const r0 = Math.max(0, from.row);
  const c0 = Math.max(0, from.col);
  const lastRow = Math.min(def.spare ? Infinity : def.data.length - 1, Math.max(r0 + rows - 1, to.row));
  const lastCol = Math.min(def.columns.length - 1, Math.max(c0 + cols - 1, to.col));
  let lost = 0;
  for (let i = 0; i < rows; i++) {
    for (let j = 0; j < cols; j++) {
      const v = block[i]![j];
      if (v === null || v === undefined || String(v).trim() === '') continue;
      if (r0 + i > lastRow || c0 + j > lastCol || def.columns[c0 + j]!.computed) lost++;
    }
  }
  if (!rows || !cols || lastRow < r0 || lastCol < c0) return { cells: [], area: null, notation: 'nl', lost };
  const cells: [number, number, unknown][] = [];
  for (let r = r0; r <= lastRow; r++) {
    const line = block[(r - r0) % rows]!;
    for (let c = c0; c <= lastCol; c++) {
      const col = def.columns[c]!;
      if (col.computed || col.readOnly) continue;
      cells.push([r, c, line[(c - c0) % cols] ?? null]);
    }
  }
  // '1.234' means 1234 in a Dutch copy and 1,234 in an English one: the block's other numbers decide.
  const isNumberCell = ([, c, v]: [number, number, unknown]) => NUMBER_KINDS.has(def.columns[c]!.kind) && typeof v === 'string' && !v.trim().startsWith('=');
  const notation = blockNotation(cells.filter(isNumberCell).map(([, , v]) => v));
  // A cell that is no number stays as pasted, so that its refusal quotes it.
  const english = (cell: [number, number, unknown]) => isNumberCell(cell) && parseDutchNumber(fromEnglishNotation(cell[2] as string)) !== null;
  if (notation === 'en') for (const cell of cells) if (english(cell)) cell[2] = fromEnglishNotation(cell[2] as string);
  return { cells, area: { row: r0, col: c0, lastRow, lastCol }, notation, lost };
}

/** Said after a paste whose block did not fit: values outside the grid or on computed cells are not taken. */
export const lostPasteNotice = (n: number): string => n === 1
  ? '1 geplakte waarde is niet overgenomen: die viel buiten de tabel of op een berekende cel.'
  : `${formatCount(n, 'geplakte waarde', 'geplakte waarden')} zijn niet overgenomen: ze vielen buiten de tabel of op berekende cellen.`;

const NUMBER_KINDS: ReadonlySet<ColKind> = new Set(['number', 'money', 'pct', 'factor', 'int']);
/** Said after a paste read in English notation, so that nobody meets 1,234 where they expected 1.234. */
export const ENGLISH_PASTE_NOTICE = 'De geplakte getallen zijn gelezen met een punt als decimaalteken (Engelse notatie), zoals de overige getallen in het blok.';

export const optionsOf = (labels: Readonly<Record<string, string>>): Option[] => Object.entries(labels).map(([value, label]) => ({ value, label }));
const METHOD_OPTIONS = optionsOf(PHASING_METHOD_LABELS);
const VALUE_TYPE_OPTIONS = optionsOf(VALUE_TYPE_LABELS);
const TENURE_OPTIONS = optionsOf(TENURE_LABELS);
export const PHASE_GROUP_OPTIONS = optionsOf(PHASE_GROUP_LABELS);
/** The locations with the words the workbook's Ruimtegebruik sheet and the map use. */
export const LOCATION_OPTIONS = optionsOf(LOCATION_TITLES);

export const labelOf = (opts: Option[], v: string | null | undefined) => opts.find((o) => o.value === v)?.label ?? v ?? '';
/**
 * The choice a typed or pasted text names: exactly (its label or code), else by a start only one choice
 * has ('Sloop' → Sloopkosten; 'Bouw' names two, so none), as the cell's list completes while typing.
 */
export function optionValue(opts: Option[], input: unknown): string | null {
  const s = String(input ?? '').trim().toLowerCase();
  const exact = opts.find((o) => o.label.toLowerCase() === s || o.value.toLowerCase() === s);
  if (exact || !s) return exact?.value ?? null;
  const starts = opts.filter((o) => o.label.toLowerCase().startsWith(s));
  return starts.length === 1 ? starts[0]!.value : null;
}

/** The refusal of a text that names no choice of the column: what was given and what may be chosen. */
export function choiceRefusal(col: Pick<Col, 'options'>, input: unknown): string {
  const s = String(input ?? '').trim();
  const allowed = (col.options ?? []).map((o) => o.label).join(', ');
  return s ? `'${s}' is geen keuze uit de lijst; kies uit ${allowed}.` : `Kies uit ${allowed}.`;
}

export const INVALID_NUMBER = 'Voer een getal in.';
const INVALID_DATE = 'Ongeldige datum';

/** A typed or pasted value as a number (an area: a '%' is no area); '' and null clear. undefined = not a number. */
export function numberOf(value: unknown): number | null | undefined {
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) return null;
  const p = parseDutchNumber(value as string | number);
  return p && !p.percent ? p.value : undefined;
}

/**
 * What an entry grid's number cell takes from typed or pasted text (issue 35): a percentage cell its
 * percentage (percentInput), a quantity in unit Percentage '12,5%' as 0,125 (the engine multiplies
 * the amount as it stands); any other cell refuses a '%' instead of dropping it, and every refusal
 * names the post and the column and quotes the text.
 */
function entryNumber(e: AnyEntry, kind: EntryKind, col: Col, row: number, value: unknown, existing: Cell): number | null | { error: string } {
  const where = `Post '${e.label}', kolom ${col.title}: '${String(value).trim()}'`;
  if (col.kind === 'pct' || col.pctRows?.[row]) {
    const n = percentInput(value, typeof existing === 'number' ? existing : null);
    return n === undefined ? { error: `${where} is geen getal. ${INVALID_NUMBER}` } : n;
  }
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) return null;
  const p = parseDutchNumber(value as string | number);
  if (!p) return { error: `${where} is geen getal. ${INVALID_NUMBER}` };
  if (!p.percent) return p.value;
  if (col.shareRows?.[row]) return hundredth(p.value);
  return { error: `${where} is een percentage; ${percentRefusal(kind, col)}` };
}

/** What a number cell that is no percentage expects, said when a '%' was typed into it. */
function percentRefusal(kind: EntryKind, col: Col): string {
  if (col.period && col.pctRows) return `${EUROS} ${col.percentAdvice ?? ''}`.trim();
  if (col.shareRows) return 'een hoeveelheid in procenten kan alleen bij eenheid Percentage. Kies die eerst als eenheid.';
  return col.kind === 'money' ? EUROS : 'deze cel verwacht een getal zonder %.';
}
const EUROS = 'deze cel verwacht een bedrag in euro\'s.';
export function dateOf(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  return parseDutchDate(value);
}

function resultsOf(store: WorkbenchStore, kind: EntryKind): Map<number, EntrySummary> {
  return new Map(store.results!.entries[kind]!.map((e) => [e.id, e]));
}
function setNames(m: ModelData, group: ParameterSetGroup): Option[] {
  return m.base_parameters.parameter_sets.filter((s) => s.set_group === group).map((s) => ({ value: s.set_name, label: setLabel(s.set_name) }));
}

/** The common edit of a field's column (the field says what it takes, section.ts). */
function scalarEdit(m: ModelData, kind: EntryKind, e: AnyEntry, col: Col, row: number, value: unknown, existing: Cell): Edit[] | { error: string } {
  const field = fieldOf(sectionOf(kind), col.key);
  switch (col.kind) {
    case 'text': {
      const s = String(value ?? '');
      if (col.key === 'label') {
        const p = entryLabelProblem(m, kind, e.id, s);
        if (p) {
          console.error(`Omschrijving geweigerd: ${p}`);
          return { error: p };
        }
        return [fieldEdit(kind, e.id, 'label', s.trim())];
      }
      return [fieldEdit(kind, e.id, col.key, s)];
    }
    case 'select': {
      if (col.parse) {
        const r = col.parse(value);
        return 'error' in r ? r : [fieldEdit(kind, e.id, col.key, r.value)];
      }
      const v = optionValue(col.options ?? [], value);
      if (v === null) return { error: choiceRefusal(col, value) };
      return [fieldEdit(kind, e.id, col.key, field?.type === 'boolean' ? v === 'true' : v)];
    }
    case 'date': {
      const d = dateOf(value);
      if (!d) return { error: INVALID_DATE };
      return [fieldEdit(kind, e.id, col.key, d)];
    }
    default: {
      const n = entryNumber(e, kind, col, row, value, existing);
      if (n !== null && typeof n === 'object') return n;
      if (n === null && !field?.nullable) return { error: INVALID_NUMBER };
      return [fieldEdit(kind, e.id, col.key, n)];
    }
  }
}

/** Fits € -999.999.999,99 on one line in the grid's font (14 px: 114 px of text, 16 px padding, border). */
const MONEY_WIDTH = 136;

function periodCols(store: WorkbenchStore, kind: ColKind, pctRows?: boolean[], percentAdvice?: string): Col[] {
  return store.results!.periods.map((p) => ({ key: p.code, title: p.label, kind, width: kind === 'money' ? MONEY_WIDTH : 92, period: p.code as PeriodCode, pctRows, percentAdvice }));
}

const computedCol = (key: ComputedField | 'nominalTotal' | 'gapMark', title = COMPUTED_TITLES[key as ComputedField], kind: ColKind = 'money', width = kind === 'money' ? MONEY_WIDTH : 120): Col =>
  ({ key, title, kind, width, computed: true });
/** The computed columns a Raming grid shows after its fields. */
const ESTIMATED = () => [computedCol('estimate'), computedCol('historicIndex', undefined, 'factor', 110), computedCol('totalBooked'), computedCol('amountAtNcw', undefined, 'money', 150)];

/** Ja/Nee of a yes/no field (Geïndexeerd). */
const YES_NO: Option[] = [{ value: 'true', label: 'Ja' }, { value: 'false', label: 'Nee' }];

/** The choices of a select column (section.ts ChoiceSource). */
function choicesOf(m: ModelData, section: SectionDescriptor, source: ChoiceSource): Pick<Col, 'options' | 'parse' | 'raw'> {
  switch (source) {
    case 'categories': return { options: [...section.categories] };
    case 'methods': return { options: (section.methods ?? []).map((c) => ({ value: c.value, label: c.label })) };
    case 'units': return { options: UNIT_OPTIONS, parse: (v) => {
      const r = parseUnit(v);
      return 'unit' in r ? { value: r.unit } : r;
    } };
    case 'tenure': return { options: TENURE_OPTIONS };
    case 'yesNo': return { options: YES_NO };
    case 'phasingMethods': return { options: METHOD_OPTIONS };
    // set names are the user's own words: shown as stored
    case 'priceSets': return { options: setNames(m, PRICE_LEVEL_GROUP), raw: true };
    case 'futureSets': return { options: setNames(m, FUTURE_INDEX_GROUP), raw: true };
  }
}

/** The grid in which a section's posts are made (and named): Raming, or Algemeen for a section with estimate methods. */
const postsGrid = (section: SectionDescriptor): EntryGrid => (section.methods ? 'general' : 'estimate');

/**
 * A grid's columns from the section's fields (their grid hints): the label first (read-only outside the posts'
 * grid), then the fields the grid shows in their order, then the grid's own columns; a field with `after`
 * goes right after that column.
 */
function gridColumns(store: WorkbenchStore, kind: EntryKind, grid: EntryGrid, own: Col[]): Col[] {
  const m = store.model!;
  const section = sectionOf(kind);
  const toCol = (f: EntryField<AnyEntry>): Col => {
    const g = f.grid!;
    return { key: f.key, title: titleWithDates(f.title, m.base_parameters), kind: g.kind, width: g.width, ...(g.period ? { period: g.period } : {}), ...(g.choices ? choicesOf(m, section, g.choices) : {}) };
  };
  const label = fieldOf(section, 'label')!;
  const cols: Col[] = [{ ...toCol(label), ...(grid === postsGrid(section) ? {} : { readOnly: true }) }];
  const shown = section.fields.filter((f) => f !== label && f.grid?.in.includes(grid));
  const keys = new Set([...shown.map((f) => f.key), ...own.map((c) => c.key)]);
  const placed = (f: EntryField<AnyEntry>) => !!f.grid!.after && keys.has(f.grid!.after);
  cols.push(...shown.filter((f) => !placed(f)).map(toCol), ...own);
  for (const f of shown.filter(placed)) cols.splice(cols.findIndex((c) => c.key === f.grid!.after) + 1, 0, toCol(f));
  // a quantity in unit Percentage is multiplied as it stands (0,125 is 12,5 %)
  const unit = fieldOf(section, 'unit');
  const amount = cols.find((c) => c.key === 'amount');
  if (amount && unit) amount.shareRows = entriesOf(m, kind).map((e) => unit.get(e) === 'Percentage');
  return cols;
}

function entrySheet(
  store: WorkbenchStore,
  kind: EntryKind,
  id: string,
  columns: Col[],
  cell: (e: AnyEntry, r: EntrySummary | undefined, col: Col) => Cell,
  periodEdit?: (e: AnyEntry, col: Col, value: number | null) => Edit[],
  periodList?: FormulaList,
  spare?: SheetDef['spare'],
): SheetDef {
  const m = store.model!;
  const list = entriesOf(m, kind);
  const res = resultsOf(store, kind);
  itemMaps = new WeakMap();
  const data = list.map((e) => columns.map((c) => cell(e, res.get(e.id), c)));
  if (spare) data.push(columns.map(() => null));
  return {
    id,
    columns,
    data,
    fixedCols: 1,
    entries: { kind, ids: list.map((e) => e.id), list: periodList },
    spare,
    toEdits(row, c, value) {
      const e = list[row];
      const col = columns[c];
      if (!e || !col || col.computed || col.readOnly) return [];
      const existing = data[row]![c]!;
      if (col.period) {
        const n = entryNumber(e, kind, col, row, value, existing);
        if (n !== null && typeof n === 'object') return n;
        return periodEdit ? periodEdit(e, col, n) : [];
      }
      return scalarEdit(m, kind, e, col, row, value, existing);
    },
  };
}

/** Period values of an item list by code (one Map per list; the cache lives for one sheet build). */
let itemMaps = new WeakMap<object, Map<string, number>>();
function itemValue(items: { period: string; value: number }[], code: string): number | null {
  let m = itemMaps.get(items);
  if (!m) {
    m = new Map(items.map((i) => [i.period, i.value]));
    itemMaps.set(items, m);
  }
  return m.get(code) ?? null;
}

/**
 * A cell of an entry grid: a field's value through its descriptor (section.ts), a period value of the grid's
 * list, a result, or the row's warning.
 */
function fieldCell(kind: EntryKind, m: ModelData, e: AnyEntry, r: EntrySummary | undefined, c: Col, items?: { period: string; value: number }[]): Cell {
  const section = sectionOf(kind);
  if (c.key === 'warning') return section.warningOf(e, m.base_parameters) ?? '';
  if (c.key === 'nominalTotal') return r ? nominalTotal(r) : null;
  const f = fieldOf(section, c.key);
  if (!f) return c.period && items ? itemValue(items, c.key) : r ? (r[c.key as keyof EntrySummary] as number) : null;
  const v = f.get(e);
  if (c.kind === 'date') return formatDutchDate(v as string);
  if (c.kind === 'select' && !c.raw) return labelOf(c.options ?? [], String(v));
  return typeof v === 'boolean' ? String(v) : v ?? (c.kind === 'text' ? '' : null);
}

/** Raming of a section with one estimate for every post (Kostenraming, Overige opbrengsten). */
export function costEstimateSheet(store: WorkbenchStore, kind: EntryKind): SheetDef {
  const m = store.model!;
  const cols = gridColumns(store, kind, 'estimate', ESTIMATED());
  return entrySheet(store, kind, `${kind}-estimate`, cols, (e, r, c) => fieldCell(kind, m, e, r, c), undefined, undefined, spareRow(store, kind, () => costEstimateSheet(store, kind)));
}

/** The estimate grids end in an empty row where a new entry is typed, as in Excel (not for readers). */
function spareRow(store: WorkbenchStore, kind: EntryKind, next: () => SheetDef): SheetDef['spare'] {
  if (store.readOnly) return undefined;
  const length = entriesOf(store.model!, kind).length;
  return { col: 0, hint: 'Nieuwe post…', add: (labels) => store.insertEntries(kind, length, labels), next };
}

/** The Raming sub-tabs of a section with estimate methods: Algemeen, one per method (the descriptor's), Grondopbrengst. */
export type MethodSection = 'general' | MethodGrid | 'revenue';
export function methodSections(kind: EntryKind): { id: MethodSection; title: string }[] {
  return [
    { id: 'general', title: 'Algemeen' },
    ...(sectionOf(kind).methods ?? []).map((c) => ({ id: c.grid, title: c.label })),
    { id: 'revenue', title: 'Grondopbrengst' },
  ];
}

/** The own columns of each Raming sub-tab, after its fields. */
const METHOD_GRID_COLUMNS: Record<MethodSection, () => Col[]> = {
  general: () => [computedCol('estimate')],
  landShare: () => [computedCol('estimate')],
  plotPrice: () => [computedCol('estimate')],
  pricePerM2: () => [computedCol('estimate')],
  residual: () => [computedCol('estimate'), { key: 'warning', title: 'Melding', kind: 'text', width: 420, readOnly: true }],
  revenue: () => [...ESTIMATED(), computedCol('nominalTotal', 'Nominaal')],
};

/** Woningbouw and Niet-Woningbouw / Raming, one sub-tab. */
export function methodEstimateSheet(store: WorkbenchStore, kind: EntryKind, grid: MethodSection): SheetDef {
  const m = store.model!;
  const section = sectionOf(kind);
  const cols = gridColumns(store, kind, grid, METHOD_GRID_COLUMNS[grid]());
  const sheet = entrySheet(store, kind, `${kind}-${grid}`, cols, (e, r, c) => fieldCell(kind, m, e, r, c), undefined, undefined,
    grid === 'general' ? spareRow(store, kind, () => methodEstimateSheet(store, kind, grid)) : undefined);
  // A method's cells count only for the posts of that method: for the others they are inactive and refused,
  // or a value typed there would change the estimate, unannounced, once the method is switched (issue 35).
  const method = section.methods?.find((c) => c.grid === grid);
  const methodField = 'method' in section.estimate ? fieldOf(section, section.estimate.method) : undefined;
  if (!method || !methodField) return sheet;
  const list = entriesOf(m, kind);
  const labels = section.methods!;
  sheet.inactive = (row) => {
    const e = list[row];
    const own = e && String(methodField.get(e));
    if (!e || own === method.value) return null;
    return `Post '${e.label}' rekent met ${labelOf([...labels], own)}; de cellen van ${method.label} tellen niet voor deze post. Kies de berekeningswijze op Algemeen.`;
  };
  const base = sheet.toEdits;
  sheet.toEdits = (row, c, value) => {
    const why = sheet.inactive!(row);
    return why && !cols[c]?.readOnly && !cols[c]?.computed ? { error: why } : base(row, c, value);
  };
  return sheet;
}

/** Indexering: the entry's future index set and its own rate per period (overrides). */
export function indexingSheet(store: WorkbenchStore, kind: EntryKind): SheetDef {
  const m = store.model!;
  const cols = gridColumns(store, kind, 'indexing', periodCols(store, 'pct'));
  return entrySheet(store, kind, `${kind}-indexing`, cols, (e, r, c) => fieldCell(kind, m, e, r, c, e.indexing.indexing_items),
    (e, col, value) => [{ kind: 'entryItem', entry: kind, id: e.id, list: 'indexing', period: col.period!, value, valueType: 'Procentueel' }], 'indexing');
}

/** Fasering: category, method (Financeel/Procentueel), dates, and the phased value per period. */
export function phasingSheet(store: WorkbenchStore, kind: EntryKind): SheetDef {
  const m = store.model!;
  const list = entriesOf(m, kind);
  // The phases a post of the section may follow (a Niet-Woningbouw post need not keep the housing phase's dates; issue 35).
  const group = sectionOf(kind).phaseGroup;
  const phases = m.base_parameters.phasing_costs_revenues.filter((p) => group && p.phase_group === group);
  const pctRows = list.map((e) => e.phasing.phasing_method === 'percentage');
  const method = fieldOf(sectionOf(kind), 'phasing_method')!.title;
  const cols = gridColumns(store, kind, 'phasing', [
    ...periodCols(store, 'money', pctRows, `Wilt u in procenten faseren, kies dan bij ${method} 'Procentueel'.`),
    computedCol('totalPhased'),
    computedCol('residualToPhase'),
    // over- or under-phased: said on the row, as the Overzicht and the top strip add it up (issue 35.1)
    computedCol('gapMark', 'Let op', 'text', 300),
    ...(phases.length ? [{ key: 'phase', title: 'Fase', kind: 'select', width: 160, options: phases.map((p) => ({ value: p.phase_name, label: p.phase_name })) } satisfies Col] : []),
  ]);
  const sheet = entrySheet(store, kind, `${kind}-phasing`, cols, (e, r, c) => {
    if (c.key === 'phase') return phases.find((p) => p.phase_start_date === e.phasing.start_date && p.phase_end_date === e.phasing.end_date)?.phase_name ?? '';
    if (c.key === 'gapMark') return r ? gapMark(r) ?? '' : '';
    return fieldCell(kind, m, e, r, c, e.phasing.phasing_items);
  }, (e, col, value) => [{
    kind: 'entryItem', entry: kind, id: e.id, list: 'phasing', period: col.period!, value,
    valueType: e.phasing.phasing_method === 'percentage' ? 'Procentueel' : 'Financeel',
  }], 'phasing');
  const base = sheet.toEdits;
  sheet.toEdits = (row, c, value) => {
    const e = list[row];
    const col = cols[c];
    if (e && col?.key === 'phase') {
      // The phase's dates become the post's window, both in one step (a value outside it is refused by the engine).
      const phase = phases.find((p) => p.phase_name === optionValue(col.options!, value));
      if (!phase) return { error: choiceRefusal(col, value) };
      return [fieldEdit(kind, e.id, 'start_date', phase.phase_start_date), fieldEdit(kind, e.id, 'end_date', phase.phase_end_date)];
    }
    if (e && col?.key === 'phasing_method') {
      const v = optionValue(METHOD_OPTIONS, value);
      if (!v) return { error: choiceRefusal(col, value) };
      return phasingMethodEdits(kind, e, v as 'Financeel' | 'percentage');
    }
    return base(row, c, value);
  };
  return sheet;
}

/** The value type of an entry's book values (all items share it; Financeel when there are none). */
function bookType(e: AnyEntry, pref?: Map<string, ValueType>, kind?: EntryKind): ValueType {
  return e.bookvalue.bookvalue_items[0]?.value_type ?? pref?.get(`${kind}|${e.id}`) ?? 'Financeel';
}

/** Boekwaarde: Financeel/Procentueel per row and the booked value per period. */
export function bookValueSheet(store: WorkbenchStore, kind: EntryKind, pref: Map<string, ValueType>): SheetDef {
  const m = store.model!;
  const list = entriesOf(m, kind);
  const pctRows = list.map((e) => bookType(e, pref, kind) === 'Procentueel');
  const cols = gridColumns(store, kind, 'bookvalue', [
    { key: 'type', title: 'Soort', kind: 'select', width: 120, options: VALUE_TYPE_OPTIONS },
    ...periodCols(store, 'money', pctRows, 'Wilt u in procenten boeken, kies dan bij Soort \'Procentueel\'.'),
    computedCol('totalBooked'),
  ]);
  const sheet = entrySheet(store, kind, `${kind}-bookvalue`, cols, (e, r, c) => {
    if (c.key === 'type') return labelOf(VALUE_TYPE_OPTIONS, bookType(e, pref, kind)); // the word, not the code 'Financeel'
    return fieldCell(kind, m, e, r, c, e.bookvalue.bookvalue_items);
  }, (e, col, value) => [{ kind: 'entryItem', entry: kind, id: e.id, list: 'bookvalue', period: col.period!, value, valueType: bookType(e, pref, kind) }], 'bookvalue');
  const base = sheet.toEdits;
  sheet.toEdits = (row, c, value) => {
    const e = list[row];
    const period = cols[c]?.period;
    // A value typed after the NCW date is refused; clearing one (a model saved before) stays possible.
    const late = period && value != null && String(value).trim() !== '' && bookedAfterNcw(m, period);
    if (late) return { error: late };
    if (e && cols[c]?.key === 'type') {
      const v = optionValue(VALUE_TYPE_OPTIONS, value) as ValueType | null;
      if (!v) return { error: choiceRefusal(cols[c]!, value) };
      pref.set(`${kind}|${e.id}`, v);
      return e.bookvalue.bookvalue_items.map((it): Edit => ({ kind: 'entryItem', entry: kind, id: e.id, list: 'bookvalue', period: it.period, value: it.value, valueType: v }));
    }
    return base(row, c, value);
  };
  return sheet;
}
