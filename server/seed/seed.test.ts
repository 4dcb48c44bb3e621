import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../test/app.ts';
import { appUser, categoryAttachment, client, model, project, savedModel, storedFile, templateModel, typeProject } from '../db/schema/index.ts';
import { seedIfEmpty } from './index.ts';
import { seedDemoProjects } from './demo.ts';
import { ensureReportTemplates, ensureTemplateModels, shippedReportTemplate, shippedTemplate } from './templates.ts';
import { templateReport, userTemplateReport } from '../db/schema/index.ts';
import { CASH_FLOWS_NAME, COMPARISON_NAME } from '../../src/formulas/reportTemplates.ts';
import { openXlsx } from '../../src/formulas/xlsxPackage.ts';
import { verifyPassword } from '../auth/passwords.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('first-start seed', () => {
  it('creates one client with a staff admin, a user and a reader, and the protected reference data, once', async () => {
    const users = await seedIfEmpty(t.db, undefined);
    expect(users?.map((u) => [u.email, u.role, u.isStaff])).toEqual([
      ['admin@grondslag.local', 'ADM', true], ['gebruiker@grondslag.local', 'USR', false], ['lezer@grondslag.local', 'VWR', false],
    ]);
    const [admin] = await t.db.select().from(appUser).where(eq(appUser.email, 'admin@grondslag.local'));
    expect(await verifyPassword(admin.passwordHash, users![0].password)).toBe(true);
    expect(users![0].password).not.toBe(users![1].password);
    expect((await t.db.select().from(typeProject).where(eq(typeProject.isDefault, true)))[0].description).toBe('Onbepaald');
    expect((await t.db.select().from(categoryAttachment).where(eq(categoryAttachment.isDefault, true)))[0].name).toBe('Ongecategoriseerd');
    expect(await seedIfEmpty(t.db)).toBeNull();
  });

  it('stores the shipped template per client at the start, once, and gives file-less template rows of older data its file', async () => {
    expect(await ensureTemplateModels(t.db, t.clock.now())).toBe(1);
    const rows = await t.db.select().from(templateModel).innerJoin(storedFile, eq(storedFile.id, templateModel.fileId));
    expect(rows.map((r) => [r.template_model.name, r.stored_file.filename, r.stored_file.clientId === r.template_model.clientId])).toEqual([
      ['Grondexploitatie standaard', 'Grondexploitatie standaard.xlsx', true],
    ]);
    expect((await openXlsx(rows[0]!.stored_file.data)).sheets[0]!.name).toBe('Invoer');
    expect(await ensureTemplateModels(t.db, t.clock.now())).toBe(0);
    // An older data folder: a template row without a file, and a client without any template.
    const [c] = await t.db.select().from(client).limit(1);
    await t.db.insert(templateModel).values({ clientId: c!.id, name: 'Haalbaarheidsstudie' });
    const [other] = await t.db.insert(client).values({ name: 'Gemeente Later' }).returning();
    expect(await ensureTemplateModels(t.db, t.clock.now())).toBe(2);
    const later = await t.db.select().from(templateModel).where(eq(templateModel.clientId, other!.id));
    expect(later.map((r) => [r.name, r.fileId !== null])).toEqual([['Grondexploitatie standaard', true]]);
  });

  it('adds the demo projects once, with online models holding the worked example', async () => {
    expect(await seedDemoProjects(t.db)).toBe(3);
    expect(await seedDemoProjects(t.db)).toBe(0);
    expect((await t.db.select({ n: count() }).from(project))[0].n).toBe(3);
    const online = await t.db.select().from(model).where(eq(model.modelPlatform, 'online'));
    expect(online).toHaveLength(6);
    expect((online[0].modelData as { base_parameters: { phasing_period: string } }).base_parameters.phasing_period).toBe('Annual');
    // Each spreadsheet model's first, active history entry is a copy of the shipped template.
    const history = await t.db.select().from(model).innerJoin(savedModel, eq(savedModel.modelId, model.id))
      .innerJoin(storedFile, eq(storedFile.id, savedModel.fileId)).where(eq(model.modelPlatform, 'spreadsheet'));
    expect(history).toHaveLength(6);
    const shipped = Buffer.from(await shippedTemplate());
    for (const h of history) expect([h.saved_model.active, Buffer.compare(h.stored_file.data, shipped)]).toEqual([true, 0]);
  });

  it('stores the shipped report templates per client at the start, granted to its users; a client with its own keeps them', async () => {
    const [first] = await t.db.select().from(client).orderBy(client.id).limit(1);
    expect(await ensureReportTemplates(t.db, t.clock.now())).toBe(4); // both clients of this file, two templates each
    const rows = await t.db.select().from(templateReport).innerJoin(storedFile, eq(storedFile.id, templateReport.fileId))
      .where(eq(templateReport.clientId, first!.id));
    expect(rows.map((r) => [r.template_report.name, r.template_report.nModelsMin, r.template_report.nModelsMax]).sort())
      .toEqual([[CASH_FLOWS_NAME, 1, 50], [COMPARISON_NAME, 1, 10]]);
    const comparison = rows.find((r) => r.template_report.name === COMPARISON_NAME)!;
    expect(Buffer.compare(comparison.stored_file.data, Buffer.from(await shippedReportTemplate(COMPARISON_NAME)))).toBe(0);
    // the demo users (admin, user, reader) have both
    const users = await t.db.select().from(appUser).where(eq(appUser.clientId, first!.id));
    const grants = await t.db.select().from(userTemplateReport);
    for (const u of users) expect(grants.filter((g) => g.userId === u.id)).toHaveLength(2);
    expect(await ensureReportTemplates(t.db, t.clock.now())).toBe(0);

    // Staff deleted one: it stays deleted. A client with only a file-less row of a shipped name gets its file and the other.
    await t.db.delete(templateReport).where(eq(templateReport.id, comparison.template_report.id));
    const [older] = await t.db.insert(client).values({ name: 'Gemeente Oud' }).returning();
    await t.db.insert(templateReport).values({ clientId: older!.id, name: COMPARISON_NAME });
    expect(await ensureReportTemplates(t.db, t.clock.now())).toBe(2);
    expect((await t.db.select().from(templateReport).where(eq(templateReport.clientId, first!.id))).map((r) => r.name)).toEqual([CASH_FLOWS_NAME]);
    const olderRows = await t.db.select().from(templateReport).where(eq(templateReport.clientId, older!.id));
    expect(olderRows.map((r) => [r.name, r.fileId !== null]).sort()).toEqual([[CASH_FLOWS_NAME, true], [COMPARISON_NAME, true]]);
  });
});
