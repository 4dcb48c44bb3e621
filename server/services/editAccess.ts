import type { UserRow } from '../context.ts';
import type { DbOrTx } from '../db/index.ts';
import * as policy from '../policies/projects.ts';
import type { Command } from './command.ts';
import { modelAccess, projectAccess, versionAccess, type ModelAccess, type ProjectAccess, type VersionAccess } from './projectRows.ts';

// The access row of a project-area command, read in the command's transaction (so the policy's check
// and the write see the same role); 404 when the caller cannot see it, 403 when he may not edit it.
// A model the caller only needs to see: readableModel (in or outside a command).

export async function readableModel(db: DbOrTx, user: UserRow, id: number): Promise<ModelAccess> {
  const access = await modelAccess(db, user, id);
  policy.requireRead(access?.role);
  return access!;
}

export async function editableProject(c: Command, user: UserRow, id: number): Promise<ProjectAccess> {
  const access = await projectAccess(c.tx, user, id);
  policy.requireEdit(access?.role);
  return access!;
}

export async function editableVersion(c: Command, user: UserRow, id: number): Promise<VersionAccess> {
  const access = await versionAccess(c.tx, user, id);
  policy.requireEdit(access?.role);
  return access!;
}

export async function editableModel(c: Command, user: UserRow, id: number): Promise<ModelAccess> {
  const access = await modelAccess(c.tx, user, id);
  policy.requireEdit(access?.role);
  return access!;
}
