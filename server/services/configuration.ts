import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext, UserRow } from '../context.ts';
import type { Tx } from '../db/index.ts';
import {
  appUser, attachment, categoryAttachment, phase, project, subregion, typeProject, userSubregion, versionModel,
} from '../db/schema/index.ts';
import { HttpError, isUniqueViolation, notFound } from '../errors.ts';
import { assertAdmin, assertCanReadReferenceData } from '../policies/admin.ts';
import { audit } from './audit.ts';
import { deleteSubtree } from './projectTree.ts';

// Reference-data configuration (spec 2 §2, §4, §7, §8). Reads: main-app users; writes: ADM.

const IN_USE = (message: string) => new HttpError(423, message);

async function uniqueOr409<T>(message: string, f: () => Promise<T>): Promise<T> {
  try {
    return await f();
  } catch (e) {
    if (isUniqueViolation(e)) throw new HttpError(409, message);
    throw e;
  }
}

// ---- subregion ----
const DUP_SUBREGION = 'Er bestaat al een deelgebied met deze naam.';
const subregionOut = (s: typeof subregion.$inferSelect) => ({ id: s.id, description: s.description, outline_uri: s.outlineUri });

async function ownSubregion(ctx: AppContext, actor: UserRow, id: number) {
  const [s] = await ctx.db.select().from(subregion).where(and(eq(subregion.id, id), eq(subregion.clientId, actor.clientId)));
  if (!s) throw notFound();
  return s;
}

export async function getSubregion(ctx: AppContext, actor: UserRow, id: number) {
  assertCanReadReferenceData(actor);
  return [subregionOut(await ownSubregion(ctx, actor, id))];
}

/** Creates a subregion; the creator and the users of access_list (of the same client) get access. */
export async function createSubregion(ctx: AppContext, actor: UserRow, description: string, accessList: number[] | undefined, ip: string) {
  assertAdmin(actor);
  return uniqueOr409(DUP_SUBREGION, () => ctx.db.transaction(async (tx) => {
    const [s] = await tx.insert(subregion).values({ clientId: actor.clientId, description }).returning();
    const wanted = [...new Set([actor.id, ...(accessList ?? [])])];
    const users = await tx.select({ id: appUser.id }).from(appUser).where(and(inArray(appUser.id, wanted), eq(appUser.clientId, actor.clientId)));
    if (users.length) await tx.insert(userSubregion).values(users.map((u) => ({ userId: u.id, subregionId: s.id }))).onConflictDoNothing();
    await audit(tx, { clientId: actor.clientId, user: actor, description: `Deelgebied '${description}' aangemaakt`, ip });
    return subregionOut(s);
  }));
}

export async function renameSubregion(ctx: AppContext, actor: UserRow, id: number, description: string, ip: string) {
  assertAdmin(actor);
  const old = await ownSubregion(ctx, actor, id);
  return uniqueOr409(DUP_SUBREGION, async () => {
    const [s] = await ctx.db.update(subregion).set({ description }).where(eq(subregion.id, old.id)).returning();
    await audit(ctx.db, { clientId: actor.clientId, user: actor, description: `Deelgebied '${old.description}' hernoemd naar '${description}'`, ip });
    return subregionOut(s);
  });
}

/** Without force and with projects → 423; with force the subregion's projects are deleted with it. */
export async function deleteSubregion(ctx: AppContext, actor: UserRow, id: number, force: boolean, ip: string) {
  assertAdmin(actor);
  const s = await ownSubregion(ctx, actor, id);
  const projects = await ctx.db.select({ id: project.id, name: project.name }).from(project).where(eq(project.subregionId, s.id));
  if (projects.length && !force) throw IN_USE(`Deelgebied '${s.description}' heeft nog ${projects.length} project(en). Bij verwijderen worden deze projecten ook verwijderd.`);
  await ctx.db.transaction(async (tx) => {
    for (const p of projects) {
      await deleteSubtree(tx, { projectId: p.id });
      await audit(tx, { clientId: actor.clientId, user: actor, description: `Project '${p.name}' verwijderd met deelgebied '${s.description}'`, ip });
    }
    await tx.delete(subregion).where(eq(subregion.id, s.id));
    await audit(tx, { clientId: actor.clientId, user: actor, description: `Deelgebied '${s.description}' verwijderd`, ip });
  });
}

// ---- type project ----
const DUP_TYPE = 'Er bestaat al een projecttype met deze naam.';
const typeOut = (t: typeof typeProject.$inferSelect) => ({ id: t.id, description: t.description, is_default: t.isDefault });

async function ownType(ctx: AppContext, actor: UserRow, id: number) {
  const [t] = await ctx.db.select().from(typeProject).where(and(eq(typeProject.id, id), eq(typeProject.clientId, actor.clientId)));
  if (!t) throw notFound();
  return t;
}

export async function getTypeProject(ctx: AppContext, actor: UserRow, id: number) {
  assertCanReadReferenceData(actor);
  return typeOut(await ownType(ctx, actor, id));
}

export async function createTypeProject(ctx: AppContext, actor: UserRow, description: string, ip: string) {
  assertAdmin(actor);
  return uniqueOr409(DUP_TYPE, async () => {
    const [t] = await ctx.db.insert(typeProject).values({ clientId: actor.clientId, description }).returning();
    await audit(ctx.db, { clientId: actor.clientId, user: actor, description: `Projecttype '${description}' aangemaakt`, ip });
    return typeOut(t);
  });
}

export async function renameTypeProject(ctx: AppContext, actor: UserRow, id: number, description: string, ip: string) {
  assertAdmin(actor);
  const old = await ownType(ctx, actor, id);
  if (old.isDefault) throw new HttpError(403, `Het projecttype '${old.description}' kan niet worden gewijzigd.`);
  return uniqueOr409(DUP_TYPE, async () => {
    const [t] = await ctx.db.update(typeProject).set({ description }).where(eq(typeProject.id, old.id)).returning();
    await audit(ctx.db, { clientId: actor.clientId, user: actor, description: `Projecttype '${old.description}' hernoemd naar '${description}'`, ip });
    return typeOut(t);
  });
}

/** In use without force → 423; with force the projects move to the default type 'Onbepaald'. */
export async function deleteTypeProject(ctx: AppContext, actor: UserRow, id: number, force: boolean, ip: string) {
  assertAdmin(actor);
  const t = await ownType(ctx, actor, id);
  if (t.isDefault) throw new HttpError(403, `Het projecttype '${t.description}' kan niet worden verwijderd.`);
  const used = await ctx.db.select({ id: project.id }).from(project).where(eq(project.typeProjectId, t.id));
  if (used.length && !force) throw IN_USE(`Projecttype '${t.description}' wordt nog gebruikt door ${used.length} project(en). Bij verwijderen krijgen deze projecten het projecttype Onbepaald.`);
  await ctx.db.transaction(async (tx) => {
    if (used.length) {
      const fallback = await defaultType(tx, actor.clientId);
      await tx.update(project).set({ typeProjectId: fallback.id }).where(eq(project.typeProjectId, t.id));
      await audit(tx, { clientId: actor.clientId, user: actor, description: `${used.length} project(en) van projecttype '${t.description}' verplaatst naar '${fallback.description}'`, ip });
    }
    await tx.delete(typeProject).where(eq(typeProject.id, t.id));
    await audit(tx, { clientId: actor.clientId, user: actor, description: `Projecttype '${t.description}' verwijderd`, ip });
  });
}


async function defaultType(tx: Tx, clientId: number) {
  const [d] = await tx.select().from(typeProject).where(and(eq(typeProject.clientId, clientId), eq(typeProject.isDefault, true)));
  if (d) return d;
  const [created] = await tx.insert(typeProject).values({ clientId, description: 'Onbepaald', isDefault: true }).returning();
  return created;
}

async function defaultCategory(tx: Tx, clientId: number) {
  const [d] = await tx.select().from(categoryAttachment).where(and(eq(categoryAttachment.clientId, clientId), eq(categoryAttachment.isDefault, true)));
  if (d) return d;
  const [created] = await tx.insert(categoryAttachment).values({ clientId, name: 'Ongecategoriseerd', isDefault: true }).returning();
  return created;
}

// ---- phase ----
const DUP_PHASE = 'Er bestaat al een fasedefinitie met deze naam.';
const phaseOut = (p: typeof phase.$inferSelect) => ({ id: p.id, description: p.description });

async function ownPhase(ctx: AppContext, actor: UserRow, id: number) {
  const [p] = await ctx.db.select().from(phase).where(and(eq(phase.id, id), eq(phase.clientId, actor.clientId)));
  if (!p) throw notFound();
  return p;
}

export async function getPhase(ctx: AppContext, actor: UserRow, id: number) {
  assertCanReadReferenceData(actor);
  return phaseOut(await ownPhase(ctx, actor, id));
}

export async function createPhase(ctx: AppContext, actor: UserRow, description: string, ip: string) {
  assertAdmin(actor);
  return uniqueOr409(DUP_PHASE, async () => {
    const [p] = await ctx.db.insert(phase).values({ clientId: actor.clientId, description }).returning();
    await audit(ctx.db, { clientId: actor.clientId, user: actor, description: `Fasedefinitie '${description}' aangemaakt`, ip });
    return phaseOut(p);
  });
}

export async function renamePhase(ctx: AppContext, actor: UserRow, id: number, description: string, ip: string) {
  assertAdmin(actor);
  const old = await ownPhase(ctx, actor, id);
  return uniqueOr409(DUP_PHASE, async () => {
    const [p] = await ctx.db.update(phase).set({ description }).where(eq(phase.id, old.id)).returning();
    await audit(ctx.db, { clientId: actor.clientId, user: actor, description: `Fasedefinitie '${old.description}' hernoemd naar '${description}'`, ip });
    return phaseOut(p);
  });
}

/** No protected entries and no 423: versions using the phase get phase null. */
export async function deletePhase(ctx: AppContext, actor: UserRow, id: number, ip: string) {
  assertAdmin(actor);
  const p = await ownPhase(ctx, actor, id);
  await ctx.db.transaction(async (tx) => {
    await tx.update(versionModel).set({ phaseId: null }).where(eq(versionModel.phaseId, p.id));
    await tx.delete(phase).where(eq(phase.id, p.id));
    await audit(tx, { clientId: actor.clientId, user: actor, description: `Fasedefinitie '${p.description}' verwijderd`, ip });
  });
}

// ---- attachment category ----
const DUP_CATEGORY = 'Er bestaat al een bijlagecategorie met deze naam.';
const categoryOut = (c: typeof categoryAttachment.$inferSelect) => ({ id: c.id, name: c.name, is_default: c.isDefault });

async function ownCategory(ctx: AppContext, actor: UserRow, id: number) {
  const [c] = await ctx.db.select().from(categoryAttachment).where(and(eq(categoryAttachment.id, id), eq(categoryAttachment.clientId, actor.clientId)));
  if (!c) throw notFound();
  return c;
}

export async function getCategory(ctx: AppContext, actor: UserRow, id: number) {
  assertCanReadReferenceData(actor);
  return categoryOut(await ownCategory(ctx, actor, id));
}

export async function createCategory(ctx: AppContext, actor: UserRow, name: string, ip: string) {
  assertAdmin(actor);
  return uniqueOr409(DUP_CATEGORY, async () => {
    const [c] = await ctx.db.insert(categoryAttachment).values({ clientId: actor.clientId, name }).returning();
    await audit(ctx.db, { clientId: actor.clientId, user: actor, description: `Bijlagecategorie '${name}' aangemaakt`, ip });
    return categoryOut(c);
  });
}

export async function renameCategory(ctx: AppContext, actor: UserRow, id: number, name: string, ip: string) {
  assertAdmin(actor);
  const old = await ownCategory(ctx, actor, id);
  if (old.isDefault) throw new HttpError(403, `De bijlagecategorie '${old.name}' kan niet worden gewijzigd.`);
  return uniqueOr409(DUP_CATEGORY, async () => {
    const [c] = await ctx.db.update(categoryAttachment).set({ name }).where(eq(categoryAttachment.id, old.id)).returning();
    await audit(ctx.db, { clientId: actor.clientId, user: actor, description: `Bijlagecategorie '${old.name}' hernoemd naar '${name}'`, ip });
    return categoryOut(c);
  });
}

/** In use without force → 423; with force the attachments move to 'Ongecategoriseerd'. */
export async function deleteCategory(ctx: AppContext, actor: UserRow, id: number, force: boolean, ip: string) {
  assertAdmin(actor);
  const c = await ownCategory(ctx, actor, id);
  if (c.isDefault) throw new HttpError(403, `De bijlagecategorie '${c.name}' kan niet worden verwijderd.`);
  const used = await ctx.db.select({ id: attachment.id }).from(attachment).where(eq(attachment.categoryId, c.id));
  if (used.length && !force) throw IN_USE(`Bijlagecategorie '${c.name}' wordt nog gebruikt door ${used.length} bijlage(n). Bij verwijderen gaan deze naar Ongecategoriseerd.`);
  await ctx.db.transaction(async (tx) => {
    if (used.length) {
      const fallback = await defaultCategory(tx, actor.clientId);
      await tx.update(attachment).set({ categoryId: fallback.id }).where(eq(attachment.categoryId, c.id));
      await audit(tx, { clientId: actor.clientId, user: actor, description: `${used.length} bijlage(n) van categorie '${c.name}' verplaatst naar '${fallback.name}'`, ip });
    }
    await tx.delete(categoryAttachment).where(eq(categoryAttachment.id, c.id));
    await audit(tx, { clientId: actor.clientId, user: actor, description: `Bijlagecategorie '${c.name}' verwijderd`, ip });
  });
}
