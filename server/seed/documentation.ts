import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { client, documentation } from '../db/schema/index.ts';
import { deleteFiles, saveFile } from '../storage/files.ts';
import { SHIPPED_DOCUMENTS, shippedHash, shippedPdf } from '../pdf/shipped.ts';

const PDF = 'application/pdf';

/**
 * Every start: each client gets the shipped manual and release notes when it has no entry of them, and a
 * shipped entry made from an older source gets the current PDF (its name, description and order stay as
 * staff left them). The PDFs are read (or rendered) only when some client needs one. Serialised by an
 * advisory lock, so instances starting together store them once. Returns how many files were stored.
 */
export async function ensureShippedDocumentation(db: Db, at: Date): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('grondslag:documentation'))`);
    const clients = await tx.select({ id: client.id }).from(client);
    const rows = await tx.select().from(documentation).where(sql`${documentation.shippedKey} IS NOT NULL`);
    let stored = 0;
    for (const doc of SHIPPED_DOCUMENTS) {
      const hash = shippedHash(doc);
      const todo = clients.map((cl) => ({ cl, row: rows.find((r) => r.clientId === cl.id && r.shippedKey === doc.key) }))
        .filter(({ row }) => !row || row.shippedHash !== hash || row.fileId === null);
      if (!todo.length) continue;
      const pdf = await shippedPdf(doc);
      for (const { cl, row } of todo) {
        const file = await saveFile(tx, { clientId: cl.id, filename: doc.filename, contentType: PDF, data: pdf.data, at });
        if (row) {
          await tx.update(documentation).set({ fileId: file.id, shippedHash: pdf.hash, updatedAt: at }).where(eq(documentation.id, row.id));
          if (row.fileId !== null) await deleteFiles(tx, [row.fileId]);
        } else {
          await tx.insert(documentation).values({
            clientId: cl.id, name: doc.name, description: doc.description, documentationType: doc.type, fileId: file.id,
            sortOrder: 0, shippedKey: doc.key, shippedHash: pdf.hash, createdAt: at, updatedAt: at,
          });
        }
        stored++;
      }
    }
    return stored;
  });
}
