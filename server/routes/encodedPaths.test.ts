import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/server/app.ts';
import { DAV_PREFIX } from '../webdav/editLinks.ts';

// Issue 22 item 3: whether a request needs a token is decided on the route the router matched (which
// decodes the path), not on the raw URL. `/%61pi/…` is `/api/…`; without a token it answers 401.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

/** The routes that need no token (config.public), as `METHOD path` of the OpenAPI document. */
const PUBLIC = new Set([
  'POST /api/manager/user/login/',
  'POST /api/manager/user/login/mfa/',
  'POST /api/manager/token/refresh/',
  'GET /api/manager/token/refresh/',
  'GET /api/manager/client-status/',
  'GET /api/manager/status/',
  'POST /api/manager/user/reset-password/send-token/',
  'POST /api/manager/user/reset-password/check-token/',
  'POST /api/manager/user/reset-password/check-mfa/',
  'POST /api/manager/user/reset-password/set-password/',
  'POST /api/manager/user/invitation/check/',
  'POST /api/manager/user/invitation/accept/',
  'GET /api/manager/saml/metadata/',
  'GET /api/manager/saml/sign-in/',
  'POST /api/manager/saml/acs/',
  'POST /api/manager/mapviewer/oauth/token/',
  'GET /api/manager/mapviewer/oauth/resource/',
  'GET /api/bi/v1/feed/{uuid}/',
  'GET /api/bi/v1/feed/{uuid}/odata',
  'GET /api/bi/v1/feed/{uuid}/odata/',
  'GET /api/bi/v1/feed/{uuid}/odata/$metadata',
  'GET /api/bi/v1/feed/{uuid}/odata/{set}',
  'GET /api/grexsuperadmin/status/',
]);

interface Op { method: string; path: string; params: { in: string; name: string; schema?: { format?: string } }[] }

function operations(): Op[] {
  const doc = t.app.swagger() as { paths: Record<string, Record<string, { parameters?: Op['params'] }>> };
  return Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({
    method: method.toUpperCase(), path, params: op.parameters ?? [],
  })));
}

const hex = (c: string) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`;
/** The path with its parameters filled in; `encode` percent-encodes letters of its fixed segments. */
function address(op: Op, encode: (segment: string) => string): string {
  return op.path.split('/').map((segment) => {
    const param = /^\{(.+)\}$/.exec(segment)?.[1];
    if (!param) return encode(segment);
    const format = op.params.find((p) => p.in === 'path' && p.name === param)?.schema?.format;
    return format === 'uuid' || param === 'uuid' ? randomUUID() : '1';
  }).join('/');
}
const ENCODINGS: [string, (s: string) => string][] = [
  ['the first letter', (s) => (s === 'api' ? `${hex('a')}pi` : s)],
  ['every letter', (s) => s.replace(/[a-z]/g, hex)],
  ['upper-case escapes', (s) => s.replace(/[a-z]/g, (c) => hex(c).toUpperCase())],
];

describe('percent-encoded paths without a token', () => {
  it('lists only public routes that the OpenAPI document has', () => {
    const ops = new Set(operations().map((o) => `${o.method} ${o.path}`));
    expect([...PUBLIC].filter((p) => !ops.has(p))).toEqual([]);
  });

  it.each(ENCODINGS)('every non-public route of the OpenAPI document answers 401 (%s encoded)', async (_name, encode) => {
    const passed: string[] = [];
    for (const op of operations()) {
      // The WebDAV edit links carry their credential, the token, in the path (server/webdav).
      if (PUBLIC.has(`${op.method} ${op.path}`) || op.path.startsWith(`${DAV_PREFIX}/`)) continue;
      const url = address(op, encode);
      const res = await t.app.inject({ method: op.method as 'GET', url, payload: op.method === 'GET' || op.method === 'DELETE' ? undefined : {} });
      if (res.statusCode !== 401) passed.push(`${op.method} ${url} → ${res.statusCode}`);
      else expect(res.json().message, `${op.method} ${url}: ${res.body}`).toBe('U bent niet ingelogd.');
    }
    expect(passed).toEqual([]);
  });

  it('the reported requests: project list, logout and a produced file', async () => {
    const project = await t.app.inject({ method: 'GET', url: '/%61pi/manager/project/' });
    expect(project.statusCode).toBe(401);
    const user = await t.app.inject({ method: 'GET', url: '/%61pi/manager/user/me/' });
    expect(user.statusCode).toBe(401);
    const file = await t.app.inject({ method: 'GET', url: `/%66iles/${randomUUID()}/Rapport.xlsx` });
    expect(file.statusCode).toBe(401);
    const logout = await t.app.inject({ method: 'POST', url: '/%61pi/manager/user/logout/' });
    expect(logout.statusCode).toBe(401);
  });
});
