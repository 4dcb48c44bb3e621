// xlsx export: the engine's workbook with live formulas and their computed results (exceljs).
// Opening it in Excel or LibreOffice and recalculating gives the same numbers.
import ExcelJS from 'exceljs';
import type { CellValue } from 'hyperformula';
import type { GrexEngine } from './engine.ts';
import type { Fmt } from '../model/section.ts';
import { colName } from './workbookRefs.ts';
import { CODE_LABELS, codeLabel } from '../model/codeLabels.ts';
import { SECTIONS, entriesOf } from '../model/sections.ts';
import { toSerial } from './dates.ts';
import type { ModelData } from '../model/modelData.ts';

/** What is exported: the sheets as built and their computed values (an engine, or the template's workbook). */
type ExportSource = Pick<GrexEngine, 'sheets' | 'sheetValues'> & Partial<Pick<GrexEngine, 'inputFormulas' | 'modelData' | 'auditSheets'>>;

/** Number formats (the application shows them in the user's locale: nl-NL gives 1.234,56). */
export const NUMBER_FORMATS: Record<Fmt, string | undefined> = {
  money: '#,##0.00;-#,##0.00',
  factor: '0.000000',
  date: 'dd-mm-yyyy',
  pct: '0.00',
  fraction: '0.00%',
  area: '#,##0',
  int: '0',
  text: undefined,
};

function result(v: CellValue | undefined): number | string | boolean | undefined {
  if (typeof v === 'number') return Number.isFinite(v) ? v : undefined;
  if (typeof v === 'string' || typeof v === 'boolean') return v;
  if (v == null) return 0;
  return undefined; // an error value: exceljs cannot write an error result object, Excel recomputes it
}

interface ExportOptions {
  /** Write the computed result with every formula (default true). Off: the file must be recalculated to show numbers. */
  cachedResults?: boolean;
  /** Workbook-level defined names: name → range (`Invoer!$C$7:$AQ$7`). */
  names?: Record<string, string>;
}

/** A4 landscape: the printable width in pixels at 100 % (29,7 cm less two 1,8 cm margins, 96 dpi). */
const PAGE_WIDTH_PX = ((29.7 - 2 * 1.8) / 2.54) * 96;
const PORTRAIT_WIDTH_PX = ((21 - 2 * 1.8) / 2.54) * 96;
/** The smallest print scale we accept: below it a sheet is printed on more pages across instead. */
const MIN_PRINT_SCALE = 0.55;
const DEFAULT_WIDTH = 9;
/** Excel's pixel width of a column of `w` characters (Calibri 11). */
const columnPx = (w: number) => Math.trunc(w * 7 + 5);

/**
 * Print set-up for a sheet a modeller or a council prints: A4 landscape (or portrait), the title rows and columns on
 * every page, page numbers in the footer, and scaled to the page width — a sheet too wide for one page
 * at MIN_PRINT_SCALE goes on as few pages across as keep that scale (forty periods of four blocks on
 * one page would be unreadable), the page count down follows from the rows.
 */
export function printLayout(ws: ExcelJS.Worksheet, at: { titleRows: number; titleCols: number; widths: number[]; portrait?: boolean }): void {
  const px = at.widths.map(columnPx);
  const titles = px.slice(0, at.titleCols).reduce((a, b) => a + b, 0);
  const rest = px.slice(at.titleCols).reduce((a, b) => a + b, 0);
  const perPage = (at.portrait ? PORTRAIT_WIDTH_PX : PAGE_WIDTH_PX) / MIN_PRINT_SCALE - titles;
  const across = Math.max(1, Math.ceil(rest / perPage));
  ws.pageSetup = {
    ...ws.pageSetup,
    paperSize: 9,
    orientation: at.portrait ? 'portrait' : 'landscape',
    fitToPage: true,
    fitToWidth: across,
    fitToHeight: 0,
    horizontalCentered: false,
    margins: { left: 0.7, right: 0.7, top: 0.75, bottom: 0.75, header: 0.3, footer: 0.3 },
  };
  if (at.titleRows > 0) ws.pageSetup.printTitlesRow = `1:${at.titleRows}`;
  if (at.titleCols > 0) ws.pageSetup.printTitlesColumn = `A:${colName(at.titleCols - 1)}`;
  ws.headerFooter = { oddFooter: '&L&A&RPagina &P van &N' };
}

/**
 * Column widths that fit the header row: a column is at least as wide as the longest word of its
 * header, and the header wraps (so 'Fasering € 2025' shows whole on two lines instead of cut off).
 * Returns the widths and how many lines the tallest header needs.
 */
export function headerFit(widths: number[], headers: readonly unknown[]): { widths: number[]; lines: number } {
  let lines = 1;
  // A column without a width of its own has the default (8,43 in Excel).
  const all = Array.from({ length: Math.max(widths.length, headers.length) }, (_, c) => widths[c] ?? DEFAULT_WIDTH);
  const fitted = all.map((w, c) => {
    const h = headers[c];
    // A formula (the template's headers that follow its period grid) is no text to fit.
    if (typeof h !== 'string' || !h || h.startsWith('=')) return w;
    const words = h.replace(/^'/, '').split(/\s+/);
    // Headers are bold: a fifth wider than the width unit's digit, and a little padding.
    const width = Math.max(w, ...words.map((x) => Math.ceil(x.length * 1.2) + 2));
    // Greedy wrap, as Excel and LibreOffice do, to know the row height.
    let n = 1;
    let used = 0;
    for (const x of words) {
      if (used && used + 1 + x.length > width - 1) {
        n++;
        used = x.length;
      } else used += (used ? 1 : 0) + x.length;
    }
    lines = Math.max(lines, n);
    return width;
  });
  return { widths: fitted, lines };
}

/** Last sheet 'Codes': every code the sheets may hold, with its Dutch word. */
function codesSheet(wb: ExcelJS.Workbook) {
  const ws = wb.addWorksheet('Codes', { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = [{ width: 26 }, { width: 40 }, { width: 34 }];
  ws.addRow(['Soort', 'Code', 'Betekenis']).font = { bold: true };
  for (const [kind, labels] of CODE_LABELS) for (const [code, word] of Object.entries(labels)) ws.addRow([kind, code, word]);
}

/**
 * Sheet 'Fasen': the phases of the Fasering tab. No formula reads them (they bound the entries' phasing
 * in the tool), so they have no place on the calculation's sheets; without this sheet a modeller's phases
 * were missing from the file. The kind is the code, as elsewhere, with its Dutch word as a note.
 */
/**
 * A code cell shows the tool's Dutch word ('Kwartalen', 'Post', 'Procentueel'; issue 35) while it holds
 * the code the formulas compare: the text section of its number format is the word. The note names the code.
 */
function showWord(cell: ExcelJS.Cell, code: string) {
  const word = codeLabel(code);
  if (!word) return;
  cell.numFmt = `;;;"${word.replace(/"/g, '""')}"`;
  cell.note = `Code: ${code} (de formules rekenen met de code)`;
}

function phasesSheet(wb: ExcelJS.Workbook, model: ModelData) {
  const ws = wb.addWorksheet('Fasen', { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = [{ width: 30 }, { width: 14 }, { width: 12 }, { width: 12 }];
  ws.addRow(['Fase', 'Soort fase', 'Startdatum', 'Einddatum']).font = { bold: true };
  for (const p of model.base_parameters.phasing_costs_revenues) {
    const row = ws.addRow([p.phase_name, p.phase_group, toSerial(p.phase_start_date), toSerial(p.phase_end_date)]);
    showWord(row.getCell(2), p.phase_group);
    for (const c of [3, 4]) row.getCell(c).numFmt = NUMBER_FORMATS.date!;
  }
  printLayout(ws, { titleRows: 1, titleCols: 0, widths: [30, 14, 12, 12], portrait: true });
}

export async function exportXlsx(engine: ExportSource, options: ExportOptions = {}): Promise<Uint8Array> {
  const cached = options.cachedResults ?? true;
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Grondslag';
  wb.created = new Date(0);
  wb.modified = new Date(0);
  wb.calcProperties = { fullCalcOnLoad: true };
  const bold = { bold: true } as const;
  // Input cells that hold a formula typed in the workbench are written as that formula (with its value).
  const typed = new Map((engine.inputFormulas?.() ?? []).map((f) => [`${f.sheet}|${f.row}|${f.col}`, f.formula]));
  // A section without entries (a model with no non-residential land, say) keeps its sheet for the
  // formulas, hidden: it would print pages of empty headers, and Excel's 'Zichtbaar maken' shows it.
  const model = engine.modelData;
  const empty = new Set(model ? SECTIONS.filter((s) => entriesOf(model, s.kind).length === 0).map((s) => s.sheet) : []);
  // An engine's entry sheets get every entry's nominal cells and their check row (nominalAudit.ts).
  const source = engine.auditSheets?.() ?? engine;
  for (const sheet of source.sheets) {
    const values = source.sheetValues(sheet.name);
    const ws = wb.addWorksheet(sheet.name, {
      views: [{ state: 'frozen', xSplit: sheet.frozenCols, ySplit: sheet.frozenRows }],
      state: empty.has(sheet.name) ? 'hidden' : 'visible',
    });
    const header = sheet.frozenRows > 0 ? headerFit(sheet.widths, sheet.rows[0] ?? []) : { widths: sheet.widths, lines: 1 };
    header.widths.forEach((w, c) => {
      ws.getColumn(c + 1).width = w;
    });
    sheet.rows.forEach((row, r) => {
      const xrow = ws.getRow(r + 1);
      row.forEach((input, c) => {
        const raw = typed.get(`${sheet.name}|${r}|${c}`) ?? input;
        if (raw === null) {
          const f = sheet.formatWhenEmpty?.(r, c) ? NUMBER_FORMATS[sheet.fmt(r, c) ?? 'text'] : undefined;
          if (f) xrow.getCell(c + 1).numFmt = f;
          return;
        }
        const cell = xrow.getCell(c + 1);
        if (typeof raw === 'string' && raw.startsWith('=')) {
          const res = cached ? result(values[r]?.[c]) : undefined;
          cell.value = res === undefined ? { formula: raw.slice(1) } : ({ formula: raw.slice(1), result: res } as ExcelJS.CellFormulaValue);
        } else if (typeof raw === 'string') {
          cell.value = raw.startsWith("'") ? raw.slice(1) : raw;
        } else cell.value = raw;
        const f = NUMBER_FORMATS[sheet.fmt(r, c) ?? 'text'];
        if (f && r >= sheet.frozenRows) cell.numFmt = f;
        if (typeof cell.value === 'string') showWord(cell, cell.value);
        if (r === 0 && sheet.frozenRows > 0) {
          cell.font = bold;
          cell.alignment = { wrapText: true, vertical: 'top' };
        }
      });
    });
    // An explicit height: Excel does not grow a row for wrapped text when it opens a file.
    if (sheet.frozenRows > 0) ws.getRow(1).height = 15 * header.lines;
    printLayout(ws, { titleRows: sheet.frozenRows, titleCols: sheet.frozenCols, widths: header.widths });
  }
  if (model) phasesSheet(wb, model);
  codesSheet(wb);
  for (const [name, range] of Object.entries(options.names ?? {})) wb.definedNames.add(range, name);
  const buf = await wb.xlsx.writeBuffer();
  return new Uint8Array(buf as ArrayBuffer);
}
