import { and, asc, eq, inArray } from 'drizzle-orm';
import { TERMS_VERSION } from '../../src/api/contract/auth.ts';
import type { AdminUser, CreateUserBody, UpdateUserBody } from '../../src/api/contract/users.ts';
import type { Role } from '../../src/api/contract/common.ts';
import type { AppContext, UserRow } from '../context.ts';
import { appUser, project, projectRole, subregion, templateReport, userSubregion, userTemplateReport } from '../db/schema/index.ts';
import { HttpError, isUniqueViolation, notFound } from '../errors.ts';
import { hashPassword } from '../auth/passwords.ts';
import { assertAdmin, assertCanManageUser, assertNotSelf, seesAllReportTemplates } from '../policies/admin.ts';
import { assertCanReadReferenceData } from '../policies/admin.ts';
import { audit, fullName } from './audit.ts';
import { assertPasswordPolicy, storePassword } from './passwords.ts';
import { revokeAllSessions } from './session.ts';
import { disableMfa } from './mfa.ts';

const EMAIL_IN_USE = 'E-mail is al in gebruik door een andere gebruiker.';

export function toAdminUser(u: UserRow): AdminUser {
  return {
    id: u.id, first_name: u.firstName, last_name: u.lastName, email: u.email, role: u.role,
    is_active: u.isActive, mfa_forced: u.mfaForced, mfa_verified: u.mfaVerified, blocked: u.blocked,
    last_login: u.lastLogin ? u.lastLogin.toISOString() : null, is_staff: u.isStaff,
    password_reset_required: u.passwordResetRequired, terms_conditions_accepted: u.termsConditionsAccepted === TERMS_VERSION,
  };
}

/** A user of the actor's client, else 404; the actor must be an admin. */
async function target(ctx: AppContext, actor: UserRow, id: number): Promise<UserRow> {
  assertAdmin(actor);
  const [u] = await ctx.db.select().from(appUser).where(and(eq(appUser.id, id), eq(appUser.clientId, actor.clientId)));
  if (!u) throw notFound();
  return u;
}

/** `target`, for a change: only staff manages a staff user. */
async function managedTarget(ctx: AppContext, actor: UserRow, id: number): Promise<UserRow> {
  const u = await target(ctx, actor, id);
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
  return toAdminUser(await target(ctx, actor, id));
}

export async function createUser(ctx: AppContext, actor: UserRow, body: CreateUserBody, ip: string): Promise<AdminUser> {
  assertAdmin(actor);
  assertPasswordPolicy(body.password, 'password', 'Wachtwoord voldoet niet aan de eisen');
  try {
    const [u] = await ctx.db.insert(appUser).values({
      clientId: actor.clientId, firstName: body.first_name, lastName: body.last_name, email: body.email, role: body.role,
      passwordHash: await hashPassword(body.password), passwordChangedAt: ctx.config.now(), passwordResetRequired: true,
    }).returning();
    await audit(ctx.db, { clientId: actor.clientId, user: actor, description: `Gebruiker '${fullName(u)}' (${u.email}) aangemaakt met rol ${u.role}`, ip });
    return toAdminUser(u);
  } catch (e) {
    if (isUniqueViolation(e)) throw new HttpError(409, EMAIL_IN_USE);
    throw e;
  }
}

export async function updateUser(ctx: AppContext, actor: UserRow, id: number, body: UpdateUserBody, ip: string): Promise<AdminUser> {
  const u = await managedTarget(ctx, actor, id);
  if (body.role !== undefined && body.role !== u.role) assertNotSelf(actor, u, 'rol');
  try {
    const [updated] = await ctx.db.update(appUser).set({
      ...(body.first_name !== undefined && { firstName: body.first_name }),
      ...(body.last_name !== undefined && { lastName: body.last_name }),
      ...(body.email !== undefined && { email: body.email }),
      ...(body.role !== undefined && { role: body.role }),
      ...(body.mfa_forced !== undefined && { mfaForced: body.mfa_forced }),
    }).where(eq(appUser.id, u.id)).returning();
    const changes = Object.keys(body).join(', ');
    await audit(ctx.db, { clientId: actor.clientId, user: actor, description: `Gebruiker '${fullName(updated)}' gewijzigd (${changes})`, ip });
    return toAdminUser(updated);
  } catch (e) {
    if (isUniqueViolation(e)) throw new HttpError(409, EMAIL_IN_USE);
    throw e;
  }
}

export async function deleteUser(ctx: AppContext, actor: UserRow, id: number, ip: string): Promise<void> {
  const u = await managedTarget(ctx, actor, id);
  assertNotSelf(actor, u, 'verwijderen');
  await ctx.db.delete(appUser).where(eq(appUser.id, u.id));
  await audit(ctx.db, { clientId: actor.clientId, user: actor, description: `Gebruiker '${fullName(u)}' (${u.email}) verwijderd`, ip });
}

export async function setBlocked(ctx: AppContext, actor: UserRow, id: number, blocked: boolean, ip: string) {
  const u = await managedTarget(ctx, actor, id);
  assertNotSelf(actor, u, 'blokkeren');
  await ctx.db.update(appUser).set({ blocked }).where(eq(appUser.id, u.id));
  if (blocked) await revokeAllSessions(ctx, u.id, 'blocked');
  await audit(ctx.db, { clientId: actor.clientId, user: actor, description: `Gebruiker '${fullName(u)}' ${blocked ? 'geblokkeerd' : 'gedeblokkeerd'}`, ip });
  return { blocked };
}

export async function resetUserMfa(ctx: AppContext, actor: UserRow, id: number, ip: string) {
  const u = await managedTarget(ctx, actor, id);
  await disableMfa(ctx, u, ip, `MFA van gebruiker '${fullName(u)}' gereset door ${fullName(actor)}`);
  return toAdminUser({ ...u, mfaVerified: false, mfaSecret: null, mfaLastStep: null });
}

/** An admin sets a temporary password: the user must choose a new one; other sessions end. */
export async function resetUserPassword(ctx: AppContext, actor: UserRow, id: number, password: string, ip: string) {
  const u = await managedTarget(ctx, actor, id);
  assertPasswordPolicy(password, 'new_password', 'Wachtwoord voldoet niet aan de eisen');
  await storePassword(ctx, u.id, password, true);
  await revokeAllSessions(ctx, u.id, 'password');
  await audit(ctx.db, { clientId: actor.clientId, user: actor, description: `Wachtwoord van gebruiker '${fullName(u)}' gereset`, ip });
}

export async function forceMfaForAll(ctx: AppContext, actor: UserRow, ip: string) {
  assertAdmin(actor);
  await ctx.db.update(appUser).set({ mfaForced: true }).where(eq(appUser.clientId, actor.clientId));
  await audit(ctx.db, { clientId: actor.clientId, user: actor, description: 'MFA geforceerd voor alle gebruikers', ip });
}

// ---- per-user grants ----

export async function listProjectRoles(ctx: AppContext, actor: UserRow, id: number) {
  const u = await target(ctx, actor, id);
  const projects = await ctx.db.select({ id: project.id, name: project.name }).from(project)
    .where(eq(project.clientId, actor.clientId)).orderBy(asc(project.name));
  const roles = await ctx.db.select().from(projectRole).where(eq(projectRole.userId, u.id));
  const byProject = new Map(roles.map((r) => [r.projectId, r.role]));
  return projects.map((p) => ({ project_id: p.id, project_name: p.name, role: byProject.get(p.id) ?? ('NON' as Role), user: u.id }));
}

/** Sets the listed projects' roles; NON removes access. Projects of another client → 404. */
export async function setProjectRoles(ctx: AppContext, actor: UserRow, id: number, rows: { project_id: number; role: Role }[], ip: string) {
  const u = await managedTarget(ctx, actor, id);
  const ids = [...new Set(rows.map((r) => r.project_id))];
  if (ids.length) {
    const own = await ctx.db.select({ id: project.id }).from(project).where(and(inArray(project.id, ids), eq(project.clientId, actor.clientId)));
    if (own.length !== ids.length) throw notFound();
  }
  await ctx.db.transaction(async (tx) => {
    for (const r of rows) {
      if (r.role === 'NON') {
        await tx.delete(projectRole).where(and(eq(projectRole.userId, u.id), eq(projectRole.projectId, r.project_id)));
      } else {
        await tx.insert(projectRole).values({ userId: u.id, projectId: r.project_id, role: r.role })
          .onConflictDoUpdate({ target: [projectRole.projectId, projectRole.userId], set: { role: r.role } });
      }
    }
    await audit(tx, { clientId: actor.clientId, user: actor, description: `Projectrechten van gebruiker '${fullName(u)}' gewijzigd (${rows.length} projecten)`, ip });
  });
  return listProjectRoles(ctx, actor, id);
}

export async function listUserSubregions(ctx: AppContext, actor: UserRow, id: number) {
  const u = await target(ctx, actor, id);
  const all = await ctx.db.select().from(subregion).where(eq(subregion.clientId, actor.clientId)).orderBy(asc(subregion.description));
  const granted = new Set((await ctx.db.select().from(userSubregion).where(eq(userSubregion.userId, u.id))).map((r) => r.subregionId));
  return all.map((s) => ({ subregion_id: s.id, subregion_description: s.description, access: granted.has(s.id), user: u.id }));
}

export async function setUserSubregions(ctx: AppContext, actor: UserRow, id: number, rows: { subregion_id: number; access: boolean }[], ip: string) {
  const u = await managedTarget(ctx, actor, id);
  const ids = [...new Set(rows.map((r) => r.subregion_id))];
  if (ids.length) {
    const own = await ctx.db.select({ id: subregion.id }).from(subregion).where(and(inArray(subregion.id, ids), eq(subregion.clientId, actor.clientId)));
    if (own.length !== ids.length) throw notFound();
  }
  await ctx.db.transaction(async (tx) => {
    for (const r of rows) {
      if (r.access) await tx.insert(userSubregion).values({ userId: u.id, subregionId: r.subregion_id }).onConflictDoNothing();
      else await tx.delete(userSubregion).where(and(eq(userSubregion.userId, u.id), eq(userSubregion.subregionId, r.subregion_id)));
    }
    await audit(tx, { clientId: actor.clientId, user: actor, description: `Deelgebiedrechten van gebruiker '${fullName(u)}' gewijzigd`, ip });
  });
  return listUserSubregions(ctx, actor, id);
}

export async function listUserTemplateReports(ctx: AppContext, actor: UserRow, id: number) {
  const u = await target(ctx, actor, id);
  const all = await ctx.db.select().from(templateReport).where(eq(templateReport.clientId, actor.clientId)).orderBy(asc(templateReport.name));
  const granted = new Set((await ctx.db.select().from(userTemplateReport).where(eq(userTemplateReport.userId, u.id))).map((r) => r.templateReportId));
  return all.map((t) => ({ templateReport_id: t.id, templateReport_name: t.name, access: granted.has(t.id), user: u.id }));
}

export async function setUserTemplateReports(ctx: AppContext, actor: UserRow, id: number, rows: { templateReport_id: number; access: boolean }[], ip: string) {
  const u = await managedTarget(ctx, actor, id);
  const ids = [...new Set(rows.map((r) => r.templateReport_id))];
  if (ids.length) {
    const own = await ctx.db.select({ id: templateReport.id }).from(templateReport)
      .where(and(inArray(templateReport.id, ids), eq(templateReport.clientId, actor.clientId)));
    if (own.length !== ids.length) throw notFound();
  }
  await ctx.db.transaction(async (tx) => {
    for (const r of rows) {
      if (r.access) await tx.insert(userTemplateReport).values({ userId: u.id, templateReportId: r.templateReport_id }).onConflictDoNothing();
      else await tx.delete(userTemplateReport).where(and(eq(userTemplateReport.userId, u.id), eq(userTemplateReport.templateReportId, r.templateReport_id)));
    }
    await audit(tx, { clientId: actor.clientId, user: actor, description: `Rapportagerechten van gebruiker '${fullName(u)}' gewijzigd`, ip });
  });
  return listUserTemplateReports(ctx, actor, id);
}

/** GET template-report/: an admin sees all (or, with a filter, only its own grants); others their grants. */
export async function listTemplateReports(ctx: AppContext, actor: UserRow, filter: string | undefined) {
  assertCanReadReferenceData(actor);
  if (seesAllReportTemplates(actor) && !filter) {
    return ctx.db.select({ id: templateReport.id, name: templateReport.name }).from(templateReport)
      .where(eq(templateReport.clientId, actor.clientId)).orderBy(asc(templateReport.name));
  }
  return ctx.db.select({ id: templateReport.id, name: templateReport.name }).from(templateReport)
    .innerJoin(userTemplateReport, eq(userTemplateReport.templateReportId, templateReport.id))
    .where(and(eq(templateReport.clientId, actor.clientId), eq(userTemplateReport.userId, actor.id)))
    .orderBy(asc(templateReport.name));
}
