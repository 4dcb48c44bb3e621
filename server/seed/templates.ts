import { eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { client, templateModel } from '../db/schema/index.ts';
import { saveFile } from '../storage/files.ts';
import { XLSX_CONTENT_TYPE } from '../storage/xlsx.ts';
import { TEMPLATE_FILENAME, TEMPLATE_NAME, buildModelTemplate } from '../../src/formulas/modelTemplate.ts';

let shipped: Promise<Uint8Array> | undefined;
/** The shipped template's workbook, built once per process. */
export const shippedTemplate = () => (shipped ??= buildModelTemplate());

/**
 * Every start: a client without spreadsheet-model templates gets the shipped one, and a template row
 * without a file (data folders from before the template existed) gets the shipped workbook, so that a
 * new spreadsheet model always starts as a copy of a file. Each row has its own stored copy (files
 * belong to one client). Serialised by an advisory lock, so instances starting together store it once.
 * Returns how many rows got a file.
 */
export async function ensureTemplateModels(db: Db, at: Date): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('grondslag:template_model'))`);
    const bare = await tx.select({ id: client.id }).from(client)
      .where(sql`NOT EXISTS (SELECT 1 FROM template_model t WHERE t.client_id = ${client.id})`);
    if (bare.length) await tx.insert(templateModel).values(bare.map((c) => ({ clientId: c.id, name: TEMPLATE_NAME })));
    const empty = await tx.select({ id: templateModel.id, clientId: templateModel.clientId }).from(templateModel).where(isNull(templateModel.fileId));
    for (const t of empty) {
      const file = await saveFile(tx, { clientId: t.clientId, filename: TEMPLATE_FILENAME, contentType: XLSX_CONTENT_TYPE, data: await shippedTemplate(), at });
      await tx.update(templateModel).set({ fileId: file.id }).where(eq(templateModel.id, t.id));
    }
    return empty.length;
  });
}
