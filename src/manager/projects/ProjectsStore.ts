import { makeAutoObservable, runInAction } from 'mobx';
import type { projectsApi, Project } from '../../api/projects.ts';
import type { versionsApi, Version } from '../../api/versions.ts';
import type { modelsApi, Model } from '../../api/models.ts';
import type { referenceDataApi, Subregion, TypeProject } from '../../api/referenceData.ts';
import type { openModelApi } from '../../api/openModel.ts';
import { messageOf } from '../../api/http.ts';
import { MSG_SESSION_ENDED } from '../../api/contract/messages.ts';
import type { AreaStoreFactory, RootStore } from '../../app/RootStore.ts';
import { Resource } from '../../app/resource.ts';
import { Submission } from '../../app/submission.ts';
import { ProjectListFilter, sortProjects } from '../shared/projectList.ts';
import { OpenModelStore } from './OpenModelStore.ts';

type MoveState = 'Hidden' | 'MoveVersionModel' | 'MoveModel';

/** The calls the overview makes (the RootStore passes the real client modules; tests pass fakes). */
export interface ProjectsStoreApi {
  projects: Pick<typeof projectsApi, 'list' | 'duplicate' | 'remove'>;
  versions: Pick<typeof versionsApi, 'list' | 'duplicate' | 'remove' | 'move'>;
  models: Pick<typeof modelsApi, 'list' | 'duplicate' | 'remove' | 'move' | 'sessionHolder' | 'endSession'>;
  referenceData: Pick<typeof referenceDataApi, 'typeProjects' | 'subregions'>;
  openModel: typeof openModelApi;
}

/** What is asked for confirmation: delete of a row, or the end of a model session. */
type Confirm =
  | { kind: 'deleteProject'; id: number; name: string }
  | { kind: 'deleteVersion'; id: number; name: string }
  | { kind: 'deleteModel'; id: number; name: string }
  | { kind: 'endSession'; id: number; name: string; email: string | null };

/**
 * The projects overview (spec 1 §2, §4): lists, filters, sort and the selection rules. One store per
 * signed-in user, kept across screen changes so returning from an info screen keeps the selection.
 */
export class ProjectsStore {
  projects: Project[] = [];
  versions: Version[] = [];
  models: Model[] = [];
  typeProjects: TypeProject[] = [];
  subregions: Subregion[] = [];

  /** Search, filters, 'verborgen' and sort; a change that hides the selected project moves the selection (spec §4). */
  readonly list = new ProjectListFilter(() => this.ensureVisibleSelection());

  selectedProjectId: number | null = null;
  selectedVersionId: number | null = null;

  loaded = false;

  move: MoveState = 'Hidden';
  moveSubject: { id: number; name: string } | null = null;
  moveTargetProjectId: number | null = null;
  moveTargetVersions: Version[] = [];
  moveTargetVersionId: number | null = null;
  moveStep: 'project' | 'version' = 'project';
  /** The overview's writes (duplicate, delete, end a session, move): one at a time. */
  private readonly writing: Submission;

  confirm: Confirm | null = null;

  /** Opening a spreadsheet model: its pop-ups. */
  readonly opening: OpenModelStore;

  /** Selection wanted after the next reload (a just-created project or version). */
  private pending: { projectId?: number; versionId?: number } | null = null;
  // The three columns' loads: a click on another project or version supersedes the one under way.
  private readonly projectsLoad: Resource<[Project[], TypeProject[], Subregion[]]>;
  private readonly versionsLoad: Resource<Version[]>;
  private readonly modelsLoad: Resource<Model[]>;
  private readonly moveVersionsLoad: Resource<Version[]>;

  constructor(private readonly root: Pick<RootStore, 'auth' | 'toasts' | 'screen'>, private readonly api: ProjectsStoreApi) {
    this.projectsLoad = new Resource(root.toasts, 'Fout bij het laden van projecten.');
    this.versionsLoad = new Resource(root.toasts, 'Fout bij het laden van versies.');
    this.modelsLoad = new Resource(root.toasts, 'Fout bij het laden van rekenmodellen.');
    this.moveVersionsLoad = new Resource(root.toasts, 'Fout bij het laden van versies.');
    this.writing = new Submission(root.toasts);
    this.opening = new OpenModelStore(api, () => {
      if (this.selectedVersionId !== null) void this.loadModels(this.selectedVersionId);
    });
    makeAutoObservable<ProjectsStore, 'root' | 'api' | 'pending' | 'projectsLoad' | 'versionsLoad' | 'modelsLoad' | 'moveVersionsLoad' | 'writing'>(this, {
      root: false, api: false, pending: false, projectsLoad: false, versionsLoad: false, modelsLoad: false, moveVersionsLoad: false, writing: false, opening: false, list: false,
    });
  }

  get busy() {
    return this.writing.busy;
  }
  get loadingProjects() {
    return this.projectsLoad.loading;
  }
  get loadingVersions() {
    return this.versionsLoad.loading;
  }
  get loadingModels() {
    return this.modelsLoad.loading;
  }

  get visibleProjects(): Project[] {
    return this.list.visible(this.projects);
  }

  get selectedProject(): Project | null {
    return this.projects.find((p) => p.id === this.selectedProjectId) ?? null;
  }

  get selectedVersion(): Version | null {
    return this.versions.find((v) => v.id === this.selectedVersionId) ?? null;
  }

  get canEditSelected() {
    return Boolean(this.selectedProject?.canEdit);
  }

  get canAddProject() {
    return Boolean(this.root.auth.user?.canCreateProject);
  }

  /** Projects a version or model may move to (the caller needs ADM/USR on the target too). */
  get moveTargetProjects(): Project[] {
    const list = sortProjects(this.projects.filter((p) => p.canEdit && (this.list.showHidden || !p.hidden)), 'Alphabetical');
    return this.move === 'MoveVersionModel' ? list.filter((p) => p.id !== this.selectedProjectId) : list;
  }

  /** Wish for a selection after the next load (after creating a project or version). */
  focus(sel: { projectId?: number; versionId?: number }) {
    this.pending = sel;
  }

  async load(): Promise<void> {
    const { projects: projectsApi, referenceData } = this.api;
    const answer = await this.projectsLoad.load(() => Promise.all([
      projectsApi.list(true),
      this.typeProjects.length ? this.typeProjects : referenceData.typeProjects(),
      this.subregions.length ? this.subregions : referenceData.subregions(),
    ]), ([projects, typeProjects, subregions]) => {
      this.projects = projects;
      this.typeProjects = typeProjects;
      this.subregions = subregions;
      this.loaded = true;
    });
    // Overtaken by a newer load (another visit): that one chooses the selection.
    if (!answer && this.projectsLoad.loading) return;
    const pending = this.pending;
    this.pending = null;
    if (pending?.projectId && this.visibleProjects.some((p) => p.id === pending.projectId)) {
      await this.selectProject(pending.projectId, pending.versionId);
    } else if (this.selectedProjectId !== null && this.visibleProjects.some((p) => p.id === this.selectedProjectId)) {
      // Keep the selection; refresh its versions and models.
      await this.loadVersions(this.selectedProjectId, pending?.versionId ?? this.selectedVersionId ?? undefined);
    } else {
      this.ensureVisibleSelection(true);
    }
  }

  /** Spec §4: an invisible selected project hands the selection to the first visible one; the version is cleared. */
  private ensureVisibleSelection(initial = false) {
    const visible = this.visibleProjects;
    if (this.selectedProjectId !== null && visible.some((p) => p.id === this.selectedProjectId)) return;
    const first = visible[0];
    if (!first) {
      this.selectedProjectId = null;
      this.selectedVersionId = null;
      this.versions = [];
      this.models = [];
      return;
    }
    if (initial) {
      void this.selectProject(first.id);
      return;
    }
    this.selectedProjectId = first.id;
    this.selectedVersionId = null;
    this.models = [];
    void this.loadVersions(first.id, null);
  }

  /** Spec §4: selecting a project selects its first version and loads that version's models. */
  async selectProject(id: number, versionId?: number): Promise<void> {
    this.selectedProjectId = id;
    this.selectedVersionId = null;
    this.versions = [];
    this.models = [];
    await this.loadVersions(id, versionId);
  }

  /**
   * Loads the versions of a project. `keep` = the version to select when it still exists
   * (undefined: the first version; null: none).
   */
  private async loadVersions(projectId: number, keep: number | null | undefined): Promise<void> {
    const versions = await this.versionsLoad.load(() => this.api.versions.list(projectId), (list) => {
      this.versions = list;
      if (keep === null) this.selectedVersionId = null;
      else if (keep !== undefined && list.some((v) => v.id === keep)) this.selectedVersionId = keep;
      else this.selectedVersionId = list[0]?.id ?? null;
      if (this.selectedVersionId === null) this.models = [];
    });
    if (versions && this.selectedVersionId !== null) await this.loadModels(this.selectedVersionId);
  }

  async selectVersion(id: number): Promise<void> {
    this.selectedVersionId = id;
    this.models = [];
    await this.loadModels(id);
  }

  async loadModels(versionId: number): Promise<void> {
    await this.modelsLoad.load(() => this.api.models.list(versionId), (models) => (this.models = models));
  }

  /** Click on a model row (spec §2): online → the online tool; spreadsheet → the open-model path. */
  openModel(m: Model) {
    if (m.modelPlatform === 'online') this.root.screen.navigate('GrexOnline_BaseParameters', { modelId: m.id });
    else void this.opening.open(m);
  }

  // ---------- duplicate ----------

  async duplicate(kind: 'project' | 'version' | 'model', id: number): Promise<void> {
    await this.writing.run(async () => {
      if (kind === 'project') {
        const copy = await this.api.projects.duplicate(id);
        this.focus({ projectId: copy.id });
      } else if (kind === 'version') {
        const copy = await this.api.versions.duplicate(id);
        this.focus({ projectId: this.selectedProjectId ?? undefined, versionId: copy.id });
      } else {
        this.focus({ projectId: this.selectedProjectId ?? undefined, versionId: this.selectedVersionId ?? undefined });
        await this.api.models.duplicate(id);
      }
      await this.load();
    }, { success: 'Dupliceren gelukt!', failure: 'Er ging iets mis tijdens het dupliceren.' });
  }

  // ---------- delete and end session (confirmation first) ----------

  askDelete(kind: 'project' | 'version' | 'model', id: number, name: string) {
    this.confirm = { kind: kind === 'project' ? 'deleteProject' : kind === 'version' ? 'deleteVersion' : 'deleteModel', id, name };
  }

  /** Spec §4: first fetch the e-mail of the session holder, then ask for confirmation. */
  async askEndSession(m: Model): Promise<void> {
    try {
      const { email } = await this.api.models.sessionHolder(m.id);
      runInAction(() => (this.confirm = { kind: 'endSession', id: m.id, name: m.name, email }));
    } catch (e) {
      this.root.toasts.error(messageOf(e, 'Fout bij het ophalen van de sessie.'));
    }
  }

  closeConfirm() {
    this.confirm = null;
  }

  async confirmAction(): Promise<void> {
    const c = this.confirm;
    if (!c) return;
    await this.writing.run(async () => {
      switch (c.kind) {
        case 'deleteProject':
          await this.api.projects.remove(c.id);
          if (this.selectedProjectId === c.id) runInAction(() => (this.selectedProjectId = null));
          break;
        case 'deleteVersion':
          await this.api.versions.remove(c.id);
          if (this.selectedVersionId === c.id) runInAction(() => (this.selectedVersionId = -1));
          break;
        case 'deleteModel':
          await this.api.models.remove(c.id);
          break;
        case 'endSession':
          await this.api.models.endSession(c.id);
          break;
      }
      runInAction(() => (this.confirm = null));
      await this.load();
    }, {
      success: c.kind === 'endSession' ? MSG_SESSION_ENDED : 'Verwijderen gelukt!',
      failure: c.kind === 'endSession' ? 'Er ging iets mis bij het beëindigen van de sessie.' : 'Er ging iets mis tijdens het verwijderen.',
    });
  }

  // ---------- move ----------

  openMove(kind: 'version' | 'model', subject: { id: number; name: string }) {
    this.move = kind === 'version' ? 'MoveVersionModel' : 'MoveModel';
    this.moveSubject = subject;
    this.moveTargetProjectId = null;
    this.moveTargetVersionId = null;
    this.moveTargetVersions = [];
    this.moveStep = 'project';
  }

  closeMove() {
    this.move = 'Hidden';
    this.moveSubject = null;
  }

  /** Version move: the target. Model move: the project whose versions are shown next (with a back button). */
  chooseMoveProject(id: number) {
    this.moveTargetProjectId = id;
    if (this.move === 'MoveModel') void this.nextMoveStep();
  }

  /** Model move: from the project step to the version step. */
  async nextMoveStep(): Promise<void> {
    if (this.moveTargetProjectId === null) return;
    const projectId = this.moveTargetProjectId;
    this.moveStep = 'version';
    this.moveTargetVersionId = null;
    this.moveTargetVersions = [];
    await this.moveVersionsLoad.load(() => this.api.versions.list(projectId), (versions) => (this.moveTargetVersions = versions));
  }

  backMoveStep() {
    this.moveStep = 'project';
    this.moveTargetVersionId = null;
  }

  chooseMoveVersion(id: number) {
    this.moveTargetVersionId = id;
  }

  get canConfirmMove(): boolean {
    if (this.busy || !this.moveSubject) return false;
    if (this.move === 'MoveVersionModel') return this.moveTargetProjectId !== null;
    if (this.move === 'MoveModel') return this.moveStep === 'version' && this.moveTargetVersionId !== null;
    return false;
  }

  async confirmMove(): Promise<void> {
    const subject = this.moveSubject;
    if (!subject || !this.canConfirmMove) return;
    await this.writing.run(async () => {
      if (this.move === 'MoveVersionModel') {
        await this.api.versions.move(subject.id, this.moveTargetProjectId!);
        this.focus({ projectId: this.selectedProjectId ?? undefined });
      } else {
        await this.api.models.move(subject.id, this.moveTargetVersionId!);
      }
      runInAction(() => this.closeMove());
      await this.load();
    }, { success: 'Verplaatsen gelukt!', failure: 'Er ging iets mis tijdens het verplaatsen.' });
  }
}

const makeProjectsStore: AreaStoreFactory<ProjectsStore> = (root, api) => new ProjectsStore(root, api);

/** The overview's store of the signed-in user (kept across screen changes, so returning keeps the selection). */
export const projectsStoreOf = (root: RootStore): ProjectsStore => root.storeOf(makeProjectsStore);
