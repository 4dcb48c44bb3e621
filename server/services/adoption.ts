import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AdoptBody } from '../../src/api/contract/versionModel.ts';
import { ADOPTION_MESSAGES } from '../../src/api/contract/messages.ts';
import { formatDutchDate } from '../../src/lib/dutchNumber.ts';
import { localDateAndSeconds } from '../../src/lib/format.ts';
import type { AppContext, UserRow } from '../context.ts';
import type { DbOrTx } from '../db/index.ts';
import { model, versionModel } from '../db/schema/index.ts';
import { HttpError } from '../errors.ts';
import * as policy from '../policies/projects.ts';
import { command, type Command } from './command.ts';
import { versionAccess, type VersionAccess } from './projectRows.ts';
import { stampOf, touch } from './projectTree.ts';
import { getVersion } from './versionModels.ts';

// 'Vastgesteld door de raad' (issue 37.4; docs/decisions.md "Vastgesteld door de raad"): project ADM marks
// a version with the council's date and a note; its models are frozen with it and stay frozen while the
// mark stands (refuseWhileAdopted). ADM may withdraw the mark (audited); the models then stay frozen
// until someone unfreezes them, as any frozen model.

type Adopt = z.output<typeof AdoptBody>;

/** The version with the caller's role, locked for the command; 404 when invisible, 403 unless project ADM. */
async function adoptableVersion(c: Command, user: UserRow, id: number): Promise<VersionAccess & { adoptedOn: string | null }> {
  const access = await versionAccess(c.tx, user, id);
  policy.requireAdopt(access?.role);
  const [row] = await c.tx.select({ adoptedOn: versionModel.adoptedOn }).from(versionModel).where(eq(versionModel.id, id)).for('update');
  return { ...access!, adoptedOn: row.adoptedOn };
}

/** POST version-model/{id}/adopt/: marks (or re-dates) the vaststelling and freezes every model of the version. */
export async function adoptVersion(ctx: AppContext, user: UserRow, id: number, body: Adopt, ip: string) {
  return command(ctx, { user, ip }, async (c) => {
    const access = await adoptableVersion(c, user, id);
    // The council cannot have decided on a day still to come (Amsterdam's date of the server's clock).
    if (body.date > localDateAndSeconds(c.now).date) {
      throw new HttpError(400, ADOPTION_MESSAGES.future, { errors: [{ path: 'date', message: ADOPTION_MESSAGES.future }] });
    }
    await c.tx.update(versionModel).set({
      adoptedOn: body.date, adoptedNote: body.note, adoptedBy: user.id, adoptedAt: c.now, timestampLastModified: c.now, lastModifiedBy: user.id,
    }).where(eq(versionModel.id, id));
    await c.tx.update(model).set({ frozen: true, timestampLastModified: c.now, lastModifiedBy: user.id })
      .where(and(eq(model.versionId, id), eq(model.frozen, false)));
    await touch(c.tx, stampOf(c, user), { projectId: access.projectId });
    const note = body.note ? ` (${body.note})` : '';
    await c.audit(`Versie '${access.versionName}' vastgesteld door de raad op ${formatDutchDate(body.date)}${note}`);
    return getVersion(c.tx, user, id);
  });
}

/** DELETE version-model/{id}/adopt/: withdraws the mark; the models stay frozen. 409 when there is none. */
export async function withdrawAdoption(ctx: AppContext, user: UserRow, id: number, ip: string) {
  return command(ctx, { user, ip }, async (c) => {
    const access = await adoptableVersion(c, user, id);
    if (access.adoptedOn === null) throw new HttpError(409, ADOPTION_MESSAGES.notAdopted);
    await c.tx.update(versionModel).set({
      adoptedOn: null, adoptedNote: null, adoptedBy: null, adoptedAt: null, timestampLastModified: c.now, lastModifiedBy: user.id,
    }).where(eq(versionModel.id, id));
    await touch(c.tx, stampOf(c, user), { projectId: access.projectId });
    await c.audit(`Vaststelling door de raad van versie '${access.versionName}' (${formatDutchDate(access.adoptedOn)}) ingetrokken`);
    return getVersion(c.tx, user, id);
  });
}

/**
 * 423 when the version is vastgesteld: its models cannot be unfrozen, and no model is added to it or moved
 * into it (either would leave a vastgestelde version with a model that is not frozen).
 */
export async function refuseWhileAdopted(db: DbOrTx, versionId: number): Promise<void> {
  const [row] = await db.select({ adoptedOn: versionModel.adoptedOn }).from(versionModel).where(eq(versionModel.id, versionId));
  if (row?.adoptedOn != null) throw new HttpError(423, ADOPTION_MESSAGES.frozen);
}

/**
 * The latest vastgestelde version of the project that comes before version `versionId` in the project's
 * order of versions (created_at, id: the order the version list shows), or null. What the
 * verschillenanalyse (issue 37.5) compares against when a model was not rolled over from another.
 * The caller has checked that the user may read the version.
 */
export async function latestAdoptedBefore(db: DbOrTx, versionId: number): Promise<{ id: number; name: string; adoptedOn: string } | null> {
  const { rows } = await db.execute<{ id: number; name: string; adopted_on: string }>(sql`
    SELECT e.id, e.name, to_char(e.adopted_on, 'YYYY-MM-DD') AS adopted_on
    FROM version_model v JOIN version_model e ON e.project_id = v.project_id
    WHERE v.id = ${versionId} AND e.adopted_on IS NOT NULL AND (e.created_at, e.id) < (v.created_at, v.id)
    ORDER BY e.created_at DESC, e.id DESC LIMIT 1`);
  const r = rows[0];
  return r ? { id: r.id, name: r.name, adoptedOn: r.adopted_on } : null;
}
