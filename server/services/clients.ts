import { count, eq } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { client } from '../db/schema/index.ts';

/**
 * The client whose sign-in page this is. Before sign-in the product does not know the user; with
 * one client (the usual installation) it is that client, else the one whose name matches the host's
 * first label (e.g. `utrecht.grondslag.nl`).
 */
export async function clientForRequest(ctx: AppContext, hostname: string) {
  const [{ n }] = await ctx.db.select({ n: count() }).from(client);
  if (n === 1) return (await ctx.db.select().from(client))[0];
  const label = hostname.split('.')[0]?.toLowerCase() ?? '';
  const [row] = await ctx.db.select().from(client).where(eq(client.name, label));
  return row;
}
