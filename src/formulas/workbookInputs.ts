// What the open-model job writes into a spreadsheet model before it is opened: the global parameters
// and the version's space usage, into the workbook's named input cells (the shipped template has them
// on its `Invoer` sheet; the names are listed in docs/spreadsheet-models.md).
//
// Works on the package's XML (xlsxPackage.ts): only the named cells change, every other part keeps its
// content. Because the inputs change, the results Excel saved no longer hold: the cached values of all
// formula cells are removed and the workbook asks for a full recalculation on load, so Excel and also
// LibreOffice with its default settings (which does not recalculate an xlsx on load, but does compute a
// formula cell that has no value) show the numbers of the new inputs.
import type { ParameterRow } from '../api/contract/parameters.ts';
import { isDateParameter } from '../model/globalParameters.ts';
import { SPACE_USAGE_LOCATIONS, type SpaceUsageLocation } from '../model/modelData.ts';
import { toSerial } from './dates.ts';
import {
  type CellRange, attr, colIndex, dateSerialOffset, decodeXml, openXlsx, parseA1, sheetData, sheetPath, shiftFormula, withSheetData, type XlsxPackage,
} from './xlsxPackage.ts';
import { type XmlElement, elements, firstElement, replaceElements, splice, startTag, startsWithElement } from './xmlScan.ts';
import { colName } from './workbookRefs.ts';
import { escapeXml } from '../lib/xml.ts';

export interface WorkbookInputs {
  /** The global parameters that apply to the model (the latest value per parameter key). */
  parameters: ParameterRow[];
  /** m² per space-usage location from the version's feature areas; null: leave the cells as they are. */
  spaceUsage: Partial<Record<SpaceUsageLocation, number>> | null;
}

export interface WrittenWorkbook {
  xlsx: Uint8Array;
  /** What was written, as keys like `Kostenstijging Per03`, `HistorischeIndexGebruiker 2015`, `Ruimtegebruik_public_space_green`. */
  written: string[];
  /** What the workbook has no cell for (no defined name, or outside the named range), same keys. */
  skipped: string[];
}

/** The defined name of a location's m² cell. */
export const spaceUsageName = (loc: SpaceUsageLocation) => `Ruimtegebruik_${loc}`;

/** First year of the HistorischeIndexGebruiker table (its first column). */
export const HISTORIC_INDEX_FIRST_YEAR = 2000;

/**
 * Position of a value in its parameter's table: the column (period: Uitgangspunt 0, PerNN NN; year:
 * year − 2000) and the row (row_index).
 */
function tablePosition(r: ParameterRow): { row: number; col: number } | null {
  const row = r.row_index ?? 0;
  if (r.parameter_type === 'HistorischeIndexGebruiker') return r.year == null ? null : { row, col: r.year - HISTORIC_INDEX_FIRST_YEAR };
  const p = r.period_type;
  return { row, col: !p || p === 'Uitgangspunt' ? 0 : Number(p.slice(3)) };
}

export function parameterKey(r: ParameterRow): string {
  const at = r.parameter_type === 'HistorischeIndexGebruiker' ? ` ${r.year ?? '?'}` : r.period_type && r.period_type !== 'Uitgangspunt' ? ` ${r.period_type}` : '';
  return `${r.parameter_type}${at}${r.row_index ? ` rij ${r.row_index}` : ''}`;
}

/**
 * The cell of a table position in a named range. A range of one row (or one column) is the table's
 * row 0 laid out along its length; a larger range has the rows downwards and the columns across.
 */
function cellIn(range: CellRange, pos: { row: number; col: number }): { row: number; col: number } | null {
  const height = range.r2 - range.r1 + 1;
  const width = range.c2 - range.c1 + 1;
  if (pos.row < 0 || pos.col < 0) return null;
  if (height === 1 || width === 1) {
    if (pos.row !== 0 || pos.col >= height * width) return null;
    return height === 1 ? { row: range.r1, col: range.c1 + pos.col } : { row: range.r1 + pos.col, col: range.c1 };
  }
  if (pos.row >= height || pos.col >= width) return null;
  return { row: range.r1 + pos.row, col: range.c1 + pos.col };
}

/** Write the inputs into the workbook's named cells; see the file comment. */
export async function writeWorkbookInputs(xlsx: Uint8Array, inputs: WorkbookInputs): Promise<WrittenWorkbook> {
  const pkg = await openXlsx(xlsx);
  const written: string[] = [];
  const skipped: string[] = [];
  /** sheet path → row (0-based) → column (0-based) → value. */
  const writes = new Map<string, Map<number, Map<number, number>>>();
  /** sheet path → `row:col` of a written cell → `row:col` of the first cell of its named range. */
  const firstCells = new Map<string, Map<string, string>>();
  const put = (key: string, range: CellRange | undefined, pos: { row: number; col: number } | null, value: number) => {
    const cell = range && pos ? cellIn(range, pos) : null;
    const path = range && sheetPath(pkg, range.sheet);
    if (!cell || !path) {
      skipped.push(key);
      return;
    }
    const sheet = writes.get(path) ?? new Map<number, Map<number, number>>();
    writes.set(path, sheet);
    const row = sheet.get(cell.row) ?? new Map<number, number>();
    sheet.set(cell.row, row);
    row.set(cell.col, value);
    if (!firstCells.has(path)) firstCells.set(path, new Map());
    firstCells.get(path)!.set(`${cell.row}:${cell.col}`, `${range.r1}:${range.c1}`);
    written.push(key);
  };
  // A workbook on the 1904 date system (old Mac Excel) counts its serials 1462 days later.
  const dateOffset = dateSerialOffset(pkg);
  for (const r of inputs.parameters) {
    const key = parameterKey(r);
    const range = pkg.names.get(r.parameter_type.toLowerCase());
    if (isDateParameter(r.parameter_type)) {
      if (r.value_date) put(key, range, { row: 0, col: 0 }, toSerial(r.value_date) - dateOffset);
      else skipped.push(key);
    } else if (r.value_float != null) put(key, range, tablePosition(r), r.value_float);
    else skipped.push(key);
  }
  if (inputs.spaceUsage) {
    for (const loc of SPACE_USAGE_LOCATIONS) {
      const name = spaceUsageName(loc);
      put(name, pkg.names.get(name.toLowerCase()), { row: 0, col: 0 }, inputs.spaceUsage[loc] ?? 0);
    }
  }
  for (const s of pkg.sheets) {
    const xml = pkg.zip.text(s.path)!;
    const filled = withoutCachedResults(setCells(xml, writes.get(s.path), firstCells.get(s.path)));
    // An unchanged sheet keeps its compressed bytes (no deflate).
    if (filled !== xml) pkg.zip.write(s.path, filled);
  }
  forgetCalcChain(pkg);
  pkg.zip.write(pkg.workbookPath, withFullCalcOnLoad(pkg.workbookXml));
  const out = pkg.zip.toBytes();
  return { xlsx: out, written, skipped };
}

const cellXml = (ref: string, keep: string, value: number) => `<c r="${ref}"${keep}><v>${String(value)}</v></c>`;
/** The style of an existing cell is kept; its type, formula and metadata go (it now holds a number). */
const styleAttr = (attrs: string) => {
  const s = attr(attrs, 's');
  return s === undefined ? '' : ` s="${s}"`;
};

/**
 * The style of each column that has one (`<cols><col min max style>`, 1-based), by 0-based column.
 */
function columnStyles(xml: string): (col: number) => string | undefined {
  const cols = firstElement(xml, 'cols');
  const ranges = cols
    ? [...elements(cols.body, 'col')].flatMap((c) => {
      const style = attr(c.attrs, 'style');
      return style === undefined || style === '0' ? [] : [{ min: Number(attr(c.attrs, 'min')) - 1, max: Number(attr(c.attrs, 'max')) - 1, style }];
    })
    : [];
  return (col) => ranges.find((r) => col >= r.min && col <= r.max)?.style;
}

/** The `s` attribute (with its space) a cell the writer adds gets, from its row's attributes, row and column. */
type NewCellStyle = (rowAttrs: string, row: number, col: number) => string;

/**
 * A cell the sheet does not list shows in its row's format (a row with `customFormat`), else its column's;
 * Excel gives a value typed there that format, and so does the writer: a period rate in a row formatted as
 * percentages shows 4,50 %, not 0,045. Where neither has one, the cell takes the style of its named range's
 * first cell (the cells of one named input hold one kind of value): the shipped template stored before
 * 2026-11-26 left its empty period cells without a format, beside a formatted Uitgangspunt.
 */
function newCellStyles(xml: string, existing: { r: number; row: XmlElement }[], firstCells: Map<string, string> | undefined): NewCellStyle {
  const colStyle = columnStyles(xml);
  const wanted = new Set(firstCells?.values());
  const firstStyle = new Map<string, string>();
  const rowsWanted = new Set([...wanted].map((k) => Number(k.split(':')[0])));
  for (const { r, row } of existing) {
    if (!rowsWanted.has(r)) continue;
    let c = -1;
    for (const cm of elements(row.body, 'c')) {
      const given = attr(cm.attrs, 'r');
      c = given ? colIndex(/^[A-Z]+/.exec(given)?.[0] ?? 'A') : c + 1;
      const s = attr(cm.attrs, 's');
      if (s !== undefined && wanted.has(`${r}:${c}`)) firstStyle.set(`${r}:${c}`, s);
    }
  }
  return (rowAttrs, row, col) => {
    const custom = attr(rowAttrs, 'customFormat');
    const style = (custom === '1' || custom === 'true' ? attr(rowAttrs, 's') : undefined)
      ?? colStyle(col)
      ?? firstStyle.get(firstCells?.get(`${row}:${col}`) ?? '');
    return style === undefined || style === '0' ? '' : ` s="${style}"`;
  };
}

/** Set number cells in a sheet's XML; rows and cells that do not exist are added in their sorted place. */
function setCells(xml: string, rows: Map<number, Map<number, number>> | undefined, firstCells: Map<string, string> | undefined): string {
  if (!rows || rows.size === 0) return xml;
  const masters: SharedMaster[] = [];
  const data = sheetData(xml);
  const body = data.body;
  const existing: { r: number; row: XmlElement }[] = [];
  // `r` is optional in SpreadsheetML: a row without it follows the previous one (the same for cells).
  for (const row of elements(body, 'row')) existing.push({ r: Number(attr(row.attrs, 'r') ?? (existing.at(-1)?.r ?? -1) + 2) - 1, row });
  const styleOf = newCellStyles(xml, existing, firstCells);
  const pending = new Map(rows);
  const out: string[] = [];
  const addNew = (upTo: number) => {
    for (const r of [...pending.keys()].sort((a, b) => a - b)) {
      if (r >= upTo) break;
      out.push(`<row r="${r + 1}">${[...pending.get(r)!].sort(([a], [b]) => a - b).map(([c, v]) => cellXml(`${colName(c)}${r + 1}`, styleOf('', r, c), v)).join('')}</row>`);
      pending.delete(r);
    }
  };
  for (const { r, row } of existing) {
    addNew(r);
    const cells = pending.get(r);
    pending.delete(r);
    out.push(cells ? setRowCells(row, r, cells, masters, styleOf) : body.slice(row.start, row.end));
  }
  addNew(Infinity);
  const result = withSheetData(xml, data, out.join(''));
  return masters.length ? withSharedFormulasExpanded(result, masters) : result;
}

/** A shared formula whose first cell (the one holding its text) was overwritten by an input. */
interface SharedMaster {
  si: string;
  formula: string;
  row: number;
  col: number;
}

/**
 * The cells that shared an overwritten formula get it written out, shifted to their place (as Excel
 * expands it), so that they keep computing what they did.
 */
function withSharedFormulasExpanded(xml: string, masters: SharedMaster[]): string {
  const bySi = new Map(masters.map((m) => [m.si, m]));
  return replaceElements(xml, 'c', (cell) => {
    const f = firstElement(cell.body, 'f');
    const master = f && f.body === '' && attr(f.attrs, 't') === 'shared' ? bySi.get(attr(f.attrs, 'si') ?? '') : undefined;
    const at = master ? parseA1(attr(cell.attrs, 'r') ?? '') : null;
    if (!master || !at || !f) return undefined;
    const formula = escapeXml(shiftFormula(master.formula, at.row - master.row, at.col - master.col));
    return `<c${cell.attrs}>${splice(cell.body, f.start, f.end, `<f>${formula}</f>`)}</c>`;
  });
}

function setRowCells(row: XmlElement, r: number, cells: Map<number, number>, masters: SharedMaster[], styleOf: NewCellStyle): string {
  // `spans` is an optional hint of the row's columns; a new cell may fall outside it.
  const rowAttrs = row.attrs.replace(/\sspans="[^"]*"/, '');
  const inner = row.body;
  const pending = new Map(cells);
  const out: string[] = [];
  const addNew = (upTo: number) => {
    for (const c of [...pending.keys()].sort((a, b) => a - b)) {
      if (c >= upTo) break;
      out.push(cellXml(`${colName(c)}${r + 1}`, styleOf(row.attrs, r, c), pending.get(c)!));
      pending.delete(c);
    }
  };
  let last = 0;
  let prevCol = -1;
  for (const cm of elements(inner, 'c')) {
    out.push(inner.slice(last, cm.start));
    last = cm.end;
    const given = attr(cm.attrs, 'r');
    const c = given ? colIndex(/^[A-Z]+/.exec(given)?.[0] ?? 'A') : prevCol + 1;
    prevCol = c;
    const ref = given ?? `${colName(c)}${r + 1}`;
    addNew(c);
    const v = pending.get(c);
    if (v === undefined) out.push(inner.slice(cm.start, cm.end));
    else {
      const f = firstElement(cm.body, 'f');
      const si = f && f.body !== '' && attr(f.attrs, 't') === 'shared' ? attr(f.attrs, 'si') : undefined;
      if (f && si !== undefined) masters.push({ si, formula: decodeXml(f.body), row: r, col: c });
      out.push(cellXml(ref, styleAttr(cm.attrs), v));
      pending.delete(c);
    }
  }
  out.push(inner.slice(last));
  addNew(Infinity);
  return `<row${rowAttrs}>${out.join('')}</row>`;
}

/** Formula cells (CT_Cell's sequence puts `<f>` first) without their cached result (and its type), so every reader computes them. */
export function withoutCachedResults(xml: string): string {
  return replaceElements(xml, 'c', (cell) => {
    if (!startsWithElement(cell.body, 'f')) return undefined;
    const v = firstElement(cell.body, 'v');
    const body = v ? splice(cell.body, v.start, v.end, '') : cell.body;
    return `<c${cell.attrs.replace(/\st="[^"]*"/, '')}>${body}</c>`;
  });
}

/** `<calcPr fullCalcOnLoad="1"/>`: Excel recalculates everything when it opens the file. */
export function withFullCalcOnLoad(xml: string): string {
  const calc = startTag(xml, 'calcPr');
  if (calc) {
    const attrs = calc.attrs.replace(/\sfullCalcOnLoad="[^"]*"/, '');
    return splice(xml, calc.start, calc.tagEnd, `<calcPr${attrs} fullCalcOnLoad="1"${calc.selfClosing ? '/' : ''}>`);
  }
  // calcPr comes after definedNames and before the elements that may follow it (CT_Workbook's sequence).
  const next = /<(?:oleSize|customWorkbookViews|pivotCaches|smartTagPr|smartTagTypes|webPublishing|fileRecoveryPr|webPublishObjects|extLst)\b|<\/workbook>/.exec(xml);
  return next ? `${xml.slice(0, next.index)}<calcPr fullCalcOnLoad="1"/>${xml.slice(next.index)}` : xml;
}

/**
 * The calculation chain lists the formula cells in Excel's last order; a named cell that held a
 * formula now holds a value, which Excel reports as a damaged file. It is optional: Excel rebuilds it.
 */
export function forgetCalcChain(pkg: XlsxPackage): void {
  const chain = pkg.zip.names().find((f) => /(^|\/)calcChain\.xml$/.test(f));
  if (!chain) return;
  pkg.zip.remove(chain);
  const types = pkg.zip.text('[Content_Types].xml')!;
  const naming = (e: XmlElement) => (/calcChain\.xml"/.test(e.attrs) ? '' : undefined);
  pkg.zip.write('[Content_Types].xml', replaceElements(types, 'Override', naming));
  for (const rels of pkg.zip.names().filter((f) => f.endsWith('.rels'))) {
    const text = pkg.zip.text(rels)!;
    if (text.includes('calcChain')) pkg.zip.write(rels, replaceElements(text, 'Relationship', naming));
  }
}
