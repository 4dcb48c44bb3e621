import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { appSecret } from '../db/schema/index.ts';

/** A secret generated on first use (`at`) and stored in the database, so every instance shares it. */
export async function secret(db: Db, name: string, at: Date): Promise<Buffer> {
  await db.insert(appSecret).values({ name, value: randomBytes(32).toString('base64'), createdAt: at }).onConflictDoNothing();
  const [row] = await db.select().from(appSecret).where(eq(appSecret.name, name));
  return Buffer.from(row.value, 'base64');
}
