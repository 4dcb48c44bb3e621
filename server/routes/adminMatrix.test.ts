import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, inArray } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/server/app.ts';
import { createTenant, createUser, bearer, type Tenant } from '../../test/server/fixtures.ts';
import { appUser, categoryAttachment, job, phase, project, subregion, typeProject, versionModel, model, templateReport, userTemplateReport, documentation } from '../db/schema/index.ts';
import { multipart, rolesAsGlobal, seedTree } from '../../test/server/projectFixtures.ts';
import { buildComparisonTemplate } from '../../src/formulas/reportTemplates.ts';
import { saveFile } from '../storage/files.ts';
import type { UserRow } from '../context.ts';
import { fromRd } from '../../src/lib/geo.ts';

// Authorization matrix of every endpoint of issue 6 (access and administration) × every kind of
// caller. 'other' is the ADM of another client: ids of this client answer 404 for it (never 403),
// while collection endpoints work on its own client.

let t: TestApp;
let a: Tenant;
let b: Tenant;
let n = 0;
const uniq = () => ++n;

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t.db, 'matrixa');
  b = await createTenant(t.db, 'matrixb');
});
afterAll(() => t.close());

type Who = 'none' | 'NON' | 'VWR' | 'USR' | 'ADM' | 'staff' | 'other';
const WHO: Who[] = ['none', 'NON', 'VWR', 'USR', 'ADM', 'staff', 'other'];
const caller = (w: Who): UserRow | null =>
  ({ none: null, NON: a.non, VWR: a.vwr, USR: a.usr, ADM: a.adm, staff: a.staff, other: b.adm })[w];

interface Row {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Builds the path (and body) for one cell; may create a fresh target so cells do not interfere. */
  make: (who: Who) => Promise<{ url: string; body?: unknown; headers?: Record<string, string> }>;
  expect: Record<Who, number>;
}

const ADMIN_ID = { none: 401, NON: 403, VWR: 403, USR: 403, ADM: 200, staff: 200, other: 404 };
const ADMIN_COLLECTION = { none: 401, NON: 403, VWR: 403, USR: 403, ADM: 200, staff: 200, other: 200 };
const ADMIN_CREATE = { none: 401, NON: 403, VWR: 403, USR: 403, ADM: 201, staff: 201, other: 201 };
const STAFF_TARGET = { none: 401, NON: 403, VWR: 403, USR: 403, ADM: 403, staff: 200, other: 404 };
const READ_ID = { none: 401, NON: 403, VWR: 200, USR: 200, ADM: 200, staff: 200, other: 404 };
const ANY_SIGNED_IN = { none: 401, NON: 200, VWR: 200, USR: 200, ADM: 200, staff: 200, other: 200 };
/** Report templates: staff of the client only (an ADM of another client is refused by the policy first). */
const STAFF_ONLY = { none: 401, NON: 403, VWR: 403, USR: 403, ADM: 403, staff: 200, other: 403 };
/** Everyone with the main app, each in his own client. */
const MAIN_APP = { none: 401, NON: 403, VWR: 200, USR: 200, ADM: 200, staff: 200, other: 200 };
/** A valid outline: 100 m × 100 m at Amersfoort (RD New). */
const SQUARE = { type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: [
  [[155_000, 463_000], [155_100, 463_000], [155_100, 463_100], [155_000, 463_100], [155_000, 463_000]].map((p) => fromRd(p)),
] } };
const PUBLIC = { none: 200, NON: 200, VWR: 200, USR: 200, ADM: 200, staff: 200, other: 200 };

const freshUser = async () => createUser(t.db, a.clientId, { email: `doel${uniq()}@matrixa.test`, role: 'USR' });
const freshStaff = async () => createUser(t.db, a.clientId, { email: `staf${uniq()}@matrixa.test`, role: 'ADM', isStaff: true });
const freshSubregion = async () => (await t.db.insert(subregion).values({ clientId: a.clientId, description: `Gebied ${uniq()}` }).returning())[0];
const freshType = async () => (await t.db.insert(typeProject).values({ clientId: a.clientId, description: `Type ${uniq()}` }).returning())[0];
const freshPhase = async () => (await t.db.insert(phase).values({ clientId: a.clientId, description: `Fase ${uniq()}` }).returning())[0];
/** The ids of a client's phases in their order. */
const phaseIds = async (tenant: Tenant) =>
  (await t.db.select({ id: phase.id }).from(phase).where(eq(phase.clientId, tenant.clientId)).orderBy(asc(phase.position), asc(phase.id))).map((p) => p.id);
const freshCategory = async () => (await t.db.insert(categoryAttachment).values({ clientId: a.clientId, name: `Cat ${uniq()}` }).returning())[0];
const freshManual = async () => {
  const file = await saveFile(t.db, { clientId: a.clientId, filename: 'h.pdf', contentType: 'application/pdf', data: Buffer.from('%PDF-1.4\n%%EOF\n'), at: new Date() });
  return (await t.db.insert(documentation).values({ createdAt: new Date(), updatedAt: new Date(), clientId: a.clientId, name: `Handleiding ${uniq()}`, documentationType: 'manual', fileId: file.id }).returning())[0];
};
const strong = 'Sterk-Wachtwoord-77!';

const rows: Row[] = [
  // MFA (bearer, own account) and MFA sign-in (public)
  { name: 'mfa setup', method: 'POST', make: async () => ({ url: 'user/mfa/setup/' }), expect: ANY_SIGNED_IN },
  { name: 'mfa disable', method: 'POST', make: async () => ({ url: 'user/mfa/disable/' }), expect: ANY_SIGNED_IN },
  { name: 'mfa verify (wrong code)', method: 'POST', make: async () => ({ url: 'user/mfa/verify/', body: { user_email: 'x@y.nl', mfa_code: '000000' } }),
    expect: { none: 401, NON: 400, VWR: 400, USR: 400, ADM: 400, staff: 400, other: 400 } },
  { name: 'mfa recovery-codes (MFA off)', method: 'POST', make: async () => ({ url: 'user/mfa/recovery-codes/' }),
    expect: { none: 401, NON: 400, VWR: 400, USR: 400, ADM: 400, staff: 400, other: 400 } },
  { name: 'login mfa (no ticket)', method: 'POST', make: async () => ({ url: 'user/login/mfa/', body: { email: 'x@y.nl', mfa_code: '000000' } }),
    expect: { none: 401, NON: 401, VWR: 401, USR: 401, ADM: 401, staff: 401, other: 401 } },
  // reset (public) and own password
  { name: 'reset send-token', method: 'POST', make: async () => ({ url: 'user/reset-password/send-token/', body: { email: `p${uniq()}@nergens.nl` } }), expect: PUBLIC },
  { name: 'reset check-token', method: 'POST', make: async () => ({ url: 'user/reset-password/check-token/', body: { email: `p${uniq()}@nergens.nl`, reset_password_token: 'x' } }), expect: PUBLIC },
  { name: 'reset check-mfa', method: 'POST', make: async () => ({ url: 'user/reset-password/check-mfa/', body: { email: `p${uniq()}@nergens.nl`, reset_password_token: 'x', mfa_code: '000000' } }),
    expect: { none: 400, NON: 400, VWR: 400, USR: 400, ADM: 400, staff: 400, other: 400 } },
  { name: 'reset set-password', method: 'POST', make: async () => ({ url: 'user/reset-password/set-password/', body: { email: `p${uniq()}@nergens.nl`, reset_password_token: 'x', new_password: strong } }),
    expect: { none: 400, NON: 400, VWR: 400, USR: 400, ADM: 400, staff: 400, other: 400 } },
  { name: 'me reset-password (wrong current)', method: 'POST', make: async () => ({ url: 'user/me/reset-password/', body: { current_password: 'fout', new_password: strong } }),
    expect: { none: 401, NON: 400, VWR: 400, USR: 400, ADM: 400, staff: 400, other: 400 } },
  // invitation link (public; an unknown token)
  { name: 'invitation check', method: 'POST', make: async () => ({ url: 'user/invitation/check/', body: { token: `x${uniq()}` } }),
    expect: { none: 400, NON: 400, VWR: 400, USR: 400, ADM: 400, staff: 400, other: 400 } },
  { name: 'invitation accept', method: 'POST', make: async () => ({ url: 'user/invitation/accept/', body: { token: `x${uniq()}`, new_password: strong } }),
    expect: { none: 400, NON: 400, VWR: 400, USR: 400, ADM: 400, staff: 400, other: 400 } },
  // user administration
  { name: 'user list', method: 'GET', make: async () => ({ url: 'user/' }), expect: ADMIN_COLLECTION },
  { name: 'user new', method: 'POST', make: async () => ({ url: 'user/new', body: { first_name: 'N', last_name: 'N', email: `nieuw${uniq()}@matrix.test`, password: strong, role: 'VWR' } }), expect: ADMIN_CREATE },
  { name: 'user force-mfa', method: 'POST', make: async () => ({ url: 'user/force-mfa/', ...await unforced() }), expect: ADMIN_COLLECTION },
  { name: 'user get', method: 'GET', make: async () => ({ url: `user/${a.vwr.id}/` }), expect: ADMIN_ID },
  { name: 'user put', method: 'PUT', make: async () => ({ url: `user/${(await freshUser()).id}/`, body: { first_name: 'Gewijzigd' } }), expect: ADMIN_ID },
  { name: 'user delete', method: 'DELETE', make: async () => ({ url: `user/${(await freshUser()).id}/` }), expect: ADMIN_ID },
  { name: 'user blk', method: 'POST', make: async () => ({ url: `user/${(await freshUser()).id}/blk/`, body: { blocked: true } }), expect: ADMIN_ID },
  { name: 'user reset-mfa', method: 'POST', make: async () => ({ url: `user/${(await freshUser()).id}/reset-mfa/` }), expect: ADMIN_ID },
  { name: 'user invite', method: 'POST', make: async () => ({ url: `user/${(await freshUser()).id}/invite/` }), expect: ADMIN_ID },
  // A fresh target: a temporary password holds its user at the password gate (issue 33.2), and a.vwr calls the rows after this one.
  { name: 'user reset-password', method: 'POST', make: async () => ({ url: `user/${(await freshUser()).id}/reset-password/`, body: { new_password: strong } }), expect: ADMIN_ID },
  ...(['GET', 'POST', 'PUT'] as const).flatMap((method): Row[] => [
    { name: `user project-role ${method}`, method, make: async () => ({ url: `user/${a.usr.id}/project-role/`, body: method === 'GET' ? undefined : [] }), expect: ADMIN_ID },
    { name: `user subregion ${method}`, method, make: async () => ({ url: `user/${a.usr.id}/subregion/`, body: method === 'GET' ? undefined : [{ subregion_id: a.subregionId, access: true }] }), expect: ADMIN_ID },
    { name: `user template-report ${method}`, method, make: async () => ({ url: `user/${a.usr.id}/template-report/`, body: method === 'GET' ? undefined : [] }), expect: ADMIN_ID },
  ]),
  // The grant setters on a staff user: only staff manages staff, as for every other user action.
  ...(['POST', 'PUT'] as const).flatMap((method): Row[] => [
    { name: `staff user project-role ${method}`, method, make: async () => ({ url: `user/${(await freshStaff()).id}/project-role/`, body: [] }), expect: STAFF_TARGET },
    { name: `staff user subregion ${method}`, method, make: async () => ({ url: `user/${(await freshStaff()).id}/subregion/`, body: [{ subregion_id: a.subregionId, access: true }] }), expect: STAFF_TARGET },
    { name: `staff user template-report ${method}`, method, make: async () => ({ url: `user/${(await freshStaff()).id}/template-report/`, body: [] }), expect: STAFF_TARGET },
  ]),
  { name: 'staff user put', method: 'PUT', make: async () => ({ url: `user/${(await freshStaff()).id}/`, body: { first_name: 'Gewijzigd' } }), expect: STAFF_TARGET },
  { name: 'template-report list', method: 'GET', make: async () => ({ url: 'template-report/' }), expect: { ...ANY_SIGNED_IN, NON: 403 } },
  // report templates (staff) and reports (issue 13)
  { name: 'template-report create', method: 'POST', make: async () => {
    const m = multipart({ name: `Sjabloon ${uniq()}`, n_models_min: 1, n_models_max: 5 }, { filename: 's.xlsx', data: reportTemplate });
    return { url: 'template-report/', body: m.payload, headers: m.headers };
  }, expect: { ...STAFF_ONLY, staff: 201 } },
  { name: 'template-report patch', method: 'PATCH', make: async () => ({ url: `template-report/${(await freshReportTemplate()).id}/`, body: { n_models_max: 7 } }), expect: STAFF_ONLY },
  { name: 'template-report delete', method: 'DELETE', make: async () => ({ url: `template-report/${(await freshReportTemplate()).id}/` }), expect: STAFF_ONLY },
  { name: 'template-report file', method: 'GET', make: async () => ({ url: `template-report/${reportTemplateId}/file/` }), expect: STAFF_ONLY },
  { name: 'report create (readable model, granted template)', method: 'POST', make: async () => ({ url: 'report/', body: { template_report: reportTemplateId, models: [reportModelId] } }),
    expect: { none: 401, NON: 403, VWR: 200, USR: 200, ADM: 200, staff: 200, other: 404 } },
  { name: 'report poll (a job of USR)', method: 'GET', make: async () => ({ url: `report/?uuid=${await usrJob()}` }),
    expect: { none: 401, NON: 403, VWR: 404, USR: 202, ADM: 404, staff: 404, other: 404 } },
  // configuration
  { name: 'subregion create', method: 'POST', make: async () => ({ url: 'subregion/', body: { description: `Nieuw ${uniq()}`, access_list: [] } }), expect: ADMIN_CREATE },
  { name: 'subregion get', method: 'GET', make: async () => ({ url: `subregion/${a.subregionId}/` }), expect: READ_ID },
  { name: 'subregion put', method: 'PUT', make: async () => ({ url: `subregion/${(await freshSubregion()).id}/`, body: { description: `Hernoemd ${uniq()}` } }), expect: ADMIN_ID },
  { name: 'subregion patch', method: 'PATCH', make: async () => ({ url: `subregion/${(await freshSubregion()).id}/`, body: { description: `Hernoemd ${uniq()}` } }), expect: ADMIN_ID },
  { name: 'mapviewer subregion outline get', method: 'GET', make: async () => ({ url: `mapviewer/subregion/${a.subregionId}/outline/` }), expect: READ_ID },
  { name: 'mapviewer subregion outline put', method: 'PUT', make: async () => ({ url: `mapviewer/subregion/${(await freshSubregion()).id}/outline/`, body: SQUARE }), expect: ADMIN_ID },
  { name: 'mapviewer client_region outline get', method: 'GET', make: async () => ({ url: 'mapviewer/client_region/outline/' }), expect: MAIN_APP },
  { name: 'mapviewer client_region outline put', method: 'PUT', make: async () => ({ url: 'mapviewer/client_region/outline/', body: SQUARE }), expect: ADMIN_COLLECTION },
  { name: 'mapviewer client_region', method: 'GET', make: async () => ({ url: 'mapviewer/client_region/' }), expect: MAIN_APP },
  { name: 'mapviewer overview', method: 'GET', make: async () => ({ url: 'mapviewer/overview/' }), expect: MAIN_APP },
  { name: 'subregion delete', method: 'DELETE', make: async () => ({ url: `subregion/${(await freshSubregion()).id}/` }), expect: ADMIN_ID },
  { name: 'type-project create', method: 'POST', make: async () => ({ url: 'type-project/', body: { description: `Type nieuw ${uniq()}` } }), expect: ADMIN_CREATE },
  { name: 'type-project get', method: 'GET', make: async () => ({ url: `type-project/${a.typeProjectId}/` }), expect: READ_ID },
  { name: 'type-project put', method: 'PUT', make: async () => ({ url: `type-project/${(await freshType()).id}/`, body: { description: `T ${uniq()}` } }), expect: ADMIN_ID },
  { name: 'type-project patch', method: 'PATCH', make: async () => ({ url: `type-project/${(await freshType()).id}/`, body: { description: `T ${uniq()}` } }), expect: ADMIN_ID },
  { name: 'type-project delete', method: 'DELETE', make: async () => ({ url: `type-project/${(await freshType()).id}/` }), expect: ADMIN_ID },
  { name: 'phase create', method: 'POST', make: async () => ({ url: 'phase/', body: { description: `Fase nieuw ${uniq()}` } }), expect: ADMIN_CREATE },
  { name: 'phase get', method: 'GET', make: async () => ({ url: `phase/${a.phaseId}/` }), expect: READ_ID },
  { name: 'phase put', method: 'PUT', make: async () => ({ url: `phase/${(await freshPhase()).id}/`, body: { description: `F ${uniq()}` } }), expect: ADMIN_ID },
  { name: 'phase patch', method: 'PATCH', make: async () => ({ url: `phase/${(await freshPhase()).id}/`, body: { description: `F ${uniq()}` } }), expect: ADMIN_ID },
  // The whole order of the client's phases (issue 25 item 6): the caller's own client's list, reversed, and
  // the list of client a sent by the ADM of client b (a list that is not its own phases: 409, nothing changes).
  { name: 'phase order (own client)', method: 'PUT', make: async (who) => ({ url: 'phase/order/', body: { ids: (await phaseIds(who === 'other' ? b : a)).reverse() } }),
    expect: ADMIN_COLLECTION },
  { name: 'phase order (the other client\'s phases)', method: 'PUT', make: async () => ({ url: 'phase/order/', body: { ids: await phaseIds(a) } }),
    expect: { ...ADMIN_COLLECTION, other: 409 } },
  { name: 'phase delete', method: 'DELETE', make: async () => ({ url: `phase/${(await freshPhase()).id}/` }), expect: ADMIN_ID },
  { name: 'category create', method: 'POST', make: async () => ({ url: 'category-attachment/', body: { name: `Cat nieuw ${uniq()}` } }), expect: ADMIN_CREATE },
  { name: 'category get', method: 'GET', make: async () => ({ url: `category-attachment/${a.categoryId}/` }), expect: READ_ID },
  { name: 'category put', method: 'PUT', make: async () => ({ url: `category-attachment/${(await freshCategory()).id}/`, body: { name: `C ${uniq()}` } }), expect: ADMIN_ID },
  { name: 'category patch', method: 'PATCH', make: async () => ({ url: `category-attachment/${(await freshCategory()).id}/`, body: { name: `C ${uniq()}` } }), expect: ADMIN_ID },
  { name: 'category delete', method: 'DELETE', make: async () => ({ url: `category-attachment/${(await freshCategory()).id}/` }), expect: ADMIN_ID },
  // documentation (issue 13): read by the main app, written by staff; another client's ids are not found
  { name: 'documentation list', method: 'GET', make: async () => ({ url: 'documentation/' }), expect: { ...ANY_SIGNED_IN, NON: 403 } },
  { name: 'documentation pdf', method: 'GET', make: async () => ({ url: `documentation/${(await freshManual()).id}/` }), expect: READ_ID },
  { name: 'documentation create', method: 'POST', make: async () => ({ url: 'documentation/', body: { documentation_type: 'instructional_video', name: `Video ${uniq()}`, video_url: 'https://youtu.be/dQw4w9WgXcQ' } }),
    expect: { none: 401, NON: 403, VWR: 403, USR: 403, ADM: 403, staff: 201, other: 403 } },
  { name: 'documentation patch', method: 'PATCH', make: async () => ({ url: `documentation/${(await freshManual()).id}/`, body: { name: `Hernoemd ${uniq()}` } }),
    expect: { none: 401, NON: 403, VWR: 403, USR: 403, ADM: 403, staff: 200, other: 403 } },
  { name: 'documentation delete', method: 'DELETE', make: async () => ({ url: `documentation/${(await freshManual()).id}/` }),
    expect: { none: 401, NON: 403, VWR: 403, USR: 403, ADM: 403, staff: 204, other: 403 } },
  // the external map viewer (issue 14): its registration is staff's, of the own client; authorize/ needs the
  // main app (a made-up client_id: 400 invalid_client after the checks); token/ and resource/ take no JWT of ours
  { name: 'mapviewer oauth client get', method: 'GET', make: async () => ({ url: 'mapviewer/oauth/client/' }), expect: STAFF_ONLY },
  { name: 'mapviewer oauth client put', method: 'PUT', make: async () => ({ url: 'mapviewer/oauth/client/', body: { name: 'Viewer', base_url: 'https://kaart.example.nl/', redirect_uri: 'https://kaart.example.nl/cb' } }), expect: STAFF_ONLY },
  { name: 'mapviewer oauth client delete', method: 'DELETE', make: async () => ({ url: 'mapviewer/oauth/client/' }), expect: { ...STAFF_ONLY, staff: 204 } },
  { name: 'mapviewer oauth authorize (unknown client)', method: 'GET',
    make: async () => ({ url: 'mapviewer/oauth/authorize/?approval_prompt=auto&client_id=onbekend&redirect_uri=https%3A%2F%2Fkaart.example.nl%2Fcb&response_type=code&state=s' }),
    expect: { none: 401, NON: 403, VWR: 400, USR: 400, ADM: 400, staff: 400, other: 400 } },
  { name: 'mapviewer oauth token (no grant)', method: 'POST', make: async () => ({ url: 'mapviewer/oauth/token/', body: { grant_type: 'authorization_code', code: 'x', redirect_uri: 'https://kaart.example.nl/cb', client_id: 'onbekend', client_secret: 'x' } }),
    // An Authorization header (here our JWT) is an attempt at client authentication: 401 (RFC 6749 §5.2).
    expect: { none: 400, NON: 401, VWR: 401, USR: 401, ADM: 401, staff: 401, other: 401 } },
  { name: 'mapviewer oauth resource (a JWT is no OAuth token)', method: 'GET', make: async () => ({ url: 'mapviewer/oauth/resource/' }),
    expect: { none: 401, NON: 401, VWR: 401, USR: 401, ADM: 401, staff: 401, other: 401 } },
  // global parameters
  { name: 'parameter', method: 'POST', make: async () => ({ url: 'parameter/', body: { parameters: [{ parameter_type: 'BtwPercentage', period_type: 'Uitgangspunt', value_float: 0.21 }], models: [modelId] } }),
    expect: { none: 401, NON: 403, VWR: 403, USR: 403, ADM: 403, staff: 200, other: 403 } },
  { name: 'parameter preview', method: 'POST', make: async () => ({ url: 'parameter/preview/', body: { parameters: [{ parameter_type: 'BtwPercentage', period_type: 'Uitgangspunt', value_float: 0.21 }], models: [modelId] } }),
    expect: { none: 401, NON: 403, VWR: 403, USR: 403, ADM: 403, staff: 200, other: 403 } },
];

let modelId = 0;
let reportTemplate: Buffer;
let reportTemplateId = 0;
let reportModelId = 0;
const freshReportTemplate = async () => (await t.db.insert(templateReport).values({ clientId: a.clientId, name: `Sjabloon ${uniq()}` }).returning())[0];
/** A report job of USR as the request leaves it (queued; no worker takes it: it is not on the queue). */
const usrJob = async () => (await t.db.insert(job).values({ createdAt: new Date(), clientId: a.clientId, userId: a.usr.id, kind: 'report' }).returning())[0].id;
beforeAll(async () => {
  reportTemplate = Buffer.from(await buildComparisonTemplate());
  reportModelId = (await seedTree(t.db, a, { roles: rolesAsGlobal(a) })).modelId;
  const file = await saveFile(t.db, { clientId: a.clientId, filename: 'r.xlsx', data: reportTemplate, at: t.clock.now() });
  const [rt] = await t.db.insert(templateReport).values({ clientId: a.clientId, name: 'Rapport matrix', fileId: file.id }).returning();
  reportTemplateId = rt.id;
  await t.db.insert(userTemplateReport).values([a.vwr, a.usr].map((u) => ({ userId: u.id, templateReportId: rt.id })));
  const [p] = await t.db.insert(project).values({ createdAt: new Date(), timestampLastModified: new Date(), clientId: a.clientId, name: 'Matrixproject', subregionId: a.subregionId, typeProjectId: a.typeProjectId }).returning();
  const [v] = await t.db.insert(versionModel).values({ createdAt: new Date(), timestampLastModified: new Date(), projectId: p.id, name: 'V1' }).returning();
  const [m] = await t.db.insert(model).values({ createdAt: new Date(), timestampLastModified: new Date(), versionId: v.id, name: 'M1', modelPlatform: 'spreadsheet' }).returning();
  modelId = m.id;
  await t.db.insert(templateReport).values({ clientId: a.clientId, name: 'Overzicht' });
});

/**
 * Forced MFA holds every user of the client at MFA setup (issue 33.2): the force-mfa row and the rows after
 * it start from a client where nobody is forced.
 */
async function unforced() {
  await t.db.update(appUser).set({ mfaForced: false }).where(inArray(appUser.clientId, [a.clientId, b.clientId]));
  return {};
}

describe('authorization matrix of access and administration', () => {
  afterEach(unforced);
  it.each(rows.map((r) => [r.name, r] as const))('%s', async (_name, row) => {
    const actual: Record<string, number> = {};
    for (const who of WHO) {
      const { url, body, headers } = await row.make(who);
      const user = caller(who);
      const res = await t.app.inject({
        method: row.method, url: `/api/manager/${url}`, remoteAddress: `10.77.${WHO.indexOf(who)}.${uniq() % 250}`,
        headers: { ...headers, ...(user ? await bearer(t.app, user) : {}) }, ...(body !== undefined ? { payload: body as object } : {}),
      });
      actual[who] = res.statusCode;
    }
    expect(actual).toEqual(row.expect);
  });
});

// Decision "staff counts as admin of its client" (docs/decisions.md): one answer for every global-role
// question, whatever role is stored with the staff flag.
describe('a staff user is an admin of its client whatever its stored role', () => {
  it.each(['VWR', 'NON'] as const)('staff with stored role %s reaches users, logs, configuration and creates projects', async (role) => {
    const staff = await createUser(t.db, a.clientId, { email: `staf-${role}${uniq()}@matrixa.test`, role, isStaff: true });
    const headers = await bearer(t.app, staff);
    const call = async (method: 'GET' | 'POST', url: string, payload?: object) =>
      (await t.app.inject({ method, url: `/api/manager/${url}`, headers, ...(payload && { payload }) })).statusCode;
    expect({
      users: await call('GET', 'user/'),
      logs: await call('GET', `log/?client_id=${a.clientId}&log_rows=50&page=1`),
      subregionCreate: await call('POST', 'subregion/', { description: `Staf ${uniq()}`, access_list: [] }),
      projects: await call('GET', 'project/?all=true'),
      projectCreate: await call('POST', 'project/', { name: `Staf ${uniq()}`, subregion: a.subregionId, type_project: a.typeProjectId, roles: [{ id: a.usr.id, role: 'USR' }] }),
    }).toEqual({ users: 200, logs: 200, subregionCreate: 201, projects: 200, projectCreate: 201 });
  });
});
