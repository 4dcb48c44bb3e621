// The sections of a model, in the order of the menu, the workbook and the results: one descriptor each
// (src/model/sections/, the type in section.ts). Everything derived from them reads this list when it is
// asked (`perSections` remembers a derivation until a section is added), so a section defined later — by a
// test, `defineSection` — is in the workbook, the grids, the results, the report columns and the BI feed too.
// The model data's schema takes its lists from here (modelSchema.ts).
import type { ModelData } from './modelData.ts';
import { newEntryPhasingDates } from './phaseWindow.ts';
import type { AnyEntry, EntryField, EntryKind, SectionDescriptor } from './section.ts';
import { COST_SECTION } from './sections/cost.ts';
import { NON_RESIDENTIAL_SECTION } from './sections/nonResidential.ts';
import { OTHER_REVENUE_SECTION } from './sections/otherRevenue.ts';
import { RESIDENTIAL_SECTION } from './sections/residential.ts';

export type { AnyEntry, EntryKind, SectionDescriptor } from './section.ts';

const registry: SectionDescriptor[] = [];
let version = 0;

/** Every section, in order (a live list: a section defined later is in it). */
export const SECTIONS: readonly SectionDescriptor[] = registry;

/** Add a section after the others. Its kind, list and sheet must be its own. */
export function defineSection<E extends AnyEntry>(section: SectionDescriptor<E>): void {
  const taken = registry.find((s) => s.kind === section.kind || s.list === section.list || s.sheet === section.sheet);
  if (taken) throw new Error(`Sectie ${section.kind} botst met ${taken.kind}`);
  registry.push(section as unknown as SectionDescriptor);
  version++;
}

/** A value derived from the sections, built when first asked and again after a section is added. */
export function perSections<T>(build: () => T): () => T {
  let at = -1;
  let value: T;
  return () => {
    if (at !== version) {
      value = build();
      at = version;
    }
    return value;
  };
}

for (const s of [COST_SECTION, RESIDENTIAL_SECTION, NON_RESIDENTIAL_SECTION, OTHER_REVENUE_SECTION]) defineSection(s as SectionDescriptor<AnyEntry>);

/** The revenue sections, in order (their per-period revenues add up to the revenues, §3b.5). */
export const revenueSections = perSections(() => registry.filter((s) => s.revenue !== null));
export const entryKinds = perSections(() => registry.map((s) => s.kind));
const byKind = perSections(() => new Map(registry.map((s) => [s.kind, s])));

export function sectionOf(kind: EntryKind): SectionDescriptor {
  const s = byKind().get(kind);
  if (!s) throw new Error(`Onbekende sectie ${kind}`);
  return s;
}

const fieldIndex = new WeakMap<SectionDescriptor, Map<string, EntryField<AnyEntry>>>();
/** A field of a section by key (undefined: the section has none of that name). */
export function fieldOf(section: SectionDescriptor, key: string): EntryField<AnyEntry> | undefined {
  let m = fieldIndex.get(section);
  if (!m) fieldIndex.set(section, (m = new Map(section.fields.map((f) => [f.key, f]))));
  return m.get(key);
}
/** The fields an edit may change (those with `set`), and of them the number fields a formula may stand in. */
export const editableField = (section: SectionDescriptor, key: string) => {
  const f = fieldOf(section, key);
  return f?.set ? f : undefined;
};
export const formulaField = (section: SectionDescriptor, key: string) => editableField(section, key)?.type === 'number';

/** The entries of a section (a list absent on the wire is empty). */
export function entriesOf(m: ModelData, kind: EntryKind): AnyEntry[] {
  return ((m as Record<string, unknown>)[sectionOf(kind).list] as AnyEntry[] | undefined) ?? [];
}
/** Replace the entries of a section. */
export function setEntries(m: ModelData, kind: EntryKind, entries: AnyEntry[]): void {
  (m as Record<string, unknown>)[sectionOf(kind).list] = entries;
}
/** Where a problem's path lies in the user's words ("Niet-Woningbouw, post 'Bedrijfskavels'"), or null outside the sections. */
export function problemPlace(m: ModelData, path: string): string | null {
  const hit = /^(\w+)\[(\d+)\]/.exec(path);
  const section = hit ? registry.find((s) => s.list === hit[1]) : undefined;
  if (!section) return null;
  const e = entriesOf(m, section.kind)[Number(hit![2])];
  return e ? `${section.title}, post '${e.label}'` : section.title;
}
/** Dotted path of an entry, for messages on the field. */
export const entryPath = (kind: EntryKind, index: number) => `${sectionOf(kind).list}[${index}]`;

export const MSG_NAMES = {
  empty: 'Voer een geldige naam in.',
  duplicate: 'Deze naam bestaat al. Kies een unieke naam',
} as const;

/** Spec 3 §5 name rule of an entry (new or renamed): non-empty, unique in its section case-insensitively. */
export function entryLabelProblem(m: ModelData, kind: EntryKind, id: number | null, label: string): string | null {
  const t = label.trim();
  if (!t) return MSG_NAMES.empty;
  const dup = entriesOf(m, kind).some((e) => e.id !== id && e.label.trim().toLowerCase() === t.toLowerCase());
  return dup ? MSG_NAMES.duplicate : null;
}

/** A new entry of a section with the model's defaults and the next free id. */
export function newEntry(m: ModelData, kind: EntryKind, label: string): AnyEntry {
  const id = Math.max(0, ...entriesOf(m, kind).map((e) => e.id)) + 1;
  const e = sectionOf(kind).newEntry(m.base_parameters, id, label.trim());
  Object.assign(e.phasing, newEntryPhasingDates(m, sectionOf(kind)));
  return e;
}
