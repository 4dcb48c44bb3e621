// Formulas in the tool's entry grids, in the grid's own terms: columns A, B, C… as the grid's columns
// from the left (the formula bar shows the selected cell's address), rows 1, 2, 3… as its row headers.
// Typed `=B3*2` becomes the stored `=[cost:3:amount]*2` (src/formulas/cellFormulas.ts: references by
// entry and field, so inserting or removing entries never changes what a formula means); the grid, its
// editor and the formula bar show it back as `=B3*2`, in Dutch notation (`;` between arguments, decimal
// comma). A computed cell's bar shows the engine's own formula with its references translated the same
// way; a reference to a cell this grid does not show keeps the workbook's name (`Prijsindex!F4`), which
// is where the export has it.
import nlNL from 'hyperformula/i18n/languages/nlNL';
import type { ModelData } from '../model/modelData.ts';
import { type FieldRef, formulaScalar, nameReferences, refToken } from '../formulas/formulaRefs.ts';
import type { Edit } from '../formulas/engineModelEdits.ts';
import type { GrexEngine } from '../formulas/engine.ts';
import { colIndex } from './formula.ts';
import { colName } from '../formulas/workbookRefs.ts';
import { entriesOf } from '../model/sections.ts';
import { toDutchEditText } from '../lib/dutchNumber.ts';
import type { SheetDef } from './sheets.ts';

export const cellAddress = (row: number, col: number) => `${colName(col)}${row + 1}`;

/** The model's input cell behind a grid cell, when a formula may stand in it. */
export function fieldAt(def: SheetDef, row: number, col: number): FieldRef | null {
  const c = def.columns[col];
  const id = def.entries?.ids[row];
  if (!def.entries || !c || id === undefined || c.computed || c.readOnly) return null;
  const { kind, list } = def.entries;
  if (c.period) return list ? { entry: kind, id, field: `${list}:${c.period}` } : null;
  return formulaScalar(kind, c.key) ? { entry: kind, id, field: c.key } : null;
}

/** Where the grid shows a model cell. */
function gridCell(def: SheetDef, r: FieldRef): { row: number; col: number } | null {
  if (!def.entries || r.entry !== def.entries.kind) return null;
  const row = def.entries.ids.indexOf(r.id);
  if (row < 0) return null;
  const col = def.columns.findIndex((_, c) => fieldAt(def, row, c)?.field === r.field);
  return col < 0 ? null : { row, col };
}

const REF = /\$?([A-Z]{1,3})\$?(\d+)/;

// Function names as Dutch Excel writes them (SOM, AFRONDEN, ALS): typed either way, stored in English
// (HyperFormula's and the xlsx file's own names), shown in Dutch. HyperFormula's Dutch names are Excel's.
const DUTCH = new Map(Object.entries(nlNL.functions as Record<string, string>));
const ENGLISH = new Map([...DUTCH].map(([en, nl]) => [nl, en]));
const FUNCTION = /([A-Z][A-Z0-9.]*)(?=\s*\()/gi;
const inLanguage = (text: string, names: Map<string, string>) => text.replace(FUNCTION, (f: string) => names.get(f.toUpperCase()) ?? f);

/** A formula typed in the grid → its stored form; a Dutch message when it refers to a cell that holds no number input. */
export function storedFormula(def: SheetDef, typed: string): { text: string } | { error: string } {
  let error: string | null = null;
  const token = (letters: string, digits: string) => {
    const row = Number(digits) - 1;
    const col = colIndex(letters);
    const ref = fieldAt(def, row, col);
    if (!ref) error ??= `De formule verwijst naar ${letters}${digits}; een formule kan alleen verwijzen naar invoercellen met een getal in dit blad.`;
    return ref ? refToken(ref) : '0';
  };
  const text = inLanguage(typed.trim().toUpperCase(), ENGLISH)
    .replace(/(\d),(\d)/g, '$1.$2')
    .replace(/;/g, ',')
    .replace(new RegExp(`${REF.source}:${REF.source}`, 'g'), (_m, c1: string, r1: string, c2: string, r2: string) => {
      const rows: string[] = [];
      for (let r = Math.min(+r1, +r2); r <= Math.max(+r1, +r2); r++) {
        const cells: string[] = [];
        for (let c = Math.min(colIndex(c1), colIndex(c2)); c <= Math.max(colIndex(c1), colIndex(c2)); c++) cells.push(token(colName(c), String(r)));
        rows.push(cells.join(','));
      }
      return `{${rows.join(';')}}`;
    })
    .replace(new RegExp(`\\b${REF.source}\\b(?!\\()`, 'g'), (_m, l: string, r: string) => token(l, r));
  return error ? { error } : { text };
}

/** Stored notation → the modeller's: `;` between arguments and a decimal comma (outside inline arrays and texts). */
function dutchNotation(text: string): string {
  let depth = 0;
  let inText = false;
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '"') inText = !inText;
    else if (!inText && ch === '{') depth++;
    else if (!inText && ch === '}') depth--;
    if (!inText && depth === 0 && ch === ',') out += ';';
    else if (!inText && ch === '.' && /\d/.test(text[i - 1] ?? '') && /\d/.test(text[i + 1] ?? '')) out += ',';
    else out += ch;
  }
  return out;
}

/** A stored formula in this grid's terms (a reference it does not show: #VERW!). */
export function gridFormula(def: SheetDef, stored: string): string {
  const named = nameReferences(stored, (r) => gridCell(def, r), (c) => cellAddress(c.row, c.col))
    ?? nameReferences(stored.replace(/\{|\}/g, ''), (r) => gridCell(def, r) ?? { row: -1, col: -1 }, (c) => (c.row < 0 ? '#VERW!' : cellAddress(c.row, c.col)))!;
  return dutchNotation(inLanguage(named, DUTCH));
}

const formulaOf = (m: ModelData, r: FieldRef) =>
  entriesOf(m, r.entry).find((e) => e.id === r.id)?.formulas?.[r.field] ?? null;

/** The formula of a grid cell in the grid's terms, or null. */
export function formulaTextAt(def: SheetDef, m: ModelData, row: number, col: number): string | null {
  const ref = fieldAt(def, row, col);
  const f = ref && formulaOf(m, ref);
  return f ? gridFormula(def, f) : null;
}

/**
 * The engine edits of a typed, pasted or cleared cell: a formula is stored as one (the engine computes
 * its value in the same batch); a value typed over a formula removes the formula, as in Excel.
 */
export function cellEdits(def: SheetDef, m: ModelData, row: number, col: number, value: unknown): Edit[] | { error: string } {
  const ref = fieldAt(def, row, col);
  if (ref && typeof value === 'string' && value.trim().startsWith('=')) {
    const s = storedFormula(def, value);
    return 'error' in s ? s : [{ kind: 'formula', ...ref, text: s.text }];
  }
  const edits = def.toEdits(row, col, value);
  if ('error' in edits || !ref || !formulaOf(m, ref)) return edits;
  return [{ kind: 'formula', ...ref, text: null }, ...edits];
}

/** What the formula bar reads of the engine (the workbench's engine client, or a GrexEngine). */
type EngineView = Pick<GrexEngine, 'modelData' | 'layout' | 'sheets' | 'inputCell'>;

export interface CellContents {
  address: string;
  /** The formula (or value) as the modeller reads and types it. */
  text: string;
  /** An input cell: the bar edits it. A computed cell's formula is shown read-only. */
  editable: boolean;
}

/** What the formula bar shows for a grid cell. */
export function cellContents(def: SheetDef, engine: EngineView | null, row: number, col: number): CellContents | null {
  const c = def.columns[col];
  const v = def.data[row]?.[col];
  if (!c || v === undefined) return null;
  const address = cellAddress(row, col);
  const typed = engine ? formulaTextAt(def, engine.modelData, row, col) : null;
  if (typed) return { address, text: typed, editable: true };
  const computed = c.computed && engine ? computedFormula(def, engine, row, col) : null;
  if (computed) return { address, text: computed, editable: false };
  return { address, text: typeof v === 'number' ? toDutchEditText(v) : (v ?? ''), editable: !c.computed && !c.readOnly };
}

/** The engine's formula of a computed grid cell, with its references in the grid's terms where the grid shows them. */
function computedFormula(def: SheetDef, engine: EngineView, row: number, col: number): string | null {
  const ent = def.entries;
  const id = ent?.ids[row];
  if (!ent || id === undefined) return null;
  const lay = engine.layout.sections[ent.kind];
  const at = { row: lay.rowOf.get(id), col: lay.col[def.columns[col]!.key] };
  if (at.row === undefined || at.col === undefined) return null;
  const raw = engine.sheets.find((s) => s.name === lay.sheet)?.rows[at.row]?.[at.col];
  if (typeof raw !== 'string' || !raw.startsWith('=')) return null;
  // The grid cell that shows a cell of the entry sheet: its entry's row, the column with that field.
  const gridOf = (sheetRow: number, sheetCol: number): string | null => {
    const gr = ent.ids.indexOf(lay.ids[sheetRow - 1] ?? -1);
    if (gr < 0) return null;
    for (let gc = 0; gc < def.columns.length; gc++) {
      const ref = fieldAt(def, gr, gc);
      const cell = ref ? engine.inputCell(ref) : { row: sheetRow, col: lay.col[def.columns[gc]!.key] };
      if (cell && cell.row === sheetRow && cell.col === sheetCol) return cellAddress(gr, gc);
    }
    return null;
  };
  const translated = raw.replace(/(?:('?)([A-Za-z][\w ]*)\1!)?\$?([A-Z]{1,3})\$?(\d+)(?![\w(])/g, (whole, _q, sheet: string | undefined, letters: string, digits: string) => {
    const sheetRow = Number(digits) - 1;
    const sheetCol = colIndex(letters);
    const shown = sheet === undefined || sheet === lay.sheet ? gridOf(sheetRow, sheetCol) : null;
    return shown ?? `${sheet ?? lay.sheet}!${letters}${digits}`;
  });
  return dutchNotation(inLanguage(translated, DUTCH));
}
