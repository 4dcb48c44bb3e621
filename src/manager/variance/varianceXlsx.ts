// 'Exporteer naar Excel' of the Verschillenanalyse: the screen's table (varianceRows, the same rows) as an
// xlsx, with the two models it compares above it and the note on the order below it. Made in the browser
// with exceljs, as the tool's export is; this module (and exceljs) loads only when the user exports.
import ExcelJS from 'exceljs';
import type { VarianceAnswer } from '../../api/contract/variance.ts';
import { NUMBER_FORMATS } from '../../formulas/export.ts';
import { VARIANCE_ORDER_NOTE } from '../../model/varianceSteps.ts';
import { AGAINST_REASONS, adoptionText, describeModel, varianceRows } from './varianceView.ts';

export const VARIANCE_SHEET = 'Verschillenanalyse';
/** The table's header row (1-based) in the sheet; its rows follow. */
export const TABLE_HEADER_ROW = 6;
export const TABLE_HEADER = ['Stap', 'Δ EW', 'Δ NCW'] as const;

/** Amounts as the screen shows them: to the cent, so the file and the table agree. */
const cents = (x: number) => Math.round(x * 100) / 100;

export async function varianceWorkbook(answer: VarianceAnswer): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(VARIANCE_SHEET);
  ws.columns = [{ width: 44 }, { width: 18 }, { width: 18 }];
  ws.getCell('A1').value = 'Verschillenanalyse';
  ws.getCell('A1').font = { bold: true, size: 14 };
  const { model: b, against: a } = answer;
  ws.getRow(2).values = ['A (eerder)', `${describeModel(a)} (${adoptionText(a)})`];
  ws.getRow(3).values = ['B (later)', `${describeModel(b)} (${adoptionText(b)})`];
  ws.getRow(4).values = [AGAINST_REASONS[answer.against_reason]];
  const header = ws.getRow(TABLE_HEADER_ROW);
  header.values = [...TABLE_HEADER];
  header.font = { bold: true };
  const rows = varianceRows(answer);
  rows.forEach((r, i) => {
    const row = ws.getRow(TABLE_HEADER_ROW + 1 + i);
    row.values = [r.label, cents(r.ew), cents(r.ncw)];
    for (const c of [2, 3]) row.getCell(c).numFmt = NUMBER_FORMATS.money!;
    if (r.kind === 'section') row.getCell(1).alignment = { indent: 2 };
    if (r.kind === 'model') row.font = { bold: true };
  });
  ws.getCell(`A${TABLE_HEADER_ROW + rows.length + 2}`).value = VARIANCE_ORDER_NOTE;
  return new Uint8Array(await wb.xlsx.writeBuffer());
}
