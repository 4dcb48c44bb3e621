import { describe, expect, it } from 'vitest';
import { LogsStore } from './LogsStore.ts';
import { LOG_DATES_REVERSED } from '../../api/contract/log.ts';
import { INVALID_DATE } from '../../lib/dutchNumber.ts';

describe('LogsStore', () => {
  it('asks for the filters as the API takes them: dd-mm-jjjj becomes yyyy-mm-dd, blanks are left out', () => {
    const s = new LogsStore();
    expect(s.request).toEqual({ page: 1, filter: { userId: undefined, text: undefined, dateFrom: undefined, dateTo: undefined } });
    s.setUser(7);
    s.setText('  Versie 2 ');
    s.setFrom('1-3-2026');
    s.setTo('31-03-2026');
    expect(s.request).toEqual({ page: 1, filter: { userId: 7, text: 'Versie 2', dateFrom: '2026-03-01', dateTo: '2026-03-31' } });
  });

  it('a changed filter starts again at page 1', () => {
    const s = new LogsStore();
    s.setPage(3);
    s.setText('x');
    expect(s.page).toBe(1);
    s.setPage(2);
    s.setUser(null);
    expect(s.page).toBe(1);
  });

  it('an unreadable or reversed date is told at its field and nothing is asked', () => {
    const s = new LogsStore();
    s.setFrom('31-02-2026');
    expect(s.fromError).toBe(INVALID_DATE);
    expect(s.request).toBeNull();
    s.setFrom('05-03-2026');
    s.setTo('01-03-2026');
    expect([s.fromError, s.toError]).toEqual([null, LOG_DATES_REVERSED]);
    expect(s.request).toBeNull();
    s.setTo('05-03-2026'); // one day: both ends included
    expect(s.request?.filter).toMatchObject({ dateFrom: '2026-03-05', dateTo: '2026-03-05' });
  });
});
