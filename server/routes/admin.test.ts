import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/server/app.ts';
import { createTenant, createUser, bearer, PASSWORD, type Tenant } from '../../test/server/fixtures.ts';
import {
  appUser, attachment, auditLog, biLink, categoryAttachment, model, parameterApplication, phase, project, projectRole, refreshToken,
  subregion, typeProject, userSubregion, versionModel, storedFile,
} from '../db/schema/index.ts';
import type { UserRow } from '../context.ts';

let t: TestApp;
let a: Tenant;
let b: Tenant;
const STRONG = 'Sterk-Wachtwoord-77!';

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t.db, 'admina');
  b = await createTenant(t.db, 'adminb');
});
afterAll(() => t.close());

const call = async (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, user: UserRow, payload?: unknown) =>
  t.app.inject({ method, url: `/api/manager/${url}`, headers: await bearer(t.app, user), ...(payload !== undefined ? { payload: payload as object } : {}) });
const messages = (res: { json(): { errors?: { message: string }[] } }) => (res.json().errors ?? []).map((e) => e.message);

async function makeProject(name: string, over: Partial<typeof project.$inferInsert> = {}) {
  const [p] = await t.db.insert(project).values({ createdAt: new Date(), timestampLastModified: new Date(), clientId: a.clientId, name, subregionId: a.subregionId, typeProjectId: a.typeProjectId, ...over }).returning();
  const [v] = await t.db.insert(versionModel).values({ createdAt: new Date(), timestampLastModified: new Date(), projectId: p.id, name: 'Versie 1', phaseId: a.phaseId }).returning();
  return { p, v };
}

describe('user administration', () => {
  it('creates a user with a temporary password; every validation message; 409 on a used e-mail', async () => {
    const body = { first_name: 'Nieuwe', last_name: 'Collega', email: 'Nieuw@AdminA.test', password: STRONG, role: 'USR' };
    const res = await call('POST', 'user/new', a.adm, body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ first_name: 'Nieuwe', last_name: 'Collega', email: 'nieuw@admina.test', role: 'USR', password_reset_required: true, mfa_verified: false });
    const dup = await call('POST', 'user/new', a.adm, { ...body, email: 'nieuw@admina.test' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('E-mail is al in gebruik door een andere gebruiker.');
    const missing = await call('POST', 'user/new', a.adm, { ...body, first_name: ' ' });
    expect(missing.statusCode).toBe(400);
    expect(messages(missing)).toEqual(['Niet alle vereiste velden zijn ingevuld.']);
    const email = await call('POST', 'user/new', a.adm, { ...body, email: 'geen-adres' });
    expect(messages(email)).toEqual(['Ongeldig e-mailadres.']);
    const weak = await call('POST', 'user/new', a.adm, { ...body, email: 'zwak@admina.test', password: 'zwak' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toBe('Wachtwoord voldoet niet aan de eisen');
    expect(messages(weak)).toEqual(['Minimaal 12 tekens', 'Minimaal één hoofdletter', 'Minimaal één cijfer', 'Minimaal één speciaal teken']);
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.userId, a.adm.id));
    expect(audits.map((x) => x.description)).toContain("Gebruiker 'Nieuwe Collega' (nieuw@admina.test) aangemaakt met rol USR");
  });

  it('lists only the own client, edits with validation and 409, and refuses to change the own role', async () => {
    const list = (await call('GET', 'user/', a.adm)).json() as { email: string }[];
    expect(list.every((u) => u.email.endsWith('admina.test'))).toBe(true);
    const u = await createUser(t.db, a.clientId, { email: 'edit@admina.test' });
    const ok = await call('PUT', `user/${u.id}/`, a.adm, { first_name: 'Anna', role: 'VWR', mfa_forced: true });
    expect(ok.json()).toMatchObject({ first_name: 'Anna', role: 'VWR', mfa_forced: true });
    expect(messages(await call('PUT', `user/${u.id}/`, a.adm, { email: 'fout' }))).toEqual(['E-mailadres is niet geldig']);
    expect(messages(await call('PUT', `user/${u.id}/`, a.adm, { last_name: '' }))).toEqual(['Niet alle vereiste velden zijn ingevuld.']);
    expect((await call('PUT', `user/${u.id}/`, a.adm, { email: a.usr.email })).statusCode).toBe(409);
    const own = await call('PUT', `user/${a.adm.id}/`, a.adm, { role: 'USR' });
    expect(own.statusCode).toBe(400);
    expect(own.json().message).toBe('U kunt uw eigen rol niet wijzigen.');
    expect((await call('PUT', `user/${a.staff.id}/`, a.adm, { first_name: 'X' })).statusCode).toBe(403);
  });

  it('deleting a user says what went with it: the BI links, and the projects left without Beheren', async () => {
    const u = await createUser(t.db, a.clientId, { email: 'vertrekt@admina.test' });
    const { p: alone } = await makeProject('Alleen beheerd door vertrekker');
    const { p: shared } = await makeProject('Samen beheerd');
    await t.db.insert(projectRole).values([
      { projectId: alone.id, userId: u.id, role: 'ADM' }, { projectId: alone.id, userId: a.usr.id, role: 'USR' },
      { projectId: shared.id, userId: u.id, role: 'ADM' }, { projectId: shared.id, userId: a.adm.id, role: 'ADM' },
    ]);
    await t.db.insert(biLink).values([1, 2].map((i) => ({ clientId: a.clientId, userId: u.id, description: `Dashboard ${i}`, createdAt: new Date() })));
    const del = await call('DELETE', `user/${u.id}/`, a.adm);
    expect(del.statusCode).toBe(200);
    expect(del.json().message).toBe("Gebruiker verwijderd. Ook de 2 BI-links van deze gebruiker zijn verwijderd. "
      + "Project 'Alleen beheerd door vertrekker' heeft geen gebruiker met Beheren meer; geef iemand die rechten bij Projectrechten.");
    const audits = (await t.db.select().from(auditLog).where(eq(auditLog.clientId, a.clientId))).map((x) => x.description);
    expect(audits).toContain("2 BI-links van gebruiker 'Test USR' verwijderd");
    // Nothing else went with it: a user without links or sole projects gets the plain answer.
    const plain = await createUser(t.db, a.clientId, { email: 'gewoon@admina.test' });
    expect((await call('DELETE', `user/${plain.id}/`, a.adm)).json().message).toBe('Gebruiker verwijderd.');
  });

  it('blocking revokes all refresh tokens at once; an admin cannot block or delete itself', async () => {
    const u = await createUser(t.db, a.clientId, { email: 'blok@admina.test' });
    for (const ip of ['10.6.0.1', '10.6.0.2']) {
      expect((await t.app.inject({ method: 'POST', url: '/api/manager/user/login/', payload: { email: u.email, password: PASSWORD }, remoteAddress: ip })).statusCode).toBe(200);
    }
    const res = await call('POST', `user/${u.id}/blk/`, a.adm, { blocked: true });
    expect(res.json()).toEqual({ blocked: true });
    expect(await t.db.select().from(refreshToken).where(and(eq(refreshToken.userId, u.id), isNull(refreshToken.revokedAt)))).toHaveLength(0);
    expect((await call('GET', 'user/me/', u)).statusCode).toBe(401);
    expect((await call('POST', `user/${u.id}/blk/`, a.adm, { blocked: false })).json()).toEqual({ blocked: false });
    const self = await call('POST', `user/${a.adm.id}/blk/`, a.adm, { blocked: true });
    expect([self.statusCode, self.json().message]).toEqual([400, 'U kunt uzelf niet blokkeren.']);
    const del = await call('DELETE', `user/${a.adm.id}/`, a.adm);
    expect([del.statusCode, del.json().message]).toEqual([400, 'U kunt uzelf niet verwijderen.']);
    expect((await call('DELETE', `user/${u.id}/`, a.adm)).statusCode).toBe(200);
    expect(await t.db.select().from(appUser).where(eq(appUser.id, u.id))).toHaveLength(0);
  });

  it('reset-mfa switches MFA off, reset-password sets a temporary password, force-mfa flags every user of the client only', async () => {
    const u = await createUser(t.db, a.clientId, { email: 'mfa@admina.test', mfaVerified: true, mfaSecret: 'x' });
    expect((await call('POST', `user/${u.id}/reset-mfa/`, a.adm)).json()).toMatchObject({ mfa_verified: false });
    const weak = await call('POST', `user/${u.id}/reset-password/`, a.adm, { new_password: 'abc' });
    expect(weak.statusCode).toBe(400);
    expect((await call('POST', `user/${u.id}/reset-password/`, a.adm, { new_password: STRONG })).statusCode).toBe(200);
    const [row] = await t.db.select().from(appUser).where(eq(appUser.id, u.id));
    expect(row).toMatchObject({ mfaVerified: false, mfaSecret: null, passwordResetRequired: true });
    const force = await call('POST', 'user/force-mfa/', a.adm);
    expect(force.json().message).toBe('Forceren van Multi-Factor Authenticatie (MFA) gelukt!');
    const rows = await t.db.select().from(appUser);
    expect(rows.filter((r) => r.clientId === a.clientId).every((r) => r.mfaForced)).toBe(true);
    expect(rows.filter((r) => r.clientId === b.clientId).some((r) => r.mfaForced)).toBe(false);
    // The admin who forced it is held at MFA setup himself from his next call (issue 33.2); the tests after
    // this one find the client as it was.
    const held = await call('GET', 'user/', a.adm);
    expect([held.statusCode, held.json().code]).toEqual([403, 'mfa_setup_required']);
    await t.db.update(appUser).set({ mfaForced: false }).where(eq(appUser.clientId, a.clientId));
  });

  it('project roles: every project of the client, NON means no row; another client\'s project → 404', async () => {
    const { p } = await makeProject('Rollenproject');
    const u = await createUser(t.db, a.clientId, { email: 'rol@admina.test' });
    const before = (await call('GET', `user/${u.id}/project-role/`, a.adm)).json();
    expect(before).toContainEqual({ project_id: p.id, project_name: 'Rollenproject', role: 'NON', user: u.id });
    const set = await call('PUT', `user/${u.id}/project-role/`, a.adm, [{ project_id: p.id, role: 'USR' }]);
    expect(set.json()).toContainEqual({ project_id: p.id, project_name: 'Rollenproject', role: 'USR', user: u.id });
    await call('POST', `user/${u.id}/project-role/`, a.adm, [{ project_id: p.id, role: 'NON' }]);
    expect(await t.db.select().from(projectRole).where(eq(projectRole.userId, u.id))).toHaveLength(0);
    const [bp] = await t.db.insert(project).values({ createdAt: new Date(), timestampLastModified: new Date(), clientId: b.clientId, name: 'Vreemd', subregionId: b.subregionId, typeProjectId: b.typeProjectId }).returning();
    expect((await call('PUT', `user/${u.id}/project-role/`, a.adm, [{ project_id: bp.id, role: 'ADM' }])).statusCode).toBe(404);
  });

  it('project roles: a project deleted while the list was on screen does not fail the rest of the save', async () => {
    const { p } = await makeProject('Blijft');
    const { p: gone } = await makeProject('Verdwijnt');
    const u = await createUser(t.db, a.clientId, { email: 'weg@admina.test' });
    await t.db.delete(project).where(eq(project.id, gone.id)); // another administrator's delete, meanwhile
    const set = await call('PUT', `user/${u.id}/project-role/`, a.adm, [{ project_id: p.id, role: 'VWR' }, { project_id: gone.id, role: 'VWR' }]);
    expect(set.statusCode).toBe(200);
    expect(set.json()).toContainEqual({ project_id: p.id, project_name: 'Blijft', role: 'VWR', user: u.id });
    expect(set.json().some((r: { project_id: number }) => r.project_id === gone.id)).toBe(false);
  });

  it('subregion and report grants round-trip; template-report filter', async () => {
    const u = await createUser(t.db, a.clientId, { email: 'grant@admina.test' });
    const res = await call('PUT', `user/${u.id}/subregion/`, a.adm, [{ subregion_id: a.subregionId, access: true }]);
    expect(res.json()).toEqual([{ subregion_id: a.subregionId, subregion_description: 'Centrum', access: true, user: u.id }]);
    expect((await call('PUT', `user/${u.id}/subregion/`, a.adm, [{ subregion_id: b.subregionId, access: true }])).statusCode).toBe(404);
    const { templateReport } = await import('../db/schema/index.ts');
    const [tr] = await t.db.insert(templateReport).values({ clientId: a.clientId, name: 'Kasstroom' }).returning();
    await t.db.insert(templateReport).values({ clientId: a.clientId, name: 'Niet toegekend' });
    const g = await call('POST', `user/${u.id}/template-report/`, a.adm, [{ templateReport_id: tr.id, access: true }]);
    expect(g.json()).toContainEqual({ templateReport_id: tr.id, templateReport_name: 'Kasstroom', access: true, user: u.id });
    expect((await call('GET', 'template-report/', u)).json()).toEqual([{ id: tr.id, name: 'Kasstroom', description: null, n_models_min: 1, n_models_max: 100 }]);
    expect((await call('GET', 'template-report/', a.adm)).json()).toHaveLength(2);
    expect((await call('GET', 'template-report/?filter=authorised', a.adm)).json()).toEqual([]);
  });
});

describe('configuration', () => {
  it('names: trimmed, non-empty, no forbidden characters; 409 per kind (case-insensitive)', async () => {
    const empty = await call('POST', 'phase/', a.adm, { description: '   ' });
    expect([empty.statusCode, messages(empty)]).toEqual([400, ['Voer een geldige naam in.']]);
    const bad = await call('POST', 'type-project/', a.adm, { description: 'A/B' });
    expect(messages(bad)).toEqual(['De naam mag de tekens < > : " / ? * | niet bevatten.']);
    const ok = await call('POST', 'phase/', a.adm, { description: '  Realisatie ' });
    expect(ok.json()).toMatchObject({ description: 'Realisatie' });
    const cases: [string, object, string][] = [
      ['phase/', { description: 'initiatief' }, 'Er bestaat al een fasedefinitie met deze naam.'],
      ['subregion/', { description: 'CENTRUM' }, 'Er bestaat al een deelgebied met deze naam.'],
      ['type-project/', { description: 'woningbouw' }, 'Er bestaat al een projecttype met deze naam.'],
      ['category-attachment/', { name: 'tekeningen' }, 'Er bestaat al een bijlagecategorie met deze naam.'],
    ];
    for (const [url, body, message] of cases) {
      const res = await call('POST', url, a.adm, body);
      expect([res.statusCode, res.json().message]).toEqual([409, message]);
    }
    const rename = await call('PUT', `phase/${ok.json().id}/`, a.adm, { description: 'Initiatief' });
    expect([rename.statusCode, rename.json().message]).toEqual([409, 'Er bestaat al een fasedefinitie met deze naam.']);
    // The same name in another client is fine.
    expect((await call('POST', 'phase/', b.adm, { description: 'Realisatie' })).statusCode).toBe(201);
  });

  it('subregion: create with access list, GET returns a list, 423 with projects, force deletes the projects', async () => {
    const created = await call('POST', 'subregion/', a.adm, { description: 'Noord', access_list: [a.usr.id, b.usr.id] });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    const access = await t.db.select().from(userSubregion).where(eq(userSubregion.subregionId, id));
    expect(access.map((x) => x.userId).sort()).toEqual([a.adm.id, a.usr.id].sort());
    expect((await call('GET', `subregion/${id}/`, a.vwr)).json()).toEqual([{ id, description: 'Noord', outline_uri: null }]);
    expect((await call('PATCH', `subregion/${id}/`, a.adm, { description: 'Noord-Oost' })).json().description).toBe('Noord-Oost');
    const { p, v } = await makeProject('Noordproject', { subregionId: id });
    const [file] = await t.db.insert(storedFile).values({ createdAt: new Date(), clientId: a.clientId, filename: 'kaart.pdf', size: 3, data: Buffer.from('pdf') }).returning();
    await t.db.insert(attachment).values({ timestampUpload: new Date(), versionId: v.id, attachmentType: 'FILE', categoryId: a.categoryId, name: 'Kaart', fileId: file.id });
    const locked = await call('DELETE', `subregion/${id}/`, a.adm);
    expect(locked.statusCode).toBe(423);
    expect(await t.db.select().from(project).where(eq(project.id, p.id))).toHaveLength(1);
    expect((await call('DELETE', `subregion/${id}/?force=true`, a.adm)).statusCode).toBe(200);
    expect(await t.db.select().from(project).where(eq(project.id, p.id))).toHaveLength(0);
    expect(await t.db.select().from(subregion).where(eq(subregion.id, id))).toHaveLength(0);
    expect(await t.db.select().from(storedFile).where(eq(storedFile.id, file.id))).toHaveLength(0);
    const audits = (await t.db.select().from(auditLog).where(eq(auditLog.clientId, a.clientId))).map((x) => x.description);
    expect(audits).toContain("Project 'Noordproject' verwijderd met deelgebied 'Noord-Oost'");
    expect(audits).toContain("Deelgebied 'Noord-Oost' verwijderd");
  });

  it('type-project: Onbepaald protected (403), in use → 423, force moves projects to Onbepaald', async () => {
    const rename = await call('PUT', `type-project/${a.defaultTypeProjectId}/`, a.adm, { description: 'Anders' });
    expect([rename.statusCode, rename.json().message]).toEqual([403, "Het projecttype 'Onbepaald' kan niet worden gewijzigd."]);
    const del = await call('DELETE', `type-project/${a.defaultTypeProjectId}/?force=true`, a.adm);
    expect([del.statusCode, del.json().message]).toEqual([403, "Het projecttype 'Onbepaald' kan niet worden verwijderd."]);
    const [tp] = await t.db.insert(typeProject).values({ clientId: a.clientId, description: 'Bedrijventerrein' }).returning();
    const { p } = await makeProject('Bedrijvenproject', { typeProjectId: tp.id });
    expect((await call('DELETE', `type-project/${tp.id}/`, a.adm)).statusCode).toBe(423);
    expect((await call('DELETE', `type-project/${tp.id}/?force`, a.adm)).statusCode).toBe(200);
    const [after] = await t.db.select().from(project).where(eq(project.id, p.id));
    expect(after.typeProjectId).toBe(a.defaultTypeProjectId);
    const unused = await call('POST', 'type-project/', a.adm, { description: 'Leeg' });
    expect((await call('DELETE', `type-project/${unused.json().id}/`, a.adm)).statusCode).toBe(200);
  });

  it('phase: in use → 423 naming the versions, nothing changes; force clears their phase and the audit says how many', async () => {
    const [ph] = await t.db.insert(phase).values({ clientId: a.clientId, description: 'Tijdelijk' }).returning();
    const { v } = await makeProject('Faseproject');
    await t.db.update(versionModel).set({ phaseId: ph.id }).where(eq(versionModel.id, v.id));
    const refused = await call('DELETE', `phase/${ph.id}/`, a.adm);
    expect(refused.statusCode).toBe(423);
    expect(refused.json().message).toBe("Fasedefinitie 'Tijdelijk' wordt nog gebruikt door 1 versie(s). Bij verwijderen krijgen deze versies geen fase.");
    const [kept] = await t.db.select().from(versionModel).where(eq(versionModel.id, v.id));
    expect(kept.phaseId).toBe(ph.id);
    expect(await t.db.select().from(phase).where(eq(phase.id, ph.id))).toHaveLength(1);
    expect((await call('DELETE', `phase/${ph.id}/?force=true`, a.adm)).statusCode).toBe(200);
    const [after] = await t.db.select().from(versionModel).where(eq(versionModel.id, v.id));
    expect(after.phaseId).toBeNull();
    const audit = (await t.db.select().from(auditLog)).map((r) => r.description);
    expect(audit).toContain("1 versie(s) met fasedefinitie 'Tijdelijk' hebben geen fase meer");
    // An unused phase goes without the question.
    const unused = await call('POST', 'phase/', a.adm, { description: 'Ongebruikt' });
    expect((await call('DELETE', `phase/${unused.json().id}/`, a.adm)).statusCode).toBe(200);
  });

  it('phase: the administrator orders the phases; every list shows that order; a stale or foreign list is refused (issue 25 item 6)', async () => {
    const names = async () => ((await call('GET', 'phase/', b.adm)).json() as { id: number; description: string }[]);
    // A new phase comes last, whatever its name.
    for (const description of ['Zz Eerste', 'Aa Laatste']) expect((await call('POST', 'phase/', b.adm, { description })).statusCode).toBe(201);
    const before = await names();
    expect(before.slice(-2).map((p) => p.description)).toEqual(['Zz Eerste', 'Aa Laatste']);

    const reversed = before.map((p) => p.id).reverse();
    const ok = await call('PUT', 'phase/order/', b.adm, { ids: reversed });
    expect([ok.statusCode, ok.json().map((p: { id: number }) => p.id)]).toEqual([200, reversed]);
    expect((await names()).map((p) => p.id)).toEqual(reversed);
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.userId, b.adm.id)).orderBy(desc(auditLog.id)).limit(1);
    expect(audit!.description).toBe(`Volgorde van de fasedefinities gewijzigd: ${[...before].reverse().map((p) => p.description).join(', ')}`);

    // Only the client's administrator; a list that is not exactly the client's phases changes nothing.
    expect((await call('PUT', 'phase/order/', b.usr, { ids: before.map((p) => p.id) })).statusCode).toBe(403);
    const stale = [reversed.slice(1), [...reversed, reversed[0]!], [...reversed.slice(1), a.phaseId]];
    for (const ids of stale) {
      const res = await call('PUT', 'phase/order/', b.adm, { ids });
      expect([res.statusCode, res.json().message]).toEqual([409, 'De fasedefinities zijn intussen gewijzigd. De lijst is opnieuw geladen; zet de volgorde nog eens.']);
    }
    expect((await call('PUT', 'phase/order/', b.adm, { ids: [] })).statusCode).toBe(400);
    expect((await names()).map((p) => p.id)).toEqual(reversed);
    const added = (await call('POST', 'phase/', b.adm, { description: 'Beheer' })).json();
    expect((await names()).map((p) => p.id)).toEqual([...reversed, added.id]);
  });

  it('category-attachment: Ongecategoriseerd protected, in use → 423, force moves attachments', async () => {
    expect((await call('PATCH', `category-attachment/${a.defaultCategoryId}/`, a.adm, { name: 'X' })).statusCode).toBe(403);
    expect((await call('DELETE', `category-attachment/${a.defaultCategoryId}/`, a.adm)).statusCode).toBe(403);
    const [cat] = await t.db.insert(categoryAttachment).values({ clientId: a.clientId, name: 'Foto\'s' }).returning();
    const { v } = await makeProject('Bijlageproject');
    const [att] = await t.db.insert(attachment).values({ timestampUpload: new Date(), versionId: v.id, attachmentType: 'LINK', categoryId: cat.id, name: 'Site', urlLink: 'https://example.org' }).returning();
    expect((await call('DELETE', `category-attachment/${cat.id}/`, a.adm)).statusCode).toBe(423);
    expect((await call('DELETE', `category-attachment/${cat.id}/?force=true`, a.adm)).statusCode).toBe(200);
    const [after] = await t.db.select().from(attachment).where(eq(attachment.id, att.id));
    expect(after.categoryId).toBe(a.defaultCategoryId);
  });
});

describe('global parameters', () => {
  const base = () => ({
    project_info: {}, phasing_calculation_start_date: '2024-01-01', phasing_price_reference_date: '2024-01-01',
    phasing_net_present_value_date: '2024-01-01', phasing_calculation_end_date: '2027-12-31', phasing_period: 'Annual',
    phasing_costs_revenues: [], interest_discount_rate_percentage: 2.0, vat_rate_percentage: 0.21,
    interest_calculation_method: 'BBV', profit_withdrawal_to_ncw_date: false, space_usage: [],
    parameter_sets: [
      { set_name: 'RentepercentageNegatiefSaldo', set_group: 'Interest_Percentage', set_base_value: 2.0, set_values: [
        { phasing_period: 'Annual', period_label: '2024', period_value: 2.0 }, { phasing_period: 'Annual', period_label: '2025', period_value: 2.0 }] },
      { set_name: 'Kostenstijging', set_group: 'Indexing_FutureIndex', set_base_value: 0.02, set_values: [] },
    ],
  });

  it('validates: at least one model, percentages 0..1, dates with a year starting 1-3', async () => {
    const none = await call('POST', 'parameter/', a.staff, { parameters: [], models: [] });
    expect(messages(none)).toEqual(['Selecteer minstens één rekenmodel']);
    const pct = await call('POST', 'parameter/', a.staff, { parameters: [{ parameter_type: 'BtwPercentage', period_type: 'Uitgangspunt', value_float: 1.5 }], models: [1] });
    expect(messages(pct)).toEqual(['Ongeldige invoer.']);
    const date = await call('POST', 'parameter/', a.staff, { parameters: [{ parameter_type: 'NcwDatum', period_type: 'Uitgangspunt', value_date: '4025-01-01' }], models: [1] });
    expect(messages(date)).toEqual(['Ongeldige invoer.']);
  });

  it('applies to online models (notation kept), records spreadsheet models, bumps data_version, audits; other client\'s model → 404', async () => {
    const { v } = await makeProject('Parameterproject');
    const [online] = await t.db.insert(model).values({ createdAt: new Date(), timestampLastModified: new Date(), versionId: v.id, name: 'Online', modelPlatform: 'online', modelData: { base_parameters: base(), cost_estimate: [], residential_construction: [] } }).returning();
    const [sheet] = await t.db.insert(model).values({ createdAt: new Date(), timestampLastModified: new Date(), versionId: v.id, name: 'Sheet', modelPlatform: 'spreadsheet' }).returning();
    const parameters = [
      { parameter_type: 'RentepercentageNegatiefSaldo', period_type: 'Uitgangspunt', value_float: 0.03 },
      { parameter_type: 'RentepercentageNegatiefSaldo', period_type: 'Per02', value_float: 0.035 },
      { parameter_type: 'Kostenstijging', period_type: 'Uitgangspunt', value_float: 0.025 },
      { parameter_type: 'Opbrengstenstijging', period_type: 'Uitgangspunt', value_float: 0.01 },
      { parameter_type: 'RekenrenteContanteWaardeDisconteringsvoet', period_type: 'Uitgangspunt', value_float: 0.04 },
      { parameter_type: 'BtwPercentage', period_type: 'Uitgangspunt', value_float: 0.09 },
      { parameter_type: 'NcwDatum', period_type: 'Uitgangspunt', value_date: '2025-01-01' },
      { parameter_type: 'Prijspeildatum', period_type: 'Uitgangspunt', value_date: '2025-01-01' },
      { parameter_type: 'StartdatumGrondexploitatieBoekwaardeVanaf', period_type: 'Uitgangspunt', value_date: '2020-01-01' },
      { parameter_type: 'Eindwaardedatum', period_type: 'Uitgangspunt', value_date: '2030-12-31' },
    ];
    const res = await call('POST', 'parameter/', a.staff, { parameters, models: [online.id, sheet.id] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Parameters succesvol opgeslagen.', applied: [online.id], unchanged: [], recorded_only: [sheet.id], refused: [] });
    const [m] = await t.db.select().from(model).where(eq(model.id, online.id));
    expect(m.dataVersion).toBe(1);
    const bp = (m.modelData as { base_parameters: ReturnType<typeof base> }).base_parameters;
    expect(bp).toMatchObject({
      interest_discount_rate_percentage: 4, vat_rate_percentage: 0.09, phasing_net_present_value_date: '2025-01-01',
      phasing_price_reference_date: '2025-01-01', phasing_calculation_start_date: '2020-01-01', phasing_calculation_end_date: '2030-12-31',
    });
    const set = (name: string) => bp.parameter_sets.find((s) => s.set_name === name)!;
    expect(set('RentepercentageNegatiefSaldo').set_base_value).toBe(3);
    // Per02 is the second period of the model after the new start date 2020-01-01 (server/routes/parameters.test.ts)
    expect(set('RentepercentageNegatiefSaldo').set_values.map((x) => [x.period_label, x.period_value])).toEqual([['2024', 2], ['2025', 2], ['2021', 3.5]]);
    expect(set('Kostenstijging').set_base_value).toBe(0.025);
    expect(set('Opbrengstenstijging')).toMatchObject({ set_group: 'Indexing_FutureIndex', set_base_value: 0.01 });
    const apps = await t.db.select().from(parameterApplication).where(eq(parameterApplication.clientId, a.clientId));
    expect(apps.at(-1)!.modelIds).toEqual([online.id, sheet.id]);
    const audits = (await t.db.select().from(auditLog).where(eq(auditLog.userId, a.staff.id))).map((x) => x.description);
    // The audit row names each value (Dutch notation; a type whose periods differ by its range) and each model's version.
    expect(audits).toContain('Globale parameters doorgevoerd: Rentepercentage negatief saldo 3,00 % tot 3,50 % (2 waarden), '
      + 'Rente- en disconteringsvoet 4,00 %, Kostenstijging 2,50 %, Opbrengstenstijging 1,00 %, Btw-percentage 9,00 %, '
      + 'Startdatum berekening 01-01-2020, NCW-datum 01-01-2025, Prijspeildatum 01-01-2025, Einddatum berekening 31-12-2030; '
      + "in 2 rekenmodel(len): 'Online' (versie 'Versie 1'), 'Sheet' (versie 'Versie 1')");
    expect((await call('POST', 'parameter/', b.staff, { parameters, models: [online.id] })).statusCode).toBe(404);
  });
});
