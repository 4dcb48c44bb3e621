import type { DbOrTx } from '../db/index.ts';
import { auditLog } from '../db/schema/index.ts';

export interface Actor {
  id: number;
  clientId: number;
  firstName: string;
  lastName: string;
}

export const fullName = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim();

/** One row of the audit log: who did what, from where, when (spec 1: Logs). Services write it through `command()`. */
export async function audit(
  db: DbOrTx,
  entry: { clientId: number | null; user?: Actor | null; description: string; ip: string; at: Date },
): Promise<void> {
  await db.insert(auditLog).values({
    clientId: entry.clientId,
    userId: entry.user?.id ?? null,
    userNameFull: entry.user ? fullName(entry.user) : '',
    description: entry.description,
    ipaddress: entry.ip,
    timestamp: entry.at,
  });
}
