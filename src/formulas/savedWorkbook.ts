// The results of a saved spreadsheet model, read from the workbook's named result cells (the template
// defines them; docs/spreadsheet-models.md). What Excel or LibreOffice saved with the formulas is
// used as it is; a workbook without those values (the open-model job removes them, exceljs drops
// zeros) is recalculated with the engine's HyperFormula, or refused with a Dutch message when it uses
// functions HyperFormula does not have.
import { AlwaysSparse, type CellValue, DetailedCellError, HyperFormula, type RawCellContent } from 'hyperformula';
import { WORKBOOK_MESSAGES } from '../api/contract/messages.ts';
import { HF_CONFIG } from './hyperformulaConfig.ts';
import { startHyperFormula } from './hyperformulaSpeedups.ts';
import { a1 } from './workbookRefs.ts';
import { serialToIso } from './dates.ts';
import { type CellRange, EXCEL_COLUMNS, EXCEL_ROWS, type SavedCell, SheetBeyondBounds, dateSerialOffset, isNotAWorkbook, openXlsx, readAllSheetCells } from './xlsxPackage.ts';

/** The defined names of the result cells. */
export const RESULT_NAMES = {
  ew: 'Resultaat_EW',
  ncw: 'Resultaat_NCW',
  verliesvoorziening: 'Resultaat_Verliesvoorziening',
  /** Per period, along one row or column: the period labels, costs, revenues and book value. */
  labels: 'Resultaat_Perioden',
  costs: 'Resultaat_Kosten',
  revenues: 'Resultaat_Opbrengsten',
  balance: 'Resultaat_Boekwaarde',
} as const;

export interface WorkbookPeriod {
  label: string;
  costs: number;
  revenues: number;
  /** Book value at the end of the period (positive: still to be recovered). */
  balance: number;
}

export interface WorkbookResults {
  ew: number;
  ncw: number;
  verliesvoorziening: number;
  periods: WorkbookPeriod[];
  /** True when the values were computed here, false when they are the ones the workbook was saved with. */
  recalculated: boolean;
}

/** A workbook whose results cannot be read; the message is Dutch and meant for the user. */
export class WorkbookResultsError extends Error {}


type Value = number | string | boolean | { error: string } | null;

/** Cells of a range along its length (a row or a column). */
function cellsOf(r: CellRange): { row: number; col: number }[] {
  const out: { row: number; col: number }[] = [];
  for (let row = r.r1; row <= r.r2; row++) for (let col = r.c1; col <= r.c2; col++) out.push({ row, col });
  return out;
}

const quoteSheet = (s: string) => `'${s.replace(/'/g, "''")}'`;
/** Excel writes newer functions with a prefix (`_xlfn.IFS`); HyperFormula knows them by the plain name. */
const plainFunctions = (f: string) => f.replace(/_xl(?:fn|ws)\./gi, '');

/** The function names a formula calls (outside quoted text). */
function functionsIn(formula: string): string[] {
  const code = formula.replace(/"(?:[^"]|"")*"/g, '""');
  // Only from the start of a name (the lookbehind): trying from every letter of a long name read it again each time.
  return [...code.matchAll(/(?<![A-Za-z0-9._])([A-Za-z][A-Za-z0-9._]*)\s*\(/g)].map((m) => m[1]!.toUpperCase());
}

/**
 * A file that turns out to be no workbook (not a zip, too large unpacked, malformed XML), or a sheet beyond
 * Excel's grid or the cell bound, as the reader's refusal.
 */
const notXlsx = <T>(reading: Promise<T>): Promise<T> =>
  reading.catch((e: unknown) => {
    if (e instanceof SheetBeyondBounds) throw new WorkbookResultsError(e.message);
    throw isNotAWorkbook(e) ? new WorkbookResultsError(WORKBOOK_MESSAGES.notXlsx) : e;
  });

export async function readWorkbookResults(xlsx: Uint8Array): Promise<WorkbookResults> {
  const pkg = await notXlsx(openXlsx(xlsx));
  const missing = Object.values(RESULT_NAMES).filter((n) => !pkg.names.has(n.toLowerCase()));
  if (missing.length) throw new WorkbookResultsError(`De werkmap heeft geen resultaatcellen met de naam ${missing.map((n) => `'${n}'`).join(', ')}.`);
  const range = (key: keyof typeof RESULT_NAMES) => pkg.names.get(RESULT_NAMES[key].toLowerCase())!;
  const sheets = await notXlsx(readAllSheetCells(pkg));
  const saved = (sheet: string, row: number, col: number): SavedCell | undefined => sheets.get(sheet)?.get(`${row}:${col}`);

  const resultCells = (Object.keys(RESULT_NAMES) as (keyof typeof RESULT_NAMES)[]).flatMap((k) => cellsOf(range(k)).map((c) => ({ sheet: range(k).sheet, ...c })));
  const cachedComplete = resultCells.every((c) => {
    const cell = saved(c.sheet, c.row, c.col);
    return !cell?.formula || cell.value !== null;
  });
  // A label cell formatted as a date (a modeller's own workbook heads its periods with dates) is read as
  // that date, yyyy-mm-dd, not as its serial number ('46022'); the format is the saved cell's, whoever computed it.
  const offset = dateSerialOffset(pkg);
  const label = (v: Value, at: { row: number; col: number }): string => {
    if (v === null) return '';
    if (typeof v === 'object') return v.error;
    if (typeof v === 'number' && saved(range('labels').sheet, at.row, at.col)?.date) return serialToIso(v + offset);
    return String(v);
  };
  let value: (r: CellRange, at: { row: number; col: number }) => Value;
  if (cachedComplete) value = (r, at) => saved(r.sheet, at.row, at.col)?.value ?? null;
  else {
    const hf = recalculate(sheets, pkg.names);
    value = (r, at) => fromHf(hf.getCellValue({ sheet: hf.getSheetId(r.sheet)!, row: at.row, col: at.col }));
    try {
      return collect(value, range, label, true);
    } finally {
      hf.destroy();
    }
  }
  return collect(value, range, label, false);
}

function fromHf(v: CellValue): Value {
  if (v instanceof DetailedCellError) return { error: v.value };
  return v ?? null;
}

function collect(
  value: (r: CellRange, at: { row: number; col: number }) => Value, range: (k: keyof typeof RESULT_NAMES) => CellRange,
  labelOf: (v: Value, at: { row: number; col: number }) => string, recalculated: boolean,
): WorkbookResults {
  const num = (key: keyof typeof RESULT_NAMES, at: { row: number; col: number }): number => {
    const v = value(range(key), at);
    if (v === null || v === '') return 0;
    if (typeof v === 'number') return v;
    if (typeof v === 'boolean') return Number(v);
    const shown = typeof v === 'object' ? v.error : v;
    throw new WorkbookResultsError(`De resultaatcel '${RESULT_NAMES[key]}' bevat geen getal (${shown}).`);
  };
  const first = (key: keyof typeof RESULT_NAMES) => num(key, { row: range(key).r1, col: range(key).c1 });
  const along = (key: keyof typeof RESULT_NAMES) => cellsOf(range(key));
  const labels = along('labels');
  const periods = labels.map((at, i): WorkbookPeriod => {
    const pick = (key: 'costs' | 'revenues' | 'balance') => {
      const cell = along(key)[i];
      return cell ? num(key, cell) : 0;
    };
    return { label: labelOf(value(range('labels'), at), at), costs: pick('costs'), revenues: pick('revenues'), balance: pick('balance') };
  });
  // A grid longer than the model (the shipped template has 40 period columns, its dates use some) ends in
  // columns without a label; those without costs or revenues are not periods of the model.
  while (periods.length && periods.at(-1)!.label === '' && periods.at(-1)!.costs === 0 && periods.at(-1)!.revenues === 0) periods.pop();
  return { ew: first('ew'), ncw: first('ncw'), verliesvoorziening: first('verliesvoorziening'), periods, recalculated };
}

/**
 * The workbook in HyperFormula: its values and formulas, its defined names as named expressions. The sheets
 * start empty, on HyperFormula's sparse address mapping, and get only the cells that exist: the arrays
 * buildFromSheets takes are dense, sized by the largest address, and its default mapping is dense too, so
 * one cell at XFD<n> per row made 16,384 entries per row (a 70 kB workbook took the server to 4 GB, issue
 * 34). The cells were bounded when read (readAllSheetCells). Measured: docs/decisions.md.
 */
function recalculate(sheets: Map<string, Map<string, SavedCell>>, names: Map<string, CellRange>): HyperFormula {
  startHyperFormula();
  const known = new Set(HyperFormula.getRegisteredFunctionNames('enGB'));
  const lacking = new Set<string>();
  const contents: { sheet: string; row: number; col: number; raw: RawCellContent }[] = [];
  for (const [sheet, cells] of sheets) {
    for (const [key, cell] of cells) {
      const [row, col] = key.split(':').map(Number) as [number, number];
      let raw: RawCellContent;
      if (cell.formula) {
        const f = plainFunctions(cell.formula);
        for (const fn of functionsIn(f)) if (!known.has(fn)) lacking.add(fn);
        raw = `=${f}`;
      } else if (cell.value === null) continue;
      else if (typeof cell.value === 'object') raw = cell.value.error;
      // A text that looks like a number or formula stays text.
      else raw = typeof cell.value === 'string' ? `'${cell.value}` : cell.value;
      contents.push({ sheet, row, col, raw });
    }
  }
  if (lacking.size) {
    throw new WorkbookResultsError(
      `De werkmap is zonder berekende waarden opgeslagen en gebruikt functies die de rekenkern niet kent: ${[...lacking].sort().join(', ')}. Open en sla de werkmap op in Excel of LibreOffice.`,
    );
  }
  // Only the names formulas use: a name HyperFormula would not accept must not stop the others.
  const used = new Set(contents.flatMap(({ raw }) => (typeof raw === 'string' && raw.startsWith('=') ? raw.toLowerCase().match(/[a-z_][a-z0-9_.]*/g) ?? [] : [])));
  const expressions = [...names].filter(([name]) => used.has(name)).map(([name, r]) => ({
    name,
    expression: `=${quoteSheet(r.sheet)}!${ref(r.c1, r.r1)}${r.r1 === r.r2 && r.c1 === r.c2 ? '' : `:${ref(r.c2, r.r2)}`}`,
  }));
  // No undo: the engine is read once and destroyed, the old content of its cells need not be kept.
  // Excel's grid, not HyperFormula's smaller default (40,000 rows): a cell on row 50,000 is a workbook's own.
  const config = { ...HF_CONFIG, undoLimit: 0, chooseAddressMappingPolicy: new AlwaysSparse(), maxRows: EXCEL_ROWS, maxColumns: EXCEL_COLUMNS };
  const hf = HyperFormula.buildFromSheets(Object.fromEntries([...sheets.keys()].map((s) => [s, []])), config, expressions);
  const ids = new Map([...sheets.keys()].map((s) => [s, hf.getSheetId(s)!]));
  hf.suspendEvaluation();
  for (const { sheet, row, col, raw } of contents) hf.setCellContents({ sheet: ids.get(sheet)!, row, col }, raw);
  hf.resumeEvaluation();
  return hf;
}

const ref = (col: number, row: number) => a1(col, row, { absCol: true, absRow: true });
