import { and, asc, eq, inArray, max } from 'drizzle-orm';
import type { AppContext, UserRow } from '../context.ts';
import type { DbOrTx, Tx } from '../db/index.ts';
import {
  appUser, attachment, categoryAttachment, phase, project, subregion, typeProject, userSubregion, versionModel,
} from '../db/schema/index.ts';
import { HttpError, notFound } from '../errors.ts';
import { assertAdmin, assertCanReadReferenceData } from '../policies/admin.ts';
import { command, type Command } from './command.ts';
import { deleteSubtree } from './projectTree.ts';
import { categoryOut, phaseOut, subregionOut, typeOut } from './referenceData.ts';
import { mapViewerOf } from './mapviewerUris.ts';
import { PHASE_ORDER_STALE } from '../../src/api/contract/messages.ts';

// Reference-data configuration (spec 2 §2, §4, §7, §8). Reads: main-app users; writes: ADM. A duplicate
// name is the unique index's 409 (command.ts); the entry a change is about is read inside its command.

const IN_USE = (message: string) => new HttpError(423, message);

/** The one reference-data row of the actor's client, else 404. */
async function own<T>(rows: Promise<T[]>): Promise<T> {
  const [row] = await rows;
  if (!row) throw notFound();
  return row;
}
export const ownSubregion = (db: DbOrTx, actor: UserRow, id: number) =>
  own(db.select().from(subregion).where(and(eq(subregion.id, id), eq(subregion.clientId, actor.clientId))));
const ownType = (db: DbOrTx, actor: UserRow, id: number) =>
  own(db.select().from(typeProject).where(and(eq(typeProject.id, id), eq(typeProject.clientId, actor.clientId))));
const ownPhase = (db: DbOrTx, actor: UserRow, id: number) =>
  own(db.select().from(phase).where(and(eq(phase.id, id), eq(phase.clientId, actor.clientId))));
const ownCategory = (db: DbOrTx, actor: UserRow, id: number) =>
  own(db.select().from(categoryAttachment).where(and(eq(categoryAttachment.id, id), eq(categoryAttachment.clientId, actor.clientId))));

/** An ADM's command on the client's reference data. */
function adminCommand<T>(ctx: AppContext, actor: UserRow, ip: string, body: (c: Command) => Promise<T>): Promise<T> {
  assertAdmin(actor);
  return command(ctx, { user: actor, ip }, body);
}

// ---- subregion ----

export async function getSubregion(ctx: AppContext, actor: UserRow, id: number) {
  assertCanReadReferenceData(actor);
  return [subregionOut(actor, await mapViewerOf(ctx.db, actor.clientId))(await ownSubregion(ctx.db, actor, id))];
}

/** Creates a subregion; the creator and the users of access_list (of the same client) get access. */
export const createSubregion = (ctx: AppContext, actor: UserRow, description: string, accessList: number[] | undefined, ip: string) =>
  adminCommand(ctx, actor, ip, async (c) => {
    const [s] = await c.tx.insert(subregion).values({ clientId: actor.clientId, description }).returning();
    const wanted = [...new Set([actor.id, ...(accessList ?? [])])];
    const users = await c.tx.select({ id: appUser.id }).from(appUser).where(and(inArray(appUser.id, wanted), eq(appUser.clientId, actor.clientId)));
    if (users.length) await c.tx.insert(userSubregion).values(users.map((u) => ({ userId: u.id, subregionId: s.id }))).onConflictDoNothing();
    await c.audit(`Deelgebied '${description}' aangemaakt`);
    return subregionOut(actor, await mapViewerOf(c.tx, actor.clientId))(s);
  });

export const renameSubregion = (ctx: AppContext, actor: UserRow, id: number, description: string, ip: string) =>
  adminCommand(ctx, actor, ip, async (c) => {
    const old = await ownSubregion(c.tx, actor, id);
    const [s] = await c.tx.update(subregion).set({ description }).where(eq(subregion.id, old.id)).returning();
    await c.audit(`Deelgebied '${old.description}' hernoemd naar '${description}'`);
    return subregionOut(actor, await mapViewerOf(c.tx, actor.clientId))(s);
  });

/** Without force and with projects → 423; with force the subregion's projects are deleted with it. */
export const deleteSubregion = (ctx: AppContext, actor: UserRow, id: number, force: boolean, ip: string) =>
  adminCommand(ctx, actor, ip, async (c) => {
    const s = await ownSubregion(c.tx, actor, id);
    const projects = await c.tx.select({ id: project.id, name: project.name }).from(project).where(eq(project.subregionId, s.id));
    if (projects.length && !force) throw IN_USE(`Deelgebied '${s.description}' heeft nog ${projects.length} project(en). Bij verwijderen worden deze projecten ook verwijderd.`);
    for (const p of projects) {
      await deleteSubtree(c.tx, { projectId: p.id });
      await c.audit(`Project '${p.name}' verwijderd met deelgebied '${s.description}'`);
    }
    await c.tx.delete(subregion).where(eq(subregion.id, s.id));
    await c.audit(`Deelgebied '${s.description}' verwijderd`);
  });

// ---- type project ----

export async function getTypeProject(ctx: AppContext, actor: UserRow, id: number) {
  assertCanReadReferenceData(actor);
  return typeOut(await ownType(ctx.db, actor, id));
}

export const createTypeProject = (ctx: AppContext, actor: UserRow, description: string, ip: string) =>
  adminCommand(ctx, actor, ip, async (c) => {
    const [t] = await c.tx.insert(typeProject).values({ clientId: actor.clientId, description }).returning();
    await c.audit(`Projecttype '${description}' aangemaakt`);
    return typeOut(t);
  });

export const renameTypeProject = (ctx: AppContext, actor: UserRow, id: number, description: string, ip: string) =>
  adminCommand(ctx, actor, ip, async (c) => {
    const old = await ownType(c.tx, actor, id);
    if (old.isDefault) throw new HttpError(403, `Het projecttype '${old.description}' kan niet worden gewijzigd.`);
    const [t] = await c.tx.update(typeProject).set({ description }).where(eq(typeProject.id, old.id)).returning();
    await c.audit(`Projecttype '${old.description}' hernoemd naar '${description}'`);
    return typeOut(t);
  });

/** In use without force → 423; with force the projects move to the default type 'Onbepaald'. */
export const deleteTypeProject = (ctx: AppContext, actor: UserRow, id: number, force: boolean, ip: string) =>
  adminCommand(ctx, actor, ip, async (c) => {
    const t = await ownType(c.tx, actor, id);
    if (t.isDefault) throw new HttpError(403, `Het projecttype '${t.description}' kan niet worden verwijderd.`);
    const used = await c.tx.select({ id: project.id }).from(project).where(eq(project.typeProjectId, t.id));
    if (used.length && !force) throw IN_USE(`Projecttype '${t.description}' wordt nog gebruikt door ${used.length} project(en). Bij verwijderen krijgen deze projecten het projecttype Onbepaald.`);
    if (used.length) {
      const fallback = await defaultType(c.tx, actor.clientId);
      await c.tx.update(project).set({ typeProjectId: fallback.id }).where(eq(project.typeProjectId, t.id));
      await c.audit(`${used.length} project(en) van projecttype '${t.description}' verplaatst naar '${fallback.description}'`);
    }
    await c.tx.delete(typeProject).where(eq(typeProject.id, t.id));
    await c.audit(`Projecttype '${t.description}' verwijderd`);
  });

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

export async function getPhase(ctx: AppContext, actor: UserRow, id: number) {
  assertCanReadReferenceData(actor);
  return phaseOut(await ownPhase(ctx.db, actor, id));
}

export const createPhase = (ctx: AppContext, actor: UserRow, description: string, ip: string) =>
  adminCommand(ctx, actor, ip, async (c) => {
    // A new phase comes last in the administrator's order.
    const [{ last }] = await c.tx.select({ last: max(phase.position) }).from(phase).where(eq(phase.clientId, actor.clientId));
    const [p] = await c.tx.insert(phase).values({ clientId: actor.clientId, description, position: (last ?? 0) + 1 }).returning();
    await c.audit(`Fasedefinitie '${description}' aangemaakt`);
    return phaseOut(p);
  });

export const renamePhase = (ctx: AppContext, actor: UserRow, id: number, description: string, ip: string) =>
  adminCommand(ctx, actor, ip, async (c) => {
    const old = await ownPhase(c.tx, actor, id);
    const [p] = await c.tx.update(phase).set({ description }).where(eq(phase.id, old.id)).returning();
    await c.audit(`Fasedefinitie '${old.description}' hernoemd naar '${description}'`);
    return phaseOut(p);
  });

/**
 * The administrator's order of the phases: `ids` must be the client's phases, each once (read under a
 * lock, so a phase added at the same moment makes one of the two wait); otherwise 409 and nothing moves.
 */
export const reorderPhases = (ctx: AppContext, actor: UserRow, ids: number[], ip: string) =>
  adminCommand(ctx, actor, ip, async (c) => {
    const rows = await c.tx.select().from(phase).where(eq(phase.clientId, actor.clientId)).orderBy(asc(phase.position), asc(phase.id)).for('update');
    const wanted = new Set(ids);
    if (wanted.size !== ids.length || ids.length !== rows.length || rows.some((r) => !wanted.has(r.id))) throw new HttpError(409, PHASE_ORDER_STALE);
    for (const [i, id] of ids.entries()) await c.tx.update(phase).set({ position: i + 1 }).where(eq(phase.id, id));
    const byId = new Map(rows.map((r) => [r.id, r]));
    await c.audit(`Volgorde van de fasedefinities gewijzigd: ${ids.map((id) => byId.get(id)!.description).join(', ')}`);
    return ids.map((id) => phaseOut(byId.get(id)!));
  });

/**
 * No protected entries. In use by versions without force → 423 (the versions would lose their phase
 * without the administrator knowing); with force those versions get phase null, and the audit says how many.
 */
export const deletePhase = (ctx: AppContext, actor: UserRow, id: number, force: boolean, ip: string) =>
  adminCommand(ctx, actor, ip, async (c) => {
    const p = await ownPhase(c.tx, actor, id);
    const used = await c.tx.select({ id: versionModel.id }).from(versionModel).where(eq(versionModel.phaseId, p.id));
    if (used.length && !force) throw IN_USE(`Fasedefinitie '${p.description}' wordt nog gebruikt door ${used.length} versie(s). Bij verwijderen krijgen deze versies geen fase.`);
    if (used.length) {
      await c.tx.update(versionModel).set({ phaseId: null }).where(eq(versionModel.phaseId, p.id));
      await c.audit(`${used.length} versie(s) met fasedefinitie '${p.description}' hebben geen fase meer`);
    }
    await c.tx.delete(phase).where(eq(phase.id, p.id));
    await c.audit(`Fasedefinitie '${p.description}' verwijderd`);
  });

// ---- attachment category ----

export async function getCategory(ctx: AppContext, actor: UserRow, id: number) {
  assertCanReadReferenceData(actor);
  return categoryOut(await ownCategory(ctx.db, actor, id));
}

export const createCategory = (ctx: AppContext, actor: UserRow, name: string, ip: string) =>
  adminCommand(ctx, actor, ip, async (c) => {
    const [cat] = await c.tx.insert(categoryAttachment).values({ clientId: actor.clientId, name }).returning();
    await c.audit(`Bijlagecategorie '${name}' aangemaakt`);
    return categoryOut(cat);
  });

export const renameCategory = (ctx: AppContext, actor: UserRow, id: number, name: string, ip: string) =>
  adminCommand(ctx, actor, ip, async (c) => {
    const old = await ownCategory(c.tx, actor, id);
    if (old.isDefault) throw new HttpError(403, `De bijlagecategorie '${old.name}' kan niet worden gewijzigd.`);
    const [cat] = await c.tx.update(categoryAttachment).set({ name }).where(eq(categoryAttachment.id, old.id)).returning();
    await c.audit(`Bijlagecategorie '${old.name}' hernoemd naar '${name}'`);
    return categoryOut(cat);
  });

/** In use without force → 423; with force the attachments move to 'Ongecategoriseerd'. */
export const deleteCategory = (ctx: AppContext, actor: UserRow, id: number, force: boolean, ip: string) =>
  adminCommand(ctx, actor, ip, async (c) => {
    const cat = await ownCategory(c.tx, actor, id);
    if (cat.isDefault) throw new HttpError(403, `De bijlagecategorie '${cat.name}' kan niet worden verwijderd.`);
    const used = await c.tx.select({ id: attachment.id }).from(attachment).where(eq(attachment.categoryId, cat.id));
    if (used.length && !force) throw IN_USE(`Bijlagecategorie '${cat.name}' wordt nog gebruikt door ${used.length} bijlage(n). Bij verwijderen gaan deze naar Ongecategoriseerd.`);
    if (used.length) {
      const fallback = await defaultCategory(c.tx, actor.clientId);
      await c.tx.update(attachment).set({ categoryId: fallback.id }).where(eq(attachment.categoryId, cat.id));
      await c.audit(`${used.length} bijlage(n) van categorie '${cat.name}' verplaatst naar '${fallback.name}'`);
    }
    await c.tx.delete(categoryAttachment).where(eq(categoryAttachment.id, cat.id));
    await c.audit(`Bijlagecategorie '${cat.name}' verwijderd`);
  });
