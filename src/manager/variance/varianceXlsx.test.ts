import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { ANSWER_9B } from '../../../test/manager/varianceAnswer.ts';
import { VARIANCE_ORDER_NOTE } from '../../model/varianceSteps.ts';
import { varianceRows } from './varianceView.ts';
import { TABLE_HEADER, TABLE_HEADER_ROW, VARIANCE_SHEET, varianceWorkbook } from './varianceXlsx.ts';

describe('varianceWorkbook', () => {
  it('holds the screen\'s table to the cent, the two models above it and the note below it', async () => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await varianceWorkbook(ANSWER_9B)).buffer as ArrayBuffer);
    const ws = wb.getWorksheet(VARIANCE_SHEET)!;
    expect(ws.getCell('B2').value).toBe('Voorbeeldplan · Versie 2024 · Grondexploitatie (Vastgesteld door de raad op 01-03-2025)');
    expect(ws.getCell('B3').value).toBe('Voorbeeldplan · Versie 2025 · Grondexploitatie (Niet vastgesteld)');
    expect([1, 2, 3].map((c) => ws.getRow(TABLE_HEADER_ROW).getCell(c).value)).toEqual([...TABLE_HEADER]);
    const rows = varianceRows(ANSWER_9B);
    rows.forEach((r, i) => {
      const row = ws.getRow(TABLE_HEADER_ROW + 1 + i);
      expect([row.getCell(1).value, row.getCell(2).value, row.getCell(3).value]).toEqual([r.label, r.ew, r.ncw]);
      expect(row.getCell(3).numFmt).toBe('#,##0.00;-#,##0.00');
    });
    expect(ws.getCell(`A${TABLE_HEADER_ROW + rows.length + 2}`).value).toBe(VARIANCE_ORDER_NOTE);
  });
});
