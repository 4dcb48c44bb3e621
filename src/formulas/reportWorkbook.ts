// A spreadsheet report: a report template (an ordinary xlsx) with its two data sheets filled with the
// report's rows (src/api/contract/reportData.ts). The template's own sheets refer to the data with
// ordinary formulas; docs/reports.md describes the contract for whoever builds a template in Excel.
//
// Works on the package's XML (xlsxPackage.ts), like the input writer (workbookInputs.ts): only the data
// sheets' cells, the data names and the workbook's calculation flag change; charts, pivot tables, styles
// and the other sheets keep their parts. Because the data change, every cached formula result (and
// every chart's cached points) is dropped and the workbook asks for a full recalculation on load, so
// Excel and LibreOffice show the numbers of this report.
import {
  type ReportModelRow, type ReportPeriodRow, type ReportSheetsData, type ReportVarianceRow, reportModelColumns, reportPeriodColumns,
  reportVarianceColumns,
} from '../api/contract/reportData.ts';
import { localDateAndSeconds } from '../lib/format.ts';
import { escapeXml } from '../lib/xml.ts';
import { toSerial } from './dates.ts';
import { colName } from './workbookRefs.ts';
import { forgetCalcChain, withFullCalcOnLoad, withoutCachedResults } from './workbookInputs.ts';
import {
  attr, decodeXml, openXlsx, parseA1, parseRangeRef, sheetPath, stylesPath, withSheetData, type CellRange, type XlsxPackage,
} from './xlsxPackage.ts';
import { elements, firstElement, replaceElements, splice, startTag } from './xmlScan.ts';

/** The two data sheets every report template has; the filler replaces their cells. */
export const REPORT_SHEETS = { models: 'Rekenmodellen', periods: 'Perioden' } as const;
/** A data sheet a template may have (issue 37.5); the filler fills it when it is there. */
export const OPTIONAL_REPORT_SHEETS = { variance: 'Verschillen' } as const;

/** The data sheets: their name and the contract's columns (header row = these keys, in this order). */
const DATA_SHEETS = [
  { sheet: REPORT_SHEETS.models, columns: () => reportModelColumns() as readonly string[], rows: (d: ReportSheetsData) => d.rekenmodellen as readonly Row[] },
  { sheet: REPORT_SHEETS.periods, columns: () => reportPeriodColumns() as readonly string[], rows: (d: ReportSheetsData) => d.perioden as readonly Row[] },
  { sheet: OPTIONAL_REPORT_SHEETS.variance, columns: () => reportVarianceColumns() as readonly string[], rows: (d: ReportSheetsData) => (d.verschillen ?? []) as readonly Row[] },
] as const;

type Row = ReportModelRow | ReportPeriodRow | ReportVarianceRow;

/** Columns written as Excel dates (yyyy-mm-dd) and as a date with time (laatst_gewijzigd). */
const DATE_COLUMNS = new Set<string>(['startdatum', 'einddatum', 'ncw_datum', 'vergelijking_vastgesteld_op']);
const DATETIME_COLUMNS = new Set<string>(['laatst_gewijzigd']);

/**
 * The workbook-level name of a data column, e.g. `Rekenmodellen_ew` → `Rekenmodellen!$Q$2:$Q$4`: the
 * filler (re)writes one per column, spanning exactly the data rows (row 2 alone when there are none),
 * so a template's `INDEX(Rekenmodellen_ew; 1)` or `SUMIFS(Perioden_saldo; Perioden_rekenmodel_id; …)`
 * always covers the report's rows.
 */
export const dataName = (sheet: string, column: string) => `${sheet}_${column}`;

/** A template that lacks a data sheet (the upload check and the job refuse it). */
export class ReportTemplateError extends Error {}

/** The data sheets a workbook lacks (empty: it can be a report template). */
export function missingReportSheets(pkg: XlsxPackage): string[] {
  return Object.values(REPORT_SHEETS).filter((s) => !sheetPath(pkg, s));
}

/** The optional data sheets a template has: the report computes their rows only then. */
export function optionalReportSheets(pkg: XlsxPackage): string[] {
  return Object.values(OPTIONAL_REPORT_SHEETS).filter((s) => sheetPath(pkg, s));
}

export const missingSheetsMessage = (missing: string[]) =>
  missing.length === 1
    ? `Het sjabloon heeft geen blad '${missing[0]}'.`
    : `Het sjabloon heeft geen bladen ${missing.map((s) => `'${s}'`).join(' en ')}.`;

/**
 * The template filled with the report's data; see the file comment. Throws ReportTemplateError when a
 * data sheet is missing, and openXlsx's error when the file is no workbook (isNotAWorkbook).
 */
export async function fillReportWorkbook(template: Uint8Array, data: ReportSheetsData): Promise<Uint8Array> {
  const pkg = await openXlsx(template);
  const missing = missingReportSheets(pkg);
  if (missing.length) throw new ReportTemplateError(missingSheetsMessage(missing));
  const styles = dateStyles(pkg);
  const names: Record<string, string> = {};
  const dataPaths = new Set<string>();
  for (const d of DATA_SHEETS) {
    const path = sheetPath(pkg, d.sheet);
    if (!path) continue; // an optional sheet the template does not have
    dataPaths.add(path);
    const rows = d.rows(data);
    const columns = d.columns();
    pkg.zip.write(path, dataSheetXml(pkg.zip.text(path)!, columns, rows, styles));
    const last = Math.max(rows.length, 1) + 1;
    columns.forEach((c, i) => {
      names[dataName(d.sheet, c)] = `${quoteSheet(d.sheet)}!$${colName(i)}$2:$${colName(i)}$${last}`;
    });
    refreshPivotCaches(pkg, d.sheet, `A1:${colName(columns.length - 1)}${rows.length + 1}`);
  }
  for (const s of pkg.sheets) {
    if (dataPaths.has(s.path)) continue;
    const xml = pkg.zip.text(s.path)!;
    const fresh = withoutCachedResults(xml);
    if (fresh !== xml) pkg.zip.write(s.path, fresh);
  }
  for (const chart of pkg.zip.names().filter((n) => /(^|\/)charts\/chart[^/]*\.xml$/.test(n))) {
    const xml = pkg.zip.text(chart)!;
    const fresh = withoutChartCaches(xml);
    if (fresh !== xml) pkg.zip.write(chart, fresh);
  }
  hideUnusedModelBlocks(pkg, data.rekenmodellen.length);
  forgetCalcChain(pkg);
  pkg.zip.write(pkg.workbookPath, withFullCalcOnLoad(withDefinedNames(pkg.workbookXml, names)));
  return pkg.zip.toBytes();
}

const quoteSheet = (s: string) => (/^[A-Za-z_][A-Za-z0-9_.]*$/.test(s) ? s : `'${s.replace(/'/g, "''")}'`);

/** Style indexes (cellXfs) for a date and a date with time, added to the workbook's styles when needed. */
interface DateStyles { date: number; dateTime: number }

function dateStyles(pkg: XlsxPackage): DateStyles {
  const path = stylesPath(pkg);
  const xml = pkg.zip.text(path);
  const cellXfs = xml && firstElement(xml, 'cellXfs');
  // A workbook without a stylesheet: cells go unstyled (the serial shows as a number, the value is right).
  if (!xml || !cellXfs) return { date: -1, dateTime: -1 };
  const count = cellXfs.body.match(/<xf\b/g)?.length ?? 0;
  // Built-in number formats 14 (short date) and 22 (date and time): shown in the user's locale.
  const added = '<xf numFmtId="14" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="22" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>';
  const attrs = cellXfs.attrs.replace(/\scount="[^"]*"/, '');
  pkg.zip.write(path, splice(xml, cellXfs.start, cellXfs.end, `<cellXfs${attrs} count="${count + 2}">${cellXfs.body}${added}</cellXfs>`));
  return { date: count, dateTime: count + 1 };
}

/** `2026-03-02T09:00:00Z` → its serial in Dutch wall-clock time (Excel dates have no time zone). */
function dateTimeSerial(iso: string): number {
  const { date, seconds } = localDateAndSeconds(iso);
  return toSerial(date) + seconds / 86_400;
}

/**
 * A data sheet's XML with its sheetData replaced by the header row and the rows. A header cell keeps the
 * style of the template's header cell in its column, a data cell that of the template's row 2 (so an
 * admin can format a column as currency in Excel); date columns without such a style get a date format.
 */
function dataSheetXml(xml: string, columns: readonly string[], rows: readonly Row[], dates: DateStyles): string {
  const data = firstElement(xml, 'sheetData');
  if (!data) throw new ReportTemplateError('Een gegevensblad van het sjabloon is geen werkblad.');
  const kept = templateStyles(data.body);
  const style = (row: number, col: number, fallback = -1) => {
    const s = kept.get(`${Math.min(row, 1)}:${col}`);
    return s !== undefined ? ` s="${s}"` : fallback >= 0 ? ` s="${fallback}"` : '';
  };
  const text = (ref: string, s: string, v: string) => `<c r="${ref}"${s} t="inlineStr"><is><t xml:space="preserve">${escapeXml(v)}</t></is></c>`;
  const out: string[] = [`<row r="1">${columns.map((c, i) => text(`${colName(i)}1`, style(0, i), c)).join('')}</row>`];
  rows.forEach((row, r) => {
    const n = r + 2;
    const cells = columns.map((c, i) => {
      const v = (row as Record<string, unknown>)[c];
      const ref = `${colName(i)}${n}`;
      if (v === null || v === undefined) return '';
      if (typeof v === 'number') return Number.isFinite(v) ? `<c r="${ref}"${style(1, i)}><v>${v}</v></c>` : '';
      if (typeof v === 'string' && DATE_COLUMNS.has(c) && /^\d{4}-\d{2}-\d{2}$/.test(v)) return `<c r="${ref}"${style(1, i, dates.date)}><v>${toSerial(v)}</v></c>`;
      if (typeof v === 'string' && DATETIME_COLUMNS.has(c) && !Number.isNaN(Date.parse(v))) return `<c r="${ref}"${style(1, i, dates.dateTime)}><v>${dateTimeSerial(v)}</v></c>`;
      return text(ref, style(1, i), String(v));
    });
    out.push(`<row r="${n}">${cells.join('')}</row>`);
  });
  const lastRef = `${colName(columns.length - 1)}${rows.length + 1}`;
  const filled = withSheetData(xml, data, out.join(''));
  // Merged cells and a sheet-level autofilter of the old rows would overlap the new ones; the dimension is a hint.
  return replacedFirst(replacedFirst(replacedFirst(filled, 'mergeCells', ''), 'autoFilter', `<autoFilter ref="A1:${lastRef}"/>`), 'dimension', `<dimension ref="A1:${lastRef}"/>`);
}

/** The first `<name>` element replaced by `text` (the XML as it was without one). */
function replacedFirst(xml: string, name: string, text: string): string {
  const e = firstElement(xml, name);
  return e ? splice(xml, e.start, e.end, text) : xml;
}

/** The style of each cell in the template's first two rows, keyed `row:col` (0-based). */
function templateStyles(body: string): Map<string, string> {
  const out = new Map<string, string>();
  let row = -1;
  for (const rm of elements(body, 'row')) {
    const r = attr(rm.attrs, 'r');
    row = r ? Number(r) - 1 : row + 1;
    if (row > 1) break;
    let col = -1;
    for (const cm of elements(rm.body, 'c')) {
      col = parseA1(attr(cm.attrs, 'r') ?? '')?.col ?? col + 1;
      const s = attr(cm.attrs, 's');
      if (s !== undefined && s !== '0') out.set(`${row}:${col}`, s);
    }
  }
  return out;
}

/** The workbook's defined names with these (workbook-level) names set to these ranges, replacing earlier ones. */
function withDefinedNames(xml: string, names: Record<string, string>): string {
  const wanted = new Set(Object.keys(names).map((n) => n.toLowerCase()));
  const entries = Object.entries(names).map(([n, ref]) => `<definedName name="${n}">${escapeXml(ref)}</definedName>`).join('');
  const block = firstElement(xml, 'definedNames');
  if (block) {
    const others = replaceElements(block.body, 'definedName', (d) =>
      wanted.has((attr(d.attrs, 'name') ?? '').toLowerCase()) && attr(d.attrs, 'localSheetId') === undefined ? '' : undefined);
    return splice(xml, block.start, block.end, `<definedNames>${others}${entries}</definedNames>`);
  }
  // definedNames comes after sheets (and externalReferences) in CT_Workbook's sequence.
  const after = /<\/externalReferences>/.exec(xml) ?? /<\/sheets>/.exec(xml)!;
  const at = after.index + after[0].length;
  return `${xml.slice(0, at)}<definedNames>${entries}</definedNames>${xml.slice(at)}`;
}

/** Chart parts without their cached points: Excel and LibreOffice draw from the recalculated cells. */
function withoutChartCaches(xml: string): string {
  return replaceElements(replaceElements(xml, 'c:numCache', () => ''), 'c:strCache', () => '');
}

/**
 * A pivot table built on a data sheet (in Excel) covers the report's rows and is refreshed when the
 * file opens: its cache's source range is resized and the cache marked refreshOnLoad.
 */
function refreshPivotCaches(pkg: XlsxPackage, sheet: string, ref: string): void {
  for (const path of pkg.zip.names().filter((n) => /pivotCacheDefinition[^/]*\.xml$/.test(n))) {
    const xml = pkg.zip.text(path)!;
    const src = startTag(xml, 'worksheetSource');
    const head = startTag(xml, 'pivotCacheDefinition');
    if (!src?.selfClosing || !head || attr(src.attrs, 'sheet') !== sheet) continue;
    const attrs = src.attrs.replace(/\sref="[^"]*"/, '');
    const headAttrs = head.attrs.replace(/\srefreshOnLoad="[^"]*"/, '');
    // The source lies inside the definition: change it first, so the definition's offsets still hold.
    const resized = splice(xml, src.start, src.tagEnd, `<worksheetSource ref="${ref}"${attrs}/>`);
    pkg.zip.write(path, splice(resized, head.start, head.tagEnd, `<pivotCacheDefinition${headAttrs} refreshOnLoad="1">`));
  }
}

/** Defined names that mark a template sheet's rows of the first model slot (docs/reports.md). */
const MODEL_BLOCK = /^rekenmodelblok/i;

/**
 * A template that lays out a block of rows per model slot (a defined name `Rekenmodelblok…` over the
 * first slot's rows; the slots follow each other to the end of the sheet) shows and prints only the
 * reported models: the rows of the slots after the last model are hidden, and a chart series that
 * draws only from hidden slot rows is removed (so the legend names only the reported models).
 */
function hideUnusedModelBlocks(pkg: XlsxPackage, models: number): void {
  const hidden: Pick<CellRange, 'sheet' | 'r1' | 'r2'>[] = [];
  for (const [name, block] of pkg.names) {
    if (!MODEL_BLOCK.test(name)) continue;
    const path = sheetPath(pkg, block.sheet)!;
    const xml = pkg.zip.text(path)!;
    const height = block.r2 - block.r1 + 1;
    let last = -1;
    for (const r of xml.matchAll(/<row\b([^<>]*)>/g)) last = Math.max(last, Number(attr(r[1]!, 'r')) - 1 || 0);
    const from = block.r1 + models * height;
    const to = block.r1 + Math.ceil((last - block.r1 + 1) / height) * height - 1;
    if (from > to) continue;
    pkg.zip.write(path, withHiddenRows(xml, from, to));
    hidden.push({ sheet: block.sheet, r1: from, r2: to });
  }
  if (!hidden.length) return;
  const isHidden = (ref: string) => {
    const r = parseRangeRef(decodeXml(ref));
    return !!r && hidden.some((h) => h.sheet === r.sheet && r.r1 >= h.r1 && r.r2 <= h.r2);
  };
  for (const chart of pkg.zip.names().filter((n) => /(^|\/)charts\/chart[^/]*\.xml$/.test(n))) {
    const xml = pkg.zip.text(chart)!;
    const kept = withoutSeries(xml, (ser) => {
      const refs = [...ser.matchAll(/<c:f>([^<]*)<\/c:f>/g)].map((f) => f[1]!);
      const data = refs.filter((_, i) => i > 0 || !/<c:tx>\s*<c:strRef>/.test(ser)); // the name's cell alone decides nothing
      return data.length > 0 && data.every(isHidden);
    });
    if (kept !== xml) pkg.zip.write(chart, kept);
  }
}

/** At most this many missing rows are added hidden (a template with rows far apart must not grow without bound). */
const MAX_ADDED_ROWS = 20_000;

/** The sheet's rows from…to (0-based) hidden; rows missing there are added hidden (a blank row would print). */
function withHiddenRows(xml: string, from: number, to: number): string {
  // 1-based, the first row not yet written; past the cap only the rows that exist are hidden
  let next = to - from < MAX_ADDED_ROWS ? from + 1 : Number.POSITIVE_INFINITY;
  const filled = xml.replace(/<row\b([^<>]*?)(\/?)>/g, (tag, attrs: string, close: string) => {
    const r = Number(attr(attrs, 'r'));
    if (!(r >= from + 1 && r <= to + 1)) return tag;
    let missing = '';
    for (; next < r; next++) missing += `<row r="${next}" hidden="1"/>`;
    if (Number.isFinite(next)) next = r + 1;
    return `${missing}<row${attrs.replace(/\shidden="[^"]*"/, '')} hidden="1"${close}>`;
  });
  return filled;
}

/** A chart part without the series `drop` picks (scanned by index: linear on any input). */
function withoutSeries(xml: string, drop: (ser: string) => boolean): string {
  let out = '';
  let at = 0;
  for (;;) {
    const open = xml.indexOf('<c:ser>', at);
    const close = open < 0 ? -1 : xml.indexOf('</c:ser>', open);
    if (close < 0) return out + xml.slice(at);
    const end = close + '</c:ser>'.length;
    out += xml.slice(at, open);
    if (!drop(xml.slice(open, end))) out += xml.slice(open, end);
    at = end;
  }
}
