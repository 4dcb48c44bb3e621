import { makeAutoObservable, runInAction } from 'mobx';
import type { openModelApi, OpenModelFile } from '../../api/openModel.ts';
import type { modelsApi, Model } from '../../api/models.ts';
import { ResponseError, isStatus } from '../../api/http.ts';
import { MAPVIEWER_ERROR_TEXT, MAPVIEWER_ERRORS, OPEN_MODEL_FAILED } from '../../api/contract/messages.ts';
import { LOADING_TEXT, pollTask } from '../shared/taskPoll.ts';

/** Spec 1 §9: the open-model task is polled every 100 ms; the error pop-up closes after 5 s. */
export const POLL_MS = 100;
export const ERROR_CLOSE_MS = 5_000;

export interface OpenModelApi {
  openModel: typeof openModelApi;
  models: Pick<typeof modelsApi, 'sessionHolder' | 'endSession'>;
}

/** What the open request asks for (spec 1 §7 model/{id}/open/). */
interface OpenOptions { mapviewerRequired: boolean }

/** The pop-up the open flow shows (spec 1 §2 "Pop-ups in this area", §4 "Open model"). */
export type OpenModelStep =
  | { step: 'closed' }
  /** The job runs: the 202's text and percentage. */
  | { step: 'progress'; text: string; pct: number }
  /**
   * The file is ready: with an edit address the user opens it in Excel or downloads a copy; without one
   * (a reader, or a frozen model) the pop-up offers the copy (issue 23: a click on the model shows what it gives).
   */
  | { step: 'ready'; file: OpenModelFile }
  /** 'Fout bij het openen van het rekenmodel.' (with the server's own message, if any); closes after 5 s. */
  | { step: 'failed'; detail: string | null }
  /** 409: someone else has the model open. */
  | { step: 'alreadyOpen'; email: string | null }
  /** 'Beëindig sessie' asks first: the holder's unsaved work is lost. */
  | { step: 'confirmEnd'; email: string | null }
  /** 424: the map data the open asked for are missing; the text of the map viewer error. */
  | { step: 'noMapData'; reason: string };

const CLOSED: OpenModelStep = { step: 'closed' };

/** The text of a 424's map viewer error (spec 1 §8), else the answer's own message. */
function mapReason(e: ResponseError): string {
  const body = e.body as { mapviewer_error?: unknown } | null;
  const value = MAPVIEWER_ERRORS.find((v) => v === body?.mapviewer_error);
  return (value && MAPVIEWER_ERROR_TEXT[value]) || e.serverMessage || MAPVIEWER_ERROR_TEXT.NoData;
}

/**
 * Opening a spreadsheet model (spec 1 §4): the open request, the progress pop-up that polls the task,
 * and the pop-ups of its answers: 409 → the model-already-open alert (with 'Beëindig sessie' when the
 * row's can_end_session says so), 424 → the model-without-map-data pop-up ('Toch openen' asks again
 * without map data), anything else → the error text, closed after 5 s. A ready file waits for the
 * user's choice: Excel or a download when it may be edited, a download (a copy) when it may not.
 */
export class OpenModelStore {
  state: OpenModelStep = CLOSED;
  /** The model being opened (its name is in the pop-ups' titles). */
  model: Model | null = null;
  /** Ending a session or downloading: the buttons wait. */
  busy = false;
  /** The edit address was copied (for LibreOffice, which has no URI scheme like Excel's). */
  addressCopied = false;
  private options: OpenOptions = { mapviewerRequired: false };
  /** The current attempt: the answer of an attempt that was closed or replaced is dropped. */
  private attempt: object | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly api: OpenModelApi,
    /** Opening marks the model's edit session and ending one clears it: the overview shows it anew. */
    private readonly sessionChanged: () => void,
  ) {
    makeAutoObservable<OpenModelStore, 'api' | 'sessionChanged' | 'attempt' | 'timer'>(this, {
      api: false, sessionChanged: false, attempt: false, timer: false,
    });
  }

  /**
   * Click on a spreadsheet model. When the row says the version has map data (feature areas) the request
   * asks for them, so they are in the workbook; when the server refuses them (too large a region, the map
   * viewer not answering, or removed meanwhile) the user chooses ('Toch openen' / 'Ga terug'). A version
   * without map data opens without the question and without the pop-up.
   */
  open(m: Model): Promise<void> {
    return this.start(m, { mapviewerRequired: m.hasMapData });
  }

  /** 'Toch openen' in the model-without-map-data pop-up. */
  openWithoutMapData(): Promise<void> {
    return this.model ? this.start(this.model, { mapviewerRequired: false }) : Promise.resolve();
  }

  /** 'Beëindig sessie' in the model-already-open alert: ask first. */
  askEndSession() {
    if (this.state.step === 'alreadyOpen') this.state = { step: 'confirmEnd', email: this.state.email };
  }

  /** The confirmation: end the holder's session, then open again as before. */
  async confirmEndSession(): Promise<void> {
    const m = this.model;
    if (!m || this.state.step !== 'confirmEnd') return;
    this.busy = true;
    try {
      await this.api.models.endSession(m.id);
    } catch (e) {
      runInAction(() => (this.busy = false));
      this.fail(this.attempt, e);
      return;
    }
    this.sessionChanged();
    if (this.model === m) await this.start(m, this.options); // unless closed meanwhile; start ends `busy`
  }

  /** 'Downloaden' of the ready pop-up: a copy of the file (saves in it do not come back). */
  async download(): Promise<void> {
    if (this.state.step !== 'ready') return;
    await this.deliver(this.attempt, this.state.file);
  }

  /** Copies the edit address: LibreOffice opens it through File → Open, and saves there come back too. */
  async copyEditUrl(): Promise<void> {
    if (this.state.step !== 'ready' || !this.state.file.editUrl) return;
    await navigator.clipboard.writeText(this.state.file.editUrl);
    runInAction(() => (this.addressCopied = true));
  }

  /** 'Sluiten', 'Ga terug', 'Annuleren' or Escape: stop polling and close. */
  close() {
    this.addressCopied = false;
    this.attempt = null;
    this.clearTimer();
    this.state = CLOSED;
    this.model = null;
    this.busy = false;
  }

  private async start(m: Model, options: OpenOptions): Promise<void> {
    this.clearTimer();
    const attempt = {};
    this.attempt = attempt;
    this.model = m;
    this.options = options;
    this.busy = false;
    this.state = { step: 'progress', text: LOADING_TEXT, pct: 0 };
    let taskId: string;
    try {
      taskId = await this.api.openModel.open(m.id, options);
    } catch (e) {
      this.fail(attempt, e);
      return;
    }
    if (attempt !== this.attempt) return;
    this.sessionChanged();
    await this.poll(attempt, taskId);
  }

  private poll(attempt: object, taskId: string): Promise<void> {
    return pollTask({
      poll: () => this.api.openModel.poll(taskId),
      everyMs: POLL_MS,
      current: () => attempt === this.attempt,
      progress: ({ progress, progressPct }) => runInAction(() => (this.state = { step: 'progress', text: progress, pct: progressPct })),
      ready: (file) => runInAction(() => void (this.state = { step: 'ready', file })),
      failed: (e) => this.fail(attempt, e),
    });
  }

  private async deliver(attempt: object | null, file: OpenModelFile): Promise<void> {
    this.busy = true;
    try {
      await this.api.openModel.download(file);
    } catch (e) {
      runInAction(() => (this.busy = false));
      this.fail(attempt, e);
      return;
    }
    if (attempt === this.attempt) this.close();
  }

  private fail(attempt: object | null, e: unknown) {
    if (attempt !== this.attempt || !this.model) return;
    const m = this.model;
    if (isStatus(e, 409)) {
      // Spec 1 §4: the holder's e-mail first (the alert names him; without it, 'een andere gebruiker').
      this.api.models.sessionHolder(m.id).then(({ email }) => email, () => null).then((email) => runInAction(() => {
        if (attempt === this.attempt) this.state = { step: 'alreadyOpen', email };
      }));
      return;
    }
    if (isStatus(e, 424)) {
      runInAction(() => (this.state = { step: 'noMapData', reason: mapReason(e as ResponseError) }));
      return;
    }
    // A 4xx's Dutch reason is shown under the failure text (without repeating it, when it starts with it).
    const reason = e instanceof ResponseError && e.status < 500 ? e.serverMessage?.replace(OPEN_MODEL_FAILED, '').trim() : '';
    const detail = reason || null;
    runInAction(() => {
      this.state = { step: 'failed', detail };
      this.timer = setTimeout(() => {
        if (attempt === this.attempt) this.close();
      }, ERROR_CLOSE_MS);
    });
  }

  private clearTimer() {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }
}
