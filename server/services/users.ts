import { and, asc, eq, sql } from 'drizzle-orm';
import { TERMS_VERSION } from '../../src/api/contract/auth.ts';
import type { AdminUser, CreateUserBody, UpdateUserBody } from '../../src/api/contract/users.ts';
import type { Role } from '../../src/api/contract/common.ts';
import { NO_ROLE } from '../../src/api/contract/roles.ts';
import { INVITE_NOT_SENT, INVITE_NOT_SENT_NEW_USER, userDeletedMessage } from '../../src/api/contract/messages.ts';
import { formatCount } from '../../src/lib/count.ts';
import type { AppContext, UserRow } from '../context.ts';
import type { DbOrTx, Tx } from '../db/index.ts';
import { appUser, project, projectRole, subregion, templateReport, userSubregion, userTemplateReport } from '../db/schema/index.ts';
import { notFound } from '../errors.ts';
import { hashPassword } from '../auth/passwords.ts';
import { assertAdmin, assertCanManageUser, assertCanUpdateUser, assertNotSelf } from '../policies/admin.ts';
import { fullName } from './audit.ts';
import { command } from './command.ts';
import { assertPasswordPolicy, storePassword } from './passwords.ts';
import { revokeAllSessions } from './session.ts';
import { clearMfa } from './mfa.ts';
import { issueInvitation, sendInvitation } from './invitations.ts';

function toAdminUser(u: UserRow): AdminUser {
  return {
    id: u.id, first_name: u.firstName, last_name: u.lastName, email: u.email, role: u.role,
    is_active: u.isActive, mfa_forced: u.mfaForced, mfa_verified: u.mfaVerified, blocked: u.blocked,
    last_login: u.lastLogin ? u.lastLogin.toISOString() : null, is_staff: u.isStaff,
    password_reset_required: u.passwordResetRequired, terms_conditions_accepted: u.termsConditionsAccepted === TERMS_VERSION,
  };
}

/**
 * A user of the actor's client, else 404; the actor must be an admin. A command reads it with its
 * transaction and locks it, so the check and the write see the same row.
 */
async function target(db: DbOrTx, actor: UserRow, id: number, lock = false): Promise<UserRow> {
  assertAdmin(actor);
  const query = db.select().from(appUser).where(and(eq(appUser.id, id), eq(appUser.clientId, actor.clientId)));
  const [u] = lock ? await query.for('update') : await query;
  if (!u) throw notFound();
  return u;
}

/** `target`, for a change (read and locked in the command's transaction): only staff manages a staff user. */
async function managedTarget(tx: Tx, actor: UserRow, id: number): Promise<UserRow> {
  const u = await target(tx, actor, id, true);
  assertCanManageUser(actor, u);
  return u;
}

export async function listUsers(ctx: AppContext, actor: UserRow): Promise<AdminUser[]> {
  assertAdmin(actor);
  const rows = await ctx.db.select().from(appUser).where(eq(appUser.clientId, actor.clientId))
    .orderBy(asc(appUser.lastName), asc(appUser.firstName), asc(appUser.id));
  return rows.map(toAdminUser);
}

export async function getUser(ctx: AppContext, actor: UserRow, id: number) {
  return toAdminUser(await target(ctx.db, actor, id));
}

/**
 * A new user of the actor's client. Without a password they get an invitation mail (issue 25.1) and
 * sign in only once they chose their own; with one (clients without mail) it is temporary.
 */
export async function createUser(ctx: AppContext, actor: UserRow, body: CreateUserBody, ip: string): Promise<AdminUser & { invitation_link?: string }> {
  assertAdmin(actor);
  if (body.password !== undefined) assertPasswordPolicy(body.password, 'password', 'Wachtwoord voldoet niet aan de eisen');
  const passwordHash = body.password === undefined ? null : await hashPassword(body.password);
  const { user, invitation } = await command(ctx, { user: actor, ip }, async (c) => {
    const [u] = await c.tx.insert(appUser).values({
      clientId: actor.clientId, firstName: body.first_name, lastName: body.last_name, email: body.email, role: body.role,
      passwordHash, passwordChangedAt: passwordHash ? c.now : null, passwordResetRequired: passwordHash !== null, createdAt: c.now,
    }).returning();
    await c.audit(`Gebruiker '${fullName(u)}' (${u.email}) aangemaakt met rol ${u.role}`);
    return { user: u, invitation: passwordHash ? null : await issueInvitation(c, ctx, u) };
  });
  // The user stays created when the mail fails: what the administrator entered is kept, and the answer
  // names the user, so that the screen grants what was chosen and 'Opnieuw uitnodigen' can follow.
  const sent = invitation && await sendInvitation(ctx, actor, ip, user, invitation, { message: INVITE_NOT_SENT_NEW_USER, body: { user: toAdminUser(user) } });
  return { ...toAdminUser(user), ...(sent?.link && { invitation_link: sent.link }) };
}

/** 'Opnieuw uitnodigen': a fresh link by mail (without a mail server: returned); the earlier links stop working. */
export async function reinviteUser(ctx: AppContext, actor: UserRow, id: number, ip: string): Promise<{ link?: string }> {
  const { user, invitation } = await command(ctx, { user: actor, ip }, async (c) => {
    const u = await managedTarget(c.tx, actor, id);
    return { user: u, invitation: await issueInvitation(c, ctx, u) };
  });
  return sendInvitation(ctx, actor, ip, user, invitation, { message: INVITE_NOT_SENT });
}

export async function updateUser(ctx: AppContext, actor: UserRow, id: number, body: UpdateUserBody, ip: string): Promise<AdminUser> {
  return command(ctx, { user: actor, ip }, async (c) => {
    const u = await target(c.tx, actor, id, true);
    // Only what differs from the row counts as a change (the form sends every field).
    const changes = {
      ...(body.first_name !== undefined && body.first_name !== u.firstName && { firstName: body.first_name }),
      ...(body.last_name !== undefined && body.last_name !== u.lastName && { lastName: body.last_name }),
      ...(body.email !== undefined && body.email !== u.email && { email: body.email }),
      ...(body.role !== undefined && body.role !== u.role && { role: body.role }),
      ...(body.mfa_forced !== undefined && body.mfa_forced !== u.mfaForced && { mfaForced: body.mfa_forced }),
    };
    const keys = Object.keys(changes);
    assertCanUpdateUser(actor, u, { onlyForcesMfa: keys.every((k) => k === 'mfaForced') && changes.mfaForced !== false });
    if (changes.role !== undefined) assertNotSelf(actor, u, 'rol');
    // Nothing to change: the user as he is; an update without values fails (500).
    if (!keys.length) return toAdminUser(u);
    const [updated] = await c.tx.update(appUser).set(changes).where(eq(appUser.id, u.id)).returning();
    await c.audit(`Gebruiker '${fullName(updated)}' gewijzigd (${Object.keys(body).join(', ')})`);
    return toAdminUser(updated);
  });
}

/**
 * Deletes a user; the answer says what went with the user (their BI links, whose feeds stop) and which
 * projects are left without a user with Beheren (only a global ADM can then give it, at Projectrechten).
 */
export async function deleteUser(ctx: AppContext, actor: UserRow, id: number, ip: string): Promise<string> {
  return command(ctx, { user: actor, ip }, async (c) => {
    const u = await managedTarget(c.tx, actor, id);
    assertNotSelf(actor, u, 'verwijderen');
    const [{ n: biLinks }] = (await c.tx.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM bi_link WHERE user_id = ${u.id}`)).rows;
    const withoutAdmin = (await c.tx.execute<{ name: string }>(sql`
      SELECT p.name FROM project p JOIN project_role pr ON pr.project_id = p.id AND pr.user_id = ${u.id} AND pr.role = 'ADM'
      WHERE NOT EXISTS (SELECT 1 FROM project_role o WHERE o.project_id = p.id AND o.user_id <> ${u.id} AND o.role = 'ADM')
      ORDER BY lower(p.name)`)).rows.map((r) => r.name);
    await c.tx.delete(appUser).where(eq(appUser.id, u.id));
    await c.audit(`Gebruiker '${fullName(u)}' (${u.email}) verwijderd`);
    if (biLinks) await c.audit(`${formatCount(biLinks, 'BI-link', 'BI-links')} van gebruiker '${fullName(u)}' verwijderd`);
    return userDeletedMessage(biLinks, withoutAdmin);
  });
}

export async function setBlocked(ctx: AppContext, actor: UserRow, id: number, blocked: boolean, ip: string) {
  return command(ctx, { user: actor, ip }, async (c) => {
    const u = await managedTarget(c.tx, actor, id);
    assertNotSelf(actor, u, 'blokkeren');
    await c.tx.update(appUser).set({ blocked }).where(eq(appUser.id, u.id));
    if (blocked) await revokeAllSessions(c, u.id, 'blocked');
    await c.audit(`Gebruiker '${fullName(u)}' ${blocked ? 'geblokkeerd' : 'gedeblokkeerd'}`);
    return { blocked };
  });
}

export async function resetUserMfa(ctx: AppContext, actor: UserRow, id: number, ip: string) {
  return command(ctx, { user: actor, ip }, async (c) => {
    const u = await managedTarget(c.tx, actor, id);
    await clearMfa(c, u.id);
    await c.audit(`MFA van gebruiker '${fullName(u)}' gereset door ${fullName(actor)}`);
    return toAdminUser({ ...u, mfaVerified: false, mfaSecret: null, mfaLastStep: null });
  });
}

/** An admin sets a temporary password: the user must choose a new one; other sessions end. */
export async function resetUserPassword(ctx: AppContext, actor: UserRow, id: number, password: string, ip: string) {
  assertPasswordPolicy(password, 'new_password', 'Wachtwoord voldoet niet aan de eisen');
  const passwordHash = await hashPassword(password);
  await command(ctx, { user: actor, ip }, async (c) => {
    const u = await managedTarget(c.tx, actor, id);
    await storePassword(c, u.id, passwordHash, true);
    await revokeAllSessions(c, u.id, 'password');
    await c.audit(`Wachtwoord van gebruiker '${fullName(u)}' gereset`);
  });
}

export async function forceMfaForAll(ctx: AppContext, actor: UserRow, ip: string) {
  assertAdmin(actor);
  await command(ctx, { user: actor, ip }, async (c) => {
    await c.tx.update(appUser).set({ mfaForced: true }).where(eq(appUser.clientId, actor.clientId));
    await c.audit('MFA geforceerd voor alle gebruikers');
  });
}

// ---- per-user grants ----

export async function listProjectRoles(ctx: AppContext, actor: UserRow, id: number) {
  const u = await target(ctx.db, actor, id);
  const projects = await ctx.db.select({ id: project.id, name: project.name }).from(project)
    .where(eq(project.clientId, actor.clientId)).orderBy(asc(project.name));
  const roles = await ctx.db.select().from(projectRole).where(eq(projectRole.userId, u.id));
  const byProject = new Map(roles.map((r) => [r.projectId, r.role]));
  return projects.map((p) => ({ project_id: p.id, project_name: p.name, role: byProject.get(p.id) ?? NO_ROLE, user: u.id }));
}

/**
 * The three grant setters' command: the target user and the granted rows are read in the transaction that
 * writes the grants and their audit row. A row of another client → 404; a row that no longer exists (a
 * project deleted while the list was on screen) is passed over, so the rest of the list is saved — its
 * grant went with it, and the answer's list no longer shows it.
 */
async function setGrants<R>(
  ctx: AppContext, actor: UserRow, id: number, ip: string,
  grant: { table: typeof project | typeof subregion | typeof templateReport; rows: R[]; idOf: (row: R) => number; audit: (name: string) => string },
  write: (tx: Tx, userId: number, rows: R[]) => Promise<void>,
): Promise<void> {
  const ids = [...new Set(grant.rows.map(grant.idOf))];
  await command(ctx, { user: actor, ip }, async (c) => {
    const u = await managedTarget(c.tx, actor, id);
    const found = new Map<number, number>();
    if (ids.length) {
      const { table } = grant;
      const rows = (await c.tx.execute<{ id: number; client: number }>(
        sql`SELECT ${table.id} AS id, ${table.clientId} AS client FROM ${table} WHERE ${table.id} IN ${ids}`)).rows;
      for (const r of rows) found.set(r.id, r.client);
      if ([...found.values()].some((client) => client !== actor.clientId)) throw notFound();
    }
    await write(c.tx, u.id, grant.rows.filter((r) => found.has(grant.idOf(r))));
    await c.audit(grant.audit(fullName(u)));
  });
}

/** Sets the listed projects' roles; NON removes access. Projects of another client → 404. */
export async function setProjectRoles(ctx: AppContext, actor: UserRow, id: number, rows: { project_id: number; role: Role }[], ip: string) {
  const grant = { table: project, rows, idOf: (r: { project_id: number }) => r.project_id, audit: (name: string) => `Projectrechten van gebruiker '${name}' gewijzigd (${formatCount(rows.length, 'project', 'projecten')})` };
  await setGrants(ctx, actor, id, ip, grant, async (tx, userId, existing) => {
    for (const r of existing) {
      if (r.role === NO_ROLE) {
        await tx.delete(projectRole).where(and(eq(projectRole.userId, userId), eq(projectRole.projectId, r.project_id)));
      } else {
        await tx.insert(projectRole).values({ userId, projectId: r.project_id, role: r.role })
          .onConflictDoUpdate({ target: [projectRole.projectId, projectRole.userId], set: { role: r.role } });
      }
    }
  });
  return listProjectRoles(ctx, actor, id);
}

export async function listUserSubregions(ctx: AppContext, actor: UserRow, id: number) {
  const u = await target(ctx.db, actor, id);
  const all = await ctx.db.select().from(subregion).where(eq(subregion.clientId, actor.clientId)).orderBy(asc(subregion.description));
  const granted = new Set((await ctx.db.select().from(userSubregion).where(eq(userSubregion.userId, u.id))).map((r) => r.subregionId));
  return all.map((s) => ({ subregion_id: s.id, subregion_description: s.description, access: granted.has(s.id), user: u.id }));
}

export async function setUserSubregions(ctx: AppContext, actor: UserRow, id: number, rows: { subregion_id: number; access: boolean }[], ip: string) {
  const grant = { table: subregion, rows, idOf: (r: { subregion_id: number }) => r.subregion_id, audit: (name: string) => `Deelgebiedrechten van gebruiker '${name}' gewijzigd` };
  await setGrants(ctx, actor, id, ip, grant, async (tx, userId, existing) => {
    for (const r of existing) {
      if (r.access) await tx.insert(userSubregion).values({ userId, subregionId: r.subregion_id }).onConflictDoNothing();
      else await tx.delete(userSubregion).where(and(eq(userSubregion.userId, userId), eq(userSubregion.subregionId, r.subregion_id)));
    }
  });
  return listUserSubregions(ctx, actor, id);
}

export async function listUserTemplateReports(ctx: AppContext, actor: UserRow, id: number) {
  const u = await target(ctx.db, actor, id);
  const all = await ctx.db.select().from(templateReport).where(eq(templateReport.clientId, actor.clientId)).orderBy(asc(templateReport.name));
  const granted = new Set((await ctx.db.select().from(userTemplateReport).where(eq(userTemplateReport.userId, u.id))).map((r) => r.templateReportId));
  return all.map((t) => ({ templateReport_id: t.id, templateReport_name: t.name, access: granted.has(t.id), user: u.id }));
}

export async function setUserTemplateReports(ctx: AppContext, actor: UserRow, id: number, rows: { templateReport_id: number; access: boolean }[], ip: string) {
  const grant = { table: templateReport, rows, idOf: (r: { templateReport_id: number }) => r.templateReport_id, audit: (name: string) => `Rapportagerechten van gebruiker '${name}' gewijzigd` };
  await setGrants(ctx, actor, id, ip, grant, async (tx, userId, existing) => {
    for (const r of existing) {
      if (r.access) await tx.insert(userTemplateReport).values({ userId, templateReportId: r.templateReport_id }).onConflictDoNothing();
      else await tx.delete(userTemplateReport).where(and(eq(userTemplateReport.userId, userId), eq(userTemplateReport.templateReportId, r.templateReport_id)));
    }
  });
  return listUserTemplateReports(ctx, actor, id);
}
