// An xlsx package at the XML level (zipPackage.ts): its sheets, its workbook-level defined names and the cells
// of a sheet. The input writer (workbookInputs.ts) and the result reader (savedWorkbook.ts) work on the
// parts themselves instead of a round trip through exceljs, which loses charts and pivot tables
// (docs/stack.md). Only unprefixed SpreadsheetML is read (what Excel, LibreOffice and exceljs write).
import { colName } from './workbook.ts';
import { NotAZip, ZipPackage } from './zipPackage.ts';

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

export const decodeXml = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#(\d+);/g, (_, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&#x([0-9a-f]+);/gi, (_, h: string) => String.fromCodePoint(parseInt(h, 16)))
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
  for (const m of types.matchAll(/<Override\b([^>]*)\/?>/g)) {
    const ct = attr(m[1]!, 'ContentType');
    if (ct === MAIN_CONTENT_TYPE) workbookPath = attr(m[1]!, 'PartName')?.replace(/^\//, '');
  }
  if (!workbookPath) throw new NotAWorkbook('no spreadsheetml workbook part');
  const workbookXml = zip.text(workbookPath);
  if (!workbookXml || !/<workbook\b/.test(workbookXml) || !/<sheets\b/.test(workbookXml)) throw new NotAWorkbook('no workbook.xml');
  const dir = workbookPath.slice(0, workbookPath.lastIndexOf('/') + 1);
  const relsPath = `${dir}_rels/${workbookPath.slice(dir.length)}.rels`;
  const rels = new Map<string, string>();
  for (const m of (zip.text(relsPath) ?? '').matchAll(/<Relationship\b([^>]*)\/?>/g)) {
    const id = attr(m[1]!, 'Id');
    const target = attr(m[1]!, 'Target');
    if (id && target) rels.set(id, target.startsWith('/') ? target.slice(1) : `${dir}${target}`);
  }
  const sheets: SheetPart[] = [];
  for (const m of workbookXml.matchAll(/<sheet\b([^>]*)\/?>/g)) {
    const path = rels.get(attr(m[1]!, 'r:id') ?? '');
    const name = attr(m[1]!, 'name');
    if (path && name !== undefined && zip.has(path)) sheets.push({ name, path });
  }
  if (sheets.length === 0) throw new NotAWorkbook('no sheets');
  const names = new Map<string, CellRange>();
  for (const m of workbookXml.matchAll(/<definedName\b([^>]*)>([\s\S]*?)<\/definedName>/g)) {
    const name = attr(m[1]!, 'name');
    if (!name || attr(m[1]!, 'localSheetId') !== undefined) continue;
    const range = parseRangeRef(decodeXml(m[2]!));
    if (range && sheets.some((s) => s.name === range.sheet)) names.set(name.toLowerCase(), range);
  }
  return { zip, workbookPath, workbookXml, sheets, names };
}

/** A file that is no workbook, or a zip we cannot read (corrupt, zip64, encrypted: not an xlsx either). */
export const isNotAWorkbook = (e: unknown): boolean => e instanceof NotAWorkbook || e instanceof NotAZip;

export const sheetPath = (pkg: XlsxPackage, sheet: string) => pkg.sheets.find((s) => s.name === sheet)?.path;

/** The `<row>` elements of a sheet's `<sheetData>`: number (1-based) and text. */
export const ROW_PATTERN = /<row\b([^>]*?)(?:\/>|>([\s\S]*?)<\/row>)/g;
/** The `<c>` elements of a row: attributes and body. */
export const CELL_PATTERN = /<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g;

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
}

async function sharedStrings(pkg: XlsxPackage): Promise<string[]> {
  const dir = pkg.workbookPath.slice(0, pkg.workbookPath.lastIndexOf('/') + 1);
  const xml = pkg.zip.text(`${dir}sharedStrings.xml`) ?? '';
  return (xml.match(/<si>[\s\S]*?<\/si>/g) ?? []).map((si) => decodeXml((si.match(/<t\b[^>]*>[\s\S]*?<\/t>/g) ?? []).map((t) => t.replace(/<[^>]+>/g, '')).join('')));
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

/** Every cell of a sheet, keyed `row:col` (0-based). */
export async function readSheetCells(pkg: XlsxPackage, sheet: string, strings?: string[]): Promise<Map<string, SavedCell>> {
  const path = sheetPath(pkg, sheet);
  const xml = (path && pkg.zip.text(path)) ?? '';
  const shared = strings ?? (await sharedStrings(pkg));
  const masters = new Map<string, { formula: string; row: number; col: number }>();
  const cells = new Map<string, SavedCell>();
  // `r` is optional: a row or cell without it follows the previous one.
  let row = -1;
  const located: { attrs: string; body: string; at: { row: number; col: number } }[] = [];
  for (const rm of xml.matchAll(ROW_PATTERN)) {
    const r = attr(rm[1]!, 'r');
    row = r ? Number(r) - 1 : row + 1;
    let col = -1;
    for (const m of (rm[2] ?? '').matchAll(CELL_PATTERN)) {
      col = parseA1(attr(m[1]!, 'r') ?? '')?.col ?? col + 1;
      located.push({ attrs: m[1]!, body: m[2] ?? '', at: { row, col } });
    }
  }
  for (const { attrs, body, at } of located) {
    const t = attr(attrs, 't');
    const v = /<v>([\s\S]*?)<\/v>/.exec(body)?.[1];
    let value: SavedCell['value'] = null;
    if (t === 'inlineStr') value = decodeXml((/<t\b[^>]*>([\s\S]*?)<\/t>/.exec(body)?.[1] ?? '').replace(/<[^>]+>/g, ''));
    else if (v !== undefined) {
      if (t === 's') value = shared[Number(v)] ?? '';
      else if (t === 'str') value = decodeXml(v);
      else if (t === 'b') value = v === '1';
      else if (t === 'e') value = { error: decodeXml(v) };
      else value = Number(v);
    }
    const cell: SavedCell = { value };
    const f = /<f\b([^>]*?)(?:\/>|>([\s\S]*?)<\/f>)/.exec(body);
    if (f) {
      const text = decodeXml(f[2] ?? '');
      const si = attr(f[1]!, 'si');
      if (attr(f[1]!, 't') === 'shared' && si !== undefined) {
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
  const out = new Map<string, Map<string, SavedCell>>();
  for (const s of pkg.sheets) out.set(s.name, await readSheetCells(pkg, s.name, strings));
  return out;
}
