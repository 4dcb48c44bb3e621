// Entry rows as a modeller handles them in a grid (issue 15): inserted above or below a row, deleted,
// typed into the empty last row. Pure changes of model data; the store applies them as one undo step.
import type { ModelData } from '../api/contract/modelData.ts';
import { entriesOf, newEntry, setEntries } from '../formulas/sections.ts';
import { type EntryKindUi, labelProblem } from './sheets.ts';

/** The label a row inserted without one gets: 'Nieuwe post', else 'Nieuwe post 2', 3, … (labels are unique). */
export function freeLabel(m: ModelData, kind: EntryKindUi, base = 'Nieuwe post'): string {
  for (let i = 1; ; i++) {
    const label = i === 1 ? base : `${base} ${i}`;
    if (!labelProblem(m, kind, null, label)) return label;
  }
}

/** A new entry at `index` of the list (0: first; the list's length: last), with the model's defaults. */
export function insertEntry(m: ModelData, kind: EntryKindUi, index: number, label: string): void {
  const entry = newEntry(m, kind, label);
  const list = entriesOf(m, kind);
  list.splice(index, 0, entry);
  setEntries(m, kind, list);
}

export function removeEntries(m: ModelData, kind: EntryKindUi, ids: readonly number[]): void {
  const gone = new Set(ids);
  setEntries(m, kind, entriesOf(m, kind).filter((e) => !gone.has(e.id)));
}
