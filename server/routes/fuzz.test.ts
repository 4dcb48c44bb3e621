import { randomBytes, randomUUID as randomUuid } from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/server/app.ts';
import { bearer, createUser, createTenant, type Tenant } from '../../test/server/fixtures.ts';
import { type Tree, editLinkFor, multipart, rolesAsGlobal, seedTree } from '../../test/server/projectFixtures.ts';
import { garbageValue, nearValidValue, validValue, type JsonSchema } from '../../test/server/openapiArbitraries.ts';

// Hostile input at scale (issue 16 item 4): FUZZ_REQUESTS (default 10,000) requests across every operation
// of the OpenAPI document, as every kind of caller, with values from the contract's schemas (valid and
// one step off) and raw garbage. Every answer: no 5xx, a refusal in the `{ message, errors }` shape with a
// Dutch message, and no row written, changed or deleted by a refused request (every table of the public
// schema logs its row changes through a trigger; the log is read after each request).

const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 10_000);
/** One sequence of requests in the suite, the same on every run; FUZZ_SEED=… explores (or repeats) another. */
const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? 20_261_124);

let t: TestApp;
let a: Tenant;
let b: Tenant;
const headersOf: Record<string, Record<string, string>> = {};
/** Ids that exist (of both clients), and ids and uuids seen in answers: valid values mostly hit real rows. */
const knownIds: number[] = [];
/** The seeded projects of client a (three with two versions) and of client b. */
let trees: Tree[] = [];
const knownUuids: string[] = [];
/** One of a list that grows during the run (an arbitrary built once would see only its first entries). */
const oneOf = <T>(list: T[]) => fc.nat().map((i) => list[i % list.length]);
let callerIds: number[] = [];
let davPath = '';

const WHO = ['none', 'forged', 'NON', 'VWR', 'USR', 'ADM', 'staff', 'other'] as const;
type Who = (typeof WHO)[number];

interface Operation {
  method: string;
  path: string;
  params: { in: string; name: string; required?: boolean; schema: JsonSchema }[];
  body?: JsonSchema;
}

interface Request {
  /** The operation, as `METHOD /path` of the OpenAPI document. */
  op: string;
  kind: string;
  who: Who;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  remoteAddress: string;
}

type Write = { tbl: string; op: string; description: string | null };

/**
 * Row changes a refused request may make, by design: a refused sign-in or reset request is counted
 * (login_attempt, the limits of issue 16 across instances) and a failed sign-in is audited; a refresh
 * token presented again after its grace revokes its family (refresh_token).
 */
const writtenByDesign = (w: Write) => w.tbl === 'login_attempt' || w.tbl === 'refresh_token'
  || (w.tbl === 'audit_log' && w.op === 'INSERT' && /^Mislukte /.test(w.description ?? ''));

const MB = 1024 * 1024;
const BIG = {
  string: `{"name":"${'a'.repeat(10 * MB)}"}`,
  array: `[${'1,'.repeat(5 * MB)}1]`,
  bytes: randomBytes(10 * MB),
  overLimit: Buffer.alloc(21 * MB, 0x7b),
};
const DEEP = {
  arrays: `${'['.repeat(10_000)}${']'.repeat(10_000)}`,
  objects: `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`,
  deeper: `{"name":${'['.repeat(100_000)}${']'.repeat(100_000)}}`,
};
const RAW_JSON = [
  Buffer.concat([Buffer.from('{"name":"'), Buffer.from([0xff, 0xfe, 0xc0, 0xaf, 0xed, 0xa0, 0x80, 0xf8, 0x88]), Buffer.from('"}')]),
  Buffer.from([0xc3, 0x28, 0xa0, 0xa1]),
  '{"__proto__":{"is_staff":true,"role":"ADM"}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '{"name":"x","__proto__":{"polluted":true}}',
  '{"name":', '{"name":"x",}', '{"sort_order":NaN}', '{"sort_order":1e999}', '{"id":-0}', '\uFEFF{"name":"x"}',
  '{"name":"a","name":"b"}', 'null', '0', '"text"', '[]', '[{}]', 'true', '{}', ' ', '\u0000',
  '{"name":"\\ud800"}', '{"email":"\\u0000@x.nl"}',
];
const CONTENT_TYPES = [
  'text/plain', 'application/xml', 'application/x-www-form-urlencoded', 'multipart/form-data', 'application/octet-stream',
  'application/json; charset=utf-16', 'application/json; charset=latin1', 'application/vnd.api+json', ';;;', 'application/json, text/plain',
];
const BAD_PATH_PARAMS = [
  '-1', '0', 'abc', '1.5', '1e3', '9'.repeat(30), '9007199254740993', '2147483648', '%00', '%ff', '..%2F..', 'null', 'NaN',
  'Infinity', '0x1F', '%201', '+1', '1;DROP TABLE project', 'a'.repeat(5000), '%E2%80%AE', '__proto__', 'constructor', '1%2F2',
];
const HOSTILE_QUERIES = [
  '__proto__[is_staff]=true', 'constructor[prototype][x]=1', '__proto__=1', 'all=1&all=2', 'page=-1', 'page=1e999',
  `filter=${'x'.repeat(50_000)}`, 'project_id=abc', 'log_rows=99999999999', '%ff=%fe', 'a=%E0%A4%A',
];
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];

beforeAll(async () => {
  t = await createTestApp({ jobWorker: false }); // jobs would write after their request's answer
  a = await createTenant(t.db, 'fuzza');
  b = await createTenant(t.db, 'fuzzb');
  trees = [
    ...await Promise.all([1, 2, 3].map(() => seedTree(t.db, a, { roles: rolesAsGlobal(a), versions: 2 }))),
    await seedTree(t.db, b, { roles: rolesAsGlobal(b) }),
  ];
  const victims = await Promise.all([1, 2, 3].map((i) => createUser(t.db, a.clientId, { email: `doel${i}@fuzza.test`, role: 'USR' })));
  const callers: Record<Exclude<Who, 'none' | 'forged'>, Tenant['adm']> = { NON: a.non, VWR: a.vwr, USR: a.usr, ADM: a.adm, staff: a.staff, other: b.adm };
  callerIds = Object.values(callers).map((u) => u.id);
  for (const [who, user] of Object.entries(callers)) headersOf[who] = await bearer(t.app, user);
  headersOf.forged = { authorization: `Bearer ${(await bearer(t.app, a.adm)).authorization.slice(7, -4)}AAAA` };
  headersOf.none = {};
  for (const tenant of [a, b]) knownIds.push(tenant.typeProjectId, tenant.subregionId, tenant.phaseId, tenant.categoryId, tenant.templateModelId, tenant.adm.id);
  for (const tree of trees) knownIds.push(...Object.values(tree));
  knownIds.push(...victims.map((v) => v.id));
  const link = await editLinkFor(t.db, a, trees[0], { publicUrl: t.config.publicUrl, userId: a.usr.id, filename: 'model.xlsx', now: t.clock.now(), hours: t.config.fileLinkHours });
  davPath = new URL(link).pathname.replace(/^\/dav\//, '');
  // Every row change in the public schema, logged in a schema of its own (not itself watched).
  await t.db.execute(sql.raw(`
    CREATE SCHEMA fuzz;
    CREATE TABLE fuzz.write (id bigserial PRIMARY KEY, tbl text NOT NULL, op text NOT NULL, description text);
    CREATE FUNCTION fuzz.record() RETURNS trigger LANGUAGE plpgsql AS $f$ BEGIN
      IF TG_TABLE_NAME = 'audit_log' THEN
        INSERT INTO fuzz.write (tbl, op, description) VALUES (TG_TABLE_NAME, TG_OP, to_jsonb(NEW)->>'description');
      ELSE
        INSERT INTO fuzz.write (tbl, op) VALUES (TG_TABLE_NAME, TG_OP);
      END IF;
      RETURN NULL; END $f$;
    DO $d$ DECLARE t text; BEGIN
      FOR t IN SELECT tablename FROM pg_tables WHERE schemaname = 'public' LOOP
        EXECUTE format('CREATE TRIGGER fuzz_write AFTER INSERT OR UPDATE OR DELETE ON public.%I FOR EACH ROW EXECUTE FUNCTION fuzz.record()', t);
      END LOOP; END $d$;`));
}, 300_000);
afterAll(() => t?.close());

function operations(): Operation[] {
  const doc = t.app.swagger() as { paths: Record<string, Record<string, { parameters?: Operation['params']; requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }>> };
  return Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({
    method: method.toUpperCase(), path, params: op.parameters ?? [], body: op.requestBody?.content?.['application/json']?.schema,
  })));
}

const ids = () => fc.oneof({ arbitrary: oneOf(knownIds), weight: 3 }, { arbitrary: fc.integer({ min: 1, max: 80 }), weight: 1 });
/** A caller's own account is not a target: blocking or deleting him would end his part of the run. */
const targetIds = (op: Operation) => (op.path.startsWith('/api/manager/user/{id}') ? ids().filter((id) => !callerIds.includes(id)) : ids());
/** encodeURIComponent, with a lone surrogate (which it refuses) sent as the invalid UTF-8 bytes it would be. */
const enc = (s: string) => s.split(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/).map(encodeURIComponent).join('%ED%A0%80');
const ipv4 = fc.tuple(fc.integer({ min: 1, max: 223 }), fc.nat(255), fc.nat(255), fc.integer({ min: 1, max: 254 })).map((p) => p.join('.'));

function pathParam(op: Operation, name: string, schema: JsonSchema, bad: boolean): fc.Arbitrary<string> {
  if (bad) return fc.oneof(fc.constantFrom(...BAD_PATH_PARAMS), fc.string({ maxLength: 30 }).map(enc));
  if (name === '*') return fc.oneof(fc.constant(davPath), fc.constantFrom(`${davPath.split('/')[0]}/`, `${davPath.split('/')[0]}/ander.xlsx`, `${davPath}/diep`, 'x/model.xlsx', ''));
  if (name === 'uuid') return fc.oneof(fc.uuid(), oneOf(knownUuids).map((u) => u ?? randomUuid()));
  if (name === 'set') return fc.constantFrom('Projecten', 'Resultaten', 'x', '$batch');
  return validValue(schema, name === 'id' ? targetIds(op) : ids()).map((v) => enc(typeof v === 'object' ? JSON.stringify(v) : String(v)));
}

function queryString(op: Operation, mode: 'valid' | 'near'): fc.Arbitrary<string> {
  const query = op.params.filter((p) => p.in === 'query');
  if (!query.length) return fc.constant('');
  const value = (p: Operation['params'][number]) => (mode === 'valid' ? validValue(p.schema, ids()) : fc.oneof(validValue(p.schema, ids()), garbageValue));
  return fc.tuple(...query.map((p) => fc.option(value(p), { nil: undefined, freq: p.required ? 10 : 2 }) as fc.Arbitrary<unknown>))
    .map((values) => values.flatMap((v, i) => (v === undefined ? [] : [`${enc(query[i].name)}=${enc(typeof v === 'object' ? JSON.stringify(v) : String(v))}`])).join('&'));
}

function url(op: Operation, params: Record<string, string>, query: string): string {
  const path = op.path.replace(/\{([^}]+)\}/g, (_m, name: string) => params[name] ?? '1');
  return query ? `${path}?${query}` : path;
}

/** Every request of one operation: valid, near-valid and raw garbage. */
function requestsOf(op: Operation): fc.Arbitrary<Omit<Request, 'who' | 'remoteAddress'>> {
  const pathNames = op.params.filter((p) => p.in === 'path');
  const params = (bad: boolean) => (pathNames.length
    ? fc.tuple(...pathNames.map((p) => pathParam(op, p.name, p.schema, bad))).map((vs) => Object.fromEntries(vs.map((v, i) => [pathNames[i].name, v])))
    : fc.constant({} as Record<string, string>));
  const json = (body: unknown) => ({ payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
  const bodyOf = (valueArb: fc.Arbitrary<unknown> | undefined) => (valueArb ? valueArb.map(json) : fc.constant({ payload: undefined, headers: {} }));
  const make = (kind: string, bad: boolean, mode: 'valid' | 'near', body: fc.Arbitrary<{ payload?: string | Buffer; headers: Record<string, string> }>, method = fc.constant(op.method)) =>
    fc.tuple(params(bad), queryString(op, mode), body, method).map(([p, q, b, m]) => ({ op: `${op.method} ${op.path}`, kind, method: m, url: url(op, p, q), headers: b.headers, payload: b.payload }));
  const schema = op.body;
  const raw = (payload: string | Buffer, contentType = 'application/json') => ({ payload, headers: { 'content-type': contentType } });
  return fc.oneof(
    { weight: 30, arbitrary: make('geldig', false, 'valid', bodyOf(schema && validValue(schema, ids()))) },
    { weight: 20, arbitrary: make('bijna geldig', false, 'near', bodyOf(schema ? nearValidValue(schema, ids()) : undefined)) },
    { weight: 8, arbitrary: make('onzin-veld', false, 'near', bodyOf(garbageValue)) },
    { weight: 8, arbitrary: make('onzin-pad', true, 'valid', bodyOf(schema && validValue(schema, ids()))) },
    { weight: 8, arbitrary: make('onzin-json', false, 'valid', fc.constantFrom(...RAW_JSON).map((p) => raw(p))) },
    { weight: 3, arbitrary: make('diep', false, 'valid', fc.constantFrom(DEEP.arrays, DEEP.objects, DEEP.deeper).map((p) => raw(p))) },
    { weight: 6, arbitrary: make('inhoudstype', false, 'valid', fc.tuple(fc.constantFrom(...CONTENT_TYPES), schema ? validValue(schema, ids()) : fc.jsonValue({ maxDepth: 2 }))
      .map(([type, v]) => raw(type.startsWith('application/x-www') ? new URLSearchParams({ name: JSON.stringify(v) ?? '' }).toString() : JSON.stringify(v) ?? '', type))) },
    { weight: 5, arbitrary: make('multipart', false, 'valid', fc.tuple(schema ? validValue(schema, ids()) : fc.constant({}), fc.option(fc.uint8Array({ maxLength: 200 })), fc.constantFrom('model.xlsx', 'a.pdf', '../../x', '', '\u0000.bin'))
      .map(([v, data, filename]) => {
        const fields = v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, typeof x === 'object' ? JSON.stringify(x) : String(x)])) : {};
        return multipart(fields, data ? { filename, data: Buffer.from(data), type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } : undefined);
      })) },
    { weight: 4, arbitrary: make('onzin-query', false, 'near', bodyOf(schema && validValue(schema, ids())))
      .chain((r) => fc.constantFrom(...HOSTILE_QUERIES).map((q) => ({ ...r, url: `${r.url}${r.url.includes('?') ? '&' : '?'}${q}` }))) },
    { weight: 4, arbitrary: make('methode', false, 'valid', bodyOf(schema && validValue(schema, ids())), fc.constantFrom(...METHODS)) },
    { weight: 1, arbitrary: make('10 MB', false, 'valid', fc.constantFrom(raw(BIG.string), raw(BIG.array), raw(BIG.bytes), raw(BIG.bytes, 'application/octet-stream'), raw(BIG.overLimit))) },
  );
}

/** Callers who may do more weigh more: their valid requests reach the services, not only the policies. */
const CALLER_WEIGHT: Record<Who, number> = { none: 2, forged: 1, NON: 1, VWR: 2, USR: 3, ADM: 3, staff: 3, other: 2 };
const caller = fc.oneof(...WHO.map((w) => ({ arbitrary: fc.constant(w), weight: CALLER_WEIGHT[w] })));

const request = (ops: Operation[]): fc.Arbitrary<Request> => fc.tuple(
  fc.oneof(...ops.map(requestsOf)), caller, ipv4,
).map(([r, who, remoteAddress]) => ({ ...r, who, remoteAddress, headers: { ...r.headers, ...headersOf[who] } }));

/** English words of framework and library messages: a refusal in Dutch contains none of them. */
const ENGLISH = /\b(the|must|should|invalid|expected|required|unexpected|error|not found|allowed|unsupported|request|received|body|cannot)\b/i;

const stats = { slowest: [] as { ms: number; what: string }[], byClass: {} as Record<string, number>, byKind: {} as Record<string, Record<string, number>>, operationsAnswered2xx: new Set<string>() };
let lastWrite = 0;

/** The row changes since the previous call. */
async function writesSince(): Promise<Write[]> {
  const { rows } = await t.db.execute<Write & { id: string }>(sql`SELECT id, tbl, op, description FROM fuzz.write WHERE id > ${lastWrite} ORDER BY id`);
  if (rows.length) lastWrite = Number(rows[rows.length - 1].id);
  return rows;
}

function collect(value: unknown, key = '') {
  if (Array.isArray(value)) value.forEach((v) => collect(v));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) collect(v, k);
  else if (typeof value === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value) && knownUuids.length < 200 && !knownUuids.includes(value)) knownUuids.push(value);
  else if (typeof value === 'number' && key === 'id' && Number.isSafeInteger(value) && value > 0 && knownIds.length < 500 && !knownIds.includes(value)) knownIds.push(value);
}

/** Sends one request and checks its answer; returns the status. */
async function send(r: Request): Promise<number> {
  const started = performance.now();
  const res = await t.app.inject({ method: r.method as 'GET', url: r.url, headers: r.headers, payload: r.payload, remoteAddress: r.remoteAddress });
  const status = res.statusCode;
  stats.slowest.push({ ms: Math.round(performance.now() - started), what: `${r.kind} ${r.who} ${r.method} ${r.url.slice(0, 100)} → ${status}` });
  stats.slowest = stats.slowest.sort((x, y) => y.ms - x.ms).slice(0, 5);
  const cls = `${Math.floor(status / 100)}xx`;
  stats.byClass[cls] = (stats.byClass[cls] ?? 0) + 1;
  (stats.byKind[r.kind] ??= {})[cls] = (stats.byKind[r.kind][cls] ?? 0) + 1;
  const what = `${r.kind} ${r.who} ${r.method} ${r.url.slice(0, 200)} → ${status} ${res.body.slice(0, 300)}`;
  expect(status, what).toBeLessThan(500);
  const writes = await writesSince();
  if (status < 400) {
    stats.operationsAnswered2xx.add(r.op);
    if (res.headers['content-type']?.toString().includes('json') && res.body) collect(res.json());
    return status;
  }
  expect(writes.filter((w) => !writtenByDesign(w)), `rows written by a refused request: ${what}`).toEqual([]);
  if (r.method === 'HEAD') return status;
  const type = res.headers['content-type']?.toString() ?? '';
  // Two refusals speak their protocol's own error format: WebDAV preconditions (RFC 4918 §16, XML) and the
  // OData error of the BI feed (`{ error: { code, message } }`, which Power BI and Excel show).
  if (r.url.startsWith('/dav/') && type.includes('xml')) return status;
  expect(type, what).toContain('application/json');
  const body = res.json();
  const odata = r.url.startsWith('/api/bi/v1/feed/') && typeof body.error === 'object';
  const message = odata ? body.error.message : body.message;
  expect(typeof message === 'string' && message.trim().length > 0 && !ENGLISH.test(message), `not a Dutch message: ${what}`).toBe(true);
  if (!odata) {
    expect(Array.isArray(body.errors), `no errors array: ${what}`).toBe(true);
    for (const e of body.errors) expect(typeof e.path === 'string' && typeof e.message === 'string', what).toBe(true);
  }
  return status;
}

/** Rows per table of the public schema. */
async function rowCounts(): Promise<Record<string, number>> {
  const { rows: tables } = await t.db.execute<{ tablename: string }>(sql`SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`);
  const { rows } = await t.db.execute<{ tbl: string; n: string }>(sql.raw(
    tables.map(({ tablename }) => `SELECT '${tablename}' AS tbl, count(*) AS n FROM public."${tablename}"`).join(' UNION ALL ')));
  return Object.fromEntries(rows.map((r) => [r.tbl, Number(r.n)]));
}

/** One request as a caller, and the rows it changed. */
async function call(who: Who, method: string, url: string, payload?: unknown, contentType = 'application/json') {
  await writesSince();
  const body = payload === undefined || typeof payload === 'string' || Buffer.isBuffer(payload) ? payload as string | Buffer | undefined : JSON.stringify(payload);
  const res = await t.app.inject({ method: method as 'GET', url, payload: body, headers: { ...headersOf[who], ...(body !== undefined && { 'content-type': contentType }) } });
  return { status: res.statusCode, body: res.body ? res.json() : undefined, writes: await writesSince() };
}

// Counterexamples the fuzzer found (shrunk by fast-check), kept as named cases.
describe('counterexamples', () => {
  it('an id beyond PostgreSQL int4 is refused as input (400), in a path and in a body; the largest int4 is just unknown (404)', async () => {
    expect((await call('ADM', 'GET', '/api/manager/model/2147483648/open/')).status).toBe(400);
    expect((await call('ADM', 'GET', '/api/manager/model/2147483647/')).status).toBe(404);
    expect((await call('ADM', 'PUT', `/api/manager/user/${a.vwr.id}/subregion/`, [{ subregion_id: 2147483648, access: false }])).status).toBe(400);
    expect((await call('USR', 'POST', '/api/manager/version-model/', { name: '0', phase: 2147483648, project: knownIds[0] })).status).toBe(400);
    expect((await call('staff', 'POST', '/api/manager/model/', { name: '0', type_model: 2147483648, version: trees[0]!.versionId })).status).toBe(400);
    const upload = multipart({ version: 2147483648, attachment_type: 'FILE', category_attachment: a.categoryId }, { filename: 'a.pdf', data: Buffer.from('%PDF-1.4') });
    const res = await t.app.inject({ method: 'POST', url: '/api/manager/attachment-version-model/', payload: upload.payload, headers: { ...headersOf.USR, ...upload.headers } });
    expect(res.statusCode).toBe(400);
  });

  it('a path parameter longer than the router allows answers 414 in the { message, errors } shape', async () => {
    const res = await call('none', 'GET', `/api/manager/model/${'a'.repeat(2000)}/open/`);
    expect([res.status, res.body]).toEqual([414, { message: 'Het adres is te lang.', errors: [] }]);
  });

  it('PUT user/me/ and user/{id}/ with nothing to change answer the profile as it is, without writing', async () => {
    const me = await call('NON', 'PUT', '/api/manager/user/me/', {});
    expect([me.status, me.body.email, me.writes]).toEqual([200, a.non.email, []]);
    const noBoundary = await call('staff', 'PUT', '/api/manager/user/me/', '{}', 'multipart/form-data');
    expect(noBoundary.status).toBeLessThan(500);
    const user = await call('ADM', 'PUT', `/api/manager/user/${a.vwr.id}/`, {});
    expect([user.status, user.body.email, user.writes]).toEqual([200, a.vwr.email, []]);
  });

  it('a NUL character in text is refused (400), not passed to PostgreSQL (500)', async () => {
    const res = await call('NON', 'PUT', '/api/manager/user/me/', '{"email":"\\u0000@x.nl"}');
    expect([res.status, res.body, res.writes]).toEqual([400, { message: 'De aanvraag bevat een ongeldig teken.', errors: [] }, []]);
  });

  it('the OAuth token call answers a poisoned body in the OAuth shape (its 400 schema), not 500', async () => {
    const res = await call('none', 'POST', '/api/manager/mapviewer/oauth/token/', '{"grant_type":"authorization_code","__proto__":{"polluted":true}}');
    expect([res.status, res.body.error, res.body.errors]).toEqual([400, 'invalid_request', []]);
  });

  it('a 10 MB list of 5 million elements is refused by its length, not validated element by element (20 s, GBs)', async () => {
    const res = await call('ADM', 'POST', `/api/manager/user/${a.vwr.id}/template-report/`, BIG.array);
    expect([res.status, res.body, res.writes]).toEqual([400, { message: 'Gebruik maximaal 20.000 elementen.', errors: [{ path: '', message: 'Gebruik maximaal 20.000 elementen.' }] }, []]);
  });

  it('the framework\'s refusals (401, 404, 415, 413, bad JSON, 10,000 levels deep) answer { message, errors } in Dutch', async () => {
    const cases: [Awaited<ReturnType<typeof call>>, number, string][] = [
      [await call('none', 'GET', '/api/manager/project/'), 401, 'U bent niet ingelogd.'],
      [await call('ADM', 'GET', '/api/manager/bestaat-niet/'), 404, 'Niet gevonden.'],
      [await call('ADM', 'POST', '/api/manager/project/', '<naam/>', 'application/xml'), 415, 'Dit type inhoud wordt niet ondersteund.'],
      [await call('ADM', 'POST', '/api/manager/project/', BIG.overLimit), 413, 'Het bestand is te groot.'],
      [await call('ADM', 'POST', '/api/manager/project/', '{"name":'), 400, 'Ongeldige aanvraag.'],
      [await call('ADM', 'POST', '/api/manager/project/', DEEP.objects), 400, expect.any(String) as unknown as string],
    ];
    for (const [res, status, message] of cases) expect([res.status, res.body, res.writes]).toEqual([status, { message, errors: expect.any(Array) }, []]);
  });
});

describe('hostile input at scale', () => {
  it('covers every operation of the OpenAPI document', () => {
    const ops = operations();
    expect(ops.length).toBeGreaterThan(150);
    for (const op of ops) expect(() => fc.sample(requestsOf(op), 5), `${op.method} ${op.path}`).not.toThrow();
  });

  it(`${REQUESTS} requests: no 5xx, refusals in the { message, errors } shape in Dutch, no writes by refusals`, async () => {
    const ops = operations();
    await writesSince();
    const logStart = lastWrite;
    const countsBefore = await rowCounts();
    const started = Date.now();
    await fc.assert(fc.asyncProperty(request(ops), async (r) => {
      await send(r);
    }), { numRuns: REQUESTS, seed: FUZZ_SEED });
    const seconds = (Date.now() - started) / 1000;
    console.log(`fuzz: ${REQUESTS} requests in ${seconds.toFixed(1)} s; per status class ${JSON.stringify(stats.byClass)}`);
    for (const [kind, classes] of Object.entries(stats.byKind)) console.log(`  ${kind.padEnd(14)} ${JSON.stringify(classes)}`);
    console.log(`  operations answered 2xx at least once: ${stats.operationsAnswered2xx.size} of ${ops.length}`);
    console.log(`  slowest: ${stats.slowest.map((x) => `${x.ms} ms ${x.what}`).join('\n           ')}`);
    expect(stats.byClass['5xx'] ?? 0).toBe(0);
    // The row counts after the run are those before plus the logged inserts less the logged deletes: the
    // per-request log that found no write by a refusal missed no row change.
    const { rows: net } = await t.db.execute<{ tbl: string; n: string }>(sql`
      SELECT tbl, sum(CASE op WHEN 'INSERT' THEN 1 WHEN 'DELETE' THEN -1 ELSE 0 END) AS n FROM fuzz.write WHERE id > ${logStart} GROUP BY tbl`);
    const expected = { ...countsBefore };
    for (const r of net) expected[r.tbl] += Number(r.n);
    expect(await rowCounts()).toEqual(expected);
    // No crash: the app still answers.
    const health = await t.app.inject({ method: 'GET', url: '/api/manager/status/' });
    expect([health.statusCode, health.json()]).toEqual([200, expect.objectContaining({ status: 'ok' })]);
  }, 900_000);
});
