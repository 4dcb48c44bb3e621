// The shipped spreadsheet-model template "Grondexploitatie standaard": the engine's workbook of a blank
// model (modelDefaults.ts) with one space-usage row per location, preceded by the input sheet `Invoer`.
// The engine's input cells for the rates, VAT, discount rate, dates and space usage become references
// to Invoer, so what the open-model job writes there (workbookInputs.ts) drives the results; the
// results have defined names that savedWorkbook.ts reads. Layout and names: docs/spreadsheet-models.md.
import { HyperFormula } from 'hyperformula';
import { SPACE_USAGE_LOCATIONS, type ModelData } from '../model/modelData.ts';
import { PERIOD_TYPES } from '../api/contract/parameters.ts';
import { BASE_PARAMETERS, type ParameterType, parameterValue } from '../model/baseParameters.ts';
import { GLOBAL_PARAMETERS } from '../model/globalParameters.ts';
import { toSerial } from './dates.ts';
import { HF_CONFIG } from './hyperformulaConfig.ts';
import { exportXlsx } from './export.ts';
import { startHyperFormula } from './hyperformulaSpeedups.ts';
import { defaultModelData } from './modelDefaults.ts';
import { pct } from '../model/percent.ts';
import { MAX_PERIODS, type Period } from './periods.ts';
import { changeSheet, fullGridModel, gridSummaryFormula, makeGridLive } from './templateGrid.ts';
import { RESULT_NAMES } from './savedWorkbook.ts';
import { HISTORIC_INDEX_FIRST_YEAR, spaceUsageName } from './workbookInputs.ts';
import {
  LOCATION_TITLES,
  OVERVIEW_FIRST_PERIOD_COL,
  OVERVIEW_ROWS,
  PARAMETER_ROWS,
  RESULT_ROWS,
  type RawCell,
  SHEET,
  type SheetSpec,
  text,
} from './workbookLayout.ts';
import type { Fmt } from '../model/section.ts';
import { a1 } from './workbookRefs.ts';
import { buildWorkbookSpec } from './workbook.ts';

export const TEMPLATE_NAME = 'Grondexploitatie standaard';
export const TEMPLATE_FILENAME = 'Grondexploitatie standaard.xlsx';
export const INPUT_SHEET = 'Invoer';

/** Rows per user-index table on Invoer (row_index 0…9). */
const USER_INDEX_ROWS = 10;
const HISTORIC_YEARS = 40; // 2000…2039
/** Invoer: the first value column (C); a period table has Uitgangspunt there and Per01…Per40 after it. */
const FIRST_VALUE_COL = 2;

/** Invoer's percentages: the global parameters that set one (their order), and its dates: the base parameters a global parameter sets (theirs). */
const PERCENTAGES = GLOBAL_PARAMETERS.filter((g) => g.kind === 'single' || g.kind === 'series');
const DATES = BASE_PARAMETERS.filter((p) => p.kind === 'date' && p.global);

/** The blank model the template is built from: the default model with one space-usage row (0 m²) per location. */
export function templateModelData(): ModelData {
  const model = defaultModelData({ modelName: TEMPLATE_NAME });
  model.base_parameters.space_usage = SPACE_USAGE_LOCATIONS.map((location, i) => ({ id: i + 1, label: LOCATION_TITLES[location], value: 0, location }));
  return model;
}

const abs = (sheet: string, col: number, row: number) => a1(col, row, { sheet, absCol: true, absRow: true });
const range = (sheet: string, c1: number, r1: number, c2: number, r2: number) => `${abs(sheet, c1, r1)}:${a1(c2, r2, { absCol: true, absRow: true })}`;
/** Uitgangspunt, Per01…Per40: the global parameters' own period names. */
const periodHeaders = () => PERIOD_TYPES.map(text);

/** The Invoer sheet, the defined names of its cells, and where each input is (for the references). */
function inputSheet(model: ModelData, periods: Period[]) {
  const bp = model.base_parameters;
  const rows: RawCell[][] = [];
  const fmts = new Map<number, Fmt>();
  /** Per input row, its last named column: the cells from FIRST_VALUE_COL to it keep their format while empty. */
  const inputTo = new Map<number, number>();
  const names: Record<string, string> = {};
  const add = (cells: RawCell[], fmt?: Fmt, lastInputCol?: number) => {
    if (fmt) fmts.set(rows.length, fmt);
    if (lastInputCol !== undefined) inputTo.set(rows.length, lastInputCol);
    rows.push(cells);
    return rows.length - 1;
  };
  const lastCol = FIRST_VALUE_COL + MAX_PERIODS;
  add([text(`${INPUT_SHEET} – ${TEMPLATE_NAME}`)]);
  add([text('Grondslag vult de invoercellen van dit blad (met een naam, kolom Naam) bij het openen met de actuele globale parameters en het ruimtegebruik uit de kaart; de andere bladen rekenen ermee.')]);
  add([text('Percentages als fractie: typ 0,02 of 2% voor 2 % (een 2 zonder %-teken is hier 200 %, anders dan in de online rekentool). Een lege periodecel volgt het uitgangspunt. Per01 is de eerste periode van het model.')]);
  add([gridSummaryFormula()]);
  add([]);

  add([text('Percentage'), text('Naam'), ...periodHeaders()]);
  const pctRow = new Map<ParameterType, number>();
  for (const { type, label, kind, field, set: target } of PERCENTAGES) {
    const set = target && bp.parameter_sets.find((s) => s.set_group === target.group && s.set_name === target.name);
    const base = field ? parameterValue(bp, field) as number : set?.set_base_value ?? 0;
    // The set's own period values (by label) fill the period columns, so the template computes what the model does.
    const byLabel = new Map(set?.set_values.map((v) => [v.period_label, pct(v.period_value)]));
    const perPeriod = kind === 'single' ? [text('(alleen uitgangspunt)')] : periods.map((p) => byLabel.get(p.label) ?? null);
    const r = add([text(label), text(type), pct(base), ...perPeriod], 'fraction', kind === 'single' ? FIRST_VALUE_COL : lastCol);
    pctRow.set(type, r);
    names[type] = kind === 'single' ? abs(INPUT_SHEET, FIRST_VALUE_COL, r) : range(INPUT_SHEET, FIRST_VALUE_COL, r, lastCol, r);
  }
  add([]);

  add([text('Datum'), text('Naam'), text('Datum')]);
  const dateRow = new Map<ParameterType, number>();
  for (const p of DATES) {
    const type = p.global!.type;
    const r = add([text(p.label), text(type), toSerial(parameterValue(bp, p) as string)], 'date');
    dateRow.set(type, r);
    names[type] = abs(INPUT_SHEET, FIRST_VALUE_COL, r);
  }
  add([]);

  add([text('Ruimtegebruik (m², uit de kaart)'), text('Naam'), text('m²')]);
  const spaceRow = new Map<string, number>();
  for (const loc of SPACE_USAGE_LOCATIONS) {
    const m2 = bp.space_usage.reduce((sum, s) => sum + (s.location === loc ? s.value ?? 0 : 0), 0);
    const r = add([text(LOCATION_TITLES[loc]), text(spaceUsageName(loc)), m2], 'area');
    spaceRow.set(loc, r);
    names[spaceUsageName(loc)] = abs(INPUT_SHEET, FIRST_VALUE_COL, r);
  }
  add([]);

  const table = (type: ParameterType, title: string, headers: RawCell[]) => {
    add([text(`${title} (niet gebruikt in de standaardberekening)`), text('Naam'), ...headers]);
    let first = -1;
    for (let i = 0; i < USER_INDEX_ROWS; i++) {
      const r = add([text(`Rij ${i}`), i === 0 ? text(type) : null], 'fraction', FIRST_VALUE_COL + headers.length - 1);
      if (i === 0) first = r;
    }
    names[type] = range(INPUT_SHEET, FIRST_VALUE_COL, first, FIRST_VALUE_COL + headers.length - 1, first + USER_INDEX_ROWS - 1);
    add([]);
  };
  table('ToekomstigeIndexGebruiker', 'Toekomstige index gebruiker', periodHeaders());
  table('HistorischeIndexGebruiker', 'Historische index gebruiker', Array.from({ length: HISTORIC_YEARS }, (_, i) => text(String(HISTORIC_INDEX_FIRST_YEAR + i))));

  const width = lastCol + 1;
  for (const row of rows) while (row.length < width) row.push(null);
  const fmt = (r: number, c: number): Fmt | undefined => (c >= FIRST_VALUE_COL ? fmts.get(r) : 'text');
  const formatWhenEmpty = (r: number, c: number) => c >= FIRST_VALUE_COL && c <= (inputTo.get(r) ?? -1);
  const spec: SheetSpec = { name: INPUT_SHEET, rows, fmt, formatWhenEmpty, frozenRows: 0, frozenCols: 2, widths: [46, 40, ...Array.from({ length: width - 2 }, () => 12)] };
  return { spec, names, pctRow, dateRow, spaceRow };
}

/** The template's sheets (Invoer first, then the engine's with their inputs referring to Invoer) and defined names. */
export function templateWorkbook(model: ModelData = templateModelData()): { sheets: SheetSpec[]; names: Record<string, string> } {
  // All MAX_PERIODS periods, made to follow the dates on Invoer (templateGrid.ts).
  const { sheets, layout } = buildWorkbookSpec(fullGridModel(model));
  makeGridLive(sheets, layout);
  const input = inputSheet(model, layout.periods);
  const inputRef = (col: number, row: number, absCol = true) => a1(col, row, { sheet: INPUT_SHEET, absCol, absRow: true });
  /** The engine's sheet with some cells replaced by references to Invoer, shown in the Invoer cell's format. */
  const rewire = (name: string, cells: [row: number, col: number, formula: string, fmt?: Fmt][]): void => {
    const fmts = new Map<string, Fmt>();
    changeSheet(sheets, name, (rows) => {
      for (const [r, c, f, fm] of cells) {
        rows[r]![c] = f;
        if (fm) fmts.set(`${r}:${c}`, fm);
      }
    });
    const s = sheets.find((x) => x.name === name)!;
    sheets[sheets.indexOf(s)] = { ...s, fmt: (r, c) => fmts.get(`${r}:${c}`) ?? s.fmt(r, c) };
  };

  const params: Parameters<typeof rewire>[1] = [];
  const row = (key: string) => PARAMETER_ROWS[key as keyof typeof PARAMETER_ROWS];
  for (const p of DATES) params.push([row(p.key), 1, `=${inputRef(FIRST_VALUE_COL, input.dateRow.get(p.global!.type)!)}`]);
  for (const { type, field } of PERCENTAGES) {
    if (field) params.push([row(field.key), 1, `=${inputRef(FIRST_VALUE_COL, input.pctRow.get(type)!)}`, 'fraction']);
  }
  rewire(SHEET.params, params);

  const sets: Parameters<typeof rewire>[1] = [];
  for (const { type, set } of PERCENTAGES) {
    if (!set) continue;
    const r = layout.setRow.get(`${set.group}|${set.name}`)!;
    const inRow = input.pctRow.get(type)!;
    const base = inputRef(FIRST_VALUE_COL, inRow);
    sets.push([r, layout.setCols.base, `=${base}`, 'fraction']);
    for (let k = 1; k <= layout.n; k++) {
      const v = inputRef(FIRST_VALUE_COL + k, inRow, false);
      sets.push([r, layout.setCols.firstValue + k - 1, `=IF(ISBLANK(${v}),${base},${v})`, 'fraction']);
    }
  }
  rewire(SHEET.sets, sets);

  const space = model.base_parameters.space_usage.flatMap((s): Parameters<typeof rewire>[1] =>
    s.location ? [[layout.spaceRow.get(s.id)!, 2, `=${inputRef(FIRST_VALUE_COL, input.spaceRow.get(s.location)!)}`]] : [],
  );
  rewire(SHEET.space, space);

  const lastPeriodCol = OVERVIEW_FIRST_PERIOD_COL + layout.n - 1;
  const overviewRow = (row: number) => range(SHEET.overview, OVERVIEW_FIRST_PERIOD_COL, row, lastPeriodCol, row);
  const names: Record<string, string> = {
    ...input.names,
    [RESULT_NAMES.ew]: abs(SHEET.result, 1, RESULT_ROWS.ew),
    [RESULT_NAMES.ncw]: abs(SHEET.result, 1, RESULT_ROWS.ncw),
    [RESULT_NAMES.verliesvoorziening]: abs(SHEET.result, 1, RESULT_ROWS.verliesvoorziening),
    [RESULT_NAMES.labels]: overviewRow(0),
    [RESULT_NAMES.costs]: overviewRow(OVERVIEW_ROWS.costs),
    [RESULT_NAMES.revenues]: overviewRow(OVERVIEW_ROWS.revenues),
    // The template has no profit withdrawal, so the chain before withdrawal is the book value.
    [RESULT_NAMES.balance]: overviewRow(OVERVIEW_ROWS.balanceBefore),
  };
  return { sheets: [input.spec, ...sheets], names };
}

/**
 * The template as an xlsx, with the computed results cached (the engine's HyperFormula). Another model
 * (with one space-usage row per location, as templateModelData has) gives the same layout with its entries (tests).
 */
export async function buildModelTemplate(model?: ModelData): Promise<Uint8Array> {
  const { sheets, names } = templateWorkbook(model);
  startHyperFormula();
  const hf = HyperFormula.buildFromSheets(Object.fromEntries(sheets.map((s) => [s.name, s.rows])), HF_CONFIG);
  try {
    return await exportXlsx({ sheets, sheetValues: (name) => hf.getSheetValues(hf.getSheetId(name)!) }, { names });
  } finally {
    hf.destroy();
  }
}
