// `npm run bench -- hostile`: issue 34's hostile requests, each sent to a real server process
// (server/main.ts) on a fresh embedded PostgreSQL while another user asks GET /api/manager/status/ every
// 20 ms. Per request: its status (or a time-out after TIMEOUT_S), the longest wait of that other user's
// request while it is handled (and one second after), the server's memory growth (peak resident memory,
// VmHWM reset through /proc/<pid>/clear_refs before each, against the resident memory before), each
// against its goal: no wait above 200 ms, growth under 300 MB, no 5xx. Findings 3 and 7 happen in the
// browser and the spreadsheet: nothing to send. A server that stopped is started again for the next.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import JSZip from 'jszip';
import { ensureProgram } from '../scripts/ensure.ts';
import { buildApp } from '../server/app.ts';
import { configFromEnv } from '../server/config.ts';
import { savedModel, storedFile } from '../server/db/schema/index.ts';
import { freePort } from '../server/net.ts';
import { PASSWORD, bearer, createTenant } from '../test/server/fixtures.ts';
import type { UserRow } from '../server/context.ts';
import { editLinkFor, multipart, rolesAsGlobal, seedTree } from '../test/server/projectFixtures.ts';
import { buildModelTemplate } from '../src/formulas/modelTemplate.ts';
import { largeModel } from '../test/formulas/largeModel.ts';
import { zipBomb } from '../test/formulas/hostileWorkbooks.ts';
import { kill, removeTempDirs, spawnServer, type ServerProcess } from '../test/server/serverProcess.ts';
import { withBenchDatabase } from './support/database.ts';
import { goal } from './support/goal.ts';

const TIMEOUT_S = 60;
/** `--only 4`: only the baseline and that finding's requests (a quick second look at one of them). */
const ONLY = (() => {
  const i = process.argv.indexOf('--only');
  return i >= 0 ? process.argv[i + 1] : undefined;
})();
const wanted = (finding: string) => ONLY === undefined || ONLY === finding;
const PING_MS = 20;
const GOAL_WAIT_MS = 200;
const GOAL_GROWTH_MB = 300;
const LOCKINFO = '<?xml version="1.0"?><D:lockinfo xmlns:D="DAV:"><D:lockscope><D:exclusive/></D:lockscope><D:locktype><D:write/></D:locktype><D:owner>bench</D:owner></D:lockinfo>';

/** Resident memory and its high-water mark of a process, in MB; null when it is gone. */
function memory(pid: number): { rss: number; peak: number } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0);
    return { rss: Math.round(kb('VmRSS') / 1024), peak: Math.round(kb('VmHWM') / 1024) };
  } catch {
    return null;
  }
}

/** Resets the process's VmHWM to its present resident memory (Linux: clear_refs 5). */
function resetPeak(pid: number): void {
  try { writeFileSync(`/proc/${pid}/clear_refs`, '5'); } catch { /* gone: memory() says so */ }
}

/** What a hostile request answered: its status, or why there is none. */
type Outcome = { status: number } | { failed: string };

/** A fetch bounded by TIMEOUT_S; a connection the server drops is an outcome too. */
async function send(url: string, init: RequestInit): Promise<Outcome> {
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_S * 1000) });
    await res.arrayBuffer();
    return { status: res.status };
  } catch (e) {
    const name = (e as Error).name;
    return { failed: name === 'TimeoutError' ? `time-out after ${TIMEOUT_S} s` : `connection lost (${(e as Error).message})` };
  }
}

/**
 * A multipart upload whose Content-Length declares `declaredMb` MB, its body streamed (zeros after the
 * file's header) as fast as the server takes it, until the server answers or closes, or TIMEOUT_S.
 */
function declaredUpload(url: string, headers: Record<string, string>, declaredMb: number): Promise<Outcome> {
  const boundary = '----grondslagbench';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nGroot\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="groot.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`);
  const total = declaredMb * 1024 * 1024;
  const chunk = Buffer.alloc(1024 * 1024);
  return new Promise((resolve) => {
    let done = false;
    const finish = (o: Outcome) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      req.destroy();
      resolve(o);
    };
    const req = request(url, { method: 'POST', headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(total) } }, (res) => {
      res.resume();
      res.on('end', () => finish({ status: res.statusCode! }));
      res.on('error', () => finish({ status: res.statusCode! }));
    });
    req.on('error', (e) => finish({ failed: `connection lost (${e.message})` }));
    const timer = setTimeout(() => finish({ failed: `time-out after ${TIMEOUT_S} s` }), TIMEOUT_S * 1000);
    let sent = 0;
    const pump = () => {
      while (!done && sent < total) {
        const piece = sent === 0 ? head : chunk.subarray(0, Math.min(chunk.length, total - sent));
        sent += piece.length;
        if (!req.write(piece)) return void req.once('drain', pump);
      }
      if (!done) req.end();
    };
    pump();
  });
}

/** The xlsx `xlsx` with `rows` more rows on its first sheet, each holding one cell in the last column (XFD). */
async function withFarCells(xlsx: Uint8Array, rows: number): Promise<Uint8Array> {
  const zip = await JSZip.loadAsync(xlsx);
  const path = 'xl/worksheets/sheet1.xml';
  const sheet = await zip.file(path)!.async('string');
  const extra = Array.from({ length: rows }, (_, i) => `<row r="${500_000 + i}"><c r="XFD${500_000 + i}"><v>${i}</v></c></row>`).join('');
  zip.file(path, sheet.replace('</sheetData>', `${extra}</sheetData>`));
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
}

/** The xlsx `xlsx` with an entry named `../../x` (finding 5). */
async function withEscapingName(xlsx: Uint8Array): Promise<Uint8Array> {
  const zip = await JSZip.loadAsync(xlsx);
  zip.file('../../x', 'buiten de map');
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
}

/** `names` empty elements, each of a name of its own. */
const distinctNames = (names: number, prefix: string) =>
  Array.from({ length: names }, (_, i) => `<${prefix}${i.toString(36)}${'n'.repeat(46)}/>`).join('');

export default async function bench() {
  await withBenchDatabase(5, async (db) => {
    const tenant = await createTenant(db, 'hostile');
    const roles = rolesAsGlobal(tenant);
    const template = await buildModelTemplate(largeModel({ costEntries: 30, residentialEntries: 10 }));
    const tree = await seedTree(db, tenant, { roles });
    const [saved] = await db.select({ fileId: savedModel.fileId }).from(savedModel).where(eq(savedModel.id, tree.savedModelId));
    await db.update(storedFile).set({ data: Buffer.from(template), size: template.byteLength }).where(eq(storedFile.id, saved!.fileId));

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = { DATABASE_URL: db.$client.options.connectionString!, PUBLIC_URL: base };
    let server: ServerProcess = await spawnServer(env, port);
    const signer = await buildApp({ config: { ...configFromEnv({}), clientDir: '/nonexistent', jobWorker: false }, db });
    const auth = async (user: UserRow) => bearer(signer, user);
    const certDir = mkdtempSync(join(tmpdir(), 'grondslag-bench-saml-'));
    try {
      await server.ready;
      /** The server again when the last request stopped it (an out-of-memory kill, a crash). */
      const alive = async () => {
        if (server.child.exitCode === null && server.child.signalCode === null) return;
        console.log(`  (the server stopped: ${server.child.signalCode ?? `exit ${server.child.exitCode}`}; started again)`);
        server = await spawnServer(env, port);
        await server.ready;
      };
      const json = async (method: string, path: string, user: UserRow, body?: unknown) => {
        const res = await fetch(`${base}${path}`, { method, headers: { ...(await auth(user)), 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
        if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
        return res.json() as Promise<any>;
      };

      // SAML configured for the client (a certificate made here; the hostile response is unsigned anyway).
      execFileSync(ensureProgram('openssl'), ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', join(certDir, 'k'), '-out', join(certDir, 'c'), '-days', '30', '-subj', '/CN=bench'], { stdio: 'ignore' });
      await json('PUT', '/api/manager/client/saml/', tenant.adm, { entry_point: 'https://idp.example.test/sso', idp_cert: readFileSync(join(certDir, 'c'), 'utf8'), issuer: null, metadata_url: null, password: PASSWORD });
      // A BI link with its password, for the OData feed.
      const link = await json('POST', '/api/bi/v1/report/', tenant.usr, { description: 'Bench', models: [tree.modelId] });
      const { password } = await json('POST', `/api/bi/v1/report/${link.uuid}/password/`, tenant.usr);
      const basic = `Basic ${Buffer.from(`grondslag:${password}`).toString('base64')}`;

      /** The model's edit address (WebDAV) for USR. */
      const editUrl = () => editLinkFor(db, tenant, tree, { publicUrl: base, userId: tenant.usr.id, filename: 'Grex model.xlsx', now: new Date(), hours: 24 });
      /** A locked edit address: its PUT of `body`, bounded. */
      const lockedPut = async (body: Uint8Array) => {
        const url = await editUrl();
        const lock = await fetch(url, { method: 'LOCK', headers: { 'content-type': 'application/xml', timeout: 'Second-600' }, body: LOCKINFO });
        const token = /<([^>]+)>/.exec(lock.headers.get('lock-token') ?? '')?.[1];
        if (!token) return { failed: `LOCK answered ${lock.status}` } as Outcome;
        const outcome = await send(url, { method: 'PUT', headers: { if: `(<${token}>)` }, body: Buffer.from(body) });
        await fetch(url, { method: 'UNLOCK', headers: { 'lock-token': `<${token}>` } }).catch(() => {});
        return outcome;
      };
      const upload = async (file: Uint8Array, name: string) => {
        const form = multipart({ name, n_models_min: 1, n_models_max: 2 }, { filename: `${name}.xlsx`, data: Buffer.from(file) });
        return send(`${base}/api/manager/template-report/`, { method: 'POST', headers: { ...(await auth(tenant.staff)), ...form.headers }, body: form.payload });
      };

      /** Runs `hostile` while another user pings the status; prints the figures against their goals. */
      const measure = async (label: string, hostile: () => Promise<Outcome[]>) => {
        await alive();
        const pid = server.child.pid!;
        const before = memory(pid)!;
        resetPeak(pid);
        let pinging = true;
        let longest = 0;
        const pingStatuses = new Set<number | string>();
        const pinger = (async () => {
          while (pinging) {
            const s = performance.now();
            const o = await send(`${base}/api/manager/status/`, {});
            longest = Math.max(longest, performance.now() - s);
            pingStatuses.add('status' in o ? o.status : o.failed);
            await new Promise((r) => setTimeout(r, PING_MS));
          }
        })();
        await new Promise((r) => setTimeout(r, 100));
        const s = performance.now();
        const outcomes = await hostile();
        const ms = performance.now() - s;
        await new Promise((r) => setTimeout(r, 1000)); // work the answer left behind (jobs on the threads)
        pinging = false;
        await pinger;
        const after = memory(pid);
        const growth = after ? after.peak - before.rss : null;
        const shown = outcomes.map((o) => ('status' in o ? String(o.status) : o.failed));
        const counts = [...new Set(shown)].map((x) => `${shown.filter((y) => y === x).length > 1 ? `${shown.filter((y) => y === x).length}× ` : ''}${x}`).join(', ');
        const fiveXx = [...outcomes.map((o) => ('status' in o ? o.status : 0)), ...[...pingStatuses].map((p) => (typeof p === 'number' ? p : 0))].filter((c) => c >= 500);
        console.log(`${label}`);
        console.log(`  answered ${counts || 'nothing sent'} in ${Math.round(ms)} ms; other user's status requests: ${[...pingStatuses].join(', ')}${fiveXx.length ? '  ← 5xx!' : ''}`);
        console.log(`  longest wait of another user's request ${Math.round(longest)} ms (goal ≤ ${GOAL_WAIT_MS} ms: ${goal(longest, GOAL_WAIT_MS, 'ms')})`);
        console.log(growth === null
          ? '  memory: the server process is gone'
          : `  memory growth +${growth} MB (RSS ${before.rss} → peak ${after!.peak} MB; goal < ${GOAL_GROWTH_MB} MB: ${goal(growth, GOAL_GROWTH_MB, 'MB')}); 5xx: ${fiveXx.length ? fiveXx.join(', ') : 'none'}`);
      };

      await measure('(0) nothing hostile: the same two seconds on a quiet server (the baseline)', async () => {
        await new Promise((r) => setTimeout(r, 1000));
        return [];
      });
      await sendHostile({ base, measure, editUrl, lockedPut, upload, auth: () => auth(tenant.staff), template, odata: (f) => send(`${link.link}odata/Rekenmodellen?$filter=${encodeURIComponent(f)}`, { headers: { authorization: basic } }) });
      console.log('(3) and (7): in the browser and the spreadsheet; nothing reaches the server to measure.');
    } finally {
      await kill(server);
      removeTempDirs();
      rmSync(certDir, { recursive: true, force: true });
      await signer.close();
    }
  });
}

/** What sendHostile needs of the running server. */
interface Kit {
  base: string;
  measure: (label: string, hostile: () => Promise<Outcome[]>) => Promise<void>;
  editUrl: () => Promise<string>;
  lockedPut: (body: Uint8Array) => Promise<Outcome>;
  upload: (file: Uint8Array, name: string) => Promise<Outcome>;
  /** A staff member's bearer header. */
  auth: () => Promise<Record<string, string>>;
  template: Uint8Array;
  /** A GET of the BI link's Rekenmodellen with this $filter. */
  odata: (filter: string) => Promise<Outcome>;
}

/** The hostile requests of findings 1, 2, 4, 5 and 6 (`--only` picks one finding), each measured. */
async function sendHostile(k: Kit): Promise<void> {
  // (1) XML of many distinct element names: a SAMLResponse and a PROPPATCH.
  if (wanted('1')) {
    const samlXml = `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" ID="_b" Version="2.0">${distinctNames(15_000, 'e')}</samlp:Response>`;
    await k.measure(`(1) SAMLResponse of ${(samlXml.length / 1e6).toFixed(2)} MB XML, 15,000 distinct element names`, async () => [
      await send(`${k.base}/api/manager/saml/acs/`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ SAMLResponse: Buffer.from(samlXml).toString('base64') }).toString() }),
    ]);
    const props = `<?xml version="1.0"?><D:propertyupdate xmlns:D="DAV:" xmlns:Z="urn:bench"><D:set><D:prop>${Array.from({ length: 14_000 }, (_, i) => `<Z:p${i.toString(36)}${'q'.repeat(16)}>1</Z:p${i.toString(36)}${'q'.repeat(16)}>`).join('')}</D:prop></D:set></D:propertyupdate>`;
    await k.measure(`(1) WebDAV PROPPATCH of ${(props.length / 1e6).toFixed(2)} MB, 14,000 distinct property names`, async () => [
      await send(await k.editUrl(), { method: 'PROPPATCH', headers: { 'content-type': 'application/xml' }, body: props }),
    ]);
  }

  // (2) The template with 2,000 rows holding a cell in column XFD.
  if (wanted('2')) {
    const far = await withFarCells(k.template, 2_000);
    await k.measure(`(2) WebDAV PUT of the template with 2,000 rows holding a cell at XFD<n> (${(far.length / 1e3).toFixed(0)} kB)`, async () => [await k.lockedPut(far)]);
  }

  // (4) 20 OData $filters of 4,000 characters of nested OR-ed groups at once.
  const unit = 'totale_kosten eq 1';
  let filter = unit;
  while (filter.length < 4000) {
    let group = unit;
    for (let d = 0; d < 19; d++) group = `(${group} or ${unit})`;
    filter = `${filter} or ${group}`;
  }
  filter = filter.slice(0, 4000);
  if (wanted('4')) {
    // The control: 20 ordinary filters at once, what the server's answer path costs without the hostile text.
    await k.measure('(4) control: 20 concurrent ordinary OData $filters (totale_kosten gt 0)', () => Promise.all(Array.from({ length: 20 }, () => k.odata('totale_kosten gt 0'))));
    await k.measure(`(4) 20 concurrent OData $filters of ${filter.length} characters, nested OR-ed groups`, () =>
      Promise.all(Array.from({ length: 20 }, () => k.odata(filter))));
  }

  // (5) Zip entries named ../../x: a report template and a WebDAV PUT.
  if (wanted('5')) {
    const escaping = await withEscapingName(k.template);
    await k.measure('(5) report template upload with a zip entry named ../../x', async () => [await k.upload(escaping, 'Ontsnapping')]);
    await k.measure('(5) WebDAV PUT with a zip entry named ../../x', async () => [await k.lockedPut(escaping)]);
  }

  // (6) Bodies: a multipart upload declaring 200 MB, with and without a token; a workbook unpacking to 99 MB.
  if (wanted('6')) {
    await k.measure('(6) multipart upload declaring 200 MB (staff token)', async () => [await declaredUpload(`${k.base}/api/manager/template-report/`, await k.auth(), 200)]);
    await k.measure('(6) multipart upload declaring 200 MB (no token)', async () => [await declaredUpload(`${k.base}/api/manager/template-report/`, {}, 200)]);
    const bomb = await zipBomb(99);
    await k.measure(`(6) report template upload of ${(bomb.length / 1e3).toFixed(0)} kB unpacking to 99 MB`, async () => [await k.upload(bomb, 'Negenennegentig')]);
    await k.measure(`(6) WebDAV PUT of ${(bomb.length / 1e3).toFixed(0)} kB unpacking to 99 MB`, async () => [await k.lockedPut(bomb)]);
  }
}
