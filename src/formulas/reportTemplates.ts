// The two report templates the product ships (docs/reports.md): ordinary workbooks whose sheets refer
// to the data sheets `Rekenmodellen` and `Perioden` through the data names the filler resizes
// (reportWorkbook.ts), exactly as a template an admin builds in Excel would. Built with exceljs (which
// writes a new workbook well) and then given the comparison's chart at the XML level: exceljs cannot
// write charts.
import ExcelJS from 'exceljs';
import { type ReportModelRow, type ReportPeriodRow, reportModelColumns, reportPeriodColumns } from '../api/contract/reportData.ts';
import { escapeXml } from '../lib/xml.ts';
import { NUMBER_FORMATS, printLayout } from './export.ts';
import { MAX_PERIODS } from './periods.ts';
import { sectionColumns } from '../model/reportColumns.ts';
import { perSections } from '../model/sections.ts';
import { REPORT_SHEETS, dataName } from './reportWorkbook.ts';
import { colName } from './workbookRefs.ts';
import { attr, openXlsx } from './xlsxPackage.ts';

/** What a shipped template is: its row in template_report and how its workbook is built. */
export interface ShippedReportTemplate {
  name: string;
  description: string;
  nModelsMin: number;
  nModelsMax: number;
  filename: string;
  build(): Promise<Uint8Array>;
}

export const COMPARISON_NAME = 'Vergelijking rekenmodellen';
export const CASH_FLOWS_NAME = 'Kasstromen per rekenmodel';
/** The comparison's sheets: the models side by side (with the chart) and the chart's table. */
export const COMPARISON_SHEET = 'Vergelijking';
export const BALANCE_SHEET = 'Saldo per periode';
export const CASH_FLOWS_SHEET = 'Kasstromen';
/** How many models the comparison shows (its columns, the chart's series). */
export const COMPARISON_MAX_MODELS = 10;
export const CASH_FLOWS_MAX_MODELS = 50;

const m = (c: keyof ReportModelRow) => dataName(REPORT_SHEETS.models, c);
const p = (c: keyof ReportPeriodRow) => dataName(REPORT_SHEETS.periods, c);
const MONEY = NUMBER_FORMATS.money!;
const bold = { bold: true } as const;
const title = { bold: true, size: 14 } as const;

/** The section columns of one kind as rows under their total, indented (issue 24 item 9). */
const sectionRows = (revenue: boolean) => sectionColumns().filter((c) => c.revenue === revenue)
  .map((c) => ({ label: c.title, column: c.key, fmt: MONEY, total: true, indent: true }));

/**
 * The comparison's rows: label, the data column, its format, whether the Totaal column sums it and
 * whether it is a part of the row above. EW and NCW keep their row numbers (the LibreOffice test and
 * docs/reports.md read them there); the costs per category and the revenues per section stand under
 * their totals.
 */
export const comparisonRows = perSections((): { label: string; column: keyof ReportModelRow; fmt?: string; total?: boolean; indent?: boolean }[] => [
  { label: 'Project', column: 'project' },
  { label: 'Projectnummer', column: 'projectnummer' },
  { label: 'Versie', column: 'versie' },
  { label: 'Rekenmodel', column: 'rekenmodel' },
  { label: 'Platform', column: 'platform' },
  { label: 'Eindwaarde (EW)', column: 'ew', fmt: MONEY, total: true },
  { label: 'Netto contante waarde (NCW)', column: 'ncw', fmt: MONEY, total: true },
  { label: 'Verliesvoorziening', column: 'verliesvoorziening', fmt: MONEY, total: true },
  { label: 'Totale kosten', column: 'totale_kosten', fmt: MONEY, total: true },
  ...sectionRows(false),
  { label: 'Totale opbrengsten', column: 'totale_opbrengsten', fmt: MONEY, total: true },
  ...sectionRows(true),
  { label: 'Percentage of completion (POC)', column: 'poc', fmt: NUMBER_FORMATS.fraction },
  { label: 'Aantal perioden', column: 'aantal_perioden', fmt: NUMBER_FORMATS.int },
  { label: 'Opmerking', column: 'fout' },
]);
/** First row (1-based) of comparisonRows() on the Vergelijking sheet; model k is in column k + 1 (B…K). */
export const COMPARISON_FIRST_ROW = 5;
/** The cell that counts the report's models (the formulas compare their slot with it). */
const COUNT_CELL = '$B$2';
/**
 * Saldo per periode: per model a block of rows from this row (1-based): the period labels, the balance,
 * and two hidden rows the chart draws from (year and balance). Periods across from column C.
 */
export const BALANCE_FIRST_ROW = 4;
export const BALANCE_BLOCK = 4;
/** Kasstromen: per model a block of rows from this row (1-based): name, header, totals, one row per period, a blank row. */
export const CASH_FLOWS_FIRST_ROW = 5;
export const CASH_FLOWS_BLOCK = MAX_PERIODS + 4;
/** The name that marks a template's rows per model (reportWorkbook.ts hides the blocks of unused slots). */
const BLOCK_NAME = 'Rekenmodelblok';

/** Model k's value of a data column, or empty when the report has fewer models or the value is missing. */
const modelValue = (column: keyof ReportModelRow, k: number, count: string) =>
  `IF(${k}>${count},"",IF(INDEX(${m(column)},${k})="","",INDEX(${m(column)},${k})))`;
const modelName = (k: number) =>
  `IF(${k}>${COUNT_CELL},"",INDEX(${m('project')},${k})&" – "&INDEX(${m('versie')},${k})&" – "&INDEX(${m('rekenmodel')},${k}))`;
/** Model k's first row in Perioden (0: none), and its number of periods: cells the period formulas guard on. */
const modelStart = (k: number) => `IF(${k}>${COUNT_CELL},0,IFERROR(MATCH(INDEX(${m('rekenmodel_id')},${k}),${p('rekenmodel_id')},0),0))`;
const modelPeriods = (k: number) => `IF(${k}>${COUNT_CELL},0,N(INDEX(${m('aantal_perioden')},${k})))`;
/**
 * The model's i-th period's value of a Perioden column, or empty. The guards are cells without errors
 * (an OR over INDEX beyond the data gave Err:502/#REF! in every unused slot).
 */
const periodValue = (column: keyof ReportPeriodRow, i: number, start: string, count: string) => {
  const at = `INDEX(${p(column)},${start}+${i - 1})`;
  return `IF(OR(${start}=0,${i}>${count}),"",IF(${at}="","",${at}))`;
};
/** A period label's year as a number: '2025' → 2025, '2025 H2' → 2025,5, '2025 Q3' → 2025,5. */
const labelYear = (label: string) =>
  `VALUE(LEFT(${label},4))+IF(MID(${label},6,1)="H",(VALUE(MID(${label},7,1))-1)/2,IF(MID(${label},6,1)="Q",(VALUE(MID(${label},7,1))-1)/4,0))`;

/** Data sheets as the template holds them: the header row (the filler writes the rows), printable. */
function addDataSheets(wb: ExcelJS.Workbook) {
  for (const [sheet, columns] of [[REPORT_SHEETS.models, reportModelColumns()], [REPORT_SHEETS.periods, reportPeriodColumns()]] as const) {
    const ws = wb.addWorksheet(sheet, { views: [{ state: 'frozen', ySplit: 1 }] });
    ws.getRow(1).values = [...columns];
    ws.getRow(1).font = bold;
    const widths = columns.map((c) => Math.max(12, c.length + 2));
    columns.forEach((c, i) => {
      ws.getColumn(i + 1).width = widths[i];
      wb.definedNames.add(`${sheet}!$${colName(i)}$2:$${colName(i)}$2`, dataName(sheet, c));
    });
    printLayout(ws, { titleRows: 1, titleCols: 0, widths });
  }
}

function newWorkbook(): ExcelJS.Workbook {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Grondslag';
  // Fixed stamps: the same build gives the same file.
  wb.created = new Date(0);
  wb.modified = new Date(0);
  wb.calcProperties = { fullCalcOnLoad: true };
  return wb;
}

const bytesOf = async (wb: ExcelJS.Workbook) => new Uint8Array((await wb.xlsx.writeBuffer()) as ArrayBuffer);
const formula = (f: string) => ({ formula: f }) as ExcelJS.CellFormulaValue;

/** 'Vergelijking rekenmodellen': the models side by side with totals, and their balance per year in a chart. */
export async function buildComparisonTemplate(): Promise<Uint8Array> {
  const wb = newWorkbook();
  const ws = wb.addWorksheet(COMPARISON_SHEET);
  const n = COMPARISON_MAX_MODELS;
  const widths = [32, ...Array.from({ length: n + 1 }, () => 18)];
  widths.forEach((w, c) => (ws.getColumn(c + 1).width = w));
  ws.getCell('A1').value = COMPARISON_NAME;
  ws.getCell('A1').font = title;
  ws.getCell('A2').value = 'Aantal rekenmodellen';
  ws.getCell('B2').value = formula(`COUNT(${m('rekenmodel_id')})`);
  ws.getCell('A3').value = `Bedragen in euro's; kosten en opbrengsten positief, het saldo is de boekwaarde (positief: nog terug te verdienen). Gegevens: bladen ${REPORT_SHEETS.models} en ${REPORT_SHEETS.periods}.`;
  const head = ws.getRow(COMPARISON_FIRST_ROW - 1);
  head.getCell(1).value = 'Rekenmodel';
  for (let k = 1; k <= n; k++) head.getCell(k + 1).value = formula(`IF(${k}>${COUNT_CELL},"",${k})`);
  head.getCell(n + 2).value = 'Totaal';
  head.font = bold;
  comparisonRows().forEach((row, i) => {
    const r = ws.getRow(COMPARISON_FIRST_ROW + i);
    r.getCell(1).value = row.label;
    if (row.indent) r.getCell(1).alignment = { indent: 1 };
    else r.getCell(1).font = bold;
    for (let k = 1; k <= n; k++) {
      const cell = r.getCell(k + 1);
      cell.value = formula(modelValue(row.column, k, COUNT_CELL));
      if (row.fmt) cell.numFmt = row.fmt;
      cell.alignment = { wrapText: true, vertical: 'top' };
    }
    if (row.total) {
      const total = r.getCell(n + 2);
      total.value = formula(`SUM(B${r.number}:${colName(n)}${r.number})`);
      total.numFmt = row.fmt!;
      total.font = bold;
    }
  });
  const chartTop = COMPARISON_FIRST_ROW + comparisonRows().length + 1;
  const chartRows = 24;
  // The chart on a page of its own below the table.
  ws.getRow(chartTop - 1).addPageBreak();
  printLayout(ws, { titleRows: 0, titleCols: 1, widths });
  balanceSheet(wb, n);
  addDataSheets(wb);
  const bytes = await withChart(await bytesOf(wb), COMPARISON_SHEET, { fromRow: chartTop, toRow: chartTop + chartRows, fromCol: 0, toCol: 8 }, balanceChartXml(n));
  return bytes;
}

/** Saldo per periode: the chart's table, a block of rows per model (see BALANCE_FIRST_ROW). */
function balanceSheet(wb: ExcelJS.Workbook, n: number) {
  const bs = wb.addWorksheet(BALANCE_SHEET, { views: [{ state: 'frozen', xSplit: 2 }] });
  const first = 3; // C: period 1
  const widths = [40, 16, ...Array.from({ length: MAX_PERIODS }, () => 14)];
  widths.forEach((w, c) => (bs.getColumn(c + 1).width = w));
  bs.getCell('A1').value = 'Saldo per periode (boekwaarde aan het eind van de periode)';
  bs.getCell('A1').font = title;
  bs.getCell('A2').value = 'Aantal rekenmodellen';
  bs.getCell('B2').value = formula(`COUNT(${m('rekenmodel_id')})`);
  bs.getCell('A3').value = 'Per rekenmodel de perioden en het saldo; de grafiek op het blad Vergelijking zet het saldo uit tegen het jaar van de periode.';
  const lastCol = colName(first + MAX_PERIODS - 2);
  for (let k = 1; k <= n; k++) {
    const top = BALANCE_FIRST_ROW + (k - 1) * BALANCE_BLOCK;
    const [labels, saldo, xs, ys] = [0, 1, 2, 3].map((j) => bs.getRow(top + j));
    const start = `$A$${xs!.number}`;
    const count = `$A$${ys!.number}`;
    labels!.getCell(1).value = formula(modelName(k));
    labels!.getCell(2).value = formula(`IF(${k}>${COUNT_CELL},"","Periode")`);
    labels!.font = bold;
    saldo!.getCell(2).value = formula(`IF(${k}>${COUNT_CELL},"","Saldo")`);
    xs!.getCell(1).value = formula(modelStart(k));
    ys!.getCell(1).value = formula(modelPeriods(k));
    xs!.getCell(2).value = 'Grafiek: jaar';
    ys!.getCell(2).value = 'Grafiek: saldo';
    for (let i = 1; i <= MAX_PERIODS; i++) {
      const c = first + i - 1;
      const label = `${colName(c - 1)}${labels!.number}`;
      labels!.getCell(c).value = formula(periodValue('label', i, start, count));
      const cell = saldo!.getCell(c);
      cell.value = formula(periodValue('saldo', i, start, count));
      cell.numFmt = MONEY;
      // The chart's points: past the model's last period the last point again (no gap, no error shown).
      // A model without periods has none to draw (#N/A: text would be drawn as 0); an unused slot is
      // empty (its rows are hidden and its series removed by the filler).
      const prev = (row: number) => (i === 1 ? `IF(${k}>${COUNT_CELL},"",NA())` : `${colName(c - 2)}${row}`);
      xs!.getCell(c).value = formula(`IF(${label}="",${prev(xs!.number)},${labelYear(label)})`);
      ys!.getCell(c).value = formula(`IF(${label}="",${prev(ys!.number)},N(${colName(c - 1)}${saldo!.number}))`);
    }
    xs!.hidden = true;
    ys!.hidden = true;
  }
  wb.definedNames.add(`'${BALANCE_SHEET}'!$A$${BALANCE_FIRST_ROW}:$${lastCol}$${BALANCE_FIRST_ROW + BALANCE_BLOCK - 1}`, `${BLOCK_NAME}_saldo`);
  printLayout(bs, { titleRows: 0, titleCols: 2, widths });
}

/**
 * The Kasstromen columns: label, the data column, whether the block's Totaal row sums it. The revenues of
 * each section follow the revenues they add up to (issue 24 item 9); the costs per category are on the
 * comparison and in the data: ten more columns would not print on a portrait page.
 */
export const cashFlowsLines = perSections((): [string, keyof ReportPeriodRow, boolean][] => [
  ['Kosten', 'kosten', true], ['Opbrengsten', 'opbrengsten', true],
  ...sectionColumns().filter((c) => c.revenue).map((c): [string, keyof ReportPeriodRow, boolean] => [c.title, c.key, true]),
  ['Rente', 'rente', true], ['Saldo (boekwaarde)', 'saldo', false],
]);

/** 'Kasstromen per rekenmodel': per model a block with its periods down (costs, revenues and each section's, interest, balance) and totals. */
export async function buildCashFlowsTemplate(): Promise<Uint8Array> {
  const wb = newWorkbook();
  const ws = wb.addWorksheet(CASH_FLOWS_SHEET);
  const n = CASH_FLOWS_MAX_MODELS;
  const LINES = cashFlowsLines();
  // A: period label, then the lines; the two columns after them (hidden): the model's first row in Perioden and its number of periods.
  const widths = [14, ...LINES.map(([, column]) => (column === 'saldo' ? 17 : 15))];
  widths.forEach((w, c) => (ws.getColumn(c + 1).width = w));
  const [startCol, countCol] = [LINES.length + 2, LINES.length + 3];
  ws.getColumn(startCol).hidden = true;
  ws.getColumn(countCol).hidden = true;
  ws.getCell('A1').value = CASH_FLOWS_NAME;
  ws.getCell('A1').font = title;
  ws.getCell('A2').value = 'Aantal rekenmodellen';
  ws.getCell('B2').value = formula(`COUNT(${m('rekenmodel_id')})`);
  ws.getCell('A3').value = "Bedragen in euro's per periode; kosten en opbrengsten positief, rente en saldo volgen het saldo (positief: nog terug te verdienen). Spreadsheetmodellen hebben geen rente per periode.";
  ws.getCell('A3').alignment = { wrapText: true, vertical: 'top' };
  ws.mergeCells(`A3:${colName(LINES.length)}3`);
  ws.getRow(3).height = 45;
  for (let k = 1; k <= n; k++) {
    const top = CASH_FLOWS_FIRST_ROW + (k - 1) * CASH_FLOWS_BLOCK;
    const start = `$${colName(startCol - 1)}$${top}`;
    const count = `$${colName(countCol - 1)}$${top}`;
    const name = ws.getRow(top);
    name.getCell(1).value = formula(modelName(k));
    name.getCell(1).font = bold;
    name.getCell(4).value = formula(modelValue('fout', k, COUNT_CELL));
    name.getCell(startCol).value = formula(modelStart(k));
    name.getCell(countCol).value = formula(modelPeriods(k));
    const head = ws.getRow(top + 1);
    head.getCell(1).value = formula(`IF(${k}>${COUNT_CELL},"","Periode")`);
    LINES.forEach(([label], j) => (head.getCell(j + 2).value = formula(`IF(${k}>${COUNT_CELL},"","${label}")`)));
    head.font = bold;
    // The totals under the header, so they stand beside the name whatever the number of periods.
    const totals = ws.getRow(top + 2);
    totals.getCell(1).value = formula(`IF(${k}>${COUNT_CELL},"","Totaal")`);
    LINES.forEach(([, , total], j) => {
      if (!total) return;
      const col = colName(j + 1);
      const cell = totals.getCell(j + 2);
      cell.value = formula(`IF(${k}>${COUNT_CELL},"",SUM(${col}${top + 3}:${col}${top + 2 + MAX_PERIODS}))`);
      cell.numFmt = MONEY;
    });
    totals.font = bold;
    for (let i = 1; i <= MAX_PERIODS; i++) {
      const r = ws.getRow(top + 2 + i);
      r.getCell(1).value = formula(periodValue('label', i, start, count));
      LINES.forEach(([, column], j) => {
        const cell = r.getCell(j + 2);
        cell.value = formula(periodValue(column, i, start, count));
        cell.numFmt = MONEY;
      });
    }
    // The blank row after the block exists, so hiding an unused block hides it too.
    ws.getRow(top + CASH_FLOWS_BLOCK - 1).height = 15;
    // A model per page.
    ws.getRow(top + CASH_FLOWS_BLOCK - 1).addPageBreak();
  }
  wb.definedNames.add(`${CASH_FLOWS_SHEET}!$A$${CASH_FLOWS_FIRST_ROW}:$${colName(countCol - 1)}$${CASH_FLOWS_FIRST_ROW + CASH_FLOWS_BLOCK - 1}`, `${BLOCK_NAME}_kasstromen`);
  printLayout(ws, { titleRows: 1, titleCols: 0, widths, portrait: true });
  addDataSheets(wb);
  return bytesOf(wb);
}

export const SHIPPED_REPORT_TEMPLATES: ShippedReportTemplate[] = [
  {
    name: COMPARISON_NAME,
    description: 'De gekozen rekenmodellen naast elkaar: project, versie, eindwaarde, netto contante waarde, verliesvoorziening, totale kosten per kostencategorie en opbrengsten per soort en POC, met totalen, en een grafiek van het saldo per periode.',
    nModelsMin: 1,
    nModelsMax: COMPARISON_MAX_MODELS,
    filename: `${COMPARISON_NAME}.xlsx`,
    build: buildComparisonTemplate,
  },
  {
    name: CASH_FLOWS_NAME,
    description: 'Per rekenmodel de kasstromen per periode: kosten, opbrengsten (woningbouw, niet-woningbouw, overige), rente en saldo (boekwaarde), met totalen.',
    nModelsMin: 1,
    nModelsMax: CASH_FLOWS_MAX_MODELS,
    filename: `${CASH_FLOWS_NAME}.xlsx`,
    build: buildCashFlowsTemplate,
  },
];

// --- The chart (DrawingML), added to a built workbook ---

const CHART_NS = 'http://schemas.openxmlformats.org/drawingml/2006/chart';
const DRAWING_NS = 'http://schemas.openxmlformats.org/drawingml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const REL_DRAWING = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/drawing';
const REL_CHART = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/chart';
const CT_DRAWING = 'application/vnd.openxmlformats-officedocument.drawing+xml';
const CT_CHART = 'application/vnd.openxmlformats-officedocument.drawingml.chart+xml';

const richText = (s: string) =>
  `<c:tx><c:rich><a:bodyPr/><a:lstStyle/><a:p><a:pPr><a:defRPr b="1"/></a:pPr><a:r><a:rPr lang="nl-NL" b="1"/><a:t>${escapeXml(s)}</a:t></a:r></a:p></c:rich></c:tx>`;
const axisTitle = (s: string) => `<c:title>${richText(s)}<c:overlay val="0"/></c:title>`;

/**
 * The balance of model 1…n as an XY chart with lines against the year of each period (the hidden rows of
 * Saldo per periode): each model's line covers its own years, so models that start in other years line
 * up on one time axis. The filler removes the series of unused slots (reportWorkbook.ts).
 */
function balanceChartXml(n: number): string {
  const sheet = `'${BALANCE_SHEET}'`;
  const from = colName(2);
  const to = colName(2 + MAX_PERIODS - 1);
  const series = Array.from({ length: n }, (_, i) => {
    const top = BALANCE_FIRST_ROW + i * BALANCE_BLOCK;
    return `<c:ser><c:idx val="${i}"/><c:order val="${i}"/><c:tx><c:strRef><c:f>${sheet}!$A$${top}</c:f></c:strRef></c:tx>`
      + '<c:marker><c:symbol val="circle"/><c:size val="4"/></c:marker>'
      + `<c:xVal><c:numRef><c:f>${sheet}!$${from}$${top + 2}:$${to}$${top + 2}</c:f></c:numRef></c:xVal>`
      + `<c:yVal><c:numRef><c:f>${sheet}!$${from}$${top + 3}:$${to}$${top + 3}</c:f></c:numRef></c:yVal>`
      + '<c:smooth val="0"/></c:ser>';
  }).join('');
  const axis = (id: number, cross: number, pos: 'b' | 'l', name: string, fmt: string, extra: string) =>
    `<c:valAx><c:axId val="${id}"/><c:scaling><c:orientation val="minMax"/></c:scaling><c:delete val="0"/><c:axPos val="${pos}"/>`
    + `${pos === 'l' ? '<c:majorGridlines/>' : ''}${axisTitle(name)}<c:numFmt formatCode="${escapeXml(fmt)}" sourceLinked="0"/>`
    + `<c:majorTickMark val="out"/><c:minorTickMark val="none"/><c:tickLblPos val="${pos === 'b' ? 'low' : 'nextTo'}"/>`
    + `<c:crossAx val="${cross}"/><c:crosses val="${pos === 'b' ? 'autoZero' : 'min'}"/><c:crossBetween val="midCat"/>${extra}</c:valAx>`;
  return '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
    + `<c:chartSpace xmlns:c="${CHART_NS}" xmlns:a="${DRAWING_NS}" xmlns:r="${REL_NS}"><c:lang val="nl-NL"/><c:roundedCorners val="0"/>`
    + `<c:chart><c:title>${richText('Saldo per jaar (boekwaarde)')}<c:overlay val="0"/></c:title><c:autoTitleDeleted val="0"/>`
    + `<c:plotArea><c:layout/><c:scatterChart><c:scatterStyle val="lineMarker"/><c:varyColors val="0"/>${series}`
    + '<c:axId val="500100"/><c:axId val="500200"/></c:scatterChart>'
    + axis(500100, 500200, 'b', 'Jaar', '0', '<c:majorUnit val="1"/>')
    + axis(500200, 500100, 'l', 'Saldo (€)', '#,##0', '')
    // The points are in hidden rows: plotVisOnly 0 draws them.
    + '</c:plotArea><c:legend><c:legendPos val="b"/><c:overlay val="0"/></c:legend><c:plotVisOnly val="0"/><c:dispBlanksAs val="gap"/></c:chart>'
    + '</c:chartSpace>';
}

interface Anchor { fromRow: number; toRow: number; fromCol: number; toCol: number }

/** The workbook with a chart part drawn on `sheet` over the anchor's cells (0-based, `to` exclusive). */
async function withChart(xlsx: Uint8Array, sheet: string, at: Anchor, chartXml: string): Promise<Uint8Array> {
  const pkg = await openXlsx(xlsx);
  const sheetPath = pkg.sheets.find((s) => s.name === sheet)!.path;
  const zip = pkg.zip;
  const drawingPath = 'xl/drawings/drawing1.xml';
  const chartPath = 'xl/charts/chart1.xml';
  const cell = (tag: 'from' | 'to', col: number, row: number) =>
    `<xdr:${tag}><xdr:col>${col}</xdr:col><xdr:colOff>0</xdr:colOff><xdr:row>${row}</xdr:row><xdr:rowOff>0</xdr:rowOff></xdr:${tag}>`;
  zip.write(drawingPath, '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
    + `<xdr:wsDr xmlns:xdr="http://schemas.openxmlformats.org/drawingml/2006/spreadsheetDrawing" xmlns:a="${DRAWING_NS}">`
    + `<xdr:twoCellAnchor editAs="oneCell">${cell('from', at.fromCol, at.fromRow)}${cell('to', at.toCol, at.toRow)}`
    + '<xdr:graphicFrame macro=""><xdr:nvGraphicFramePr><xdr:cNvPr id="2" name="Saldo per periode"/><xdr:cNvGraphicFramePr/></xdr:nvGraphicFramePr>'
    + '<xdr:xfrm><a:off x="0" y="0"/><a:ext cx="0" cy="0"/></xdr:xfrm>'
    + `<a:graphic><a:graphicData uri="${CHART_NS}"><c:chart xmlns:c="${CHART_NS}" xmlns:r="${REL_NS}" r:id="rId1"/></a:graphicData></a:graphic>`
    + '</xdr:graphicFrame><xdr:clientData/></xdr:twoCellAnchor></xdr:wsDr>');
  zip.write('xl/drawings/_rels/drawing1.xml.rels', '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
    + `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL_CHART}" Target="../charts/chart1.xml"/></Relationships>`);
  zip.write(chartPath, chartXml);

  // The sheet's relationships (exceljs writes them only when it has some) get the drawing.
  const relsPath = sheetPath.replace(/([^/]+)$/, '_rels/$1.rels');
  const rels = zip.text(relsPath) ?? '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"></Relationships>';
  const taken = new Set([...rels.matchAll(/<Relationship\b([^>]*)>/g)].map((r) => attr(r[1]!, 'Id')));
  let n = 1;
  while (taken.has(`rId${n}`)) n++;
  const rId = `rId${n}`;
  zip.write(relsPath, rels.replace('</Relationships>', `<Relationship Id="${rId}" Type="${REL_DRAWING}" Target="../drawings/drawing1.xml"/></Relationships>`));
  // <drawing> comes after the page setup elements and before legacyDrawing … tableParts, extLst (CT_Worksheet's sequence).
  const original = zip.text(sheetPath)!;
  const xml = /xmlns:r=/.test(original) ? original : original.replace(/<worksheet\b/, `<worksheet xmlns:r="${REL_NS}"`);
  const next = /<(?:legacyDrawing|legacyDrawingHF|picture|oleObjects|controls|webPublishItems|tableParts|extLst)\b|<\/worksheet>/.exec(xml)!;
  zip.write(sheetPath, `${xml.slice(0, next.index)}<drawing r:id="${rId}"/>${xml.slice(next.index)}`);

  const types = zip.text('[Content_Types].xml')!;
  zip.write('[Content_Types].xml', types.replace('</Types>',
    `<Override PartName="/${drawingPath}" ContentType="${CT_DRAWING}"/><Override PartName="/${chartPath}" ContentType="${CT_CHART}"/></Types>`));
  return zip.toBytes();
}
