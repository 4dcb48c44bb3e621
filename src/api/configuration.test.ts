import { afterEach, describe, expect, it, vi } from 'vitest';
import { configurationApi } from './configuration.ts';

afterEach(() => vi.unstubAllGlobals());

describe('the reference-list calls of the configuration screens', () => {
  it('ask each list’s path with its own text field, and force a delete only when asked', async () => {
    const fetch = vi.fn(async () => new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetch);
    await configurationApi.createSubregion('Noord', [2]);
    await configurationApi.renameCategory(4, 'Kaarten');
    await configurationApi.deleteTypeProject(5, true);
    await configurationApi.deletePhase(6);
    await configurationApi.deletePhase(7, true);
    const calls = (fetch.mock.calls as unknown as [string, RequestInit][]).map(([url, init]) => `${init.method} ${url} ${init.body ?? ''}`.trim());
    expect(calls).toEqual([
      'POST /api/manager/subregion/ {"description":"Noord","access_list":[2]}',
      'PATCH /api/manager/category-attachment/4/ {"name":"Kaarten"}',
      'DELETE /api/manager/type-project/5/?force=true',
      'DELETE /api/manager/phase/6/',
      'DELETE /api/manager/phase/7/?force=true',
    ]);
  });
});
