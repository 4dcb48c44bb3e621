import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/server/app.ts';
import {
  appUser, categoryAttachment, client, model, phase, project, savedModel, storedFile, templateModel, typeProject, versionModel, versionRegion,
} from '../db/schema/index.ts';
import { seedIfEmpty } from './index.ts';
import { DEMO_SPREADSHEET_MODEL, seedDemoProjects } from './demo.ts';
import { DEMO_PORTFOLIO } from './demoPortfolio.ts';
import { GrexEngine } from '../../src/formulas/engine.ts';
import { validateModelData } from '../../src/formulas/validate.ts';
import { spreadsheetModelResults } from '../../src/formulas/modelResults.ts';
import { areaM2, outlineProblem } from '../../src/lib/geo.ts';
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
    const users = await seedIfEmpty(t.db, t.config.now(), undefined);
    expect(users?.map((u) => [u.email, u.role, u.isStaff])).toEqual([
      ['admin@grondslag.local', 'ADM', true], ['gebruiker@grondslag.local', 'USR', false], ['lezer@grondslag.local', 'VWR', false],
    ]);
    const [admin] = await t.db.select().from(appUser).where(eq(appUser.email, 'admin@grondslag.local'));
    expect(await verifyPassword(admin.passwordHash, users![0].password)).toBe(true);
    expect(users![0].password).not.toBe(users![1].password);
    expect((await t.db.select().from(typeProject).where(eq(typeProject.isDefault, true)))[0].description).toBe('Onbepaald');
    expect((await t.db.select().from(categoryAttachment).where(eq(categoryAttachment.isDefault, true)))[0].name).toBe('Ongecategoriseerd');
    expect(await seedIfEmpty(t.db, t.config.now())).toBeNull();
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
    const [other] = await t.db.insert(client).values({ createdAt: new Date(), name: 'Gemeente Later' }).returning();
    expect(await ensureTemplateModels(t.db, t.clock.now())).toBe(2);
    const later = await t.db.select().from(templateModel).where(eq(templateModel.clientId, other!.id));
    expect(later.map((r) => [r.name, r.fileId !== null])).toEqual([['Grondexploitatie standaard', true]]);
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
    const [older] = await t.db.insert(client).values({ createdAt: new Date(), name: 'Gemeente Oud' }).returning();
    await t.db.insert(templateReport).values({ clientId: older!.id, name: COMPARISON_NAME });
    expect(await ensureReportTemplates(t.db, t.clock.now())).toBe(2);
    expect((await t.db.select().from(templateReport).where(eq(templateReport.clientId, first!.id))).map((r) => r.name)).toEqual([CASH_FLOWS_NAME]);
    const olderRows = await t.db.select().from(templateReport).where(eq(templateReport.clientId, older!.id));
    expect(olderRows.map((r) => [r.name, r.fileId !== null]).sort()).toEqual([[CASH_FLOWS_NAME, true], [COMPARISON_NAME, true]]);
  });
  it('adds a demo portfolio once: different kinds, sizes, phases and figures, outlines on the map, a spreadsheet history, report templates granted', async () => {
    const at = t.clock.now();
    const [first] = await t.db.select().from(client).orderBy(client.id).limit(1);
    const demoUsers = await t.db.select().from(appUser).where(eq(appUser.clientId, first!.id));
    // A grant taken away (or a template added after the first start) is given back by the demo seed.
    const lezer = demoUsers.find((u) => u.role === 'VWR')!;
    await t.db.delete(userTemplateReport).where(eq(userTemplateReport.userId, lezer.id));

    expect(await seedDemoProjects(t.db, at)).toBe(DEMO_PORTFOLIO.length);
    expect(await seedDemoProjects(t.db, at)).toBe(0);
    const projects = await t.db.select({ name: project.name, type: typeProject.description, changed: project.timestampLastModified, id: project.id })
      .from(project).innerJoin(typeProject, eq(typeProject.id, project.typeProjectId)).where(eq(project.clientId, first!.id));
    expect(projects.length).toBeGreaterThanOrEqual(5);
    expect(projects.length).toBeLessThanOrEqual(8);
    expect(new Set(projects.map((p) => p.type))).toEqual(new Set(['Woningbouw', 'Bedrijventerrein', 'Herstructurering']));
    for (const p of projects) expect(p.changed.getTime()).toBeLessThanOrEqual(at.getTime());

    const versions = await t.db.select({ id: versionModel.id, projectId: versionModel.projectId, phase: phase.description })
      .from(versionModel).innerJoin(phase, eq(phase.id, versionModel.phaseId));
    expect(new Set(versions.map((v) => v.phase)).size).toBeGreaterThanOrEqual(4);

    // Every online model validates, carries no warning in its own data, and its figures differ from the others'.
    const online = await t.db.select().from(model).where(eq(model.modelPlatform, 'online'));
    expect(online).toHaveLength(versions.length);
    const ews = new Set<number>();
    for (const m of online) {
      const built = GrexEngine.create(m.modelData);
      expect(built.ok && validateModelData(m.modelData).ok, m.name).toBe(true);
      if (!built.ok) continue;
      const r = built.engine.results;
      expect([...r.entries.cost!, ...r.entries.residential!].filter((e) => Math.abs(e.residualToPhase) >= 0.005).map((e) => e.label)).toEqual([]);
      expect([r.spaceUsage.difference, r.errors]).toEqual([0, []]);
      ews.add(Math.round(r.ew));
      built.engine.destroy();
    }
    expect(ews.size).toBe(online.length);
    expect([...ews].some((ew) => ew < 0) && [...ews].some((ew) => ew > 0)).toBe(true);

    // Issue 37 item 7: every 'Grex 2025 (vastgesteld)' is vastgesteld with its models frozen, and the Stationsgebied has a
    // vastgestelde version rolled over from it, its past booked: an opening book value, realised amounts, the model it came from.
    const allVersions = await t.db.select().from(versionModel);
    const adopted = allVersions.filter((v) => v.adoptedOn !== null);
    expect(adopted.map((v) => v.name).sort()).toEqual([
      ...DEMO_PORTFOLIO.flatMap((p) => p.versions.filter((v) => v.adoptedDaysAfter != null).map((v) => v.name)),
      ...DEMO_PORTFOLIO.flatMap((p) => (p.rollover ? [p.rollover.name] : [])),
    ].sort());
    for (const v of adopted) {
      expect(v.adoptedOn! <= at.toISOString().slice(0, 10)).toBe(true);
      expect(online.filter((m) => m.versionId === v.id).every((m) => m.frozen), v.name).toBe(true);
    }
    const rolled = online.filter((m) => m.rolledOverFromModelId !== null);
    expect(rolled).toHaveLength(1);
    const source = online.find((m) => m.id === rolled[0]!.rolledOverFromModelId)!;
    expect(allVersions.find((v) => v.id === source.versionId)!.name).toBe('Grex 2025 (vastgesteld)');
    const rolledData = rolled[0]!.modelData as import('../../src/model/modelData.ts').ModelData;
    expect(rolledData.base_parameters.phasing_calculation_start_date).toBe('2026-01-01');
    expect(rolledData.base_parameters.opening_book_value).toBeGreaterThan(0);
    expect(rolledData.cost_estimate.filter((e) => (e.bookvalue.realised_before_start ?? 0) > 0).map((e) => e.label)).toEqual([
      'Verwerving kantoren en emplacement', 'Plankosten',
    ]);

    // Every version has its project's outline, in the Netherlands, of the size its space usage says.
    const regions = await t.db.select().from(versionRegion);
    expect(regions.map((r) => r.versionId).sort()).toEqual(versions.map((v) => v.id).sort());
    const sizes = new Set<number>();
    for (const r of regions) {
      const geometry = r.geometry as { type: 'Polygon'; coordinates: [number, number][][] };
      expect(outlineProblem(geometry)).toBeNull();
      for (const [lon, lat] of geometry.coordinates[0]!) expect(lon > 3.3 && lon < 7.3 && lat > 50.7 && lat < 53.6).toBe(true);
      expect(r.areaM2).toBeCloseTo(areaM2(geometry), 3);
      sizes.add(Math.round(r.areaM2 / 10_000));
    }
    expect(sizes.size).toBe(projects.length);

    // One spreadsheet model with three saved workbooks, the newest active, each file its own, all readable.
    const history = await t.db.select().from(model).innerJoin(savedModel, eq(savedModel.modelId, model.id))
      .innerJoin(storedFile, eq(storedFile.id, savedModel.fileId)).where(eq(model.modelPlatform, 'spreadsheet')).orderBy(savedModel.timestampSave);
    expect(history.map((h) => [h.model.name, h.saved_model.active])).toEqual([
      [DEMO_SPREADSHEET_MODEL, false], [DEMO_SPREADSHEET_MODEL, false], [DEMO_SPREADSHEET_MODEL, true],
    ]);
    expect(new Set(history.map((h) => h.stored_file.data.toString('base64'))).size).toBe(3);
    expect(Buffer.compare(history[0]!.stored_file.data, Buffer.from(await shippedTemplate()))).toBe(0);
    for (const h of history) expect((await spreadsheetModelResults(h.stored_file.data)).model.fout).toBeNull();

    // The demo users may run every report template of the client.
    const templates = await t.db.select().from(templateReport).where(eq(templateReport.clientId, first!.id));
    expect(templates.length).toBeGreaterThan(0);
    const grants = await t.db.select().from(userTemplateReport);
    for (const u of demoUsers) expect(grants.filter((g) => g.userId === u.id).map((g) => g.templateReportId).sort()).toEqual(templates.map((x) => x.id).sort());
  });
});
