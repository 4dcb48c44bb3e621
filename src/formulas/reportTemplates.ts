// The two report templates the product ships (docs/reports.md): ordinary workbooks whose sheets refer
// to the data sheets `Rekenmodellen` and `Perioden` through the data names the filler resizes
// (reportWorkbook.ts), exactly as a template an admin builds in Excel would. Built with exceljs (which
// writes a new workbook well) and then given the comparison's chart at the XML level: exceljs cannot
// write charts.
import ExcelJS from 'exceljs';
import { REPORT_MODEL_COLUMNS, REPORT_PERIOD_COLUMNS, type ReportModelRow, type ReportPeriodRow } from '../api/contract/reportData.ts';
import { escapeXml } from '../lib/xml.ts';
import { NUMBER_FORMATS } from './export.ts';
import { MAX_PERIODS } from './periods.ts';
import { REPORT_SHEETS, dataName } from './reportWorkbook.ts';
import { colName } from './workbook.ts';
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

/**
 * The comparison's rows: label, the data column, its format and whether the Totaal column sums it.
 * Row numbers on the sheet are fixed (the LibreOffice test and docs/reports.md read EW and NCW there).
 */
export const COMPARISON_ROWS: { label: string; column: keyof ReportModelRow; fmt?: string; total?: boolean }[] = [
  { label: 'Project', column: 'project' },
  { label: 'Projectnummer', column: 'projectnummer' },
  { label: 'Versie', column: 'versie' },
  { label: 'Rekenmodel', column: 'rekenmodel' },
  { label: 'Platform', column: 'platform' },
  { label: 'Eindwaarde (EW)', column: 'ew', fmt: MONEY, total: true },
  { label: 'Netto contante waarde (NCW)', column: 'ncw', fmt: MONEY, total: true },
  { label: 'Verliesvoorziening', column: 'verliesvoorziening', fmt: MONEY, total: true },
  { label: 'Totale kosten', column: 'totale_kosten', fmt: MONEY, total: true },
  { label: 'Totale opbrengsten', column: 'totale_opbrengsten', fmt: MONEY, total: true },
  { label: 'Percentage of completion (POC)', column: 'poc', fmt: NUMBER_FORMATS.fraction },
  { label: 'Aantal perioden', column: 'aantal_perioden', fmt: NUMBER_FORMATS.int },
  { label: 'Opmerking', column: 'fout' },
];
/** First row (1-based) of COMPARISON_ROWS on the Vergelijking sheet; model k is in column k + 1 (B…K). */
export const COMPARISON_FIRST_ROW = 5;
/** The cell that counts the report's models (the formulas compare their slot with it). */
const COUNT_CELL = '$B$2';
/** The chart's table: periods 1…MAX_PERIODS from this row (1-based), x values in A, model k in column k + 2. */
const BALANCE_FIRST_ROW = 4;

/** Model k's value of a data column, or empty when the report has fewer models or the value is missing. */
const modelValue = (column: keyof ReportModelRow, k: number, count: string) =>
  `IF(${k}>${count},"",IF(INDEX(${m(column)},${k})="","",INDEX(${m(column)},${k})))`;

/** Data sheets as the template holds them: the header row (the filler writes the rows). */
function addDataSheets(wb: ExcelJS.Workbook) {
  for (const [sheet, columns] of [[REPORT_SHEETS.models, REPORT_MODEL_COLUMNS], [REPORT_SHEETS.periods, REPORT_PERIOD_COLUMNS]] as const) {
    const ws = wb.addWorksheet(sheet, { views: [{ state: 'frozen', ySplit: 1 }] });
    ws.getRow(1).values = [...columns];
    ws.getRow(1).font = bold;
    columns.forEach((c, i) => {
      ws.getColumn(i + 1).width = Math.max(12, c.length + 2);
      wb.definedNames.add(`${sheet}!$${colName(i)}$2:$${colName(i)}$2`, dataName(sheet, c));
    });
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

/** 'Vergelijking rekenmodellen': the models side by side with totals, and their balance per period in a chart. */
export async function buildComparisonTemplate(): Promise<Uint8Array> {
  const wb = newWorkbook();
  const ws = wb.addWorksheet(COMPARISON_SHEET);
  const n = COMPARISON_MAX_MODELS;
  ws.getColumn(1).width = 32;
  for (let k = 1; k <= n + 1; k++) ws.getColumn(k + 1).width = 18;
  ws.getCell('A1').value = COMPARISON_NAME;
  ws.getCell('A1').font = title;
  ws.getCell('A2').value = 'Aantal rekenmodellen';
  ws.getCell('B2').value = { formula: `COUNT(${m('rekenmodel_id')})` } as ExcelJS.CellFormulaValue;
  ws.getCell('A3').value = `Bedragen in euro's; kosten en opbrengsten positief, het saldo is de boekwaarde (positief: nog terug te verdienen). Gegevens: bladen ${REPORT_SHEETS.models} en ${REPORT_SHEETS.periods}.`;
  const head = ws.getRow(COMPARISON_FIRST_ROW - 1);
  head.getCell(1).value = 'Rekenmodel';
  for (let k = 1; k <= n; k++) head.getCell(k + 1).value = { formula: `IF(${k}>${COUNT_CELL},"",${k})` } as ExcelJS.CellFormulaValue;
  head.getCell(n + 2).value = 'Totaal';
  head.font = bold;
  COMPARISON_ROWS.forEach((row, i) => {
    const r = ws.getRow(COMPARISON_FIRST_ROW + i);
    r.getCell(1).value = row.label;
    r.getCell(1).font = bold;
    for (let k = 1; k <= n; k++) {
      const cell = r.getCell(k + 1);
      cell.value = { formula: modelValue(row.column, k, COUNT_CELL) } as ExcelJS.CellFormulaValue;
      if (row.fmt) cell.numFmt = row.fmt;
    }
    if (row.total) {
      const total = r.getCell(n + 2);
      total.value = { formula: `SUM(B${r.number}:${colName(n)}${r.number})` } as ExcelJS.CellFormulaValue;
      total.numFmt = row.fmt!;
      total.font = bold;
    }
  });

  const bs = wb.addWorksheet(BALANCE_SHEET);
  bs.getColumn(1).width = 10;
  bs.getColumn(2).width = 14;
  for (let k = 1; k <= n; k++) bs.getColumn(k + 2).width = 22;
  bs.getCell('A1').value = 'Saldo per periode (boekwaarde aan het eind van de periode)';
  bs.getCell('A1').font = title;
  bs.getCell('A2').value = `Perioden op volgnummer: periode 1 is de eerste periode van elk rekenmodel; het label is dat van het eerste rekenmodel met die periode. #N/B: het rekenmodel heeft die periode niet (de grafiek laat het punt weg).`;
  const bh = bs.getRow(BALANCE_FIRST_ROW - 1);
  bh.getCell(1).value = 'Periode';
  bh.getCell(2).value = 'Label';
  for (let k = 1; k <= n; k++) {
    bh.getCell(k + 2).value = {
      formula: `IF(${k}>COUNT(${m('rekenmodel_id')}),"",INDEX(${m('project')},${k})&" – "&INDEX(${m('versie')},${k})&" – "&INDEX(${m('rekenmodel')},${k}))`,
    } as ExcelJS.CellFormulaValue;
  }
  bh.font = bold;
  for (let i = 1; i <= MAX_PERIODS; i++) {
    const r = bs.getRow(BALANCE_FIRST_ROW + i - 1);
    r.getCell(1).value = { formula: `IF(${i}>MAX(${m('aantal_perioden')}),NA(),${i})` } as ExcelJS.CellFormulaValue;
    r.getCell(2).value = { formula: `IFERROR(INDEX(${p('label')},MATCH(${i},${p('periode')},0)),"")` } as ExcelJS.CellFormulaValue;
    for (let k = 1; k <= n; k++) {
      const cell = r.getCell(k + 2);
      cell.value = {
        formula: `IF(${k}>COUNT(${m('rekenmodel_id')}),NA(),IF(${i}>INDEX(${m('aantal_perioden')},${k}),NA(),SUMIFS(${p('saldo')},${p('rekenmodel_id')},INDEX(${m('rekenmodel_id')},${k}),${p('periode')},${i})))`,
      } as ExcelJS.CellFormulaValue;
      cell.numFmt = MONEY;
    }
  }
  addDataSheets(wb);
  const chartTop = COMPARISON_FIRST_ROW + COMPARISON_ROWS.length + 1;
  return withChart(await bytesOf(wb), COMPARISON_SHEET, { fromRow: chartTop, toRow: chartTop + 24, fromCol: 0, toCol: n + 2 }, balanceChartXml(n));
}

/** 'Kasstromen per rekenmodel': per model a block with its periods across (costs, revenues, interest, balance). */
export async function buildCashFlowsTemplate(): Promise<Uint8Array> {
  const wb = newWorkbook();
  const ws = wb.addWorksheet(CASH_FLOWS_SHEET, { views: [{ state: 'frozen', xSplit: 2 }] });
  const n = CASH_FLOWS_MAX_MODELS;
  const firstPeriodCol = 3; // C: period 1
  const startCol = firstPeriodCol + MAX_PERIODS + 1; // a hidden helper column: the model's first row in Perioden
  ws.getColumn(1).width = 34;
  ws.getColumn(2).width = 18;
  for (let i = 0; i < MAX_PERIODS; i++) ws.getColumn(firstPeriodCol + i).width = 15;
  ws.getColumn(startCol).hidden = true;
  ws.getCell('A1').value = CASH_FLOWS_NAME;
  ws.getCell('A1').font = title;
  ws.getCell('A2').value = 'Aantal rekenmodellen';
  ws.getCell('B2').value = { formula: `COUNT(${m('rekenmodel_id')})` } as ExcelJS.CellFormulaValue;
  ws.getCell('A3').value = "Bedragen in euro's per periode; kosten en opbrengsten positief, rente en saldo volgen het saldo (positief: nog terug te verdienen). Spreadsheetmodellen hebben geen rente per periode.";
  const BLOCK = 7;
  const LINES: [string, keyof ReportPeriodRow, boolean][] = [
    ['Kosten', 'kosten', true], ['Opbrengsten', 'opbrengsten', true], ['Rente', 'rente', true], ['Saldo (boekwaarde)', 'saldo', false],
  ];
  for (let k = 1; k <= n; k++) {
    const top = 5 + (k - 1) * BLOCK;
    const start = `$${colName(startCol - 1)}$${top}`;
    const count = `INDEX(${m('aantal_perioden')},${k})`;
    const name = ws.getRow(top);
    name.getCell(1).value = {
      formula: `IF(${k}>${COUNT_CELL},"",INDEX(${m('project')},${k})&" – "&INDEX(${m('versie')},${k})&" – "&INDEX(${m('rekenmodel')},${k}))`,
    } as ExcelJS.CellFormulaValue;
    name.getCell(1).font = bold;
    name.getCell(2).value = { formula: modelValue('fout', k, COUNT_CELL) } as ExcelJS.CellFormulaValue;
    name.getCell(startCol).value = { formula: `IF(${k}>${COUNT_CELL},0,IFERROR(MATCH(INDEX(${m('rekenmodel_id')},${k}),${p('rekenmodel_id')},0),0))` } as ExcelJS.CellFormulaValue;
    const labels = ws.getRow(top + 1);
    labels.getCell(1).value = { formula: `IF(${k}>${COUNT_CELL},"","Periode")` } as ExcelJS.CellFormulaValue;
    labels.getCell(2).value = { formula: `IF(${k}>${COUNT_CELL},"","Totaal")` } as ExcelJS.CellFormulaValue;
    labels.font = bold;
    const inRange = (i: number) => `OR(${k}>${COUNT_CELL},${start}=0,${i}>${count})`;
    for (let i = 1; i <= MAX_PERIODS; i++) {
      labels.getCell(firstPeriodCol + i - 1).value = { formula: `IF(${inRange(i)},"",INDEX(${p('label')},${start}+${i - 1}))` } as ExcelJS.CellFormulaValue;
    }
    LINES.forEach(([label, column, total], j) => {
      const r = ws.getRow(top + 2 + j);
      r.getCell(1).value = { formula: `IF(${k}>${COUNT_CELL},"","${label}")` } as ExcelJS.CellFormulaValue;
      for (let i = 1; i <= MAX_PERIODS; i++) {
        const at = `${start}+${i - 1}`;
        const cell = r.getCell(firstPeriodCol + i - 1);
        cell.value = { formula: `IF(${inRange(i)},"",IF(INDEX(${p(column)},${at})="","",INDEX(${p(column)},${at})))` } as ExcelJS.CellFormulaValue;
        cell.numFmt = MONEY;
      }
      if (total) {
        const cell = r.getCell(2);
        cell.value = { formula: `IF(${k}>${COUNT_CELL},"",SUM(${colName(firstPeriodCol - 1)}${r.number}:${colName(firstPeriodCol + MAX_PERIODS - 2)}${r.number}))` } as ExcelJS.CellFormulaValue;
        cell.numFmt = MONEY;
        cell.font = bold;
      }
    });
  }
  addDataSheets(wb);
  return bytesOf(wb);
}

export const SHIPPED_REPORT_TEMPLATES: ShippedReportTemplate[] = [
  {
    name: COMPARISON_NAME,
    description: 'De gekozen rekenmodellen naast elkaar: project, versie, eindwaarde, netto contante waarde, verliesvoorziening, totale kosten en opbrengsten en POC, met totalen, en een grafiek van het saldo per periode.',
    nModelsMin: 1,
    nModelsMax: COMPARISON_MAX_MODELS,
    filename: `${COMPARISON_NAME}.xlsx`,
    build: buildComparisonTemplate,
  },
  {
    name: CASH_FLOWS_NAME,
    description: 'Per rekenmodel de kasstromen per periode: kosten, opbrengsten, rente en saldo (boekwaarde), met totalen.',
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
 * The balance per period of model 1…n as an XY chart with lines, from the Saldo per periode table: x is
 * the period number, so each model's line is as long as its periods (#N/A points are left out) and the
 * axis fits the longest model.
 */
function balanceChartXml(n: number): string {
  const sheet = `'${BALANCE_SHEET}'`;
  const last = BALANCE_FIRST_ROW + MAX_PERIODS - 1;
  const series = Array.from({ length: n }, (_, i) => {
    const col = colName(i + 2);
    return `<c:ser><c:idx val="${i}"/><c:order val="${i}"/><c:tx><c:strRef><c:f>${sheet}!$${col}$${BALANCE_FIRST_ROW - 1}</c:f></c:strRef></c:tx>`
      + '<c:marker><c:symbol val="circle"/><c:size val="4"/></c:marker>'
      + `<c:xVal><c:numRef><c:f>${sheet}!$A$${BALANCE_FIRST_ROW}:$A$${last}</c:f></c:numRef></c:xVal>`
      + `<c:yVal><c:numRef><c:f>${sheet}!$${col}$${BALANCE_FIRST_ROW}:$${col}$${last}</c:f></c:numRef></c:yVal>`
      + '<c:smooth val="0"/></c:ser>';
  }).join('');
  const axis = (id: number, cross: number, pos: 'b' | 'l', name: string, fmt: string, extra: string) =>
    `<c:valAx><c:axId val="${id}"/><c:scaling><c:orientation val="minMax"/></c:scaling><c:delete val="0"/><c:axPos val="${pos}"/>`
    + `${pos === 'l' ? '<c:majorGridlines/>' : ''}${axisTitle(name)}<c:numFmt formatCode="${escapeXml(fmt)}" sourceLinked="0"/>`
    + `<c:majorTickMark val="out"/><c:minorTickMark val="none"/><c:tickLblPos val="${pos === 'b' ? 'low' : 'nextTo'}"/>`
    + `<c:crossAx val="${cross}"/><c:crosses val="autoZero"/><c:crossBetween val="midCat"/>${extra}</c:valAx>`;
  return '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
    + `<c:chartSpace xmlns:c="${CHART_NS}" xmlns:a="${DRAWING_NS}" xmlns:r="${REL_NS}"><c:lang val="nl-NL"/><c:roundedCorners val="0"/>`
    + `<c:chart><c:title>${richText('Saldo per periode (boekwaarde)')}<c:overlay val="0"/></c:title><c:autoTitleDeleted val="0"/>`
    + `<c:plotArea><c:layout/><c:scatterChart><c:scatterStyle val="lineMarker"/><c:varyColors val="0"/>${series}`
    + '<c:axId val="500100"/><c:axId val="500200"/></c:scatterChart>'
    + axis(500100, 500200, 'b', 'Periode', '0', '<c:majorUnit val="1"/>')
    + axis(500200, 500100, 'l', 'Saldo (€)', '#,##0', '')
    + '</c:plotArea><c:legend><c:legendPos val="b"/><c:overlay val="0"/></c:legend><c:plotVisOnly val="1"/><c:dispBlanksAs val="gap"/></c:chart>'
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
