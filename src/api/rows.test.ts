import { afterEach, describe, expect, it, vi } from 'vitest';
import { RequiredError } from './http.ts';
import { projectsApi } from './projects.ts';
import { versionsApi } from './versions.ts';
import { modelsApi } from './models.ts';

afterEach(() => vi.unstubAllGlobals());

describe('the row calls the project, version and model clients share', () => {
  it('ask the spec’s paths and methods of each kind', async () => {
    const fetch = vi.fn(async () => new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetch);
    await projectsApi.get(3);
    await versionsApi.duplicate(4);
    await modelsApi.update(5, { name: 'M', description: null });
    await projectsApi.remove(6);
    await versionsApi.create({ name: 'V', description: null, phase: 0, project: 1 });
    const calls = (fetch.mock.calls as unknown as [string, RequestInit][]).map(([url, init]) => `${init.method} ${url}`);
    expect(calls).toEqual([
      'GET /api/manager/project/3/',
      'GET /api/manager/version-model/4/duplicate/',
      'PUT /api/manager/model/5/',
      'DELETE /api/manager/project/6/',
      'POST /api/manager/version-model/',
    ]);
  });

  it('refuse a missing id with the spec’s required-parameter error before any request', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    expect(() => modelsApi.get(undefined as unknown as number)).toThrow(RequiredError);
    expect(fetch).not.toHaveBeenCalled();
  });
});
