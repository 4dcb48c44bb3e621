// Export of the model as xlsx in the browser: the engine's sheets (inputs and the same
// Excel-compatible formulas) with their computed results, so Excel or LibreOffice shows the tool's
// numbers. exceljs is loaded only when the user exports.
import type { GrexEngine } from '../formulas/engine.ts';

export async function exportModelXlsx(engine: GrexEngine): Promise<Blob> {
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Grondslag';
  for (const s of engine.sheets) {
    const ws = wb.addWorksheet(s.name, { views: [{ state: 'frozen', xSplit: s.frozenCols, ySplit: s.frozenRows }] });
    const values = engine.sheetValues(s.name);
    s.widths.forEach((w, i) => (ws.getColumn(i + 1).width = w));
    s.rows.forEach((row, r) => {
      row.forEach((raw, c) => {
        if (raw === null || raw === undefined) return;
        const cell = ws.getCell(r + 1, c + 1);
        const v = values[r]?.[c];
        if (typeof raw === 'string' && raw.startsWith('=')) {
          const result = typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean' ? v : undefined;
          cell.value = { formula: raw.slice(1), result } as never;
        } else if (typeof raw === 'string' && raw.startsWith("'")) cell.value = raw.slice(1);
        else cell.value = raw;
        const fmt = s.fmt(r, c);
        if (fmt === 'money') cell.numFmt = '#,##0.00';
        else if (fmt === 'factor') cell.numFmt = '0.000000';
        else if (fmt === 'date') cell.numFmt = 'dd-mm-yyyy';
        else if (fmt === 'pct') cell.numFmt = '0.00';
      });
    });
  }
  const buf = await wb.xlsx.writeBuffer();
  return new Blob([buf], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
}

export function downloadBlob(blob: Blob, name: string): void {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
