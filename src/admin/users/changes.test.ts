import { describe, expect, it } from 'vitest';
import { changedFields, changedRows } from './changes.ts';

describe('what the edit-user screen sends', () => {
  it('only the fields the administrator changed: a Forceer MFA set meanwhile is not put back', () => {
    const loaded = { firstName: 'Anna', lastName: 'Jansen', email: 'anna@example.nl', role: 'USR', mfaForced: false };
    expect(changedFields(loaded, { ...loaded, firstName: 'Annie' })).toEqual({ firstName: 'Annie' });
    expect(changedFields(loaded, { ...loaded })).toEqual({});
  });

  it('only the grant rows the administrator changed, not every row as loaded', () => {
    const loaded = [{ projectId: 1, role: 'USR' }, { projectId: 2, role: 'VWR' }, { projectId: 3, role: 'NON' }];
    const now = [{ projectId: 1, role: 'USR' }, { projectId: 2, role: 'ADM' }, { projectId: 3, role: 'NON' }, { projectId: 4, role: 'VWR' }];
    expect(changedRows(loaded, now, (r) => r.projectId)).toEqual([{ projectId: 2, role: 'ADM' }, { projectId: 4, role: 'VWR' }]);
  });
});
