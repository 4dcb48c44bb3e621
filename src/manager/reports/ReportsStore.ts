import { makeAutoObservable, runInAction } from 'mobx';
import type { projectsApi, Project } from '../../api/projects.ts';
import type { versionsApi, Version } from '../../api/versions.ts';
import type { modelsApi, Model } from '../../api/models.ts';
import type { referenceDataApi, Subregion, TypeProject } from '../../api/referenceData.ts';
import type { reportsApi, TemplateReport } from '../../api/reports.ts';
import { messageOf } from '../../api/http.ts';
import { REPORT_FAILED, reportMaxMessage, reportMinMessage } from '../../api/contract/messages.ts';
import type { AreaStoreFactory, RootStore } from '../../app/RootStore.ts';
import { Resource, firstErrorOnly } from '../../app/resource.ts';
import { ProjectListFilter } from '../shared/projectList.ts';
import { LOADING_TEXT, pollTask } from '../shared/taskPoll.ts';

const PROJECTS_FAILED = 'Fout bij het laden van projecten.';
const MODELS_FAILED = 'Fout bij het laden van rekenmodellen.';

/** Spec 1 §9: the report job is polled every 1000 ms. */
export const REPORT_POLL_MS = 1_000;

/** The calls the Reports screen makes (the RootStore passes the real client modules; tests pass fakes). */
export interface ReportsStoreApi {
  projects: Pick<typeof projectsApi, 'list'>;
  versions: Pick<typeof versionsApi, 'list'>;
  models: Pick<typeof modelsApi, 'list'>;
  referenceData: Pick<typeof referenceDataApi, 'typeProjects' | 'subregions'>;
  reports: typeof reportsApi;
}

/** The report pop-up (spec 1 §4 "Report creation"): closed, or the job's progress. */
export type ReportStep = { step: 'closed' } | { step: 'progress'; text: string; pct: number };
const CLOSED: ReportStep = { step: 'closed' };

/** Spec 1 §5: the template's limits (the texts POST report/ answers too); null when the count is within them. */
export function limitMessage(n: number, t: Pick<TemplateReport, 'nModelsMin' | 'nModelsMax'> | null): string | null {
  if (!t) return null;
  if (n < t.nModelsMin) return reportMinMessage(t.nModelsMin);
  if (n > t.nModelsMax) return reportMaxMessage(t.nModelsMax);
  return null;
}

const time = (s: string) => new Date(s).getTime() || 0;
/** The first of a list with the greatest key (ties keep the list's order). */
function latest<T>(list: readonly T[], key: (x: T) => number): T | undefined {
  let best: T | undefined;
  for (const x of list) if (best === undefined || key(x) > key(best)) best = x;
  return best;
}

/**
 * The Reports screen (spec 1 §2 "Reports", §3 "Report selection working data", §4 "Reports" and "Report
 * creation", §5): the project list with the overview's search, filters and sort; the selected models,
 * which a click on a project, version or model toggles; select-all; the template and its limits; the
 * report job. One store per signed-in user, so the selection survives a visit to the BI screens.
 *
 * The working data of §3 (per model its project, version and their last-modified times) is GET model/
 * without a version: every model the caller can read, with those fields. The versions column is the
 * focused project's GET version-model/; the models column is the focused version's part of that list.
 */
export class ReportsStore {
  projects: Project[] = [];
  /** Every model the caller can read (online models too: the engine computes their results). */
  models: Model[] = [];
  typeProjects: TypeProject[] = [];
  subregions: Subregion[] = [];
  templates: TemplateReport[] = [];
  templateId: number | null = null;

  /** Search, filters, 'verborgen' and sort, as on the projects overview. */
  readonly list = new ProjectListFilter(() => this.keepFocusVisible());

  /** The project and version whose versions and models the second and third lists show. */
  focusProjectId: number | null = null;
  focusVersionId: number | null = null;
  versions: Version[] = [];

  /** The selected models, in the order they were chosen. */
  selectedIds: number[] = [];
  /** Select-all is on: pressing it again clears the selection. */
  allSelected = false;

  report: ReportStep = CLOSED;
  /** The text of the last report that failed (the report-error text area). */
  reportError = '';

  private readonly projectsLoad: Resource<[Project[], TypeProject[], Subregion[]]>;
  private readonly modelsLoad: Resource<Model[]>;
  private readonly versionsLoad: Resource<Version[]>;
  private readonly templatesLoad: Resource<TemplateReport[]>;
  /** The report under way: the answers of one that was cancelled or replaced are dropped. */
  private attempt: object | null = null;
  /** Counts the user's clicks in the lists, so a project's late versions do not overrule a click made meanwhile. */
  private clicks = 0;
  /** The screen's three lists load together: one failure (the server down, say) is told once per visit. */
  private readonly listErrors: ReturnType<typeof firstErrorOnly>;

  constructor(private readonly root: Pick<RootStore, 'toasts' | 'screen'>, private readonly api: ReportsStoreApi) {
    this.listErrors = firstErrorOnly(root.toasts);
    this.projectsLoad = new Resource(this.listErrors, PROJECTS_FAILED);
    this.modelsLoad = new Resource(this.listErrors, MODELS_FAILED);
    this.versionsLoad = new Resource(root.toasts, 'Fout bij het laden van versies.');
    this.templatesLoad = new Resource(this.listErrors, 'Fout bij het laden van de rapportage sjablonen.');
    makeAutoObservable<ReportsStore, 'root' | 'api' | 'projectsLoad' | 'modelsLoad' | 'versionsLoad' | 'templatesLoad' | 'attempt' | 'listErrors' | 'clicks'>(this, {
      root: false, api: false, list: false, projectsLoad: false, modelsLoad: false, versionsLoad: false, templatesLoad: false, attempt: false, listErrors: false, clicks: false,
    });
  }

  // ---------- loading ----------

  /** Every visit: the lists anew; the selection keeps the models that still exist. */
  async load(): Promise<void> {
    const { projects, referenceData, models, reports } = this.api;
    this.listErrors.reset();
    await Promise.all([
      this.projectsLoad.load(() => Promise.all([
        projects.list(true),
        this.typeProjects.length ? this.typeProjects : referenceData.typeProjects(),
        this.subregions.length ? this.subregions : referenceData.subregions(),
      ]), ([p, t, s]) => {
        this.projects = p;
        this.typeProjects = t;
        this.subregions = s;
        this.keepFocusVisible();
      }),
      this.modelsLoad.load(() => models.list(), (list) => {
        this.models = list;
        const ids = new Set(list.map((m) => m.id));
        this.selectedIds = this.selectedIds.filter((id) => ids.has(id));
        if (!this.selectedIds.length) this.allSelected = false;
      }),
      this.templatesLoad.load(() => reports.templates(), (list) => {
        this.templates = list;
        if (!list.some((t) => t.id === this.templateId)) this.templateId = list[0]?.id ?? null;
      }),
    ]);
    if (this.focusProjectId !== null) await this.loadVersions(this.focusProjectId);
  }

  get loading() {
    return this.projectsLoad.loading || this.modelsLoad.loading;
  }
  get loadingVersions() {
    return this.versionsLoad.loading;
  }
  get loadingTemplates() {
    return this.templatesLoad.loading;
  }
  /** The latest load of the projects or the models failed (its toast was shown): the text of that toast. */
  get loadError(): string | null {
    if (this.projectsLoad.failed) return PROJECTS_FAILED;
    if (this.modelsLoad.failed) return MODELS_FAILED;
    return null;
  }
  /** The first load has answered (before it the lists say 'Aan het laden...'). */
  get loaded() {
    return this.projectsLoad.value !== undefined && this.modelsLoad.value !== undefined;
  }

  private loadVersions(projectId: number): Promise<Version[] | undefined> {
    return this.versionsLoad.load(() => this.api.versions.list(projectId), (list) => {
      this.versions = list;
      if (!list.some((v) => v.id === this.focusVersionId)) this.focusVersionId = list[0]?.id ?? null;
    });
  }

  // ---------- the lists ----------

  get visibleProjects(): Project[] {
    return this.list.visible(this.projects);
  }

  get focusProject(): Project | null {
    return this.projects.find((p) => p.id === this.focusProjectId) ?? null;
  }

  get focusVersion(): Version | null {
    return this.versions.find((v) => v.id === this.focusVersionId) ?? null;
  }

  /** The third list: the focused version's models. */
  get versionModels(): Model[] {
    return this.focusVersionId === null ? [] : this.models.filter((m) => m.versionId === this.focusVersionId);
  }

  /** A project that the search or a filter hides is no longer the focused one (the selection stays). */
  private keepFocusVisible() {
    if (this.focusProjectId === null || this.visibleProjects.some((p) => p.id === this.focusProjectId)) return;
    this.focusProjectId = null;
    this.focusVersionId = null;
    this.versions = [];
    this.versionsLoad.cancel();
  }

  // ---------- the selection (spec 1 §4 "Reports") ----------

  get selectedSet(): ReadonlySet<number> {
    return new Set(this.selectedIds);
  }

  get selectedModels(): Model[] {
    const byId = new Map(this.models.map((m) => [m.id, m]));
    return this.selectedIds.map((id) => byId.get(id)).filter((m): m is Model => m !== undefined);
  }

  /** How many selected models a project or version holds. */
  selectedIn(kind: 'project' | 'version', id: number): number {
    return this.selectedModels.filter((m) => (kind === 'project' ? m.projectId : m.versionId) === id).length;
  }

  get count() {
    return this.selectedIds.length;
  }

  private setSelection(ids: number[]) {
    this.selectedIds = ids;
    if (!ids.length) this.allSelected = false;
  }

  private add(m: Model | undefined) {
    if (m && !this.selectedSet.has(m.id)) this.setSelection([...this.selectedIds, m.id]);
  }

  private removeWhere(drop: (m: Model) => boolean) {
    const dropped = new Set(this.selectedModels.filter(drop).map((m) => m.id));
    this.setSelection(this.selectedIds.filter((id) => !dropped.has(id)));
  }

  /**
   * A click on a project: it becomes the focused one (its versions show). Holding selected models, they
   * leave the selection; holding none, its first model (of the first version that has one) is selected —
   * unless the user clicked a version or model while the versions were loading (that click stands).
   */
  async toggleProject(id: number): Promise<void> {
    const click = ++this.clicks;
    const wasSelected = this.selectedIn('project', id) > 0;
    if (wasSelected) this.removeWhere((m) => m.projectId === id);
    if (this.focusProjectId !== id) {
      this.focusProjectId = id;
      this.focusVersionId = null;
      this.versions = [];
    }
    const versions = await this.loadVersions(id);
    if (!versions || wasSelected || this.focusProjectId !== id || click !== this.clicks) return;
    for (const v of versions) {
      const first = this.models.find((m) => m.versionId === v.id);
      if (first) {
        runInAction(() => {
          this.add(first);
          this.focusVersionId = v.id;
        });
        return;
      }
    }
  }

  /** A click on a version: it becomes the focused one; its selected models leave, or its first model is selected. */
  toggleVersion(id: number) {
    this.clicks++;
    this.focusVersionId = id;
    if (this.selectedIn('version', id) > 0) this.removeWhere((m) => m.versionId === id);
    else this.add(this.models.find((m) => m.versionId === id));
  }

  toggleModel(id: number) {
    this.clicks++;
    if (this.selectedSet.has(id)) this.setSelection(this.selectedIds.filter((x) => x !== id));
    else this.add(this.models.find((m) => m.id === id));
  }

  /**
   * Select all: per visible project (as the list shows it: not hidden unless 'verborgen', not filtered
   * out) the version modified last and in it the model modified last. Pressed again: nothing selected.
   */
  toggleAll() {
    this.clicks++;
    if (this.allSelected) {
      this.setSelection([]);
      return;
    }
    const picks: number[] = [];
    for (const p of this.visibleProjects) {
      const own = this.models.filter((m) => m.projectId === p.id);
      const version = latest(own, (m) => time(m.versionTimestampLastModified))?.versionId;
      const model = latest(own.filter((m) => m.versionId === version), (m) => time(m.modelTimestampLastModified));
      if (model) picks.push(model.id);
    }
    this.setSelection(picks);
    this.allSelected = picks.length > 0;
  }

  // ---------- template and limits (spec 1 §5) ----------

  get template(): TemplateReport | null {
    return this.templates.find((t) => t.id === this.templateId) ?? null;
  }

  setTemplate(id: number) {
    this.templateId = id;
  }

  /** 'Selecteer minimaal/maximaal {n} rekenmodellen.' while the count is outside the template's limits. */
  get limitMessage(): string | null {
    return limitMessage(this.count, this.template);
  }

  get canMakeReport(): boolean {
    return this.template !== null && this.limitMessage === null && this.report.step === 'closed';
  }

  // ---------- BI (spec 1 §2 "Reports") ----------

  showBiLinks() {
    this.root.screen.navigate('BiLinks');
  }

  newBiLink() {
    if (this.count) this.root.screen.navigate('NewBiLink', { models: this.selectedIds.join(',') });
  }

  // ---------- the report job (spec 1 §4 "Report creation") ----------

  /** 'Maak rapportage': the job, the pop-up polling it every 1000 ms, then the file. */
  async makeReport(): Promise<void> {
    const template = this.template;
    if (!template || !this.canMakeReport) return;
    const attempt = {};
    this.attempt = attempt;
    this.reportError = '';
    this.report = { step: 'progress', text: LOADING_TEXT, pct: 0 };
    let uuid: string;
    try {
      uuid = await this.api.reports.create({ templateReport: template.id, models: [...this.selectedIds] });
    } catch (e) {
      this.fail(attempt, e);
      return;
    }
    await pollTask({
      poll: () => this.api.reports.poll(uuid),
      everyMs: REPORT_POLL_MS,
      current: () => attempt === this.attempt,
      progress: ({ progress, progressPct }) => runInAction(() => (this.report = { step: 'progress', text: progress, pct: progressPct })),
      ready: async (file) => {
        try {
          await this.api.reports.download(file);
        } catch (e) {
          this.fail(attempt, e);
          return;
        }
        if (attempt === this.attempt) this.closeReport();
      },
      failed: (e) => this.fail(attempt, e),
    });
  }

  /** 'Annuleren' in the pop-up: polling stops (the job finishes on the server unseen). */
  closeReport() {
    this.attempt = null;
    this.report = CLOSED;
  }

  /** Spec 1 §8: the toast 'Fout bij het maken van rapportage.', the pop-up closes; the text area keeps the reason. */
  private fail(attempt: object, e: unknown) {
    if (attempt !== this.attempt) return;
    this.root.toasts.error(REPORT_FAILED);
    this.reportError = messageOf(e, REPORT_FAILED);
    this.closeReport();
  }
}

const makeReportsStore: AreaStoreFactory<ReportsStore> = (root, api) => new ReportsStore(root, api);

/** The Reports screen's store of the signed-in user (kept across screen changes, so the selection stays). */
export const reportsStoreOf = (root: RootStore): ReportsStore => root.storeOf(makeReportsStore);
