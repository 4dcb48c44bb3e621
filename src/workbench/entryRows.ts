// Entry rows as a modeller handles them in a grid (issue 15): inserted above or below a row, deleted,
// typed into the empty last row. Pure changes of model data; the store applies them as one undo step.
import type { ModelData } from '../model/modelData.ts';
import { entriesOf, entryLabelProblem, newEntry, sectionOf, setEntries } from '../model/sections.ts';
import type { EntryKind } from '../model/section.ts';
import { formatCount } from '../lib/count.ts';
import { dropDanglingFormulas } from '../formulas/formulaRefs.ts';

/** The label a row inserted without one gets: 'Nieuwe post', else 'Nieuwe post 2', 3, … (labels are unique). */
export function freeLabel(m: ModelData, kind: EntryKind, base = 'Nieuwe post'): string {
  for (let i = 1; ; i++) {
    const label = i === 1 ? base : `${base} ${i}`;
    if (!entryLabelProblem(m, kind, null, label)) return label;
  }
}

/**
 * A new entry at `index` of the list (0: first; the list's length: last), with the model's defaults and
 * the category of the row above it (a post inserted among the Sanering posts is one of them; issue 35).
 */
export function insertEntry(m: ModelData, kind: EntryKind, index: number, label: string): void {
  const entry = newEntry(m, kind, label);
  const list = entriesOf(m, kind);
  const above = list[index - 1]?.phasing.phasing_section_type;
  if (above && sectionOf(kind).categories.some((c) => c.value === above)) entry.phasing.phasing_section_type = above;
  list.splice(index, 0, entry);
  setEntries(m, kind, list);
}

/**
 * New entries from `index` on, one per label, in order; a null label gets a free one. Answers the
 * entries' ids, or the refusal of the first label that is empty or taken (also by an earlier one of
 * the same labels) — then `m` may be half changed and must be thrown away.
 */
export function insertEntries(m: ModelData, kind: EntryKind, index: number, labels: readonly (string | null)[]): { ids: number[] } | { label: string; problem: string } {
  const list = () => entriesOf(m, kind);
  const at = Math.max(0, Math.min(index, list().length));
  const ids: number[] = [];
  for (const [i, given] of labels.entries()) {
    const label = given ?? freeLabel(m, kind);
    const problem = entryLabelProblem(m, kind, null, label);
    if (problem) return { label, problem };
    insertEntry(m, kind, at + i, label);
    ids.push(list()[at + i]!.id);
  }
  return { ids };
}

/**
 * Removes the entries with these ids. Formulas of other entries that read one of their cells keep their
 * value as a plain number (the engine would drop them too); answers how many, to be said (formulasDropped).
 */
export function removeEntries(m: ModelData, kind: EntryKind, ids: readonly number[]): number {
  const gone = new Set(ids);
  setEntries(m, kind, entriesOf(m, kind).filter((e) => !gone.has(e.id)));
  return dropDanglingFormulas(m);
}

/** The warning after a removal that turned formulas of other rows into their values. */
export const formulasDropped = (n: number) => (n === 1
  ? '1 formule verwees naar een verwijderde rij en is nu een vaste waarde. Ongedaan maken (Ctrl+Z) zet ze terug.'
  : `${formatCount(n, 'formule', 'formules')} verwezen naar een verwijderde rij en zijn nu vaste waarden. Ongedaan maken (Ctrl+Z) zet ze terug.`);

/** The toast after 'Rij verwijderen' (and Ctrl+-): rows that go are said, with the way back (issue 23). */
export const rowsRemoved = (n: number) => `${formatCount(n, 'rij', 'rijen')} verwijderd. Ongedaan maken met Ctrl+Z.`;
