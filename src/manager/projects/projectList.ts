// Pure rules of the projects overview (spec 1 §2, §4): search, filters, sort. No React.

export type ProjectSort = 'LastEdited' | 'Alphabetical' | 'ProjectNumber' | 'LastCreated';

export const SORT_OPTIONS: { value: ProjectSort; label: string }[] = [
  { value: 'LastEdited', label: 'Laatst bewerkt' },
  { value: 'Alphabetical', label: 'Alfabetisch' },
  { value: 'ProjectNumber', label: 'Projectnummer' },
  { value: 'LastCreated', label: 'Laatst aangemaakt' },
];

export interface ListedProject {
  id: number;
  name: string;
  number: string | null;
  subregion: number;
  typeProject: number;
  hidden: boolean;
  createdAt: string;
  timestampLastModified: string;
}

interface ProjectFilter {
  search: string;
  typeProject: number; // 0 = all
  subregion: number; // 0 = all
  showHidden: boolean;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Words split on whitespace, matched in order, case-insensitively. */
export function matchesSearch(name: string, search: string): boolean {
  const words = search.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  return new RegExp(words.map(escape).join('.*'), 'i').test(name);
}

export function isVisible(p: ListedProject, f: ProjectFilter): boolean {
  return (f.typeProject === 0 || p.typeProject === f.typeProject)
    && (f.subregion === 0 || p.subregion === f.subregion)
    && (f.showHidden || !p.hidden)
    && matchesSearch(p.name, f.search);
}

const time = (s: string) => new Date(s).getTime() || 0;
const collator = new Intl.Collator('nl-NL', { numeric: true, sensitivity: 'base' });

export function sortProjects<T extends ListedProject>(list: readonly T[], sort: ProjectSort): T[] {
  const out = [...list];
  switch (sort) {
    case 'Alphabetical':
      return out.sort((a, b) => collator.compare(a.name, b.name));
    case 'ProjectNumber':
      return out.sort((a, b) => {
        const an = a.number?.trim() || null;
        const bn = b.number?.trim() || null;
        if (an === null && bn === null) return collator.compare(a.name, b.name);
        if (an === null) return 1;
        if (bn === null) return -1;
        return collator.compare(an, bn);
      });
    case 'LastCreated':
      return out.sort((a, b) => time(b.createdAt) - time(a.createdAt));
    case 'LastEdited':
    default:
      return out.sort((a, b) => time(b.timestampLastModified) - time(a.timestampLastModified));
  }
}
