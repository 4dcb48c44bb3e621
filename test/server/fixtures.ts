import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../server/db/index.ts';
import {
  appUser, categoryAttachment, client, phase, refreshToken, subregion, templateModel, typeProject,
} from '../../server/db/schema/index.ts';
import { hashPassword } from '../../server/auth/passwords.ts';
import { sha256 } from '../../server/auth/crypto.ts';
import type { UserRow } from '../../server/context.ts';
import { TERMS_VERSION } from '../../src/api/contract/auth.ts';
import type { WorkGate } from '../../src/api/contract/messages.ts';

export const PASSWORD = 'Correct-Paard-42!';

/** The account state that holds a user at each work gate (issue 33.2), and the state that clears them all. */
export const AT_GATE: Record<WorkGate, Partial<typeof appUser.$inferInsert>> = {
  mfa_setup_required: { mfaForced: true, mfaVerified: false },
  terms_not_accepted: { termsConditionsAccepted: null },
  password_change_required: { passwordResetRequired: true },
};
export const PAST_GATES = { mfaForced: false, termsConditionsAccepted: TERMS_VERSION, passwordResetRequired: false } as const;
let passwordHash: Promise<string> | undefined;

export interface Tenant {
  clientId: number;
  adm: UserRow;
  usr: UserRow;
  vwr: UserRow;
  non: UserRow;
  staff: UserRow;
  typeProjectId: number;
  defaultTypeProjectId: number;
  subregionId: number;
  phaseId: number;
  categoryId: number;
  defaultCategoryId: number;
  templateModelId: number;
}

export async function createUser(
  db: Db,
  clientId: number,
  values: Partial<typeof appUser.$inferInsert> & { email: string },
): Promise<UserRow> {
  passwordHash ??= hashPassword(PASSWORD);
  const [u] = await db.insert(appUser).values({
    createdAt: new Date(), clientId, firstName: 'Test', lastName: values.role ?? 'USR', role: 'USR',
    passwordHash: await passwordHash, termsConditionsAccepted: TERMS_VERSION, ...values,
  }).returning();
  return u;
}

/** A client with a user of every role, a staff user and one of each kind of reference data. */
export async function createTenant(db: Db, name: string): Promise<Tenant> {
  const [c] = await db.insert(client).values({ createdAt: new Date(), name }).returning();
  const mk = (role: 'ADM' | 'USR' | 'VWR' | 'NON', extra: Partial<typeof appUser.$inferInsert> = {}) =>
    createUser(db, c.id, { email: `${extra.isStaff ? 'staff' : role.toLowerCase()}@${name}.test`, role, firstName: name, lastName: extra.isStaff ? 'Staff' : role, ...extra });
  const [adm, usr, vwr, non, staff] = [await mk('ADM'), await mk('USR'), await mk('VWR'), await mk('NON'), await mk('ADM', { isStaff: true })];
  const [defType, type] = await db.insert(typeProject).values([
    { clientId: c.id, description: 'Onbepaald', isDefault: true }, { clientId: c.id, description: 'Woningbouw' },
  ]).returning();
  const [sub] = await db.insert(subregion).values({ clientId: c.id, description: 'Centrum' }).returning();
  const [ph] = await db.insert(phase).values({ clientId: c.id, description: 'Initiatief' }).returning();
  const [defCat, cat] = await db.insert(categoryAttachment).values([
    { clientId: c.id, name: 'Ongecategoriseerd', isDefault: true }, { clientId: c.id, name: 'Tekeningen' },
  ]).returning();
  const [tm] = await db.insert(templateModel).values({ clientId: c.id, name: 'Grondexploitatie standaard' }).returning();
  return {
    clientId: c.id, adm, usr, vwr, non, staff,
    typeProjectId: type.id, defaultTypeProjectId: defType.id, subregionId: sub.id, phaseId: ph.id,
    categoryId: cat.id, defaultCategoryId: defCat.id, templateModelId: tm.id,
  };
}

/**
 * Authorization header for a user, signed like a real sign-in: a session (a refresh-token family) is
 * stored for it, because the bearer hook accepts an access token only while its session lives.
 */
export async function bearer(app: FastifyInstance, user: UserRow): Promise<{ authorization: string }> {
  const sessionId = randomUUID();
  const now = app.ctx.config.now();
  await app.ctx.db.insert(refreshToken).values({
    userId: user.id, tokenHash: sha256(randomUUID()), family: sessionId, createdAt: now,
    expiresAt: new Date(now.getTime() + app.ctx.config.refreshTokenDays * 86_400_000),
  });
  const token = await app.ctx.tokens.sign({ userId: user.id, clientId: user.clientId, sessionId });
  return { authorization: `Bearer ${token}` };
}
