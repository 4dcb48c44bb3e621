import { describe, expect, it } from 'vitest';
import { isVisible, matchesSearch, sortProjects, type ListedProject } from './projectList.ts';

const p = (id: number, name: string, extra: Partial<ListedProject> = {}): ListedProject => ({
  id, name, number: null, subregion: 1, typeProject: 1, hidden: false,
  createdAt: `2026-01-0${id}T00:00:00Z`, timestampLastModified: `2026-02-0${10 - id}T00:00:00Z`, ...extra,
});

describe('projects overview rules', () => {
  it('matches search words in order, case-insensitively', () => {
    expect(matchesSearch('Centrum Noord fase 2', 'centrum fase')).toBe(true);
    expect(matchesSearch('Centrum Noord fase 2', 'fase centrum')).toBe(false);
    expect(matchesSearch('A (kopie)', '(kopie')).toBe(true);
    expect(matchesSearch('x', '   ')).toBe(true);
  });
  it('applies type, subregion and hidden filters', () => {
    const f = { search: '', typeProject: 0, subregion: 0, showHidden: false };
    expect(isVisible(p(1, 'a', { hidden: true }), f)).toBe(false);
    expect(isVisible(p(1, 'a', { hidden: true }), { ...f, showHidden: true })).toBe(true);
    expect(isVisible(p(1, 'a', { typeProject: 2 }), { ...f, typeProject: 3 })).toBe(false);
    expect(isVisible(p(1, 'a', { subregion: 2 }), { ...f, subregion: 2 })).toBe(true);
  });
  it('sorts newest first, alphabetically, and by number with blanks last', () => {
    const list = [p(1, 'b', { number: '10' }), p(2, 'a'), p(3, 'c', { number: '9' })];
    expect(sortProjects(list, 'LastEdited').map((x) => x.id)).toEqual([1, 2, 3]);
    expect(sortProjects(list, 'LastCreated').map((x) => x.id)).toEqual([3, 2, 1]);
    expect(sortProjects(list, 'Alphabetical').map((x) => x.name)).toEqual(['a', 'b', 'c']);
    expect(sortProjects(list, 'ProjectNumber').map((x) => x.id)).toEqual([3, 1, 2]);
  });
});
