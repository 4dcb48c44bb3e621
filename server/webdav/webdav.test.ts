import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { createClient, type FileStat } from 'webdav';
import { createTestApp, type TestApp } from '../../test/server/app.ts';
import { AT_GATE, PAST_GATES, bearer, createTenant, type Tenant } from '../../test/server/fixtures.ts';
import { editLinkFor, multipart, rolesAsGlobal, seedTree, type Tree } from '../../test/server/projectFixtures.ts';
import { appUser, auditLog, model, modelSession, savedModel, storedFile } from '../db/schema/index.ts';
import { WORK_GATES } from '../../src/api/contract/messages.ts';
import { ensureProgram } from '../../scripts/ensure.ts';
import { makeProfile } from '../../test/formulas/libreoffice.ts';
import type { UserRow } from '../context.ts';

// The edit links through a real WebDAV client (the `webdav` npm package) against a listening server:
// what Excel and LibreOffice do — lock, read, save, unlock — and what must be refused.

let t: TestApp;
let a: Tenant;
let base: string;

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t.db, 'dav');
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

const FILE = 'Grex model.xlsx';

/** A real workbook (exceljs), different for every `text`. */
async function workbook(text: string): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.addWorksheet('Invoer').getCell('A1').value = text;
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** A project with a spreadsheet model and an edit link of `user` for it; the link's client. */
async function opened(user: UserRow = a.usr, tree?: Tree) {
  tree ??= await seedTree(t.db, a, { roles: rolesAsGlobal(a) });
  const url = await editLinkFor(t.db, a, tree, { publicUrl: base, userId: user.id, filename: FILE, now: t.clock.now(), hours: t.config.fileLinkHours });
  const folder = url.slice(0, url.lastIndexOf('/') + 1);
  return { tree, url, folder, client: createClient(folder) };
}

const path = `/${FILE}`;
const ifLock = (token: string) => ({ If: `(<${token}>)` });
/** The HTTP status a client call failed with (the webdav client throws on non-2xx). */
const statusOf = (p: Promise<unknown>) => p.then(() => 200, (e: { status?: number }) => e.status);

async function history(modelId: number, user: UserRow = a.usr) {
  const res = await t.app.inject({ method: 'GET', url: `/api/manager/model/${modelId}/saved-model/`, headers: await bearer(t.app, user) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: number; active: boolean; filesize: number; user_save: string | null; timestamp_save: string; filename_orig: string }[];
}

describe('WebDAV edit link', () => {
  it('answers OPTIONS as a class 2 server that Office talks to, and PROPFIND on the folder and the file', async () => {
    const { folder, client } = await opened();
    const opts = await fetch(folder, { method: 'OPTIONS' });
    expect(opts.status).toBe(200);
    expect(opts.headers.get('dav')).toBe('1, 2');
    expect(opts.headers.get('ms-author-via')).toBe('DAV');
    expect(opts.headers.get('allow')).toContain('PROPFIND');
    expect((await fetch(folder + encodeURIComponent(FILE), { method: 'OPTIONS' })).headers.get('allow')).toContain('LOCK');
    const head = await fetch(folder + encodeURIComponent(FILE), { method: 'HEAD' });
    expect([head.status, head.headers.get('content-length'), head.headers.get('etag')]).toEqual([200, '10', expect.stringMatching(/^"\d+"$/)]);

    const list = await client.getDirectoryContents('/') as FileStat[];
    expect(list.map((f) => [f.basename, f.type, f.size, f.mime])).toEqual([[FILE, 'file', 10, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet']]);
    const stat = await client.stat(path, { details: true }) as { data: FileStat & { props: Record<string, unknown> } };
    expect(stat.data.etag).toBeTruthy();
    expect(stat.data.props.supportedlock).toBeTruthy();
    expect(await client.getFileContents(path, { format: 'text' })).toBe('xlsx-bytes');
    expect(await statusOf(client.stat('/other.xlsx'))).toBe(404);
  });

  it('LOCK → PUT → UNLOCK makes a new active history entry with the bytes saved, and ends the session', async () => {
    const { tree, client } = await opened();
    const lock = await client.lock(path, { timeout: 'Second-600' });
    expect(lock.token).toMatch(/^opaquelocktoken:/);
    const [session] = await t.db.select().from(modelSession).where(eq(modelSession.modelId, tree.modelId));
    expect(session).toMatchObject({ userId: a.usr.id, lockToken: lock.token });

    t.clock.advance(60_000);
    const bytes = await workbook('opgeslagen in Excel');
    await client.putFileContents(path, bytes, { headers: ifLock(lock.token) });
    const entries = await history(tree.modelId);
    expect(entries.map((e) => [e.active, e.filename_orig, e.filesize, e.user_save, e.timestamp_save])).toEqual([
      [true, FILE, bytes.length, 'dav USR', t.clock.now().toISOString()],
      [false, 'model.xlsx', 10, 'dav USR', '2026-01-01T08:00:00.000Z'],
    ]);
    const download = await t.app.inject({ method: 'GET', url: `/api/manager/model/${tree.modelId}/saved-model/${entries[0].id}/`, headers: await bearer(t.app, a.usr) });
    expect(Buffer.compare(download.rawPayload, bytes)).toBe(0);
    // the link now serves the saved file, and the model says who changed it when
    expect(Buffer.compare(Buffer.from(await client.getFileContents(path) as ArrayBuffer), bytes)).toBe(0);
    const [m] = await t.db.select().from(model).where(eq(model.id, tree.modelId));
    expect([m.timestampLastModified, m.lastModifiedBy]).toEqual([t.clock.now(), a.usr.id]);
    const audit = await t.db.select({ d: auditLog.description }).from(auditLog).where(eq(auditLog.userId, a.usr.id));
    expect(audit.map((r) => r.d)).toContain(`Bestand '${FILE}' vanuit Excel opgeslagen in de historie van rekenmodel 'Model 1' in versie 'Versie 1'`);

    await client.unlock(path, lock.token);
    expect(await t.db.select().from(modelSession).where(eq(modelSession.modelId, tree.modelId))).toEqual([]);
    expect((await history(tree.modelId)).length).toBe(2); // the file remains
  });

  it('refuses a second LOCK while the model is locked: another user, or another link of the same user', async () => {
    const { tree, client } = await opened();
    const other = await opened(a.adm, tree);
    const second = await opened(a.usr, tree);
    const lock = await client.lock(path);
    expect(await statusOf(other.client.lock(path))).toBe(423);
    expect(await statusOf(second.client.lock(path))).toBe(423);
    await client.unlock(path, lock.token);
    // released: the other user may lock now, and then the first one is refused
    const theirs = await other.client.lock(path);
    expect(await statusOf(client.lock(path))).toBe(423);
    await other.client.unlock(path, theirs.token);
  });

  it('refuses a PUT without the lock, a PUT of something that is not an xlsx, and changes nothing', async () => {
    const { tree, client } = await opened();
    const before = await history(tree.modelId);
    expect(await statusOf(client.putFileContents(path, await workbook('zonder slot')))).toBe(423);
    const lock = await client.lock(path);
    expect(await statusOf(client.putFileContents(path, await workbook('verkeerd token'), { headers: ifLock('opaquelocktoken:nep') }))).toBe(412);
    for (const body of [Buffer.from('geen werkmap'), Buffer.alloc(0), Buffer.from('PK\x03\x04kapot')]) {
      expect(await statusOf(client.putFileContents(path, body, { headers: ifLock(lock.token) }))).toBe(415);
    }
    expect(await history(tree.modelId)).toEqual(before);
    expect(await client.getFileContents(path, { format: 'text' })).toBe('xlsx-bytes');
    // another user's link cannot save with the holder's token either
    const other = await opened(a.adm, tree);
    expect(await statusOf(other.client.putFileContents(path, await workbook('ander'), { headers: ifLock(lock.token) }))).toBe(423);
    expect(await history(tree.modelId)).toEqual(before);
  });

  it('refuses a PUT to a frozen model (423)', async () => {
    const { tree, client } = await opened();
    const lock = await client.lock(path);
    await t.db.update(model).set({ frozen: true }).where(eq(model.id, tree.modelId));
    expect(await statusOf(client.putFileContents(path, await workbook('bevroren'), { headers: ifLock(lock.token) }))).toBe(423);
    expect((await history(tree.modelId)).length).toBe(1);
  });

  it('answers 404 for an expired link and an unknown token', async () => {
    const { client, folder } = await opened();
    expect((await client.getDirectoryContents('/') as FileStat[]).length).toBe(1);
    t.clock.advance(t.config.fileLinkHours * 3_600_000 + 1000);
    expect(await statusOf(client.getDirectoryContents('/'))).toBe(404);
    expect(await statusOf(client.getFileContents(path))).toBe(404);
    expect(await statusOf(client.lock(path))).toBe(404);
    expect(await statusOf(createClient(folder.replace(/\/dav\/[^/]+\//, '/dav/onbekend/')).stat(path))).toBe(404);
  });

  it.each(WORK_GATES)('answers 404 while the link\'s owner is held at a work gate (%s), and serves again once it is cleared (issue 33.2)', async (gate) => {
    const { client } = await opened();
    expect(await statusOf(client.getFileContents(path))).toBe(200);
    await t.db.update(appUser).set(AT_GATE[gate]).where(eq(appUser.id, a.usr.id));
    try {
      expect(await statusOf(client.getDirectoryContents('/'))).toBe(404);
      expect(await statusOf(client.getFileContents(path))).toBe(404);
      expect(await statusOf(client.lock(path))).toBe(404);
    } finally {
      await t.db.update(appUser).set(PAST_GATES).where(eq(appUser.id, a.usr.id));
    }
    expect(await statusOf(client.getFileContents(path))).toBe(200);
  });

  it('ending the session in Projects releases the lock: a later PUT with the old token is refused', async () => {
    const { tree, client } = await opened();
    const lock = await client.lock(path);
    const end = await t.app.inject({ method: 'DELETE', url: `/api/manager/model/${tree.modelId}/session-edit/`, headers: await bearer(t.app, a.usr) });
    expect(end.statusCode, end.body).toBe(200);
    expect(await statusOf(client.putFileContents(path, await workbook('na einde sessie'), { headers: ifLock(lock.token) }))).toBe(423);
    expect(await statusOf(client.putFileContents(path, await workbook('na einde sessie')))).toBe(423);
    expect((await history(tree.modelId)).length).toBe(1);
    // someone else may now lock it
    const other = await opened(a.adm, tree);
    await other.client.unlock(path, (await other.client.lock(path)).token);
  });

  it('honours the lock timeout on the configured clock, and a refresh extends it', async () => {
    const { tree, client, url } = await opened();
    const lock = await client.lock(path, { timeout: 'Second-60' });
    t.clock.advance(30_000);
    // a refresh as RFC 4918 words it: no body, the token in If; a token that is not the lock's: 412
    const bare = await fetch(url, { method: 'LOCK', headers: { ...ifLock(lock.token), timeout: 'Second-60' } });
    expect([bare.status, bare.headers.get('lock-token')]).toEqual([200, null]);
    expect(await bare.text()).toContain('<D:timeout>Second-60</D:timeout>');
    expect((await fetch(url, { method: 'LOCK', headers: { ...ifLock('opaquelocktoken:nep'), timeout: 'Second-60' } })).status).toBe(412);
    t.clock.advance(20_000);
    // the client sends its refreshToken as the If header as it is, and the lockinfo again
    const refreshed = await client.lock(path, { refreshToken: `(<${lock.token}>)`, timeout: 'Second-60' });
    expect(refreshed.serverTimeout).toBe('Second-60');
    t.clock.advance(50_000); // 100 s after the lock, 50 s after the refresh: still held
    await client.putFileContents(path, await workbook('binnen de tijd'), { headers: ifLock(lock.token) });
    t.clock.advance(61_000);
    expect(await statusOf(client.putFileContents(path, await workbook('te laat'), { headers: ifLock(lock.token) }))).toBe(423);
    expect((await history(tree.modelId)).length).toBe(2);
    // expired: the session's user may lock again
    const again = await client.lock(path);
    expect(again.token).not.toBe(lock.token);
    await client.unlock(path, again.token);
  });

  it('takes a save as Office words it: the If header tagged with the absolute URL, a body without content type', async () => {
    const { tree, url } = await opened();
    const lockBody = '<?xml version="1.0" encoding="utf-8"?><D:lockinfo xmlns:D="DAV:"><D:lockscope><D:exclusive/></D:lockscope>'
      + '<D:locktype><D:write/></D:locktype><D:owner><D:href>CONTOSO\\jan</D:href></D:owner></D:lockinfo>';
    const locked = await fetch(url, { method: 'LOCK', headers: { 'content-type': 'text/xml', timeout: 'Second-3600', depth: '0' }, body: lockBody });
    expect(locked.status).toBe(200);
    const token = /<(.+)>/.exec(locked.headers.get('lock-token') ?? '')![1];
    // the owner comes back as it was sent (its namespace declared where it now stands), in a PROPFIND's lock discovery too
    expect(await locked.text()).toContain('<D:owner><D:href xmlns:D="DAV:">CONTOSO\\jan</D:href></D:owner><D:timeout>Second-3600</D:timeout>');
    const found = await fetch(url, { method: 'PROPFIND', headers: { depth: '0' }, body: '<?xml version="1.0"?><a:propfind xmlns:a="DAV:"><a:prop><a:lockdiscovery/><b:x xmlns:b="urn:x"/></a:prop></a:propfind>' });
    const xml = await found.text();
    expect(found.status).toBe(207);
    expect(xml).toContain(token);
    expect(xml).toContain('CONTOSO\\jan');
    expect(xml).toMatch(/<X:x xmlns:X="urn:x"\/><\/D:prop><D:status>HTTP\/1.1 404 Not Found/);
    const bytes = new Uint8Array(await workbook('Office')); // fetch takes an ArrayBuffer-backed view
    const put = await fetch(url, { method: 'PUT', headers: { if: `<${url}> (<${token}>)` }, body: bytes });
    expect(put.status).toBe(204);
    expect((await history(tree.modelId)).map((e) => [e.active, e.filesize])).toEqual([[true, bytes.length], [false, 10]]);
    // a list tagged with another resource says nothing about this one: the token is not submitted
    const elsewhere = await fetch(url, { method: 'PUT', headers: { if: `<${url}.bak> (<${token}>)` }, body: bytes });
    expect(elsewhere.status).toBe(423);
    expect((await fetch(url, { method: 'UNLOCK', headers: { 'lock-token': `<${token}>` } })).status).toBe(204);
  });

  it('LibreOffice opens the edit link with its own WebDAV client and reads the workbook', async () => {
    const soffice = ensureProgram('soffice');
    const { tree, url } = await opened();
    const bytes = await workbook('geopend in LibreOffice');
    const [saved] = await t.db.select({ fileId: savedModel.fileId }).from(savedModel).where(eq(savedModel.id, tree.savedModelId));
    await t.db.update(storedFile).set({ data: bytes, size: bytes.length }).where(eq(storedFile.id, saved.fileId));
    const profile = makeProfile();
    const out = mkdtempSync(join(tmpdir(), 'grondslag-dav-'));
    // Asynchronous: the server that LibreOffice talks to runs in this process.
    await new Promise((resolve, reject) => {
      const p = spawn(soffice, [`-env:UserInstallation=file://${profile}`, '--headless', '--norestore', '--convert-to', 'csv', '--outdir', out, url],
        { env: { ...process.env, HOME: profile }, stdio: 'ignore' });
      p.on('error', reject);
      p.on('close', resolve);
    });
    expect(readFileSync(join(out, 'Grex model.csv'), 'utf8').trim()).toBe('geopend in LibreOffice');
    rmSync(out, { recursive: true, force: true });
    rmSync(profile, { recursive: true, force: true });
  }, 120_000);

  it('saves at once (PUTs, and history uploads beside them) each make an entry, exactly one of them active', async () => {
    const { tree, client } = await opened();
    const lock = await client.lock(path);
    const staff = await bearer(t.app, a.staff);
    const upload = async (name: string) => {
      const body = multipart({}, { filename: `${name}.xlsx`, data: await workbook(name) });
      const res = await t.app.inject({ method: 'POST', url: `/api/manager/model/${tree.modelId}/saved-model/`, headers: { ...staff, ...body.headers }, payload: body.payload });
      expect(res.statusCode, res.body).toBe(201);
    };
    await Promise.all([
      ...['een', 'twee', 'drie'].map(async (s) => client.putFileContents(path, await workbook(s), { headers: ifLock(lock.token) })),
      ...['vier', 'vijf', 'zes'].map(upload),
    ]);
    const entries = await history(tree.modelId);
    expect(entries.length).toBe(7);
    expect(entries.filter((e) => e.active).length).toBe(1);
  });

  it('refuses what a one-file link does not allow, with DAV statuses', async () => {
    const { folder } = await opened();
    const file = folder + encodeURIComponent(FILE);
    const status = async (method: string, url: string, headers: Record<string, string> = {}) => (await fetch(url, { method, headers })).status;
    expect(await status('DELETE', file)).toBe(403);
    expect(await status('MKCOL', file)).toBe(405);
    expect(await status('MOVE', file, { destination: `${folder}ander.xlsx` })).toBe(403);
    expect(await status('COPY', file, { destination: `${folder}ander.xlsx` })).toBe(403);
    expect(await status('MKCOL', `${folder}map/`)).toBe(403);
    expect(await status('PUT', `${folder}ander.xlsx`)).toBe(403);
    expect(await status('PUT', `${folder}map/ander.xlsx`)).toBe(409);
    expect(await status('POST', file)).toBe(405);
    const proppatch = await fetch(file, {
      method: 'PROPPATCH', headers: { 'content-type': 'application/xml' },
      body: '<?xml version="1.0"?><D:propertyupdate xmlns:D="DAV:" xmlns:Z="urn:schemas-microsoft-com:"><D:set><D:prop>'
        + '<Z:Win32LastModifiedTime>Mon, 02 Mar 2026 09:00:00 GMT</Z:Win32LastModifiedTime></D:prop></D:set></D:propertyupdate>',
    });
    expect(proppatch.status).toBe(207);
    expect(await proppatch.text()).toContain('HTTP/1.1 200 OK');
  });

  describe('issue 34.1: hostile XML bodies are refused before they are parsed', () => {
    /** A PROPPATCH setting `n` properties of distinct names (the report's 0.74 MB one: ~15,000), each `pad` long. */
    const proppatch = (n: number, pad = 0) => '<?xml version="1.0"?><D:propertyupdate xmlns:D="DAV:" xmlns:Z="urn:x:"><D:set><D:prop>'
      + Array.from({ length: n }, (_, i) => `<Z:p${i}>${'v'.repeat(pad)}</Z:p${i}>`).join('') + '</D:prop></D:set></D:propertyupdate>';
    const send = async (url: string, method: string, body: string, headers: Record<string, string> = {}) => {
      const res = await fetch(url, { method, headers: { 'content-type': 'application/xml', ...headers }, body });
      const text = await res.text();
      return { status: res.status, body: text, message: res.status < 300 ? undefined : (JSON.parse(text) as { message: string }).message };
    };

    it('a PROPPATCH of the reported 0.74 MB, and a PROPFIND and a LOCK above 64 kB, answer 413 unread', async () => {
      const { folder } = await opened();
      const sessionsBefore = await t.db.select().from(modelSession);
      const file = folder + encodeURIComponent(FILE);
      const big = proppatch(15_000, 30);
      expect(big.length).toBeGreaterThan(740_000);
      expect(await send(file, 'PROPPATCH', big)).toMatchObject({ status: 413, message: 'De XML-aanvraag is te groot.' });
      const propfind = `<?xml version="1.0"?><D:propfind xmlns:D="DAV:"><D:prop>${'<D:getetag/>'.repeat(6000)}</D:prop></D:propfind>`;
      expect((await send(folder, 'PROPFIND', propfind, { depth: '1' })).status).toBe(413);
      const lockinfo = '<?xml version="1.0"?><D:lockinfo xmlns:D="DAV:"><D:lockscope><D:exclusive/></D:lockscope><D:locktype><D:write/></D:locktype>'
        + `<D:owner>${'x'.repeat(70_000)}</D:owner></D:lockinfo>`;
      expect((await send(file, 'LOCK', lockinfo)).status).toBe(413);
      // Streamed without a Content-Length, it is cut off as it arrives.
      const chunked = await fetch(file, {
        method: 'PROPPATCH', headers: { 'content-type': 'application/xml' }, duplex: 'half',
        body: new ReadableStream({ start(c) { c.enqueue(new TextEncoder().encode(big)); c.close(); } }),
      } as RequestInit);
      expect(chunked.status).toBe(413);
      expect(await t.db.select().from(modelSession)).toEqual(sessionsBefore); // no lock was taken
    });

    it('a body within 64 kB with more than 300 distinct element names answers 400, unparsed', async () => {
      const { folder } = await opened();
      const many = proppatch(3000);
      expect(many.length).toBeLessThan(64 * 1024);
      expect(await send(folder + encodeURIComponent(FILE), 'PROPPATCH', many)).toMatchObject({ status: 400, message: 'Ongeldige XML.' });
      const few = await send(folder + encodeURIComponent(FILE), 'PROPPATCH', proppatch(250));
      expect(few.status).toBe(207);
      expect(few.body.match(/<X:p\d+ /g)).toHaveLength(250);
    });

    it('gives a lock owner in any prefix back as well-formed XML with its namespace declared', async () => {
      const { folder } = await opened();
      const file = folder + encodeURIComponent(FILE);
      const lockinfo = '<?xml version="1.0"?><lockinfo xmlns="DAV:" xmlns:a="urn:owner:"><lockscope><exclusive/></lockscope><locktype><write/></locktype>'
        + '<owner><a:who a:kind="person &amp; team">Jan &lt;jan@gemeente.nl&gt;</a:who><href>https://x/</href><![CDATA[1 < 2]]></owner></lockinfo>';
      const res = await send(file, 'LOCK', lockinfo);
      expect(res.status).toBe(200);
      expect(res.body).toContain('<D:owner><a:who a:kind="person &amp; team" xmlns:a="urn:owner:">Jan &lt;jan@gemeente.nl&gt;</a:who>'
        + '<href xmlns="DAV:">https://x/</href>1 &lt; 2</D:owner>');
    });
  });
});
