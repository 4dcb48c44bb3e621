import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AddressInfo } from 'node:net';
import { request } from 'node:http';
import { once } from 'node:events';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/server/app.ts';
import { bearer, createTenant, type Tenant } from '../../test/server/fixtures.ts';
import { editLinkFor, multipart, rolesAsGlobal, seedTree, type Tree } from '../../test/server/projectFixtures.ts';
import { job, modelResult, savedModel, storedFile, templateModel, templateReport } from '../db/schema/index.ts';
import type { UserRow } from '../context.ts';
import { setWorkerMemoryMb, setWorkerTaskSeconds } from '../threads/workbookThreads.ts';
import { openedOrProblem } from '../../src/formulas/xlsxPackage.ts';
import { missingSheetsMessage } from '../../src/formulas/reportWorkbook.ts';
import { WORKBOOK_MESSAGES, WORKER_MEMORY_MESSAGE, cellOutsideGridMessage, workerTimeoutMessage } from '../../src/api/contract/messages.ts';
import { TRAVERSAL_NAMES, badEntityWorkbook, farColumnsWorkbook, smallWorkbook, workbookWithEntry, unclosedRowsWorkbook, workbookWith, zipBomb } from '../../test/formulas/hostileWorkbooks.ts';

// Issue 22's requests against the routes that take a workbook: a 0.45 MB zip bomb (450 MB unpacked), a
// sheet of 150,000 unclosed <row> tags, a character reference beyond Unicode, and a task that outlives
// the worker threads' deadline. Each is refused with a Dutch 4xx (or a failed job), never a 500 or a stall.

let t: TestApp;
let a: Tenant;
let base: string;
const M = '/api/manager';

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t.db, 'hostile');
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

const FILE = 'Grex model.xlsx';
const tooLarge = { message: WORKBOOK_MESSAGES.tooLarge, errors: [{ path: 'file', message: WORKBOOK_MESSAGES.tooLarge }] };

async function upload(user: UserRow, url: string, fields: Record<string, string | number>, data: Uint8Array) {
  const body = multipart(fields, { filename: 'aanval.xlsx', data: Buffer.from(data) });
  return t.app.inject({ method: 'POST', url: `${M}/${url}`, headers: { ...(await bearer(t.app, user)), ...body.headers }, payload: body.payload });
}

const activeFile = async (modelId: number) =>
  (await t.db.select({ data: storedFile.data }).from(savedModel).innerJoin(storedFile, eq(storedFile.id, savedModel.fileId))
    .where(eq(savedModel.modelId, modelId)).then((rows) => rows.map((r) => r.data.length)));

/** A spreadsheet model with an edit link of USR: its PUT, and LOCK giving the lock token. */
async function opened() {
  const tree = await seedTree(t.db, a, { roles: rolesAsGlobal(a) });
  const linkOf = (user: UserRow) => editLinkFor(t.db, a, tree, { publicUrl: base, userId: user.id, filename: FILE, now: t.clock.now(), hours: t.config.fileLinkHours });
  const url = await linkOf(a.usr);
  const put = (body: Uint8Array, token?: string) => fetch(url, { method: 'PUT', headers: token ? { if: `(<${token}>)` } : {}, body: Buffer.from(body) });
  const lock = async () => {
    const res = await fetch(url, {
      method: 'LOCK', headers: { 'content-type': 'application/xml', timeout: 'Second-600' },
      body: '<?xml version="1.0"?><D:lockinfo xmlns:D="DAV:"><D:lockscope><D:exclusive/></D:lockscope><D:locktype><D:write/></D:locktype><D:owner>test</D:owner></D:lockinfo>',
    });
    return /<([^>]+)>/.exec(res.headers.get('lock-token') ?? '')![1]!;
  };
  return { tree, url, linkOf, put, lock };
}

describe('WebDAV PUT of an edit link', () => {
  it('checks the lock before reading the file: without one, a bomb or a non-workbook is 423 and nothing is unpacked', async () => {
    const { tree, put } = await opened();
    const before = await activeFile(tree.modelId);
    for (const body of [await zipBomb(), new TextEncoder().encode('geen werkmap')]) {
      const res = await put(body);
      expect([res.status, await res.text()]).toEqual([423, expect.stringContaining('lock-token-submitted')]);
    }
    expect(await activeFile(tree.modelId)).toEqual(before);
  });

  it('refuses a zip bomb under the lock with 413, a lying header and &#99999999; with 415, and keeps the file', async () => {
    const { tree, put, lock } = await opened();
    const token = await lock();
    const before = await activeFile(tree.modelId);
    const bomb = await zipBomb();
    expect(bomb.length).toBeLessThan(600_000);
    const refused = await put(bomb, token);
    expect([refused.status, (await refused.json()).message]).toEqual([413, WORKBOOK_MESSAGES.tooLarge]);
    for (const body of [await zipBomb(450, 2000), badEntityWorkbook()]) {
      const res = await put(body, token);
      expect([res.status, (await res.json()).message]).toEqual([415, 'Alleen een Excel-werkmap (.xlsx) kan hier worden opgeslagen.']);
    }
    expect(await activeFile(tree.modelId)).toEqual(before);
    expect((await put(smallWorkbook(), token)).status).toBe(204);
  });
});

describe('uploads', () => {
  it('refuses a zip bomb as a template model (413) and &#99999999; as no workbook (400), storing nothing', async () => {
    const before = await t.db.select().from(templateModel).where(eq(templateModel.clientId, a.clientId));
    const bomb = await upload(a.staff, 'template-model/', { name: 'Bom' }, await zipBomb());
    expect([bomb.statusCode, bomb.json()]).toEqual([413, tooLarge]);
    const entity = await upload(a.staff, 'template-model/', { name: 'Entiteit' }, badEntityWorkbook());
    expect([entity.statusCode, entity.json().message]).toEqual([400, WORKBOOK_MESSAGES.notXlsx]);
    expect(await t.db.select().from(templateModel).where(eq(templateModel.clientId, a.clientId))).toEqual(before);
  });

  it('refuses a zip bomb as a report template and as a history entry (413)', async () => {
    const report = await upload(a.staff, 'template-report/', { name: 'Bom', n_models_min: 1, n_models_max: 2 }, await zipBomb());
    expect([report.statusCode, report.json()]).toEqual([413, tooLarge]);
    const tree = await seedTree(t.db, a, { roles: rolesAsGlobal(a) });
    const history = await upload(a.staff, `model/${tree.modelId}/saved-model/`, {}, await zipBomb());
    expect([history.statusCode, history.json()]).toEqual([413, tooLarge]);
    expect(await activeFile(tree.modelId)).toEqual([10]);
  });
});

describe('opening a spreadsheet model', () => {
  async function modelWith(data: Uint8Array): Promise<Tree> {
    const tree = await seedTree(t.db, a, { roles: rolesAsGlobal(a) });
    const [saved] = await t.db.select({ fileId: savedModel.fileId }).from(savedModel).where(eq(savedModel.id, tree.savedModelId));
    await t.db.update(storedFile).set({ data: Buffer.from(data), size: data.byteLength }).where(eq(storedFile.id, saved!.fileId));
    return tree;
  }

  /** GET model/{id}/open/, then the poll as the browser does until it is no longer 202. */
  async function openModel(user: UserRow, modelId: number) {
    const headers = await bearer(t.app, user);
    const started = await t.app.inject({ method: 'GET', url: `${M}/model/${modelId}/open/`, headers });
    expect(started.statusCode, started.body).toBe(200);
    const id: string = started.json().open_model_task;
    for (;;) {
      const res = await t.app.inject({ method: 'GET', url: `${M}/open-model-task/${id}/`, headers });
      if (res.statusCode !== 202) return { id, res };
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  it('saves two sheets of 150,000 unclosed <row> tags through WebDAV, and an unrelated model still opens', async () => {
    // The request: each save enqueues the results job, which read such a sheet for 40 s per thread.
    const saved: number[] = [];
    for (let i = 0; i < 2; i++) {
      const { tree, put, lock } = await opened();
      expect((await put(unclosedRowsWorkbook(150_000 + i), await lock())).status).toBe(204);
      saved.push(tree.modelId);
    }
    const ordinary = await modelWith(smallWorkbook());
    expect((await openModel(a.adm, ordinary.modelId)).res.statusCode).toBe(200);
    // the results job read each sheet as far as the first unclosed row: no workbook, said in the stored results
    for (const id of saved) {
      await vi.waitFor(async () => {
        const [row] = await t.db.select({ results: modelResult.results }).from(modelResult).where(eq(modelResult.modelId, id));
        expect((row?.results as { model?: { fout?: string } } | undefined)?.model?.fout).toBe(WORKBOOK_MESSAGES.notXlsx);
      }, { timeout: 30_000, interval: 50 });
    }
    // opening the sheet itself reads through it (nothing to write into it): served
    const hostile = await modelWith(unclosedRowsWorkbook());
    expect((await openModel(a.usr, hostile.modelId)).res.statusCode).toBe(200);
  });

  it('fails a task past the worker threads’ deadline for good (one attempt), in Dutch, and the next open works', async () => {
    // 20,000 formula cells: filling them takes far longer than the thousandth of a second it is given
    const tree = await modelWith(workbookWith(Array.from({ length: 20_000 }, (_, i) => `<row r="${i + 1}"><c r="A${i + 1}"><f>1+1</f><v>2</v></c></row>`).join('')));
    setWorkerTaskSeconds(0.001);
    try {
      const { id, res } = await openModel(a.usr, tree.modelId);
      expect([res.statusCode, res.json().message]).toEqual([422, workerTimeoutMessage(0.001)]);
      const [row] = await t.db.select({ status: job.status, attempts: job.attempts }).from(job).where(eq(job.id, id));
      expect(row).toEqual({ status: 'failed', attempts: 1 });
    } finally {
      setWorkerTaskSeconds(t.config.workerTaskSeconds);
    }
    expect((await openModel(a.usr, tree.modelId)).res.statusCode).toBe(200);
  });

  it('fails a task beyond a thread’s memory for good (one attempt), in Dutch, and the next open works', async () => {
    // Other cells than the deadline's workbook: a produced file of the same input would be served again.
    const tree = await modelWith(workbookWith(Array.from({ length: 20_000 }, (_, i) => `<row r="${i + 1}"><c r="A${i + 1}"><f>1+2</f><v>3</v></c></row>`).join('')));
    setWorkerMemoryMb(8);
    try {
      const { id, res } = await openModel(a.usr, tree.modelId);
      expect([res.statusCode, res.json().message]).toEqual([422, WORKER_MEMORY_MESSAGE]);
      const [row] = await t.db.select({ status: job.status, attempts: job.attempts }).from(job).where(eq(job.id, id));
      expect(row).toEqual({ status: 'failed', attempts: 1 });
    } finally {
      setWorkerMemoryMb(t.config.workerMemoryMb);
    }
    expect((await openModel(a.usr, tree.modelId)).res.statusCode).toBe(200);
  });
});

describe('issue 34: a workbook with cells in the last column', () => {
  /** The model's stored results once the results job after a save has run. */
  const storedResults = (modelId: number) => vi.waitFor(async () => {
    const [row] = await t.db.select({ results: modelResult.results }).from(modelResult).where(eq(modelResult.modelId, modelId));
    expect(row).toBeDefined();
    return row!.results as { model: { ew?: number; fout?: string } };
  }, { timeout: 60_000, interval: 50 });

  it('saves the template with 2,000 cells at XFD<n> through WebDAV and recalculates it in a thread of 128 MB', async () => {
    // The request: the dense engine input of 16,384 cells per row took the server to 3.8 GB.
    setWorkerMemoryMb(128);
    try {
      const { tree, put, lock } = await opened();
      expect((await put(await farColumnsWorkbook(2_000), await lock())).status).toBe(204);
      const { model } = await storedResults(tree.modelId);
      expect([model.fout, model.ew]).toEqual([null, 0]);
    } finally {
      setWorkerMemoryMb(t.config.workerMemoryMb);
    }
  });

  it('stores a cell beyond Excel’s grid as the model’s error, naming the sheet', async () => {
    const { tree, put, lock } = await opened();
    expect((await put(await farColumnsWorkbook(1, 'XFE'), await lock())).status).toBe(204);
    expect((await storedResults(tree.modelId)).model.fout).toBe(cellOutsideGridMessage('Resultaat'));
  });
});

describe('issue 34: zip entries whose names lead outside the package', () => {
  it('refuses them in a WebDAV PUT (415) and as a report template (400), keeping the file and storing nothing', async () => {
    const { tree, put, lock } = await opened();
    const token = await lock();
    const before = await activeFile(tree.modelId);
    const templates = await t.db.select().from(templateReport).where(eq(templateReport.clientId, a.clientId));
    for (const name of TRAVERSAL_NAMES) {
      const res = await put(workbookWithEntry(name), token);
      expect([res.status, (await res.json()).message], String(name)).toEqual([415, 'Alleen een Excel-werkmap (.xlsx) kan hier worden opgeslagen.']);
      const report = await upload(a.staff, 'template-report/', { name: `Pad ${String(name)}`, n_models_min: 1, n_models_max: 2 }, workbookWithEntry(name));
      expect([report.statusCode, report.json().message], String(name)).toEqual([400, WORKBOOK_MESSAGES.notXlsx]);
    }
    expect(await activeFile(tree.modelId)).toEqual(before);
    expect(await t.db.select().from(templateReport).where(eq(templateReport.clientId, a.clientId))).toEqual(templates);
  });
});

describe('issue 34: bodies refused before they are read', () => {
  /**
   * A raw request that declares `declared` bytes and sends 64 kB of them, then waits: its answer, and
   * whether the server closed the connection without waiting for the rest (it would wait forever).
   */
  async function declaring(method: string, url: string, declared: number, headers: Record<string, string>) {
    const req = request(url, { method, headers: { ...headers, 'content-length': String(declared) } });
    req.on('error', () => {}); // the server may close while we could still write
    req.write(Buffer.alloc(65_536, 0x61));
    const [res] = (await once(req, 'response')) as [import('node:http').IncomingMessage];
    const chunks: Buffer[] = [];
    for await (const chunk of res) chunks.push(chunk as Buffer);
    await (req.socket!.destroyed ? Promise.resolve() : once(req.socket!, 'close'));
    req.destroy();
    return { status: res.statusCode, connection: res.headers.connection, body: Buffer.concat(chunks).toString() };
  }
  const multipartHeaders = { 'content-type': 'multipart/form-data; boundary=grens' };

  it('answers a multipart upload declaring 200 MB with 413 at once and closes the connection', async () => {
    const auth = await bearer(t.app, a.staff);
    const res = await declaring('POST', `${base}${M}/template-report/`, 200_000_000, { ...multipartHeaders, ...auth });
    expect([res.status, res.connection, JSON.parse(res.body).message]).toEqual([413, 'close', `Het bestand is te groot (maximaal ${Math.round(t.config.maxUploadBytes / 1_000_000)} MB).`]);
  });

  it('answers an upload without a token with 401 before its body and closes the connection', async () => {
    const res = await declaring('POST', `${base}${M}/template-report/`, 50_000_000, multipartHeaders);
    expect([res.status, res.connection]).toEqual([401, 'close']);
  });

  it('answers a WebDAV PUT declaring 200 MB with 413 at once and closes the connection', async () => {
    const tree = await seedTree(t.db, a, { roles: rolesAsGlobal(a) });
    const url = await editLinkFor(t.db, a, tree, { publicUrl: base, userId: a.usr.id, filename: FILE, now: t.clock.now(), hours: t.config.fileLinkHours });
    const res = await declaring('PUT', url, 200_000_000, {});
    expect([res.status, res.connection]).toEqual([413, 'close']);
  });

  it('checks a WebDAV PUT’s link, edit right, lock and If header before its body: refused at once, connection closed', async () => {
    const { url, linkOf, lock } = await opened();
    const declared = 10_000_000; // under the PUT's cap: only the checks can refuse it before it is read
    const badToken = url.replace(/\/dav\/([^/]+)\//, (_m, token: string) => `/dav/${token.slice(0, -2)}xx/`);
    expect([(await declaring('PUT', badToken, declared, {})).status, (await declaring('PUT', url, declared, {})).connection]).toEqual([404, 'close']);
    const noLock = await declaring('PUT', url, declared, {});
    expect([noLock.status, noLock.body]).toEqual([423, expect.stringContaining('lock-token-submitted')]);
    expect((await declaring('PUT', `${url}.kopie`, declared, {})).status).toBe(403);
    const token = await lock();
    expect((await declaring('PUT', url, declared, { if: '(<opaquelocktoken:een-ander>)' })).status).toBe(412);
    expect((await declaring('PUT', url, declared, { if: `(<${token}> ["999999"])` })).status).toBe(412);
    const viewer = await declaring('PUT', await linkOf(a.vwr), declared, {});
    expect([viewer.status, viewer.connection]).toEqual([403, 'close']);
  });
});

describe('issue 34: the workbook check runs in a worker thread', () => {
  /** The longest the event loop stood still while `work` ran (ms): what another user's call would have waited. */
  async function longestStall(work: () => Promise<void>): Promise<number> {
    const delay = monitorEventLoopDelay({ resolution: 5 });
    delay.enable();
    try {
      await work();
      // The sample of a stall is taken by the monitor's next timer: one must still run after the work.
      await new Promise((resolve) => setTimeout(resolve, 20));
    } finally {
      delay.disable();
    }
    return delay.max / 1e6;
  }

  /** A workbook within the caps whose check unpacks 49 MB, and how long that check holds the thread it runs on (ms). */
  async function heavyWorkbook() {
    const data = await zipBomb(49);
    await openedOrProblem(data); // warm: the first run pays for compiling
    const start = performance.now();
    expect(typeof (await openedOrProblem(data))).toBe('object');
    return { data, checkMs: performance.now() - start };
  }

  it('keeps the event loop free while an uploaded report template is checked', async () => {
    const { data, checkMs } = await heavyWorkbook();
    const send = async () => {
      const res = await upload(a.staff, 'template-report/', { name: 'Zwaar', n_models_min: 1, n_models_max: 2 }, data);
      expect([res.statusCode, res.json().message]).toEqual([400, missingSheetsMessage(['Rekenmodellen', 'Perioden'])]);
    };
    await send(); // the thread started, the code paths compiled
    expect(await longestStall(send)).toBeLessThan(checkMs / 2);
  });

  it('keeps the event loop free while a WebDAV PUT is checked, and saves the file', async () => {
    const { data, checkMs } = await heavyWorkbook();
    const { tree, put, lock } = await opened();
    const token = await lock();
    expect((await put(smallWorkbook(), token)).status).toBe(204); // warm
    const stall = await longestStall(async () => {
      expect((await put(data, token)).status).toBe(204);
    });
    expect(stall).toBeLessThan(checkMs / 2);
    expect(await activeFile(tree.modelId)).toContain(data.length);
  });
});
