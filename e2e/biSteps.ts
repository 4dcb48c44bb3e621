import { expect, type APIRequestContext } from '@playwright/test';
import { unique } from './projectSteps.ts';

/**
 * A project with one version and two online models, made through the API by `headers`' user (staff, so
 * the platform is honoured); the models' ids. The BI feed computes their rows with the engine.
 */
export async function seedModels(request: APIRequestContext, headers: Record<string, string>): Promise<{ projectName: string; ids: number[] }> {
  const json = async <T>(res: Promise<import('@playwright/test').APIResponse>) => {
    const r = await res;
    expect(r.ok(), await r.text()).toBeTruthy();
    return (await r.json()) as T;
  };
  const [types, subregions, me] = await Promise.all([
    json<{ id: number }[]>(request.get('/api/manager/type-project/', { headers })),
    json<{ id: number }[]>(request.get('/api/manager/subregion/', { headers })),
    json<{ id: number }>(request.get('/api/manager/user/me/', { headers })),
  ]);
  const projectName = unique('BI-project');
  const p = await json<{ id: number }>(request.post('/api/manager/project/', {
    headers, data: { name: projectName, type_project: types[0].id, subregion: subregions[0].id, roles: [{ id: me.id, role: 'ADM' }] },
  }));
  const v = await json<{ id: number }>(request.post('/api/manager/version-model/', { headers, data: { name: 'Versie 1', project: p.id, phase: 0 } }));
  const ids: number[] = [];
  for (const name of ['Grondexploitatie', 'Variant hoog']) {
    ids.push((await json<{ id: number }>(request.post('/api/manager/model/', { headers, data: { name, version: v.id, model_platform: 'online' } }))).id);
  }
  return { projectName, ids };
}
