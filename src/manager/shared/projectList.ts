// The project list rules of the projects overview and the Reports screen (spec 1 §2, §4): search,
// filters, sort, and the filter state both screens keep. No React.
import { makeAutoObservable } from 'mobx';

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

/**
 * The search box, the two filters, 'verborgen' and the sort of a project list. `changed` runs after a
 * change of what is visible (the search applied, a filter), so the owner can move its selection.
 */
export class ProjectListFilter {
  searchInput = '';
  search = '';
  typeFilter = 0;
  subregionFilter = 0;
  showHidden = false;
  sort: ProjectSort = 'LastEdited';

  constructor(private readonly changed: () => void = () => {}) {
    makeAutoObservable<ProjectListFilter, 'changed'>(this, { changed: false, visible: false });
  }

  get filter(): ProjectFilter {
    return { search: this.search, typeProject: this.typeFilter, subregion: this.subregionFilter, showHidden: this.showHidden };
  }

  /** The projects the list shows, in its order. */
  visible<T extends ListedProject>(projects: readonly T[]): T[] {
    const f = this.filter;
    return sortProjects(projects.filter((p) => isVisible(p, f)), this.sort);
  }

  setSearchInput(v: string) {
    this.searchInput = v;
  }
  /** Enter or 'Zoek'. */
  applySearch() {
    this.search = this.searchInput;
    this.changed();
  }
  setFilter<K extends 'typeFilter' | 'subregionFilter' | 'showHidden'>(key: K, value: ProjectListFilter[K]) {
    (this as ProjectListFilter)[key] = value;
    this.changed();
  }
  setSort(v: ProjectSort) {
    this.sort = v;
  }
}
