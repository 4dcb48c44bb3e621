import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../test/app.ts';
import { appUser, categoryAttachment, model, project, typeProject } from '../db/schema/index.ts';
import { seedIfEmpty } from './index.ts';
import { seedDemoProjects } from './demo.ts';
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

  it('adds the demo projects once, with online models holding the worked example', async () => {
    expect(await seedDemoProjects(t.db)).toBe(3);
    expect(await seedDemoProjects(t.db)).toBe(0);
    expect((await t.db.select({ n: count() }).from(project))[0].n).toBe(3);
    const online = await t.db.select().from(model).where(eq(model.modelPlatform, 'online'));
    expect(online).toHaveLength(6);
    expect((online[0].modelData as { base_parameters: { phasing_period: string } }).base_parameters.phasing_period).toBe('Annual');
  });
});
