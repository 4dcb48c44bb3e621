import { makeAutoObservable, runInAction } from 'mobx';
import { projectsApi, type Project } from '../../api/projects.ts';
import { versionsApi, type Version } from '../../api/versions.ts';
import { modelsApi, type Model } from '../../api/models.ts';
import { referenceDataApi, type Subregion, type TypeProject } from '../../api/referenceData.ts';
import { messageOf } from '../../api/http.ts';
import type { RootStore } from '../../app/RootStore.ts';
import { isVisible, sortProjects, type ProjectSort } from './projectList.ts';

export type MoveState = 'Hidden' | 'MoveVersionModel' | 'MoveModel';
export type Role = Project['role'];

export const canEdit = (role: Role | null | undefined) => role === 'ADM' || role === 'USR';

/** What is asked for confirmation: delete of a row, or the end of a model session. */
export type Confirm =
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

  searchInput = '';
  search = '';
  typeFilter = 0;
  subregionFilter = 0;
  showHidden = false;
  sort: ProjectSort = 'LastEdited';

  selectedProjectId: number | null = null;
  selectedVersionId: number | null = null;

  loadingProjects = false;
  loadingVersions = false;
  loadingModels = false;
  loaded = false;

  move: MoveState = 'Hidden';
  moveSubject: { id: number; name: string } | null = null;
  moveTargetProjectId: number | null = null;
  moveTargetVersions: Version[] = [];
  moveTargetVersionId: number | null = null;
  moveStep: 'project' | 'version' = 'project';
  busy = false;

  confirm: Confirm | null = null;

  /** Selection wanted after the next reload (a just-created project or version). */
  private pending: { projectId?: number; versionId?: number } | null = null;
  private versionsRequest = 0;
  private modelsRequest = 0;

  constructor(private readonly root: RootStore) {
    makeAutoObservable<ProjectsStore, 'root' | 'pending' | 'versionsRequest' | 'modelsRequest'>(this, {
      root: false, pending: false, versionsRequest: false, modelsRequest: false,
    });
  }

  get filter() {
    return { search: this.search, typeProject: this.typeFilter, subregion: this.subregionFilter, showHidden: this.showHidden };
  }

  get visibleProjects(): Project[] {
    const f = this.filter;
    return sortProjects(this.projects.filter((p) => isVisible(p, f)), this.sort);
  }

  get selectedProject(): Project | null {
    return this.projects.find((p) => p.id === this.selectedProjectId) ?? null;
  }

  get selectedVersion(): Version | null {
    return this.versions.find((v) => v.id === this.selectedVersionId) ?? null;
  }

  get projectRole(): Role | null {
    return this.selectedProject?.projectRole ?? null;
  }

  get canEditSelected() {
    return canEdit(this.projectRole);
  }

  get canAddProject() {
    return canEdit(this.root.auth.user?.role);
  }

  /** Projects a version or model may move to (the caller needs ADM/USR on the target too). */
  get moveTargetProjects(): Project[] {
    const list = sortProjects(this.projects.filter((p) => canEdit(p.projectRole) && (this.showHidden || !p.hidden)), 'Alphabetical');
    return this.move === 'MoveVersionModel' ? list.filter((p) => p.id !== this.selectedProjectId) : list;
  }

  /** Wish for a selection after the next load (after creating a project or version). */
  focus(sel: { projectId?: number; versionId?: number }) {
    this.pending = sel;
  }

  async load(): Promise<void> {
    this.loadingProjects = true;
    try {
      const [projects, typeProjects, subregions] = await Promise.all([
        projectsApi.list(true),
        this.typeProjects.length ? Promise.resolve(this.typeProjects) : referenceDataApi.typeProjects(),
        this.subregions.length ? Promise.resolve(this.subregions) : referenceDataApi.subregions(),
      ]);
      runInAction(() => {
        this.projects = projects;
        this.typeProjects = typeProjects;
        this.subregions = subregions;
        this.loaded = true;
      });
    } catch (e) {
      this.root.toasts.error(messageOf(e, 'Fout bij het laden van projecten.'));
    } finally {
      runInAction(() => (this.loadingProjects = false));
    }
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

  setSearchInput(v: string) {
    this.searchInput = v;
  }
  applySearch() {
    this.search = this.searchInput;
    this.ensureVisibleSelection();
  }
  setTypeFilter(v: number) {
    this.typeFilter = v;
    this.ensureVisibleSelection();
  }
  setSubregionFilter(v: number) {
    this.subregionFilter = v;
    this.ensureVisibleSelection();
  }
  setShowHidden(v: boolean) {
    this.showHidden = v;
    this.ensureVisibleSelection();
  }
  setSort(v: ProjectSort) {
    this.sort = v;
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
    const req = ++this.versionsRequest;
    this.loadingVersions = true;
    try {
      const versions = await versionsApi.list(projectId);
      if (req !== this.versionsRequest) return;
      let next: number | null;
      if (keep === null) next = null;
      else if (keep !== undefined && versions.some((v) => v.id === keep)) next = keep;
      else next = versions[0]?.id ?? null;
      runInAction(() => {
        this.versions = versions;
        this.selectedVersionId = next;
        if (next === null) this.models = [];
      });
      if (next !== null) await this.loadModels(next);
    } catch (e) {
      this.root.toasts.error(messageOf(e, 'Fout bij het laden van versies.'));
    } finally {
      if (req === this.versionsRequest) runInAction(() => (this.loadingVersions = false));
    }
  }

  async selectVersion(id: number): Promise<void> {
    this.selectedVersionId = id;
    this.models = [];
    await this.loadModels(id);
  }

  async loadModels(versionId: number): Promise<void> {
    const req = ++this.modelsRequest;
    this.loadingModels = true;
    try {
      const models = await modelsApi.list(versionId);
      if (req !== this.modelsRequest) return;
      runInAction(() => (this.models = models));
    } catch (e) {
      this.root.toasts.error(messageOf(e, 'Fout bij het laden van rekenmodellen.'));
    } finally {
      if (req === this.modelsRequest) runInAction(() => (this.loadingModels = false));
    }
  }

  /** Click on a model row (spec §2): online → the online tool; spreadsheet → the open-model path (later issue). */
  openModel(m: Model) {
    if (m.modelPlatform === 'online') {
      this.root.screen.navigate('GrexOnline_BaseParameters', { modelId: m.id });
    } else {
      this.root.toasts.warning('Het openen van spreadsheet-rekenmodellen is nog niet beschikbaar.');
    }
  }

  // ---------- duplicate ----------

  async duplicate(kind: 'project' | 'version' | 'model', id: number): Promise<void> {
    this.busy = true;
    try {
      if (kind === 'project') {
        const copy = await projectsApi.duplicate(id);
        this.focus({ projectId: copy.id });
      } else if (kind === 'version') {
        const copy = await versionsApi.duplicate(id);
        this.focus({ projectId: this.selectedProjectId ?? undefined, versionId: copy.id });
      } else {
        this.focus({ projectId: this.selectedProjectId ?? undefined, versionId: this.selectedVersionId ?? undefined });
        await modelsApi.duplicate(id);
      }
      this.root.toasts.success('Dupliceren gelukt!');
      await this.load();
    } catch (e) {
      this.root.toasts.error(messageOf(e, 'Er ging iets mis tijdens het dupliceren.'));
    } finally {
      runInAction(() => (this.busy = false));
    }
  }

  // ---------- delete and end session (confirmation first) ----------

  askDelete(kind: 'project' | 'version' | 'model', id: number, name: string) {
    this.confirm = { kind: kind === 'project' ? 'deleteProject' : kind === 'version' ? 'deleteVersion' : 'deleteModel', id, name };
  }

  /** Spec §4: first fetch the e-mail of the session holder, then ask for confirmation. */
  async askEndSession(m: Model): Promise<void> {
    try {
      const { email } = await modelsApi.sessionHolder(m.id);
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
    this.busy = true;
    try {
      switch (c.kind) {
        case 'deleteProject':
          await projectsApi.remove(c.id);
          if (this.selectedProjectId === c.id) runInAction(() => (this.selectedProjectId = null));
          break;
        case 'deleteVersion':
          await versionsApi.remove(c.id);
          if (this.selectedVersionId === c.id) runInAction(() => (this.selectedVersionId = -1));
          break;
        case 'deleteModel':
          await modelsApi.remove(c.id);
          break;
        case 'endSession':
          await modelsApi.endSession(c.id);
          break;
      }
      this.root.toasts.success(c.kind === 'endSession' ? 'Sessie beëindigd.' : 'Verwijderen gelukt!');
      runInAction(() => (this.confirm = null));
      await this.load();
    } catch (e) {
      this.root.toasts.error(messageOf(e, c.kind === 'endSession' ? 'Er ging iets mis bij het beëindigen van de sessie.' : 'Er ging iets mis tijdens het verwijderen.'));
    } finally {
      runInAction(() => (this.busy = false));
    }
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
    this.moveStep = 'version';
    this.moveTargetVersionId = null;
    this.moveTargetVersions = [];
    try {
      const versions = await versionsApi.list(this.moveTargetProjectId);
      runInAction(() => (this.moveTargetVersions = versions));
    } catch (e) {
      this.root.toasts.error(messageOf(e, 'Fout bij het laden van versies.'));
    }
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
    this.busy = true;
    try {
      if (this.move === 'MoveVersionModel') {
        await versionsApi.move(subject.id, this.moveTargetProjectId!);
        this.focus({ projectId: this.selectedProjectId ?? undefined });
      } else {
        await modelsApi.move(subject.id, this.moveTargetVersionId!);
      }
      this.root.toasts.success('Verplaatsen gelukt!');
      runInAction(() => this.closeMove());
      await this.load();
    } catch (e) {
      this.root.toasts.error(messageOf(e, 'Er ging iets mis tijdens het verplaatsen.'));
    } finally {
      runInAction(() => (this.busy = false));
    }
  }
}

const stores = new WeakMap<RootStore, { userId: number; store: ProjectsStore }>();

/** The overview's store of the signed-in user (a new one after another user signs in). */
export function projectsStoreOf(root: RootStore): ProjectsStore {
  const userId = root.auth.user?.id ?? 0;
  const found = stores.get(root);
  if (found && found.userId === userId) return found.store;
  const store = new ProjectsStore(root);
  stores.set(root, { userId, store });
  return store;
}
