import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { RootStore } from '../../app/RootStore.ts';

const api = vi.hoisted(() => ({
  projects: [] as unknown[],
  versions: {} as Record<number, unknown[]>,
  models: {} as Record<number, unknown[]>,
}));

vi.mock('../../api/projects.ts', () => ({ projectsApi: { list: vi.fn(async () => api.projects) } }));
vi.mock('../../api/versions.ts', () => ({ versionsApi: { list: vi.fn(async (id: number) => api.versions[id] ?? []) } }));
vi.mock('../../api/models.ts', () => ({ modelsApi: { list: vi.fn(async (id: number) => api.models[id] ?? []) } }));
vi.mock('../../api/referenceData.ts', () => ({
  referenceDataApi: { typeProjects: vi.fn(async () => [{ id: 1 }, { id: 2 }]), subregions: vi.fn(async () => [{ id: 1 }]) },
}));

const { ProjectsStore } = await import('./ProjectsStore.ts');

const project = (id: number, name: string, modified: string, extra: object = {}) => ({
  id, name, number: null, subregion: 1, typeProject: 1, hidden: false, role: 'ADM', projectRole: 'ADM',
  createdAt: '2026-01-01T00:00:00Z', timestampLastModified: modified, ...extra,
});

function fakeRoot() {
  return {
    auth: { user: { id: 1, role: 'USR' } },
    toasts: { error: vi.fn(), success: vi.fn(), warning: vi.fn() },
    screen: { navigate: vi.fn() },
  };
}

beforeEach(() => {
  api.projects = [
    project(1, 'Oud', '2026-01-01T00:00:00Z'),
    project(2, 'Nieuw', '2026-03-01T00:00:00Z', { typeProject: 2 }),
  ];
  api.versions = { 1: [{ id: 11, name: 'v11' }], 2: [{ id: 21, name: 'v21' }, { id: 22, name: 'v22' }] };
  api.models = { 21: [{ id: 211, name: 'm' }], 11: [{ id: 111, name: 'n' }] };
});

describe('ProjectsStore selection (spec 1 §4)', () => {
  it('starts with the first visible project, its first version and that version’s models', async () => {
    const store = new ProjectsStore(fakeRoot() as unknown as RootStore);
    await store.load();
    await vi.waitFor(() => expect(store.models.map((m) => m.id)).toEqual([211]));
    expect(store.selectedProjectId).toBe(2);
    expect(store.selectedVersionId).toBe(21);
  });

  it('hands the selection to the first visible project and clears the version when the selected one is filtered out', async () => {
    const store = new ProjectsStore(fakeRoot() as unknown as RootStore);
    await store.load();
    await vi.waitFor(() => expect(store.selectedVersionId).toBe(21));
    store.setTypeFilter(1);
    expect(store.selectedProjectId).toBe(1);
    expect(store.selectedVersionId).toBeNull();
    expect(store.models).toEqual([]);
    await vi.waitFor(() => expect(store.versions.map((v) => v.id)).toEqual([11]));
    expect(store.selectedVersionId).toBeNull();
  });

  it('selecting a project selects its first version', async () => {
    const store = new ProjectsStore(fakeRoot() as unknown as RootStore);
    await store.load();
    await store.selectProject(1);
    expect(store.selectedVersionId).toBe(11);
    expect(store.models.map((m) => m.id)).toEqual([111]);
  });

  it('offers adding projects to global ADM/USR and editing by the project role', async () => {
    api.projects = [project(3, 'Lezen', '2026-01-01T00:00:00Z', { role: 'VWR', projectRole: 'VWR' })];
    const root = fakeRoot();
    const store = new ProjectsStore(root as unknown as RootStore);
    await store.load();
    expect(store.canAddProject).toBe(true);
    expect(store.canEditSelected).toBe(false);
    root.auth.user.role = 'VWR';
    expect(new ProjectsStore(root as unknown as RootStore).canAddProject).toBe(false);
  });

  it('opens online models in the online tool and says spreadsheet opening is not there yet', () => {
    const root = fakeRoot();
    const store = new ProjectsStore(root as unknown as RootStore);
    store.openModel({ id: 5, modelPlatform: 'online' } as never);
    expect(root.screen.navigate).toHaveBeenCalledWith('GrexOnline_BaseParameters', { modelId: 5 });
    store.openModel({ id: 6, modelPlatform: 'spreadsheet' } as never);
    expect(root.toasts.warning).toHaveBeenCalled();
  });

  it('enables Verplaatsen for a model only once a target version is chosen', async () => {
    const store = new ProjectsStore(fakeRoot() as unknown as RootStore);
    await store.load();
    store.openMove('model', { id: 211, name: 'm' });
    expect(store.canConfirmMove).toBe(false);
    store.chooseMoveProject(1);
    await vi.waitFor(() => expect(store.moveTargetVersions).toHaveLength(1));
    expect(store.moveStep).toBe('version');
    expect(store.canConfirmMove).toBe(false);
    store.chooseMoveVersion(11);
    expect(store.canConfirmMove).toBe(true);
    store.backMoveStep();
    expect(store.canConfirmMove).toBe(false);
  });
});
