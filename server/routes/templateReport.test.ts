import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { createTestApp, type TestApp } from '../../test/server/app.ts';
import { bearer, createTenant, type Tenant } from '../../test/server/fixtures.ts';
import { multipart } from '../../test/server/projectFixtures.ts';
import { auditLog, storedFile, templateReport, userTemplateReport } from '../db/schema/index.ts';
import type { UserRow } from '../context.ts';
import { REPORT_TEMPLATE_MESSAGES as MSG, WORKBOOK_MESSAGES } from '../../src/api/contract/messages.ts';
import type { TemplateReportItem } from '../../src/api/contract/templateReport.ts';
import { buildCashFlowsTemplate } from '../../src/formulas/reportTemplates.ts';

// Staff's report templates (Configuratie → Rapportagesjablonen): upload with the checks (xlsx, the data
// sheets, name, limits), change the limits, download, delete; within the client.

const M = '/api/manager';
let t: TestApp;
let a: Tenant;
let b: Tenant;
let valid: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t.db, 'tr');
  b = await createTenant(t.db, 'tr-b');
  valid = Buffer.from(await buildCashFlowsTemplate());
});
afterAll(() => t.close());

async function call(user: UserRow, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown) {
  return t.app.inject({ method, url: `${M}/${url}`, headers: await bearer(t.app, user), payload: body as never });
}

async function upload(user: UserRow, fields: Record<string, string | number>, data: Buffer = valid, filename = 'sjabloon.xlsx') {
  const m = multipart(fields, { filename, data });
  return t.app.inject({ method: 'POST', url: `${M}/template-report/`, headers: { ...m.headers, ...(await bearer(t.app, user)) }, payload: m.payload });
}

/** An xlsx workbook with these sheets only. */
async function workbookWith(...sheets: string[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  for (const s of sheets) wb.addWorksheet(s).getCell('A1').value = 'x';
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe('POST template-report/', () => {
  it('stores the workbook with its name, description and limits; admins see it, others only once granted', async () => {
    const r = await upload(a.staff, { name: 'Kwartaaloverzicht', description: 'Per kwartaal', n_models_min: 2, n_models_max: 4 });
    expect(r.statusCode, r.body).toBe(201);
    const item = r.json() as TemplateReportItem;
    expect(item).toEqual({ id: expect.any(Number), name: 'Kwartaaloverzicht', description: 'Per kwartaal', n_models_min: 2, n_models_max: 4 });
    expect((await call(a.adm, 'GET', 'template-report/')).json()).toContainEqual(item);
    expect((await call(a.usr, 'GET', 'template-report/')).json()).toEqual([]);
    await t.db.insert(userTemplateReport).values({ userId: a.usr.id, templateReportId: item.id });
    expect((await call(a.usr, 'GET', 'template-report/')).json()).toEqual([item]);
    // the download is the uploaded workbook, named after the template
    const file = await call(a.staff, 'GET', `template-report/${item.id}/file/`);
    expect(file.statusCode).toBe(200);
    expect(Buffer.compare(file.rawPayload, valid)).toBe(0);
    expect(file.headers['content-disposition']).toContain('Kwartaaloverzicht.xlsx');
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.description, "Rapportagesjabloon 'Kwartaaloverzicht' toegevoegd"));
    expect(audit?.clientId).toBe(a.clientId);
  });

  it('refuses a file that is no xlsx, or lacks a data sheet, in Dutch', async () => {
    const fields = { name: 'Fout', n_models_min: 1, n_models_max: 2 };
    const notXlsx = await upload(a.staff, fields, Buffer.from('%PDF-1.4 geen werkmap'), 'fout.xlsx');
    expect([notXlsx.statusCode, notXlsx.json().message, notXlsx.json().errors]).toEqual([400, WORKBOOK_MESSAGES.notXlsx, [{ path: 'file', message: WORKBOOK_MESSAGES.notXlsx }]]);
    const none = await upload(a.staff, fields, await workbookWith('Blad1'));
    expect([none.statusCode, none.json().message]).toEqual([400, "Het sjabloon heeft geen bladen 'Rekenmodellen' en 'Perioden'."]);
    const one = await upload(a.staff, fields, await workbookWith('Rekenmodellen', 'Overzicht'));
    expect([one.statusCode, one.json().message]).toEqual([400, "Het sjabloon heeft geen blad 'Perioden'."]);
    expect(await upload(a.staff, fields, await workbookWith('Perioden', 'Rekenmodellen'))).toHaveProperty('statusCode', 201);
  });

  it('checks the name and the limits (min ≥ 1, max ≥ min) with Dutch messages, and the name is unique per client (409)', async () => {
    const cases: [Record<string, string | number>, string][] = [
      [{ name: '  ', n_models_min: 1, n_models_max: 1 }, MSG.name],
      [{ name: 'Limiet', n_models_min: 0, n_models_max: 1 }, MSG.min],
      [{ name: 'Limiet', n_models_min: 'twee', n_models_max: 1 }, MSG.min],
      [{ name: 'Limiet', n_models_min: 1.5, n_models_max: 2 }, MSG.min],
      [{ name: 'Limiet', n_models_min: 3, n_models_max: 2 }, MSG.maxBelowMin],
      [{ name: 'Limiet', n_models_min: 1, n_models_max: 5000 }, MSG.tooMany],
    ];
    for (const [fields, message] of cases) {
      const r = await upload(a.staff, fields);
      expect([r.statusCode, r.json().message], JSON.stringify(fields)).toEqual([400, message]);
    }
    const noFile = await t.app.inject({ method: 'POST', url: `${M}/template-report/`, headers: await bearer(t.app, a.staff), payload: { name: 'Zonder', n_models_min: 1, n_models_max: 1 } });
    expect(noFile.statusCode).toBe(400);
    expect(await upload(a.staff, { name: 'Uniek', n_models_min: 1, n_models_max: 1 })).toHaveProperty('statusCode', 201);
    const dup = await upload(a.staff, { name: 'UNIEK', n_models_min: 1, n_models_max: 1 });
    expect([dup.statusCode, dup.json().message]).toEqual([409, MSG.duplicate]);
    // another client may use the name
    expect(await upload(b.staff, { name: 'Uniek', n_models_min: 1, n_models_max: 1 })).toHaveProperty('statusCode', 201);
  });

  it('is staff only', async () => {
    for (const user of [a.adm, a.usr, a.vwr]) expect((await upload(user, { name: `Niet ${user.id}`, n_models_min: 1, n_models_max: 1 })).statusCode).toBe(403);
  });
});

describe('PATCH, GET file and DELETE template-report/{id}/', () => {
  let id: number;
  beforeAll(async () => {
    id = (await upload(a.staff, { name: 'Wijzigbaar', n_models_min: 1, n_models_max: 3 })).json().id;
  });

  it('changes the limits, the name and the description; max below min is refused against the stored values', async () => {
    const r = await call(a.staff, 'PATCH', `template-report/${id}/`, { n_models_min: 2, n_models_max: 8 });
    expect(r.json()).toMatchObject({ id, n_models_min: 2, n_models_max: 8 });
    const below = await call(a.staff, 'PATCH', `template-report/${id}/`, { n_models_max: 1 });
    expect([below.statusCode, below.json().message]).toEqual([400, MSG.maxBelowMin]);
    const both = await call(a.staff, 'PATCH', `template-report/${id}/`, { n_models_min: 5, n_models_max: 4 });
    expect([both.statusCode, both.json().message]).toEqual([400, MSG.maxBelowMin]);
    const renamed = await call(a.staff, 'PATCH', `template-report/${id}/`, { name: 'Gewijzigd', description: '' });
    expect(renamed.json()).toEqual({ id, name: 'Gewijzigd', description: null, n_models_min: 2, n_models_max: 8 });
    expect((await call(a.staff, 'PATCH', `template-report/${id}/`, { name: 'Uniek' })).statusCode).toBe(409);
  });

  it('answers 404 for another client and 403 for non-staff', async () => {
    for (const [method, url] of [['PATCH', `template-report/${id}/`], ['DELETE', `template-report/${id}/`], ['GET', `template-report/${id}/file/`]] as const) {
      expect((await call(b.staff, method, url, method === 'PATCH' ? { n_models_max: 9 } : undefined)).statusCode, `${method} ${url}`).toBe(404);
      expect((await call(a.adm, method, url, method === 'PATCH' ? { n_models_max: 9 } : undefined)).statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await call(a.staff, 'PATCH', 'template-report/999999/', { n_models_max: 9 })).statusCode).toBe(404);
  });

  it('deletes the template with its grants and its file', async () => {
    const [row] = await t.db.select().from(templateReport).where(eq(templateReport.id, id));
    await t.db.insert(userTemplateReport).values({ userId: a.usr.id, templateReportId: id });
    const r = await call(a.staff, 'DELETE', `template-report/${id}/`);
    expect(r.statusCode).toBe(200);
    expect(await t.db.select().from(templateReport).where(eq(templateReport.id, id))).toEqual([]);
    expect(await t.db.select().from(userTemplateReport).where(eq(userTemplateReport.templateReportId, id))).toEqual([]);
    expect(await t.db.select().from(storedFile).where(eq(storedFile.id, row!.fileId!))).toEqual([]);
    expect((await call(a.staff, 'DELETE', `template-report/${id}/`)).statusCode).toBe(404);
    expect((await call(a.staff, 'GET', `template-report/${id}/file/`)).statusCode).toBe(404);
  });
});
