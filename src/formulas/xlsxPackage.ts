// An xlsx package at the XML level (zipPackage.ts): its sheets, its workbook-level defined names and the cells
// of a sheet. The input writer (workbookInputs.ts) and the result reader (savedWorkbook.ts) work on the
// parts themselves instead of a round trip through exceljs, which loses charts and pivot tables
// (docs/stack.md). Only unprefixed SpreadsheetML is read (what Excel, LibreOffice and exceljs write).
import { colName } from './workbookRefs.ts';
import { cellOutsideGridMessage, tooManyCellsMessage } from '../api/contract/messages.ts';
import { NotAZip, ZipPackage, ZipTooLarge } from './zipPackage.ts';
import { MalformedXml, type XmlElement, elements, firstElement, withoutTags } from './xmlScan.ts';

export interface SheetPart {
  name: string;
  /** Path of the sheet's XML in the package, e.g. `xl/worksheets/sheet1.xml`. */
  path: string;
}

/** A rectangular range on one sheet; rows and columns 0-based, inclusive. */
export interface CellRange {
  sheet: string;
  r1: number;
  c1: number;
  r2: number;
  c2: number;
}

export interface XlsxPackage {
  zip: ZipPackage;
  /** Path of the workbook part, e.g. `xl/workbook.xml`. */
  workbookPath: string;
  workbookXml: string;
  sheets: SheetPart[];
  /** Workbook-level defined names that are one plain range, keyed by the lower-cased name (Excel's names are case-insensitive). */
  names: Map<string, CellRange>;
}

/** A character XML allows (its Char production); a reference to anything else makes the document malformed. */
const isXmlChar = (n: number) =>
  n === 0x9 || n === 0xa || n === 0xd || (n >= 0x20 && n <= 0xd7ff) || (n >= 0xe000 && n <= 0xfffd) || (n >= 0x10000 && n <= 0x10ffff);

/** The character of a reference such as `&#99999999;`: MalformedXml (a 415, like any non-workbook) when XML does not allow it. */
function referenced(n: number): string {
  if (!isXmlChar(n)) throw new MalformedXml('character reference beyond XML');
  return String.fromCodePoint(n);
}

export const decodeXml = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#(\d+);/g, (_, d: string) => referenced(Number(d)))
    .replace(/&#x([0-9a-f]+);/gi, (_, h: string) => referenced(parseInt(h, 16)))
    .replace(/&amp;/g, '&');


export const attr = (attrs: string, name: string): string | undefined => {
  const v = new RegExp(`(?:^|\\s)${name}="([^"]*)"`).exec(attrs)?.[1];
  return v === undefined ? undefined : decodeXml(v);
};

/** Column letters → 0-based index (`A` → 0, `AA` → 26). */
export function colIndex(letters: string): number {
  let n = 0;
  for (const ch of letters.toUpperCase()) n = n * 26 + ch.charCodeAt(0) - 64;
  return n - 1;
}

const REF = /^(?:'((?:[^']|'')+)'|([^'!]+))!\$?([A-Za-z]{1,3})\$?(\d+)(?::\$?([A-Za-z]{1,3})\$?(\d+))?$/;

/** `Invoer!$C$5:$AQ$5` or `'Mijn blad'!$B$2` → a range; anything else (formulas, several areas, #REF!) → null. */
export function parseRangeRef(ref: string): CellRange | null {
  const m = REF.exec(ref.trim());
  if (!m) return null;
  const sheet = m[1] !== undefined ? m[1].replace(/''/g, "'") : m[2]!;
  const c1 = colIndex(m[3]!);
  const r1 = Number(m[4]) - 1;
  const c2 = m[5] ? colIndex(m[5]) : c1;
  const r2 = m[6] ? Number(m[6]) - 1 : r1;
  return { sheet, r1: Math.min(r1, r2), c1: Math.min(c1, c2), r2: Math.max(r1, r2), c2: Math.max(c1, c2) };
}

/** The main part's content type of an xlsx workbook (a macro-enabled .xlsm has another, and is not one). */
const MAIN_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml';

/** Why a file is not a workbook we can open, or null. */
class NotAWorkbook extends Error {}

/**
 * Open an xlsx: a zip whose `[Content_Types].xml` names a spreadsheetml workbook part, with its sheets
 * and relationships. Throws NotAWorkbook or NotAZip (see isNotAWorkbook) when the file is anything else.
 */
export async function openXlsx(bytes: Uint8Array): Promise<XlsxPackage> {
  // A zip starts with a local file header (PK\3\4); checking it first spares scanning other files for an end record.
  if (bytes.length < 4 || bytes[0] !== 0x50 || bytes[1] !== 0x4b || bytes[2] !== 0x03 || bytes[3] !== 0x04) throw new NotAWorkbook('no zip');
  const zip = ZipPackage.open(bytes);
  const types = zip.text('[Content_Types].xml') ?? '';
  let workbookPath: string | undefined;
  for (const o of elements(types, 'Override')) {
    if (attr(o.attrs, 'ContentType') === MAIN_CONTENT_TYPE) workbookPath = attr(o.attrs, 'PartName')?.replace(/^\//, '');
  }
  if (!workbookPath) throw new NotAWorkbook('no spreadsheetml workbook part');
  const workbookXml = zip.text(workbookPath);
  if (!workbookXml || !/<workbook\b/.test(workbookXml) || !/<sheets\b/.test(workbookXml)) throw new NotAWorkbook('no workbook.xml');
  const dir = workbookPath.slice(0, workbookPath.lastIndexOf('/') + 1);
  const relsPath = `${dir}_rels/${workbookPath.slice(dir.length)}.rels`;
  const rels = new Map<string, string>();
  for (const r of elements(zip.text(relsPath) ?? '', 'Relationship')) {
    const id = attr(r.attrs, 'Id');
    const target = attr(r.attrs, 'Target');
    if (id && target) rels.set(id, target.startsWith('/') ? target.slice(1) : `${dir}${target}`);
  }
  const sheets: SheetPart[] = [];
  for (const sheet of elements(workbookXml, 'sheet')) {
    const path = rels.get(attr(sheet.attrs, 'r:id') ?? '');
    const name = attr(sheet.attrs, 'name');
    if (path && name !== undefined && zip.has(path)) sheets.push({ name, path });
  }
  if (sheets.length === 0) throw new NotAWorkbook('no sheets');
  const names = new Map<string, CellRange>();
  for (const d of elements(workbookXml, 'definedName')) {
    const name = attr(d.attrs, 'name');
    if (!name || attr(d.attrs, 'localSheetId') !== undefined) continue;
    const range = parseRangeRef(decodeXml(d.body));
    if (range && sheets.some((s) => s.name === range.sheet)) names.set(name.toLowerCase(), range);
  }
  return { zip, workbookPath, workbookXml, sheets, names };
}

/**
 * A file that is no workbook, a zip we cannot read (corrupt, zip64, encrypted, unpacking beyond the caps:
 * not an xlsx either), or a part that is not well-formed XML.
 */
export const isNotAWorkbook = (e: unknown): boolean => e instanceof NotAWorkbook || e instanceof NotAZip || e instanceof MalformedXml;

/** Why a file is no workbook the server reads: it unpacks beyond the caps (413), or it is no xlsx at all. */
export type XlsxProblem = 'too-large' | 'not-xlsx';

/**
 * The opened workbook, or why `data` is none: a zip (its signature) within the unpacked size caps (refused
 * on the sizes it declares, before inflating), whose `[Content_Types].xml` declares the spreadsheetml main
 * part, and whose workbook part opens with its sheets (openXlsx). Only those parts are inflated.
 */
export async function openedOrProblem(data: Uint8Array): Promise<XlsxPackage | XlsxProblem> {
  try {
    return await openXlsx(data);
  } catch (e) {
    if (e instanceof ZipTooLarge) return 'too-large';
    if (isNotAWorkbook(e)) return 'not-xlsx';
    throw e;
  }
}

export const sheetPath = (pkg: XlsxPackage, sheet: string) => pkg.sheets.find((s) => s.name === sheet)?.path;

/** A sheet's `<sheetData>` element (MalformedXml when it has none: a worksheet always has one). */
export function sheetData(xml: string): XmlElement {
  const data = firstElement(xml, 'sheetData');
  if (!data) throw new MalformedXml('sheet without sheetData');
  return data;
}

/** The sheet's XML with the content of its `<sheetData>` replaced by `body`. */
export const withSheetData = (xml: string, data: XmlElement, body: string) =>
  data.selfClosing
    ? `${xml.slice(0, data.start)}<sheetData>${body}</sheetData>${xml.slice(data.end)}`
    : `${xml.slice(0, data.tagEnd)}${body}${xml.slice(data.tagEnd + data.body.length)}`;

/** `C5` → { row: 4, col: 2 }. */
export function parseA1(ref: string): { row: number; col: number } | null {
  const m = /^([A-Z]{1,3})(\d+)$/.exec(ref);
  return m ? { col: colIndex(m[1]!), row: Number(m[2]) - 1 } : null;
}

/** A cell as saved: its value (what Excel computed, for a formula cell; null: none saved) and its formula. */
export interface SavedCell {
  value: number | string | boolean | { error: string } | null;
  /** Formula text without `=` (a shared formula's text shifted to this cell). */
  formula?: string;
  /** Its number format shows a date: a number in it is a date serial (dateSerialOffset for the 1904 system). */
  date?: true;
}

/** Days to add to a serial of this workbook to count from 1900: a workbook on the 1904 date system (old Mac Excel) counts 1462 days fewer. */
export const dateSerialOffset = (pkg: XlsxPackage): number => (/<workbookPr\b[^>]*\bdate1904="(?:1|true)"/.test(pkg.workbookXml) ? 1462 : 0);

/** The path of the workbook's stylesheet (its relationship's target, else the usual place). */
export function stylesPath(pkg: XlsxPackage): string {
  const dir = pkg.workbookPath.slice(0, pkg.workbookPath.lastIndexOf('/') + 1);
  const relPath = `${dir}_rels/${pkg.workbookPath.slice(dir.length)}.rels`;
  const target = [...elements(pkg.zip.text(relPath) ?? '', 'Relationship')].find((r) => /\/styles$/.test(attr(r.attrs, 'Type') ?? ''));
  return target ? `${dir}${attr(target.attrs, 'Target')}`.replace(/^\/+/, '') : `${dir}styles.xml`;
}

/** Built-in number formats that show a date (ECMA-376 §18.8.30: 14–17, 22, and the East Asian 27–36, 50–58). */
const BUILT_IN_DATE_FORMATS = new Set([14, 15, 16, 17, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 50, 51, 52, 53, 54, 55, 56, 57, 58]);

/** A format code that shows a day or a year (outside quoted text, escapes and [colour/locale] parts). */
const isDateFormatCode = (code: string) => /[dy]/i.test(code.replace(/"[^"]*"|\\.|\[[^\]]*\]|_.|\*./g, ''));

/** The cell styles (indexes into cellXfs, a cell's `s`) whose number format shows a date. */
function dateStyles(pkg: XlsxPackage): Set<number> {
  const xml = pkg.zip.text(stylesPath(pkg)) ?? '';
  const custom = new Map<number, string>();
  const numFmts = firstElement(xml, 'numFmts');
  if (numFmts) for (const f of elements(numFmts.body, 'numFmt')) custom.set(Number(attr(f.attrs, 'numFmtId')), attr(f.attrs, 'formatCode') ?? '');
  const out = new Set<number>();
  const cellXfs = firstElement(xml, 'cellXfs');
  if (!cellXfs) return out;
  let i = 0;
  for (const xf of elements(cellXfs.body, 'xf')) {
    const id = Number(attr(xf.attrs, 'numFmtId') ?? 0);
    const code = custom.get(id);
    if (code !== undefined ? isDateFormatCode(code) : BUILT_IN_DATE_FORMATS.has(id)) out.add(i);
    i++;
  }
  return out;
}

async function sharedStrings(pkg: XlsxPackage): Promise<string[]> {
  const dir = pkg.workbookPath.slice(0, pkg.workbookPath.lastIndexOf('/') + 1);
  const xml = pkg.zip.text(`${dir}sharedStrings.xml`) ?? '';
  return [...elements(xml, 'si')].map((si) => decodeXml([...elements(si.body, 't')].map((t) => withoutTags(t.body)).join('')));
}

/**
 * A formula moved by (dRow, dCol): its relative references shift, `$` parts stay (how Excel expands a
 * shared formula to the cells that share it). Text in quotes is left alone.
 */
export function shiftFormula(formula: string, dRow: number, dCol: number): string {
  if (dRow === 0 && dCol === 0) return formula;
  return formula
    .split(/("(?:[^"]|"")*")/)
    .map((part, i) =>
      i % 2 === 1
        ? part
        : part.replace(/(?<![A-Za-z0-9_.])(\$?)([A-Z]{1,3})(\$?)(\d+)(?![0-9A-Za-z_(!])/g, (_, dc: string, col: string, dr: string, row: string) => {
            const c = dc ? col : colName(colIndex(col) + dCol);
            const r = dr ? row : String(Number(row) + dRow);
            return `${dc}${c}${dr}${r}`;
          }),
    )
    .join('');
}

/** Excel's grid: columns A…XFD, rows 1…1,048,576. A cell beyond it is no cell Excel could have saved. */
export const EXCEL_ROWS = 1_048_576;
export const EXCEL_COLUMNS = 16_384;

/**
 * The most cells the results reader takes from one workbook: 7 times the bench's large model (28,600
 * cells, 0.36 MB), far below what 100 MB unpacked could declare (8 million `<c r="A1"/>`, GBs as objects).
 */
export const MAX_WORKBOOK_CELLS = 200_000;

/** A sheet with a cell beyond Excel's grid or beyond MAX_WORKBOOK_CELLS; the message is Dutch and names the sheet. */
export class SheetBeyondBounds extends Error {}

/**
 * Every cell of a sheet, keyed `row:col` (0-based). Refused (SheetBeyondBounds) as soon as a cell lies
 * beyond Excel's grid or the sheet has more than `maxCells`, before the rest is read.
 */
export async function readSheetCells(
  pkg: XlsxPackage, sheet: string, strings?: string[], dates?: Set<number>, maxCells = MAX_WORKBOOK_CELLS,
): Promise<Map<string, SavedCell>> {
  const path = sheetPath(pkg, sheet);
  const xml = (path && pkg.zip.text(path)) ?? '';
  const shared = strings ?? (await sharedStrings(pkg));
  const dateStyled = dates ?? dateStyles(pkg);
  const masters = new Map<string, { formula: string; row: number; col: number }>();
  const cells = new Map<string, SavedCell>();
  // `r` is optional: a row or cell without it follows the previous one.
  let row = -1;
  const located: { attrs: string; body: string; at: { row: number; col: number } }[] = [];
  for (const rm of elements(xml, 'row')) {
    const r = attr(rm.attrs, 'r');
    row = r ? Number(r) - 1 : row + 1;
    let col = -1;
    for (const m of elements(rm.body, 'c')) {
      col = parseA1(attr(m.attrs, 'r') ?? '')?.col ?? col + 1;
      if (!(Number.isInteger(row) && row >= 0 && row < EXCEL_ROWS && col < EXCEL_COLUMNS)) throw new SheetBeyondBounds(cellOutsideGridMessage(sheet));
      if (located.length >= maxCells) throw new SheetBeyondBounds(tooManyCellsMessage(sheet, MAX_WORKBOOK_CELLS));
      located.push({ attrs: m.attrs, body: m.body, at: { row, col } });
    }
  }
  for (const { attrs, body, at } of located) {
    const t = attr(attrs, 't');
    const ve = firstElement(body, 'v');
    const v = ve && !ve.selfClosing ? ve.body : undefined;
    let value: SavedCell['value'] = null;
    if (t === 'inlineStr') value = decodeXml(withoutTags(firstElement(body, 't')?.body ?? ''));
    else if (v !== undefined) {
      if (t === 's') value = shared[Number(v)] ?? '';
      else if (t === 'str') value = decodeXml(v);
      else if (t === 'b') value = v === '1';
      else if (t === 'e') value = { error: decodeXml(v) };
      else value = Number(v);
    }
    const cell: SavedCell = { value };
    const s = attr(attrs, 's');
    if (s !== undefined && dateStyled.has(Number(s))) cell.date = true;
    const f = firstElement(body, 'f');
    if (f) {
      const text = decodeXml(f.body);
      const si = attr(f.attrs, 'si');
      if (attr(f.attrs, 't') === 'shared' && si !== undefined) {
        const master = masters.get(si);
        if (text) masters.set(si, { formula: text, row: at.row, col: at.col });
        cell.formula = text || (master ? shiftFormula(master.formula, at.row - master.row, at.col - master.col) : undefined);
      } else if (text) cell.formula = text;
    }
    cells.set(`${at.row}:${at.col}`, cell);
  }
  return cells;
}

export async function readAllSheetCells(pkg: XlsxPackage): Promise<Map<string, Map<string, SavedCell>>> {
  const strings = await sharedStrings(pkg);
  const dates = dateStyles(pkg);
  const out = new Map<string, Map<string, SavedCell>>();
  let cells = 0;
  for (const s of pkg.sheets) {
    const sheet = await readSheetCells(pkg, s.name, strings, dates, MAX_WORKBOOK_CELLS - cells);
    cells += sheet.size;
    out.set(s.name, sheet);
  }
  return out;
}
