import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Project } from '../../api/projects.ts';
import type { Version } from '../../api/versions.ts';
import type { Model } from '../../api/models.ts';
import type { ReportFile, ReportPoll, TemplateReport } from '../../api/reports.ts';
import { ResponseError } from '../../api/http.ts';
import { REPORT_FAILED } from '../../api/contract/messages.ts';
import { REPORT_POLL_MS, ReportsStore, limitMessage, type ReportsStoreApi } from './ReportsStore.ts';
import { modelsSelected, reportLimits } from '../../api/contract/messages.ts';

// The Reports screen's rules (spec 1 §4 "Reports", "Report creation", §5) against a fake server.

const project = (id: number, name: string, modified: string, extra: object = {}) => ({
  id, name, number: null, subregion: 1, typeProject: 1, hidden: false, role: 'ADM', projectRole: 'ADM',
  createdAt: '2026-01-01T00:00:00Z', timestampLastModified: modified, ...extra,
});
const model = (id: number, projectId: number, versionId: number, versionModified: string, modelModified: string, extra: object = {}) => ({
  id, name: `m${id}`, projectId, versionId, modelPlatform: 'spreadsheet', typeModelName: 'Grondexploitatie standaard',
  versionTimestampLastModified: versionModified, modelTimestampLastModified: modelModified, ...extra,
});
const TEMPLATES: TemplateReport[] = [
  { id: 1, name: 'Vergelijking rekenmodellen', description: 'Naast elkaar', nModelsMin: 2, nModelsMax: 3 },
  { id: 2, name: 'Kasstromen per rekenmodel', description: null, nModelsMin: 1, nModelsMax: 100 },
];
const FILE: ReportFile = { uuid: '0b7e6a43-7d0c-4d59-9a53-3d1f1c1e2a11', filenameOrig: 'Vergelijking rekenmodellen.xlsx' };

/** The server as the store sees it. */
const data = {
  projects: [] as unknown[],
  versions: {} as Record<number, unknown[]>,
  models: [] as unknown[],
};

beforeEach(() => {
  data.projects = [
    project(1, 'Centrum Noord', '2026-01-01T00:00:00Z'),
    project(2, 'Haven', '2026-03-01T00:00:00Z', { typeProject: 2 }),
    project(3, 'Oud gebied', '2026-02-01T00:00:00Z', { hidden: true }),
    project(4, 'Leeg', '2026-02-02T00:00:00Z'),
  ];
  data.versions = {
    1: [{ id: 10, name: 'v10' }, { id: 11, name: 'v11' }],
    2: [{ id: 20, name: 'v20 zonder modellen' }, { id: 21, name: 'v21' }],
    3: [{ id: 30, name: 'v30' }],
    4: [{ id: 40, name: 'v40' }],
  };
  data.models = [
    // project 1: version 11 is modified last; in it model 112 is modified last
    model(101, 1, 10, '2026-01-05T00:00:00Z', '2026-01-05T00:00:00Z'),
    model(111, 1, 11, '2026-01-09T00:00:00Z', '2026-01-06T00:00:00Z'),
    model(112, 1, 11, '2026-01-09T00:00:00Z', '2026-01-08T00:00:00Z', { modelPlatform: 'online', typeModelName: null }),
    // project 2: only version 21 has models
    model(211, 2, 21, '2026-03-01T00:00:00Z', '2026-03-01T00:00:00Z'),
    model(212, 2, 21, '2026-03-01T00:00:00Z', '2026-02-01T00:00:00Z'),
    // project 3 is hidden
    model(301, 3, 30, '2026-02-01T00:00:00Z', '2026-02-01T00:00:00Z'),
  ];
});

function fakeApi() {
  return {
    projects: { list: vi.fn(async () => data.projects as Project[]) },
    versions: { list: vi.fn(async (id: number) => (data.versions[id] ?? []) as Version[]) },
    models: { list: vi.fn(async () => data.models as Model[]) },
    referenceData: { typeProjects: vi.fn(async () => [{ id: 1 }, { id: 2 }]), subregions: vi.fn(async () => [{ id: 1 }]) },
    reports: {
      templates: vi.fn(async () => TEMPLATES),
      create: vi.fn(async (): Promise<string> => 'job-1'),
      poll: vi.fn(async (): Promise<ReportPoll> => ({ ready: true, file: FILE })),
      download: vi.fn(async () => {}),
    },
  };
}

function fakeRoot() {
  return {
    toasts: { error: vi.fn(), success: vi.fn(), warning: vi.fn() },
    screen: { navigate: vi.fn() },
  };
}

async function loadedStore(root = fakeRoot(), api = fakeApi()) {
  const store = new ReportsStore(root as unknown as ConstructorParameters<typeof ReportsStore>[0], api as unknown as ReportsStoreApi);
  await store.load();
  return { store, root, api };
}

describe('the count line and the limits (spec 1 §2, §5)', () => {
  it('says one model in the singular, others in the plural', () => {
    expect(modelsSelected(0)).toBe('0 rekenmodellen geselecteerd.');
    expect(modelsSelected(1)).toBe('1 rekenmodel geselecteerd.');
    expect(modelsSelected(7)).toBe('7 rekenmodellen geselecteerd.');
    // A template's limits under its description (issue 25 item 14: not '1 rekenmodellen').
    expect(reportLimits(1, 1)).toBe('Minimaal 1, maximaal 1 rekenmodel.');
    expect(reportLimits(1, 5)).toBe('Minimaal 1, maximaal 5 rekenmodellen.');
  });

  it('flags a count outside the template’s limits with the spec’s texts', () => {
    const t = { nModelsMin: 2, nModelsMax: 3 };
    expect(limitMessage(1, t)).toBe('Selecteer minimaal 2 rekenmodellen.');
    expect(limitMessage(2, t)).toBeNull();
    expect(limitMessage(3, t)).toBeNull();
    expect(limitMessage(4, t)).toBe('Selecteer maximaal 3 rekenmodellen.');
    expect(limitMessage(4, null)).toBeNull();
  });
});

describe('ReportsStore selection (spec 1 §4 "Reports")', () => {
  it('loads the projects, every readable model and the templates; the first template is chosen', async () => {
    const { store, api } = await loadedStore();
    expect(api.models.list).toHaveBeenCalledWith();
    expect(store.visibleProjects.map((p) => p.name)).toEqual(['Haven', 'Leeg', 'Centrum Noord']);
    expect(store.template?.name).toBe('Vergelijking rekenmodellen');
    expect(store.count).toBe(0);
  });

  it('tells a failure of its lists once per visit (the server down fails all three)', async () => {
    const api = fakeApi();
    const down = async () => Promise.reject(new ResponseError(500, 'Er is een onverwachte fout opgetreden.', null));
    api.projects.list.mockImplementation(down);
    api.models.list.mockImplementation(down);
    api.reports.templates.mockImplementation(down);
    const { store, root } = await loadedStore(fakeRoot(), api);
    expect(root.toasts.error).toHaveBeenCalledTimes(1);
    await store.load();
    expect(root.toasts.error).toHaveBeenCalledTimes(2);
  });

  it('a click on a model toggles it; a click on a version without selected models selects its first model, again clears them', async () => {
    const { store } = await loadedStore();
    await store.toggleProject(1);
    store.toggleVersion(11);
    expect(store.selectedIds).toEqual([101, 111]);
    expect(store.versionModels.map((m) => m.id)).toEqual([111, 112]);
    store.toggleModel(112);
    expect(store.selectedIds).toEqual([101, 111, 112]);
    store.toggleModel(111);
    expect(store.selectedIds).toEqual([101, 112]);
    store.toggleVersion(11);
    expect(store.selectedIds).toEqual([101]);
    expect(store.focusVersionId).toBe(11);
  });

  it('a click on a project not yet selected loads its versions and selects the first model of the first version that has one', async () => {
    const { store, api } = await loadedStore();
    await store.toggleProject(2);
    expect(api.versions.list).toHaveBeenCalledWith(2);
    expect(store.versions.map((v) => v.id)).toEqual([20, 21]);
    expect(store.selectedIds).toEqual([211]);
    expect(store.focusVersionId).toBe(21);
    expect(store.selectedIn('project', 2)).toBe(1);
    store.toggleModel(212);
    // selected: a click clears every selected model of the project, and selects nothing new
    await store.toggleProject(2);
    expect(store.selectedIds).toEqual([]);
    expect(store.focusProjectId).toBe(2);
  });

  it('a version clicked while the project’s versions load stays the focused one and its model stays the only pick', async () => {
    const { store, api } = await loadedStore();
    await store.toggleProject(1);
    store.toggleAll();
    store.toggleAll();
    expect(store.count).toBe(0);
    // the project is clicked again (its versions are shown already) and a version at once, before the server answers
    let answer!: () => void;
    api.versions.list.mockImplementationOnce((id: number) => new Promise((done) => (answer = () => done((data.versions[id] ?? []) as Version[]))));
    const projectClick = store.toggleProject(1);
    store.toggleVersion(11);
    answer();
    await projectClick;
    expect(store.focusVersionId).toBe(11);
    expect(store.versionModels.map((m) => m.id)).toEqual([111, 112]);
    expect(store.selectedIds).toEqual([111]);
  });

  it('a project without models selects nothing', async () => {
    const { store } = await loadedStore();
    await store.toggleProject(4);
    expect(store.count).toBe(0);
    expect(store.versions.map((v) => v.id)).toEqual([40]);
  });

  it('select all: per visible project the version modified last and in it the model modified last; again clears', async () => {
    const { store } = await loadedStore();
    store.toggleAll();
    // Haven (211: version 21, modified last of the two), Centrum Noord (version 11, model 112); not the hidden project
    expect(store.selectedIds.sort()).toEqual([112, 211]);
    expect(store.allSelected).toBe(true);
    store.toggleAll();
    expect(store.selectedIds).toEqual([]);
    expect(store.allSelected).toBe(false);
  });

  it('select all leaves out projects the search or a filter hides, and takes hidden ones when verborgen is on', async () => {
    const { store } = await loadedStore();
    store.list.setSearchInput('centrum');
    store.list.applySearch();
    store.toggleAll();
    expect(store.selectedIds).toEqual([112]);
    store.toggleAll();
    store.list.setSearchInput('');
    store.list.applySearch();
    store.list.setFilter('typeFilter', 1);
    store.list.setFilter('showHidden', true);
    store.toggleAll();
    expect(store.selectedIds.sort()).toEqual([112, 301]);
  });

  it('a filter that hides the focused project clears the focus and keeps the selection', async () => {
    const { store } = await loadedStore();
    await store.toggleProject(2);
    store.list.setFilter('typeFilter', 1);
    expect(store.focusProjectId).toBeNull();
    expect(store.versions).toEqual([]);
    expect(store.selectedIds).toEqual([211]);
  });

  it('a reload keeps the selected models that still exist', async () => {
    const { store } = await loadedStore();
    store.toggleAll();
    data.models = data.models.filter((m) => (m as { id: number }).id !== 211);
    await store.load();
    expect(store.selectedIds).toEqual([112]);
  });

  it('a failed first load is said once and not shown as loading', async () => {
    const api = fakeApi();
    api.models.list.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const { store, root } = await loadedStore(fakeRoot(), api);
    expect(root.toasts.error).toHaveBeenCalledWith('Fout bij het laden van rekenmodellen.');
    expect(store.loaded).toBe(false);
    expect(store.loadError).toBe('Fout bij het laden van rekenmodellen.');
    expect(store.loading).toBe(false);
  });

  it('says once, in Dutch, that the templates could not be loaded', async () => {
    const api = fakeApi();
    api.reports.templates.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const { store, root } = await loadedStore(fakeRoot(), api);
    expect(root.toasts.error).toHaveBeenCalledTimes(1);
    expect(root.toasts.error).toHaveBeenCalledWith('Fout bij het laden van de rapportage sjablonen.');
    expect(store.template).toBeNull();
    expect(store.canMakeReport).toBe(false);
  });
});

describe('template limits and the BI buttons', () => {
  it('enables Maak rapportage only within the chosen template’s limits, with the message while outside', async () => {
    const { store } = await loadedStore();
    await store.toggleProject(1);
    expect(store.limitMessage).toBe('Selecteer minimaal 2 rekenmodellen.');
    expect(store.canMakeReport).toBe(false);
    store.toggleModel(111);
    expect(store.limitMessage).toBeNull();
    expect(store.canMakeReport).toBe(true);
    store.toggleModel(112);
    store.toggleModel(301);
    expect(store.limitMessage).toBe('Selecteer maximaal 3 rekenmodellen.');
    expect(store.canMakeReport).toBe(false);
    store.setTemplate(2);
    expect(store.limitMessage).toBeNull();
    expect(store.canMakeReport).toBe(true);
  });

  it('Genereer link met selectie takes the selected ids to NewBiLink; without a selection it does nothing', async () => {
    const { store, root } = await loadedStore();
    store.newBiLink();
    expect(root.screen.navigate).not.toHaveBeenCalled();
    store.toggleAll();
    store.newBiLink();
    expect(root.screen.navigate).toHaveBeenCalledWith('NewBiLink', { models: store.selectedIds.join(',') });
    store.showBiLinks();
    expect(root.screen.navigate).toHaveBeenLastCalledWith('BiLinks');
  });
});

describe('making a report (spec 1 §4 "Report creation")', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  async function twoSelected(api = fakeApi(), root = fakeRoot()) {
    const loaded = await loadedStore(root, api);
    loaded.store.toggleAll();
    return loaded;
  }
  const running = (progress: string, progressPct: number): ReportPoll => ({ ready: false, progress: { progress, progressPct } });

  it('asks for the job, polls every 1000 ms showing the percentage, and delivers the file when it is ready', async () => {
    const api = fakeApi();
    api.reports.poll
      .mockResolvedValueOnce(running('In de wachtrij', 0))
      .mockResolvedValueOnce(running('Rekenmodellen lezen', 40));
    const { store } = await twoSelected(api);
    const ids = [...store.selectedIds];
    await store.makeReport();
    expect(api.reports.create).toHaveBeenCalledWith({ templateReport: 1, models: ids });
    expect(api.reports.poll).toHaveBeenCalledWith('job-1');
    expect(store.report).toEqual({ step: 'progress', text: 'In de wachtrij', pct: 0 });
    expect(store.canMakeReport).toBe(false);

    await vi.advanceTimersByTimeAsync(REPORT_POLL_MS - 1);
    expect(api.reports.poll).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(store.report).toEqual({ step: 'progress', text: 'Rekenmodellen lezen', pct: 40 });
    await vi.advanceTimersByTimeAsync(REPORT_POLL_MS);
    expect(api.reports.poll).toHaveBeenCalledTimes(3);
    expect(api.reports.download).toHaveBeenCalledWith(FILE);
    expect(store.report).toEqual({ step: 'closed' });
    expect(store.reportError).toBe('');
    await vi.advanceTimersByTimeAsync(10 * REPORT_POLL_MS);
    expect(api.reports.poll).toHaveBeenCalledTimes(3);
  });

  it('a failed job: the toast, the pop-up closes, the text area keeps the server’s reason', async () => {
    const api = fakeApi();
    const reason = `${REPORT_FAILED} Het sjabloon heeft geen blad Rekenmodellen.`;
    api.reports.poll.mockResolvedValueOnce(running('Bezig', 10)).mockRejectedValueOnce(new ResponseError(422, reason, { message: reason }));
    const { store, root } = await twoSelected(api);
    await store.makeReport();
    await vi.advanceTimersByTimeAsync(REPORT_POLL_MS);
    expect(root.toasts.error).toHaveBeenCalledWith(REPORT_FAILED);
    expect(store.report).toEqual({ step: 'closed' });
    expect(store.reportError).toBe(reason);
    expect(api.reports.download).not.toHaveBeenCalled();
    // the next report starts with an empty text area
    await store.makeReport();
    expect(store.reportError).toBe('');
  });

  it('a refused request (or a lost network) fails the same way, with the general text when the server gave none', async () => {
    const api = fakeApi();
    api.reports.create.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const { store, root } = await twoSelected(api);
    await store.makeReport();
    expect(root.toasts.error).toHaveBeenCalledWith(REPORT_FAILED);
    expect(store.reportError).toBe(REPORT_FAILED);
    expect(store.report.step).toBe('closed');
    expect(api.reports.poll).not.toHaveBeenCalled();
  });

  it('Annuleren stops the polling; a late answer changes nothing', async () => {
    const api = fakeApi();
    api.reports.poll.mockResolvedValueOnce(running('Bezig', 10));
    const { store, root } = await twoSelected(api);
    await store.makeReport();
    store.closeReport();
    await vi.advanceTimersByTimeAsync(10 * REPORT_POLL_MS);
    expect(api.reports.poll).toHaveBeenCalledTimes(1);
    expect(api.reports.download).not.toHaveBeenCalled();
    expect(root.toasts.error).not.toHaveBeenCalled();
  });

  it('does not start outside the template’s limits', async () => {
    const { store, api } = await loadedStore();
    await store.makeReport();
    expect(api.reports.create).not.toHaveBeenCalled();
    expect(store.report.step).toBe('closed');
  });
});
