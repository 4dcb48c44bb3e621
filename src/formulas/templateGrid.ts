// The shipped template's live period grid (issue 23 item 10): the engine's workbook is built for all
// MAX_PERIODS periods from the model's start, and the cells that fix the grid become formulas of the
// start date, the end date and the periods per year on Uitgangspunten (which refer to Invoer). A period
// after the end date gets no length (its begin and end are the last period's end) and no interest, so
// the chains, the end value and the discounting stop at the model's last period as in the workbench, whatever
// dates Grondslag or the user write. The formulas follow the rule of periods.ts (generatePeriods);
// templateGrid.test.ts checks them against it. Layout: docs/spreadsheet-models.md.
import type { ModelData } from '../model/modelData.ts';
import { titleParts } from '../model/section.ts';
import { SECTIONS } from '../model/sections.ts';
import { serialToIso } from './dates.ts';
import { MAX_PERIODS, generatePeriods } from './periods.ts';
import { a1, columnTotalFormula, entryNominalCell } from './workbookRefs.ts';
import { withNominalAudit } from './nominalAudit.ts';
import {
  BLOCKS,
  OVERVIEW_FIRST_PERIOD_COL,
  OVERVIEW_ROWS,
  PARAMETER_ROWS,
  PERIOD_ROWS,
  type RawCell,
  SHEET,
  type SheetSpec,
  type WorkbookLayout,
} from './workbookLayout.ts';

/** Perioden: the row the template adds below the engine's, 1 for a period of the model, 0 after its end. */
export const IN_MODEL_ROW = PERIOD_ROWS.containsNcw + 1;

/** The model with its end date moved to the end of the MAX_PERIODS-th period, so the engine builds the whole grid. */
export function fullGridModel(model: ModelData): ModelData {
  const bp = model.base_parameters;
  const far = `${Number(bp.phasing_calculation_start_date.slice(0, 4)) + MAX_PERIODS}-12-31`;
  const periods = generatePeriods(bp.phasing_calculation_start_date, far, bp.phasing_period, MAX_PERIODS);
  const grid = structuredClone(model);
  grid.base_parameters.phasing_calculation_end_date = serialToIso(periods.at(-1)!.endSerial - 1);
  return grid;
}

const param = (key: keyof typeof PARAMETER_ROWS) => a1(1, PARAMETER_ROWS[key], { sheet: SHEET.params, absCol: true, absRow: true });
/** A cell of period k (1-based) on Perioden; the column relative, so every period's formula has one shape. */
const period = (k: number, row: number, sheet?: string) => a1(k, row, { sheet, absRow: true });
const lastPeriod = (row: number) => a1(MAX_PERIODS, row, { sheet: SHEET.periods, absCol: true, absRow: true });
const periodRow = (row: number) => `${a1(1, row, { sheet: SHEET.periods, absCol: true, absRow: true })}:${a1(MAX_PERIODS, row, { absCol: true, absRow: true })}`;
const overviewRow = (row: number) =>
  `${a1(OVERVIEW_FIRST_PERIOD_COL, row, { sheet: SHEET.overview, absCol: true, absRow: true })}:${a1(OVERVIEW_FIRST_PERIOD_COL + MAX_PERIODS - 1, row, { absCol: true, absRow: true })}`;

/**
 * The sentence on Invoer about the grid, live: the first and last label and the count, and a warning
 * when the dates ask for more than MAX_PERIODS periods or when costs or revenues lie after the end
 * (they are not dropped: they count in the end value, without interest).
 */
export function gridSummaryFormula(): string {
  const count = param('periodCount');
  const R = PERIOD_ROWS;
  const after = (row: number) => `SUMIF(${periodRow(IN_MODEL_ROW)},0,${overviewRow(row)})<>0`;
  return (
    `="Perioden (blad Perioden), uit de startdatum en de eindwaardedatum hieronder zoals de online rekentool ze indeelt: "` +
    `&${a1(1, R.label, { sheet: SHEET.periods, absCol: true, absRow: true })}&" t/m "&INDEX(${periodRow(R.label)},1,${count})&", "&${count}&IF(${count}=1," periode."," perioden.")` +
    `&IF(${lastPeriod(R.end)}<=${param('phasing_calculation_end_date')}," Let op: de looptijd vraagt meer dan ${MAX_PERIODS} perioden; alleen de eerste ${MAX_PERIODS} worden berekend.","")` +
    `&IF(OR(${after(OVERVIEW_ROWS.costs)},${after(OVERVIEW_ROWS.revenues)})," Let op: er zijn kosten of opbrengsten na de laatste periode; ze tellen zonder rente mee in de eindwaarde.","")`
  );
}

/** Replace cells of a sheet (by name), keeping the rest and the formats. */
export function changeSheet(sheets: SheetSpec[], name: string, change: (rows: RawCell[][]) => void): void {
  const i = sheets.findIndex((s) => s.name === name);
  const rows = sheets[i]!.rows.map((r) => [...r]);
  change(rows);
  sheets[i] = { ...sheets[i]!, rows };
}

/** A header `'Fasering € 2025` of period k as `="Fasering € "&Perioden!C$2`, so it follows the grid. */
function liveHeader(rows: RawCell[][], col: number, k: number, label: string): void {
  const h = rows[0]![col];
  if (typeof h !== 'string' || !h.startsWith("'") || !h.endsWith(label)) return;
  const prefix = h.slice(1, h.length - label.length).replace(/"/g, '""');
  rows[0]![col] = `=${prefix ? `"${prefix}"&` : ''}${period(k, PERIOD_ROWS.label, SHEET.periods)}`;
}

/**
 * A header that names the model's dates (section.ts TITLE_DATES: 'Gerealiseerd vóór 01-01-2025 (…)') as a formula
 * of those dates on Uitgangspunten, in dd-mm-jjjj as the tool writes them, so it follows the dates typed on Invoer.
 */
function liveTitle(rows: RawCell[][], col: number, title: string): void {
  const { texts, dates } = titleParts(title);
  const dutch = (field: (typeof dates)[number]) => {
    const d = param(field);
    return `RIGHT("0"&DAY(${d}),2)&"-"&RIGHT("0"&MONTH(${d}),2)&"-"&YEAR(${d})`;
  };
  rows[0]![col] = `=${texts.map((t, i) => [`"${t.replace(/"/g, '""')}"`, ...(i < dates.length ? [dutch(dates[i]!)] : [])].join('&')).join('&')}`;
}

/** The engine's sheets of the full grid (fullGridModel) with the grid following the dates. */
export function makeGridLive(sheets: SheetSpec[], layout: WorkbookLayout): void {
  const n = layout.n;
  const R = PERIOD_ROWS;
  const S = param('phasing_calculation_start_date');
  const E = param('phasing_calculation_end_date');
  const m = param('periodsPerYear');
  const months = `(12/${m})`;
  changeSheet(sheets, SHEET.periods, (rows) => {
    rows[IN_MODEL_ROW] = [`'In het model (1 = ja)`];
    for (let k = 1; k <= n; k++) {
      const start = period(k, R.start);
      const end = period(k, R.end);
      // generatePeriods: period 1 is the calendar period holding the start date; a further period exists while its start is not after the end date.
      rows[R.start]![k] = k === 1 ? `=DATE(YEAR(${S}),INT((MONTH(${S})-1)/${months})*${months}+1,1)` : `=${period(k - 1, R.end)}`;
      rows[R.end]![k] = k === 1 ? `=EDATE(${start},${months})` : `=IF(${start}<=${E},EDATE(${start},${months}),${start})`;
      rows[IN_MODEL_ROW]![k] = k === 1 ? 1 : `=IF(${end}>${start},1,0)`;
      rows[R.label]![k] = `=IF(${period(k, IN_MODEL_ROW)}=1,YEAR(${start})&IF(${m}=1,"",IF(${m}=2," H"," Q")&(INT((MONTH(${start})-1)/${months})+1)),"")`;
    }
  });
  const sheet = sheets.find((s) => s.name === SHEET.periods)!;
  sheets[sheets.indexOf(sheet)] = { ...sheet, fmt: (r, c) => (r === IN_MODEL_ROW && c > 0 ? 'int' : sheet.fmt(r, c)) };

  changeSheet(sheets, SHEET.params, (rows) => {
    rows[PARAMETER_ROWS.periodCount]![1] = `=SUM(${periodRow(IN_MODEL_ROW)})`;
  });

  changeSheet(sheets, SHEET.sets, (rows) => {
    for (let k = 1; k <= n; k++) {
      const label = layout.periods[k - 1]!.label;
      for (const first of [layout.setCols.firstValue, layout.setCols.firstEffective, layout.setCols.firstFactor]) liveHeader(rows, first + k - 1, k, label);
    }
  });

  changeSheet(sheets, SHEET.overview, (rows) => {
    const O = OVERVIEW_ROWS;
    for (let k = 1; k <= n; k++) {
      const c = OVERVIEW_FIRST_PERIOD_COL + k - 1;
      rows[0]![c] = `=${period(k, R.label, SHEET.periods)}`;
      // No interest after the end date: the balance stays what it is at the model's last period.
      for (const r of [O.debitPeriod, O.creditPeriod]) rows[r]![c] = `=(${String(rows[r]![c]).slice(1)})*${period(k, IN_MODEL_ROW, SHEET.periods)}`;
    }
  });

  for (const lay of Object.values(layout.sections)) {
    const fields = SECTIONS.find((s) => s.sheet === lay.sheet)!.fields.filter((f) => titleParts(f.title).dates.length);
    changeSheet(sheets, lay.sheet, (rows) => {
      for (const b of BLOCKS) for (let k = 1; k <= n; k++) liveHeader(rows, lay.blockStart[b] + k - 1, k, layout.periods[k - 1]!.label);
      for (const f of fields) liveTitle(rows, lay.col[f.key]!, f.title);
      // The engine leaves out the nominal cells up to the NCW period (the factor is 1 there). Here the dates
      // move, and with them the period of the NCW date, so every phasing value gets its nominal cell.
      for (const [id, r] of lay.rowOf) {
        for (let k = 1; k <= Math.min(lay.ncwPeriod, n); k++) {
          const nominal = entryNominalCell(lay, rows[r]!, r, k, lay.factor.get(id)!, layout.setCols);
          if (nominal !== null) rows[r]![lay.blockStart.nominal + k - 1] = nominal;
        }
      }
      const everyPeriodNominal = { ...lay, ncwPeriod: 0 };
      for (let k = 1; k <= Math.min(lay.ncwPeriod, n); k++) rows[lay.totalsRow]![lay.blockStart.nominal + k - 1] = columnTotalFormula(everyPeriodNominal, rows, 'nominal', k);
    });
    // After it, the entries without an own chain are added by their set's row (the sum times the factor, right
    // wherever N falls): the template, like the export, shows their nominal cells too, and the check in every period.
    const i = sheets.findIndex((s) => s.name === lay.sheet);
    sheets[i] = withNominalAudit(sheets[i]!, lay, layout.setCols, n, { cellsFrom: lay.ncwPeriod + 1, checkFrom: 1 }).spec;
  }
}
