// xlsx export: the engine's workbook with live formulas and their computed results (exceljs).
// Opening it in Excel or LibreOffice and recalculating gives the same numbers.
import ExcelJS from 'exceljs';
import type { CellValue } from 'hyperformula';
import type { GrexEngine } from './engine.ts';
import type { Fmt } from './workbook.ts';
import { CODE_LABELS, codeLabel } from './codeLabels.ts';

/** What is exported: the sheets as built and their computed values (an engine, or the template's workbook). */
type ExportSource = Pick<GrexEngine, 'sheets' | 'sheetValues'> & Partial<Pick<GrexEngine, 'inputFormulas'>>;

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

/** Last sheet 'Codes': every code the sheets may hold, with its Dutch word. */
function codesSheet(wb: ExcelJS.Workbook) {
  const ws = wb.addWorksheet('Codes', { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = [{ width: 26 }, { width: 40 }, { width: 34 }];
  ws.addRow(['Soort', 'Code', 'Betekenis']).font = { bold: true };
  for (const [kind, labels] of CODE_LABELS) for (const [code, word] of Object.entries(labels)) ws.addRow([kind, code, word]);
}

export async function exportXlsx(engine: ExportSource, options: ExportOptions = {}): Promise<Uint8Array> {
  const cached = options.cachedResults ?? true;
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Grondslag';
  wb.created = new Date(0);
  wb.modified = new Date(0);
  wb.calcProperties = { fullCalcOnLoad: true };
  const bold = { bold: true } as const;
  // Input cells that hold a formula typed in the tool are written as that formula (with its value).
  const typed = new Map((engine.inputFormulas?.() ?? []).map((f) => [`${f.sheet}|${f.row}|${f.col}`, f.formula]));
  for (const sheet of engine.sheets) {
    const values = engine.sheetValues(sheet.name);
    const ws = wb.addWorksheet(sheet.name, {
      views: [{ state: 'frozen', xSplit: sheet.frozenCols, ySplit: sheet.frozenRows }],
    });
    sheet.widths.forEach((w, c) => {
      ws.getColumn(c + 1).width = w;
    });
    sheet.rows.forEach((row, r) => {
      const xrow = ws.getRow(r + 1);
      row.forEach((input, c) => {
        const raw = typed.get(`${sheet.name}|${r}|${c}`) ?? input;
        if (raw === null) return;
        const cell = xrow.getCell(c + 1);
        if (typeof raw === 'string' && raw.startsWith('=')) {
          const res = cached ? result(values[r]?.[c]) : undefined;
          cell.value = res === undefined ? { formula: raw.slice(1) } : ({ formula: raw.slice(1), result: res } as ExcelJS.CellFormulaValue);
        } else if (typeof raw === 'string') {
          cell.value = raw.startsWith("'") ? raw.slice(1) : raw;
          const word = codeLabel(cell.value);
          if (word) cell.note = word; // formulas compare the code, so the Dutch word goes beside it
        } else cell.value = raw;
        const f = NUMBER_FORMATS[sheet.fmt(r, c) ?? 'text'];
        if (f && r >= sheet.frozenRows) cell.numFmt = f;
        if (r === 0 && sheet.frozenRows > 0) cell.font = bold;
      });
    });
  }
  codesSheet(wb);
  for (const [name, range] of Object.entries(options.names ?? {})) wb.definedNames.add(range, name);
  const buf = await wb.xlsx.writeBuffer();
  return new Uint8Array(buf as ArrayBuffer);
}
