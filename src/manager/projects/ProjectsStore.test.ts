import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Project } from '../../api/projects.ts';
import type { Version } from '../../api/versions.ts';
import type { Model } from '../../api/models.ts';
import { ProjectsStore, type ProjectsStoreApi } from './ProjectsStore.ts';

/** The server as the store sees it: the lists it answers, changed per test. */
const data = {
  projects: [] as unknown[],
  versions: {} as Record<number, unknown[]>,
  models: {} as Record<number, unknown[]>,
};

function fakeApi() {
  return {
    projects: { list: vi.fn(async () => data.projects as Project[]) },
    versions: { list: vi.fn(async (id: number) => (data.versions[id] ?? []) as Version[]) },
    models: { list: vi.fn(async (id?: number) => (data.models[id ?? 0] ?? []) as Model[]) },
    referenceData: { typeProjects: vi.fn(async () => [{ id: 1 }, { id: 2 }]), subregions: vi.fn(async () => [{ id: 1 }]) },
  };
}

const project = (id: number, name: string, modified: string, extra: object = {}) => ({
  id, name, number: null, subregion: 1, typeProject: 1, hidden: false, role: 'ADM', projectRole: 'ADM', canEdit: true, canSeeRights: true,
  createdAt: '2026-01-01T00:00:00Z', timestampLastModified: modified, ...extra,
});

function fakeRoot() {
  return {
    auth: { user: { id: 1, canCreateProject: true } },
    toasts: { error: vi.fn(), success: vi.fn(), warning: vi.fn() },
    screen: { navigate: vi.fn() },
  };
}

/** A store on a fake root and fake client modules (only the calls a test makes need to exist). */
function newStore(root = fakeRoot(), api: ReturnType<typeof fakeApi> = fakeApi()) {
  return new ProjectsStore(root as unknown as ConstructorParameters<typeof ProjectsStore>[0], api as unknown as ProjectsStoreApi);
}

beforeEach(() => {
  data.projects = [
    project(1, 'Oud', '2026-01-01T00:00:00Z'),
    project(2, 'Nieuw', '2026-03-01T00:00:00Z', { typeProject: 2 }),
  ];
  data.versions = { 1: [{ id: 11, name: 'v11' }], 2: [{ id: 21, name: 'v21' }, { id: 22, name: 'v22' }] };
  data.models = { 21: [{ id: 211, name: 'm' }], 11: [{ id: 111, name: 'n' }] };
});

describe('ProjectsStore selection (spec 1 §4)', () => {
  it('starts with the first visible project, its first version and that version’s models', async () => {
    const store = newStore();
    await store.load();
    await vi.waitFor(() => expect(store.models.map((m) => m.id)).toEqual([211]));
    expect(store.selectedProjectId).toBe(2);
    expect(store.selectedVersionId).toBe(21);
  });

  it('hands the selection to the first visible project and clears the version when the selected one is filtered out', async () => {
    const store = newStore();
    await store.load();
    await vi.waitFor(() => expect(store.selectedVersionId).toBe(21));
    store.list.setFilter('typeFilter', 1);
    expect(store.selectedProjectId).toBe(1);
    expect(store.selectedVersionId).toBeNull();
    expect(store.models).toEqual([]);
    await vi.waitFor(() => expect(store.versions.map((v) => v.id)).toEqual([11]));
    expect(store.selectedVersionId).toBeNull();
  });

  it('selecting a project selects its first version', async () => {
    const store = newStore();
    await store.load();
    await store.selectProject(1);
    expect(store.selectedVersionId).toBe(11);
    expect(store.models.map((m) => m.id)).toEqual([111]);
  });

  it('shows the versions of the project clicked last when an earlier click’s versions answer later', async () => {
    const api = fakeApi();
    const store = newStore(fakeRoot(), api);
    await store.load();
    await vi.waitFor(() => expect(store.selectedVersionId).toBe(21));
    let answerSlow!: () => void;
    api.versions.list.mockImplementationOnce((id: number) => new Promise((resolve) => {
      answerSlow = () => resolve(data.versions[id] as Version[]);
    }));
    const slow = store.selectProject(1);
    await store.selectProject(2);
    answerSlow();
    await slow;
    expect(store.selectedProjectId).toBe(2);
    expect(store.versions.map((v) => v.id)).toEqual([21, 22]);
    expect(store.models.map((m) => m.id)).toEqual([211]);
    expect(store.loadingVersions).toBe(false);
  });

  it('says once, in Dutch, that the versions could not be loaded', async () => {
    const root = fakeRoot();
    const api = fakeApi();
    const store = newStore(root, api);
    await store.load();
    api.versions.list.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await store.selectProject(1);
    expect(root.toasts.error).toHaveBeenCalledTimes(1);
    expect(root.toasts.error).toHaveBeenCalledWith('Fout bij het laden van versies.');
    expect(store.loadingVersions).toBe(false);
  });

  it('offers adding projects and editing as the server\'s flags say', async () => {
    data.projects = [project(3, 'Lezen', '2026-01-01T00:00:00Z', { role: 'VWR', projectRole: 'VWR', canEdit: false, canSeeRights: false })];
    const root = fakeRoot();
    const store = newStore(root);
    await store.load();
    expect(store.canAddProject).toBe(true);
    expect(store.canEditSelected).toBe(false);
    root.auth.user.canCreateProject = false;
    expect(newStore(root).canAddProject).toBe(false);
  });

  it('opens online models in the online tool and spreadsheet models through the open-model path', () => {
    const root = fakeRoot();
    const api = { ...fakeApi(), openModel: { open: vi.fn(() => new Promise<string>(() => {})) } };
    const store = newStore(root, api);
    store.openModel({ id: 5, modelPlatform: 'online' } as never);
    expect(root.screen.navigate).toHaveBeenCalledWith('GrexOnline_BaseParameters', { modelId: 5 });
    expect(api.openModel.open).not.toHaveBeenCalled();
    store.openModel({ id: 6, modelPlatform: 'spreadsheet', hasMapData: true } as never);
    expect(root.screen.navigate).toHaveBeenCalledTimes(1);
    expect(api.openModel.open).toHaveBeenCalledWith(6, { mapviewerRequired: true });
    expect(store.opening.state).toEqual({ step: 'progress', text: 'Aan het laden...', pct: 0 });
  });

  it('enables Verplaatsen for a model only once a target version is chosen', async () => {
    const store = newStore();
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
