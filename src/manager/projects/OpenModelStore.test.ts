import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ResponseError } from '../../api/http.ts';
import type { OpenModelFile, OpenModelPoll } from '../../api/openModel.ts';
import type { Model } from '../../api/models.ts';
import { OPEN_MODEL_FAILED } from '../../api/contract/messages.ts';
import { ERROR_CLOSE_MS, OpenModelStore, POLL_MS, type OpenModelApi } from './OpenModelStore.ts';

// The open flow's state machine (spec 1 §4 "Open model") against a fake server: what each answer of the
// open request and of the task poll leads to, with fake timers for the 100 ms poll and the 5 s close.

/** A model whose version has map data (feature areas): its open asks for them. */
const MODEL = { id: 7, name: 'Rekenmodel Excel', canEndSession: true, hasMapData: true } as Model;
const FILE: OpenModelFile = { uuid: '0b7e6a43-7d0c-4d59-9a53-3d1f1c1e2a11', filenameOrig: 'Rekenmodel Excel.xlsx', editUrl: 'https://grondslag.test/dav/abc/Rekenmodel%20Excel.xlsx', notFilled: [] };
const running = (progress: string, progressPct: number): OpenModelPoll => ({ ready: false, progress: { progress, progressPct } });
const ready = (file: OpenModelFile = FILE): OpenModelPoll => ({ ready: true, file });
const failure = (status: number, body: unknown = null) =>
  new ResponseError(status, (body as { message?: string } | null)?.message, body);

/** A fake server: the open request's and the polls' answers in order (an Error is thrown). */
function fakeApi(opens: (string | Error)[], polls: (OpenModelPoll | Error)[]) {
  const next = <T>(list: (T | Error)[]) => async () => {
    const a = list.shift();
    if (a === undefined) throw new Error('unexpected call');
    if (a instanceof Error) throw a;
    return a;
  };
  return {
    openModel: {
      open: vi.fn(next(opens)),
      poll: vi.fn(next(polls)),
      download: vi.fn(async () => {}),
    },
    models: {
      sessionHolder: vi.fn(async () => ({ email: 'gebruiker@grondslag.local' })),
      endSession: vi.fn(async () => ({})),
    },
  };
}

function newStore(api: ReturnType<typeof fakeApi>) {
  const sessionChanged = vi.fn();
  return { store: new OpenModelStore(api as unknown as OpenModelApi, sessionChanged), sessionChanged };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('OpenModelStore', () => {
  it('does not ask for map data when the version has none: no map pop-up, the file opens as usual', async () => {
    const api = fakeApi(['task-0'], [ready()]);
    const { store } = newStore(api);
    await store.open({ ...MODEL, hasMapData: false });
    expect(api.openModel.open).toHaveBeenCalledWith(7, { mapviewerRequired: false });
    expect(store.state).toEqual({ step: 'ready', file: FILE });
  });

  it('asks for map data when the version has some, polls every 100 ms showing the progress, and offers Excel and a download when the file is ready', async () => {
    const api = fakeApi(['task-1'], [running('In de wachtrij', 0), running('Parameters invullen', 60), ready()]);
    const { store, sessionChanged } = newStore(api);
    await store.open(MODEL);
    expect(api.openModel.open).toHaveBeenCalledWith(7, { mapviewerRequired: true });
    expect(sessionChanged).toHaveBeenCalledTimes(1);
    expect(store.state).toEqual({ step: 'progress', text: 'In de wachtrij', pct: 0 });
    expect(api.openModel.poll).toHaveBeenCalledTimes(1);

    await vi.advanceTimersByTimeAsync(POLL_MS - 1);
    expect(api.openModel.poll).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(api.openModel.poll).toHaveBeenCalledTimes(2);
    expect(store.state).toEqual({ step: 'progress', text: 'Parameters invullen', pct: 60 });

    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(api.openModel.poll).toHaveBeenCalledTimes(3);
    expect(api.openModel.poll).toHaveBeenCalledWith('task-1');
    expect(store.state).toEqual({ step: 'ready', file: FILE });
    expect(api.openModel.download).not.toHaveBeenCalled();

    await store.download();
    expect(api.openModel.download).toHaveBeenCalledWith(FILE);
    expect(store.state).toEqual({ step: 'closed' });
    await vi.advanceTimersByTimeAsync(10 * POLL_MS);
    expect(api.openModel.poll).toHaveBeenCalledTimes(3);
  });

  it('copies the edit address for LibreOffice, and forgets that it did when the pop-up closes', async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { clipboard: { writeText } });
    const { store } = newStore(fakeApi(['task-1'], [ready()]));
    await store.open(MODEL);
    await store.copyEditUrl();
    expect(writeText).toHaveBeenCalledWith(FILE.editUrl);
    expect(store.addressCopied).toBe(true);
    store.close();
    expect(store.addressCopied).toBe(false);
    vi.unstubAllGlobals();
  });

  it('a read-only file (no edit address) waits in the ready pop-up for \'Downloaden\', a copy (issue 23)', async () => {
    const file = { ...FILE, editUrl: null };
    const api = fakeApi(['task-1'], [ready(file)]);
    const { store } = newStore(api);
    await store.open(MODEL);
    expect(store.state).toEqual({ step: 'ready', file });
    expect(api.openModel.download).not.toHaveBeenCalled();
    await store.download();
    expect(api.openModel.download).toHaveBeenCalledWith(file);
    expect(store.state).toEqual({ step: 'closed' });
  });

  it('409: fetches the holder, shows the alert; ending the session (after confirmation) opens again', async () => {
    const api = fakeApi([failure(409, { message: 'Dit rekenmodel is al geopend door een andere gebruiker.' }), 'task-2'], [ready()]);
    const { store, sessionChanged } = newStore(api);
    await store.open(MODEL);
    await vi.waitFor(() => expect(store.state).toEqual({ step: 'alreadyOpen', email: 'gebruiker@grondslag.local' }));
    expect(api.models.sessionHolder).toHaveBeenCalledWith(7);

    await store.confirmEndSession(); // not asked yet: nothing happens
    expect(api.models.endSession).not.toHaveBeenCalled();
    store.askEndSession();
    expect(store.state).toEqual({ step: 'confirmEnd', email: 'gebruiker@grondslag.local' });
    await store.confirmEndSession();
    expect(api.models.endSession).toHaveBeenCalledWith(7);
    expect(api.openModel.open).toHaveBeenLastCalledWith(7, { mapviewerRequired: true });
    expect(sessionChanged).toHaveBeenCalledTimes(2); // the session ended, the model opened
    expect(store.state).toEqual({ step: 'ready', file: FILE });
  });

  it('closed while the session is being ended: nothing opens afterwards', async () => {
    const api = fakeApi([failure(409)], []);
    let ended!: () => void;
    api.models.endSession.mockImplementationOnce(() => new Promise((r) => (ended = () => r({}))));
    const { store } = newStore(api);
    await store.open(MODEL);
    await vi.waitFor(() => expect(store.state.step).toBe('alreadyOpen'));
    store.askEndSession();
    const ending = store.confirmEndSession();
    expect(store.busy).toBe(true);
    store.close();
    ended();
    await ending;
    expect(api.openModel.open).toHaveBeenCalledTimes(1);
    expect(store.state).toEqual({ step: 'closed' });
    expect(store.busy).toBe(false);
  });

  it('409 whose holder cannot be fetched names nobody', async () => {
    const api = fakeApi([failure(409)], []);
    api.models.sessionHolder.mockRejectedValueOnce(failure(500));
    const { store } = newStore(api);
    await store.open(MODEL);
    await vi.waitFor(() => expect(store.state).toEqual({ step: 'alreadyOpen', email: null }));
  });

  it('424 on the open request: the map error text; Toch openen asks again without map data, Ga terug closes', async () => {
    const api = fakeApi([failure(424, { message: 'x', mapviewer_error: 'NoData' }), 'task-3'], [ready()]);
    const { store } = newStore(api);
    await store.open(MODEL);
    expect(store.state).toEqual({ step: 'noMapData', reason: 'De kaartdata zijn niet gevonden' });
    await store.openWithoutMapData();
    expect(api.openModel.open).toHaveBeenLastCalledWith(7, { mapviewerRequired: false });
    expect(store.state).toEqual({ step: 'ready', file: FILE });

    const back = fakeApi([failure(424, { message: 'x', mapviewer_error: 'NoMapViewerConnection' })], []);
    const second = newStore(back).store;
    await second.open(MODEL);
    expect(second.state).toEqual({ step: 'noMapData', reason: 'De verbinding met MapViewer is inactief' });
    second.close();
    expect(second.state).toEqual({ step: 'closed' });
    expect(back.openModel.open).toHaveBeenCalledTimes(1);
  });

  it('424 on a poll (the job found the area too big) shows the same pop-up', async () => {
    const api = fakeApi(['task-4'], [running('Kaartgegevens ophalen', 30), failure(424, { message: 'x', mapviewer_error: 'BigArea' })]);
    const { store } = newStore(api);
    await store.open(MODEL);
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(store.state).toEqual({ step: 'noMapData', reason: 'Het gebied van de versie is te groot' });
  });

  it('another error shows the open-model failure text and closes the pop-up after 5 s', async () => {
    const api = fakeApi(['task-5'], [running('Bezig', 10), failure(500, { message: 'Interne fout' })]);
    const { store } = newStore(api);
    await store.open(MODEL);
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(store.state).toEqual({ step: 'failed', detail: null }); // a 500's text is not the user's business
    await vi.advanceTimersByTimeAsync(ERROR_CLOSE_MS - 1);
    expect(store.state.step).toBe('failed');
    await vi.advanceTimersByTimeAsync(1);
    expect(store.state).toEqual({ step: 'closed' });
    expect(api.openModel.poll).toHaveBeenCalledTimes(2);
  });

  it('a refused open keeps the server\'s Dutch reason under the failure text; a network failure has none', async () => {
    const refused = fakeApi([failure(403, { message: 'U heeft geen toegang.' })], []);
    const a = newStore(refused).store;
    await a.open(MODEL);
    expect(a.state).toEqual({ step: 'failed', detail: 'U heeft geen toegang.' });

    const same = fakeApi([failure(400, { message: OPEN_MODEL_FAILED })], []);
    const b = newStore(same).store;
    await b.open(MODEL);
    expect(b.state).toEqual({ step: 'failed', detail: null });

    // a failed job's message starts with the failure text: its reason is not said twice
    const job = fakeApi(['task-9'], [failure(422, { message: `${OPEN_MODEL_FAILED} Het rekenmodel heeft nog geen bestand in de historie.` })]);
    const d = newStore(job).store;
    await d.open(MODEL);
    expect(d.state).toEqual({ step: 'failed', detail: 'Het rekenmodel heeft nog geen bestand in de historie.' });

    const offline = fakeApi([new TypeError('Failed to fetch')], []);
    const c = newStore(offline).store;
    await c.open(MODEL);
    expect(c.state).toEqual({ step: 'failed', detail: null });
  });

  it('a failed download of the ready file shows the failure text', async () => {
    const api = fakeApi(['task-6'], [ready()]);
    api.openModel.download.mockRejectedValueOnce(failure(404, { message: 'Niet gevonden.' }));
    const { store } = newStore(api);
    await store.open(MODEL);
    await store.download();
    expect(store.state).toEqual({ step: 'failed', detail: 'Niet gevonden.' });
    expect(store.busy).toBe(false);
  });

  it('closing stops the polling, and a late answer of a closed attempt changes nothing', async () => {
    const api = fakeApi(['task-7'], [running('Bezig', 10)]);
    const { store } = newStore(api);
    await store.open(MODEL);
    store.close();
    await vi.advanceTimersByTimeAsync(10 * POLL_MS);
    expect(api.openModel.poll).toHaveBeenCalledTimes(1);
    expect(store.state).toEqual({ step: 'closed' });

    let answer!: (id: string) => void;
    const slow = fakeApi([], []);
    slow.openModel.open.mockImplementationOnce(() => new Promise<string>((r) => (answer = r)));
    const late = newStore(slow);
    const opening = late.store.open(MODEL);
    late.store.close();
    answer('task-8');
    await opening;
    expect(slow.openModel.poll).not.toHaveBeenCalled();
    expect(late.sessionChanged).not.toHaveBeenCalled();
    expect(late.store.state).toEqual({ step: 'closed' });
  });

  it('a click on another model while one is opening replaces it', async () => {
    let answer!: (id: string) => void;
    const api = fakeApi([], [ready()]);
    api.openModel.open
      .mockImplementationOnce(() => new Promise<string>((r) => (answer = r)))
      .mockImplementationOnce(async () => 'task-new');
    const { store } = newStore(api);
    const first = store.open(MODEL);
    await store.open({ ...MODEL, id: 8, name: 'Ander model' });
    answer('task-old');
    await first;
    expect(api.openModel.poll).toHaveBeenCalledTimes(1);
    expect(api.openModel.poll).toHaveBeenCalledWith('task-new');
    expect(store.model?.name).toBe('Ander model');
  });
});
