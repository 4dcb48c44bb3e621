// Spreadsheet-model templates (issue 12): staff upload of templates (POST template-model/) and a new
// spreadsheet model starting as a copy of the shipped template's file.
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/server/app.ts';
import { bearer, createTenant, type Tenant } from '../../test/server/fixtures.ts';
import { multipart, seedTree } from '../../test/server/projectFixtures.ts';
import { auditLog, storedFile, templateModel } from '../db/schema/index.ts';
import { ensureTemplateModels, shippedTemplate } from '../seed/templates.ts';
import { WORKBOOK_MESSAGES } from '../../src/api/contract/messages.ts';
import { readWorkbookResults } from '../../src/formulas/savedWorkbook.ts';

const M = '/api/manager';
let t: TestApp;
let a: Tenant;
let b: Tenant;
let xlsx: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t.db, 'alpha');
  b = await createTenant(t.db, 'beta');
  const wb = new ExcelJS.Workbook();
  wb.addWorksheet('Blad1').getCell('A1').value = 1;
  xlsx = Buffer.from((await wb.xlsx.writeBuffer()) as ArrayBuffer);
});
afterAll(() => t.close());

async function upload(who: Tenant['staff'], fields: Record<string, string>, file?: { filename: string; data: Buffer }) {
  const body = multipart(fields, file);
  return t.app.inject({ method: 'POST', url: `${M}/template-model/`, headers: { ...(await bearer(t.app, who)), ...body.headers }, payload: body.payload });
}
const list = async (who: Tenant['staff']) => (await t.app.inject({ method: 'GET', url: `${M}/template-model/`, headers: await bearer(t.app, who) })).json() as { id: number; name: string }[];

describe('POST template-model/', () => {
  it('stores a staff upload as a template of the staff member’s client, with its file and an audit row', async () => {
    const res = await upload(a.staff, { name: 'Grondexploitatie gebiedsontwikkeling' }, { filename: 'gebied.xlsx', data: xlsx });
    expect(res.statusCode, res.body).toBe(201);
    const item = res.json();
    expect(item).toEqual({ id: expect.any(Number), name: 'Grondexploitatie gebiedsontwikkeling' });
    expect((await list(a.usr)).map((x) => x.name)).toContain('Grondexploitatie gebiedsontwikkeling');
    expect((await list(b.staff)).map((x) => x.name)).not.toContain('Grondexploitatie gebiedsontwikkeling');
    const [row] = await t.db.select().from(templateModel).where(eq(templateModel.id, item.id));
    expect(row!.clientId).toBe(a.clientId);
    const [file] = await t.db.select().from(storedFile).where(eq(storedFile.id, row!.fileId!));
    expect([file!.clientId, file!.filename, Buffer.compare(file!.data, xlsx)]).toEqual([a.clientId, 'gebied.xlsx', 0]);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.description, "Type rekenmodel 'Grondexploitatie gebiedsontwikkeling' toegevoegd"));
    expect(audit).toHaveLength(1);
  });

  it('takes the file name without .xlsx when no name is given, and refuses a second template of that name', async () => {
    const res = await upload(b.staff, {}, { filename: 'Haalbaarheid.XLSX', data: xlsx });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().name).toBe('Haalbaarheid');
    const again = await upload(b.staff, { name: 'haalbaarheid' }, { filename: 'ander.xlsx', data: xlsx });
    expect([again.statusCode, again.json().message]).toEqual([409, WORKBOOK_MESSAGES.duplicateTemplate]);
    // Another client may use the name.
    expect((await upload(a.staff, { name: 'Haalbaarheid' }, { filename: 'h.xlsx', data: xlsx })).statusCode).toBe(201);
  });

  it('refuses everyone but staff, also the client’s ADM', async () => {
    for (const who of [a.adm, a.usr, a.vwr, a.non]) {
      const res = await upload(who, { name: `Door ${who.role}` }, { filename: 'x.xlsx', data: xlsx });
      expect(res.statusCode, who.role).toBe(403);
    }
    expect((await list(a.staff)).map((x) => x.name).filter((n) => n.startsWith('Door '))).toEqual([]);
  });

  it('refuses what is not an xlsx workbook with the Dutch message, and stores nothing', async () => {
    const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(templateModel).where(eq(templateModel.clientId, a.clientId));
    const zipOf = async (files: Record<string, string>) => {
      const z = new JSZip();
      for (const [p, c] of Object.entries(files)) z.file(p, c);
      return Buffer.from(await z.generateAsync({ type: 'uint8array' }));
    };
    const xlsxZip = await JSZip.loadAsync(xlsx);
    xlsxZip.remove('xl/workbook.xml');
    const bodies: [string, Buffer][] = [
      ['tekst', Buffer.from('geen werkmap')],
      ['kapotte zip', Buffer.from('PK\u0003\u0004kapot')],
      ['zip zonder werkmap', await zipOf({ '[Content_Types].xml': '<Types/>', 'a.txt': 'a' })],
      ['docx-achtig', await zipOf({ '[Content_Types].xml': '<Types><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>' })],
      ['werkmap zonder workbook.xml', Buffer.from(await xlsxZip.generateAsync({ type: 'uint8array' }))],
    ];
    for (const [what, data] of bodies) {
      const res = await upload(a.staff, { name: what }, { filename: `${what}.xlsx`, data });
      expect([res.statusCode, res.json()], what).toEqual([400, { message: WORKBOOK_MESSAGES.notXlsx, errors: [{ path: 'file', message: WORKBOOK_MESSAGES.notXlsx }] }]);
    }
    const missing = await upload(a.staff, { name: 'Zonder bestand' });
    expect([missing.statusCode, missing.json().message]).toEqual([400, 'Selecteer een bestand.']);
    const after = await t.db.select({ n: sql<number>`count(*)::int` }).from(templateModel).where(eq(templateModel.clientId, a.clientId));
    expect(after).toEqual(before);
  });
});

describe('a new spreadsheet model', () => {
  it('starts as a copy of the shipped template: its first, active history entry', async () => {
    // The fixture's template row has no file, as in a data folder from before the template: a start fills it.
    expect(await ensureTemplateModels(t.db, t.clock.now())).toBeGreaterThanOrEqual(1);
    const [tm] = await t.db.select().from(templateModel).where(and(eq(templateModel.id, a.templateModelId)));
    expect(tm!.fileId).not.toBeNull();
    const tree = await seedTree(t.db, a, { roles: { [a.usr.id]: 'USR' } });
    const usr = await bearer(t.app, a.usr);
    const res = await t.app.inject({ method: 'POST', url: `${M}/model/`, headers: usr, payload: { version: tree.versionId, name: 'Uit sjabloon', type_model: a.templateModelId } });
    expect(res.statusCode, res.body).toBe(201);
    const history = (await t.app.inject({ method: 'GET', url: `${M}/model/${res.json().id}/saved-model/`, headers: usr })).json() as { id: number; active: boolean; filename_orig: string }[];
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ active: true, filename_orig: 'Grondexploitatie standaard.xlsx' });
    const download = await t.app.inject({ method: 'GET', url: `${M}/model/${res.json().id}/saved-model/${history[0]!.id}/`, headers: usr });
    expect(download.statusCode).toBe(200);
    expect(Buffer.compare(download.rawPayload, Buffer.from(await shippedTemplate()))).toBe(0);
    expect((await readWorkbookResults(download.rawPayload)).periods.map((p) => p.label)).toEqual(['2025', '2026', '2027', '2028', '2029', '2030']);
  });
});
