import { action, computed, makeObservable, observable, observableRef, observableShallow, runInAction } from 'mobx';
import type { Edit } from '../formulas/engineModelEdits.ts';
import type { EngineClient } from './engineClient.ts';
import type { ResultsSummary } from '../model/results.ts';
import { isCompleteSpaceRow } from '../formulas/validate.ts';
import type { Problem } from '../model/problem.ts';
import type { ModelData, SpaceUsageRow } from '../model/modelData.ts';
import type { EditableParameterKey } from '../model/baseParameters.ts';
import { type RemapReport, remapNotice, remapPeriodItems } from '../formulas/periodRemap.ts';
import { formatMoney } from '../lib/nlFormat.ts';
import type { ModelMeta, ReadOnlyReason } from '../api/contract/workbench.ts';
import { NOT_FOUND } from '../api/contract/messages.ts';
import { MapTakeoverFlow } from './mapTakeover.ts';
import { formulasDropped, insertEntries, removeEntries } from './entryRows.ts';
import { forEngine, mark } from './firstPaint.ts';
import { type Answer, EngineSession, whenAnswered } from './engineSession.ts';
import { tellSaveFailure, type StatusError } from './saveFailure.ts';
import { WorkingCopyBackup } from './workingCopyBackup.ts';
import { Submission } from '../app/submission.ts';
import type { EntryKind } from '../model/section.ts';
import { MSG, splitAnswer, type Backup, type BackupStorage, type MapTakeover, type WorkbenchApi, type WorkbenchToasts } from './workbenchContract.ts';

// The workbench's state (spec 3 §3–§4): one engine (a GrexEngine in a Web Worker, engineClient.ts) shared by
// every sheet of the workbench, the working copy (the engine's model data + the space-usage rows as typed), the
// saved copy, the unsaved-changes flag, and one undo/redo stack across the whole model.
//
// Space-usage rows may be incomplete while the user types (spec: Save is blocked then); the engine only
// accepts valid model data, so it gets the complete rows and the store keeps the rows as typed.
// Every change goes to the engine and is recorded when it answers, in the order made (engineSession.ts); a
// change answers its refusal, now or once the engine has answered (Answer), and its caller says it.
// Beside it: firstPaint.ts (painting before the engine is built), workingCopyBackup.ts (nothing lost) and
// saveFailure.ts (what a failed save says).

type UndoEntry =
  | { kind: 'edits'; redo: Edit[]; undo: Edit[] }
  | { kind: 'model'; before: ModelData; after: ModelData };

export { isCompleteSpaceRow };

const clone = <T>(x: T): T => structuredClone(x);

export class WorkbenchStore {
  status: 'loading' | 'ready' | 'error' = 'loading';
  meta: ModelMeta | null = null;
  /** Bumped on every change of the engine: grids and the overview re-read when it moves. */
  revision = 0;
  /** Bumped when the layout changes (periods, entries, sets): grids rebuild their columns. */
  layoutRevision = 0;
  dirty = false;
  space: SpaceUsageRow[] = [];
  undoStack: UndoEntry[] = [];
  redoStack: UndoEntry[] = [];
  dataVersion = 0;
  sessionHeld = false;
  sessionNotice: string | null = null;
  conflictOpen = false;
  closePromptOpen = false;
  restoreOffer: Backup | null = null;
  /** The loaded model data while the engine is being built. */
  pending: ModelData | null = null;
  /** The results the server stored for the loaded save, shown while the engine is being built (issue 26). */
  stored: ResultsSummary | null = null;
  private saved: ModelData | null = null;
  /** The undo step on top when the working copy equalled the saved copy: undoing or redoing back to it is clean again. */
  private savedTop: UndoEntry | null = null;
  /** The engine and the order of changes (engineSession.ts). */
  private readonly session: EngineSession;
  private readonly backup: WorkingCopyBackup;
  private readonly map: MapTakeoverFlow;
  private readonly writing: Submission; // one save at a time (Ctrl+S twice), its outcome in one toast
  private disposed = false;

  constructor(
    readonly modelId: number,
    private readonly deps: {
      api: WorkbenchApi; toasts: WorkbenchToasts; storage?: BackupStorage | null; userId: number; backupDelayMs?: number;
      /** A new engine (engineClient.ts startEngineWorker; the tests answer in process). */
      engine: () => EngineClient;
    },
  ) {
    this.writing = new Submission(deps.toasts);
    this.map = new MapTakeoverFlow({
      api: deps.api, toasts: deps.toasts, meta: () => this.meta, space: () => this.space, results: () => this.results,
      blocked: () => (!this.engine ? 'Het rekenmodel wordt nog geladen.' : this.readOnly ? 'Alleen lezen.' : null),
      setSpace: (rows, gross) => this.setSpace(rows, gross),
    });
    this.session = new EngineSession({ loading: () => this.pending !== null, failed: () => this.engineFailed() }, deps.engine);
    this.backup = new WorkingCopyBackup(deps.storage, `grondslag.workbench.v1.${deps.userId}.${modelId}`, deps.backupDelayMs);
    makeObservable<WorkbenchStore, 'saved'>(this, {
      status: observable,
      meta: observableRef,
      revision: observable,
      layoutRevision: observable,
      dirty: observable,
      saving: computed,
      space: observableRef,
      undoStack: observableShallow,
      redoStack: observableShallow,
      dataVersion: observable,
      sessionHeld: observable,
      sessionNotice: observable,
      conflictOpen: observable,
      closePromptOpen: observable,
      restoreOffer: observableRef,
      pending: observableRef,
      stored: observableRef,
      saved: false,
      applyEdits: action,
      replaceModel: action,
      batch: action,
      setPeriodParameter: action,
      setSpace: action,
      undo: action,
      redo: action,
      setClosePrompt: action,
      setConflictOpen: action,
      discardBackup: action,
      restoreBackup: action,
      discardChanges: action,
    });
  }

  // ---------- reading ----------

  /** The engine, once it has built the loaded model (until then the stored results are shown). */
  get engine(): EngineClient | null {
    return this.session.engine;
  }
  /** Problems of the last refused change. */
  get lastProblems(): Problem[] {
    return this.session.lastProblems;
  }
  get readOnly(): boolean {
    return !this.meta || this.meta.read_only_reason !== null || !this.meta.can_edit || (!this.sessionHeld && this.sessionNotice !== null);
  }
  get readOnlyReason(): ReadOnlyReason {
    if (!this.meta) return null;
    if (this.sessionNotice && !this.sessionHeld) return 'session';
    return this.meta.read_only_reason;
  }
  /** The current results (re-read when `revision` changes); the stored ones of the loaded save while the engine is built. */
  get results(): ResultsSummary | null {
    void this.revision;
    // A failed engine shows no figures (its last ones may not be what the model now holds).
    if (this.status === 'error') return null;
    return this.engine?.results ?? this.stored;
  }
  get model(): ModelData | null {
    void this.revision;
    return this.engine?.modelData ?? this.pending;
  }
  get canUndo() {
    return this.undoStack.length > 0 && !this.readOnly;
  }
  get canRedo() {
    return this.redoStack.length > 0 && !this.readOnly;
  }
  /** The whole working copy as it would be saved. */
  workingCopy(): ModelData {
    const m = clone(this.engine!.modelData);
    m.base_parameters.space_usage = clone(this.space);
    return m;
  }

  // ---------- loading ----------

  /**
   * Load the model: the answer is shown at once (breadcrumb, Projectgegevens, the stored results), while the
   * engine is built in its worker; the worker starts before the request so its code loads alongside.
   */
  async load(): Promise<void> {
    const client = this.session.start();
    try {
      mark('workbench:request');
      const answer = await this.deps.api.load(this.modelId);
      const { data, meta, stored } = splitAnswer(answer);
      mark('workbench:loaded');
      if (!this.engine) {
        runInAction(() => {
          this.meta = meta;
          this.pending = data;
          this.stored = stored;
          this.status = 'ready';
        });
      }
      mark('workbench:engine:start');
      const built = await this.session.build(client, forEngine(data));
      mark('workbench:engine');
      if (!built) return; // disposed, or a later load took over
      if (!built.ok) {
        runInAction(() => {
          this.status = 'error';
          this.stored = null;
        });
        this.deps.toasts.error(MSG.missing);
        return;
      }
      runInAction(() => {
        this.session.adopt(client);
        this.pending = null;
        this.stored = null;
        this.meta = meta;
        this.dataVersion = meta.data_version;
        // The answer is this store's own (nothing else holds it): kept as the saved copy as it is.
        this.saved = data;
        this.space = clone(data.base_parameters.space_usage);
        this.dirty = false;
        this.undoStack = [];
        this.redoStack = [];
        this.savedTop = null;
        this.status = 'ready';
        this.revision++;
        this.layoutRevision++;
        this.restoreOffer = this.backup.read(this.modelId, this.saved);
      });
      this.session.drain();
      mark('workbench:ready');
    } catch (e) {
      this.session.abandon(client);
      runInAction(() => (this.status = 'error'));
      // A link to a model one may not see (or that is gone) answers 404: said as everywhere else.
      this.deps.toasts.error((e as StatusError).status === 404 ? NOT_FOUND : MSG.missing);
    }
  }

  /** Resolves once every change made so far has been answered by the engine. */
  idle(): Promise<void> {
    return this.session.idle();
  }

  /** `next` once the change that answered `a` has been applied, before later changes (EngineSession.then). */
  andThen(a: Answer, next: () => Answer): Answer {
    return this.session.then(a, next);
  }

  /** The worker stopped or threw: what was typed is kept as the working-copy backup, and the error is said. */
  private engineFailed(): void {
    if (this.status === 'error') return;
    this.writeBackup();
    this.session.drop();
    this.status = 'error';
    this.deps.toasts.error(MSG.missing);
  }

  async openSession(): Promise<void> {
    if (!this.meta || !this.meta.can_edit) return;
    try {
      const a = await this.deps.api.openSession(this.modelId);
      runInAction(() => {
        this.sessionHeld = a.held;
        this.sessionNotice = a.held ? null : a.read_only_reason === 'session' ? a.message : null;
      });
      if (!a.held && a.read_only_reason === 'session') this.deps.toasts.warning(a.message);
    } catch {
      /* the workbench stays usable; saving will tell */
    }
  }

  async closeSession(): Promise<void> {
    if (!this.sessionHeld) return;
    runInAction(() => (this.sessionHeld = false));
    try {
      await this.deps.api.closeSession(this.modelId);
    } catch {
      /* best effort */
    }
  }

  // ---------- editing ----------

  private touched(layout: boolean) {
    this.dirty = true;
    this.revision++;
    if (layout) this.layoutRevision++;
    this.scheduleBackup();
  }

  /** Apply edits as one step of the undo stack; answers the problems when the engine refused them. */
  applyEdits(edits: Edit[], opts: { record?: boolean } = {}): Answer {
    const queued = edits.length && !this.readOnly && this.session.wait(() => this.applyEdits(edits, opts));
    if (queued) return queued;
    if (!this.engine || this.readOnly || edits.length === 0) return null;
    return this.session.send((done) => this.engine!.applyEdits(edits, done), (r) => {
      if (opts.record !== false) {
        this.undoStack.push({ kind: 'edits', redo: edits, undo: r.inverse });
        this.redoStack = [];
      }
      this.touched(r.rebuilt);
    });
  }

  /** Structural changes (adding/removing entries, sets, phases): the whole model, one undo step. */
  replaceModel(mutate: (draft: ModelData) => void): Answer {
    const queued = !this.readOnly && this.session.wait(() => this.replaceModel(mutate));
    if (queued) return queued;
    if (!this.engine || this.readOnly) return null;
    const before = clone(this.engine.modelData);
    const after = clone(before);
    mutate(after);
    const answer = this.session.send((done) => this.engine!.setModel(after, { asEdit: true }, done), () => {
      this.undoStack.push({ kind: 'model', before, after: clone(this.engine!.modelData) });
      this.redoStack = [];
      this.touched(true);
    });
    if (answer instanceof Promise) {
      // The engine's copy is the new model as soon as it is sent (engineClient.ts setModel): the grids show
      // its rows now, so keys typed into a new row while the worker computes land in that row's entry
      // (they wait behind this change and follow it in order); a refusal puts the rows back.
      this.revision++;
      this.layoutRevision++;
      void answer.then((problems) => problems && runInAction(() => {
        this.revision++;
        this.layoutRevision++;
      }));
    }
    return answer;
  }

  // ---------- entry rows (issue 15: the grids' Excel keys and menu) ----------

  /**
   * New cost or residential entries at `index` of their list (0: first; the list's length: last), one
   * per label, one undo step. A null label gets a free one ('Nieuwe post', 'Nieuwe post 2', …); a label
   * that is empty or taken is refused (spec 3 §5) and nothing is inserted.
   */
  insertEntries(kind: EntryKind, index: number, labels: readonly (string | null)[]): Answer {
    const queued = labels.length && !this.readOnly && this.session.wait(() => this.insertEntries(kind, index, labels));
    if (queued) return queued;
    if (!this.engine || this.readOnly || !labels.length) return null;
    const draft = clone(this.engine.modelData);
    const r = insertEntries(draft, kind, index, labels);
    if ('problem' in r) return [{ path: 'label', message: labels.length > 1 ? `${r.problem}: '${r.label.trim()}'` : r.problem }];
    return this.replaceModel((d) => void insertEntries(d, kind, index, labels));
  }

  insertEntry(kind: EntryKind, index: number, label?: string): Answer {
    return this.insertEntries(kind, index, [label ?? null]);
  }

  /**
   * Several changes as one undo step (a paste that adds entries and fills them): the steps `run` makes
   * are folded into one; when one of them is refused, everything it did is undone.
   */
  batch(run: () => Answer): Answer {
    const queued = !this.readOnly && this.session.wait(() => this.batch(run));
    if (queued) return queued;
    if (!this.engine || this.readOnly) return null;
    const before = this.workingCopy();
    const depth = this.undoStack.length;
    const wasDirty = this.dirty;
    const refusals = this.session.refusals;
    const problems = run();
    let refused = false;
    // Folded once the engine has answered every step `run` made (at once in process, else in order later;
    // a step that had to wait was queued before any change made after the batch).
    this.session.after(() => runInAction(() => {
      refused = Array.isArray(problems) || this.session.refusals !== refusals;
      if (this.undoStack.length === depth) return;
      const steps = this.undoStack.splice(depth);
      if (refused) {
        this.restoreSnapshot(before);
        this.dirty = wasDirty;
        this.revision++;
        this.layoutRevision++;
      } else this.undoStack.push(steps.length === 1 ? steps[0]! : { kind: 'model', before, after: this.workingCopy() });
    }));
    if (!(problems instanceof Promise)) return problems;
    return problems.then((p) => p ?? (refused ? this.lastProblems : null));
  }

  /** Removes the entries with these ids, one undo step; other rows' formulas that read them become values, and that is said. */
  deleteEntries(kind: EntryKind, ids: readonly number[]): Answer {
    if (!ids.length) return null;
    let dropped = 0;
    const problems = this.replaceModel((d) => void (dropped = removeEntries(d, kind, ids)));
    whenAnswered(problems, (p) => !p && dropped && this.deps.toasts.warning(formulasDropped(dropped)));
    return problems;
  }

  /**
   * A change of a base parameter that reshapes the periods (baseParameters.ts: the period type, the calculation
   * start and end date): the period columns are regenerated and every period value moves to the period
   * holding its date (one undo step).
   */
  setPeriodParameter(field: EditableParameterKey, value: string): Answer {
    const queued = !this.readOnly && this.session.wait(() => this.setPeriodParameter(field, value));
    if (queued) return queued;
    if (!this.engine) return null;
    const before = this.engine.modelData;
    const ewBefore = this.results?.ew;
    let report: RemapReport | null = null;
    const problems = this.replaceModel((draft) => {
      (draft.base_parameters as Record<string, unknown>)[field] = value;
      report = remapPeriodItems(before, draft);
    });
    // Values that could not stay on their date, or were merged or moved, are said, never moved in silence
    // (with the EW the engine computed for the new periods).
    whenAnswered(problems, (p) => {
      const notice = !p && report ? remapNotice(report) : null;
      const ew = ewBefore === undefined || !this.results ? '' : ` EW ${formatMoney(ewBefore)} → ${formatMoney(this.results.ew)}.`;
      if (notice) this.deps.toasts.warning(`${notice}${ew} Ongedaan maken (Ctrl+Z) zet ze terug.`);
    });
    return problems;
  }

  /** The space-usage rows as typed (and, from the map, the gross area) as one undo step; the engine gets the complete ones. */
  setSpace(rows: SpaceUsageRow[], grossArea?: number): void {
    if (!this.readOnly && this.session.wait(() => (this.setSpace(rows, grossArea), null))) return;
    if (!this.engine || this.readOnly) return;
    const beforeRows = this.space;
    this.space = rows;
    const complete = rows.filter(isCompleteSpaceRow);
    const current = this.engine.modelData.base_parameters;
    const grossChanged = grossArea !== undefined && grossArea !== current.gross_area;
    const before = clone(this.engine.modelData);
    before.base_parameters.space_usage = clone(beforeRows);
    const record = () => {
      const after = clone(this.engine!.modelData);
      after.base_parameters.space_usage = clone(rows);
      this.undoStack.push({ kind: 'model', before, after });
      this.redoStack = [];
      this.touched(true);
    };
    if (JSON.stringify(complete) === JSON.stringify(current.space_usage) && !grossChanged) return record();
    const next = clone(this.engine.modelData);
    next.base_parameters.space_usage = complete;
    if (grossArea !== undefined) next.base_parameters.gross_area = grossArea;
    this.session.send((done) => this.engine!.setModel(next, {}, done), record, () => {});
  }

  // ---------- map data (issue 14; mapTakeover.ts) ----------

  get mapTakeover(): MapTakeover { return this.map.step; }
  /** Why 'Overnemen uit kaart' cannot run now (null: it can). */
  get mapTakeoverBlocked(): string | null { return this.map.blocked; }
  /** 'Overnemen uit kaart': fetch the version's m² per function and show them beside the model's. */
  startMapTakeover(): Promise<void> { return this.map.start(() => this.disposed); }
  confirmMapTakeover(): void { this.map.confirm(); }
  cancelMapTakeover(): void { this.map.cancel(); }

  /** Put the engine back to a state it had (undo, redo, a refused batch); the grids re-read once it has. */
  private restoreSnapshot(m: ModelData) {
    this.space = clone(m.base_parameters.space_usage);
    this.session.send((done) => this.engine!.setModel(forEngine(m), {}, done), () => this.revision++);
  }

  private replay(edits: Edit[]) {
    this.session.send((done) => this.engine!.applyEdits(edits, done), () => this.revision++);
  }

  undo(): void {
    if (this.session.wait(() => (this.undo(), null))) return;
    const e = this.undoStack.pop();
    if (!e || !this.engine) return;
    if (e.kind === 'edits') this.replay(e.undo);
    else this.restoreSnapshot(e.before);
    this.redoStack.push(e);
    this.touched(true);
    this.dirty = this.top() !== this.savedTop;
  }

  private top(): UndoEntry | null {
    return this.undoStack.at(-1) ?? null;
  }

  redo(): void {
    if (this.session.wait(() => (this.redo(), null))) return;
    const e = this.redoStack.pop();
    if (!e || !this.engine) return;
    if (e.kind === 'edits') this.replay(e.redo);
    else this.restoreSnapshot(e.after);
    this.undoStack.push(e);
    this.touched(true);
    this.dirty = this.top() !== this.savedTop;
  }

  // ---------- saving ----------

  /** Spec 3 §5: Save is blocked while a space-usage row is incomplete. */
  spaceBlocksSave(): boolean {
    return this.space.some((r) => !isCompleteSpaceRow(r));
  }

  get saving(): boolean { return this.writing.busy; }

  /** Save (the working copy once the engine has answered every change made); resolves true when saved. */
  async save(): Promise<boolean> {
    if (!this.engine || this.readOnly || this.saving) return false;
    if (this.session.needed) {
      await this.idle();
      if (this.status === 'error' || this.disposed || this.saving) return false;
    }
    if (this.spaceBlocksSave()) {
      this.deps.toasts.error(MSG.space, 5_000);
      return false;
    }
    const data = this.workingCopy();
    const top = this.top();
    return this.writing.run(async () => {
      const answer = await this.deps.api.save(this.modelId, data, this.dataVersion);
      runInAction(() => {
        const { data: saved, meta } = splitAnswer(answer);
        this.meta = meta;
        this.dataVersion = meta.data_version;
        this.saved = saved;
        this.savedTop = top;
        // an edit made while the save was under way is not in it
        this.dirty = this.top() !== top;
      });
      if (!this.dirty) this.clearBackup();
    }, {
      success: MSG.saved,
      // The workbench's own texts (the entry a refused field belongs to) and the conflict question.
      failure: (e) => {
        if (tellSaveFailure(e, data, this.deps.toasts) === 'conflict') runInAction(() => (this.conflictOpen = true));
        return null;
      },
    });
  }

  setConflictOpen(open: boolean) {
    this.conflictOpen = open;
  }
  setClosePrompt(open: boolean) {
    this.closePromptOpen = open;
  }

  /** Conflict: 'Opnieuw laden' — throw the working copy away and load the saved model. */
  async reloadFromServer(): Promise<void> {
    this.setConflictOpen(false);
    this.clearBackup();
    await this.load();
  }

  // ---------- nothing lost ----------

  private scheduleBackup() {
    this.backup.schedule(() => this.writeBackup());
  }

  /** Write the working copy now (also on pagehide). */
  writeBackup(): void {
    this.backup.cancel();
    if (!this.engine || !this.dirty || this.disposed) return;
    const m = this.engine.modelData;
    // No deep copy: the object is serialised at once.
    const data: ModelData = { ...m, base_parameters: { ...m.base_parameters, space_usage: this.space } };
    this.backup.write({ modelId: this.modelId, dataVersion: this.dataVersion, savedAt: new Date().toISOString(), data });
  }

  clearBackup(): void {
    this.backup.clear();
  }

  /** Take the offered working copy back (one undo step; the workbench is dirty afterwards). */
  restoreBackup(): boolean {
    const b = this.restoreOffer;
    this.restoreOffer = null;
    if (!b || !this.engine) return false;
    const before = this.workingCopy();
    let ok = true;
    this.session.send((done) => this.engine!.setModel(forEngine(b.data), {}, done), () => {
      this.space = clone(b.data.base_parameters.space_usage);
      // The work was done on the version it was loaded at: if the model was saved since, saving it
      // answers 409 and the conflict question appears (no silent overwrite of the other save).
      this.dataVersion = b.dataVersion;
      this.undoStack.push({ kind: 'model', before, after: clone(b.data) });
      this.touched(true);
    }, () => {
      ok = false;
      this.deps.toasts.error(MSG.missing);
      this.clearBackup();
    });
    return ok;
  }

  discardBackup(): void {
    this.restoreOffer = null;
    this.clearBackup();
  }

  /** Leaving without saving ('Niet opslaan'). */
  discardChanges(): void {
    this.clearBackup();
    this.dirty = false;
  }

  dispose(): void {
    if (this.disposed) return;
    if (this.dirty) this.writeBackup();
    this.disposed = true;
    this.backup.cancel();
    void this.closeSession();
    this.session.dispose();
  }
}
