import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { model, savedModel, storedFile } from '../db/schema/index.ts';
import { Lru } from '../lru.ts';
import { currentParameters } from '../services/parameters.ts';
import { externalViewerAnswers } from '../services/oauth.ts';
import type { MapTotals } from '../../src/api/contract/map.ts';
import { versionSpaceUsage, type OpenModelParams } from '../services/openModel.ts';
import { readFile } from '../storage/files.ts';
import { XLSX_CONTENT_TYPE } from '../storage/xlsx.ts';
import { createEditLink } from '../webdav/editLinks.ts';
import { JobFailure } from '../errors.ts';
import type { JobHandler } from './job.ts';
import { fillWorkbook } from '../threads/workbookThreads.ts';
import type { WorkbookInputs } from '../../src/formulas/workbookInputs.ts';
import { MAPVIEWER_ERROR_TEXT, MODEL_WITHOUT_FILE, OPEN_MODEL_FAILED, WORKBOOK_MESSAGES } from '../../src/api/contract/messages.ts';

// The open-model job (spec 1 §4): the model's active saved file with the current global parameters
// and, when asked, the version's space usage written into its input cells (src/formulas/workbookInputs.ts).
// An editor's result gets an edit link (the WebDAV address Excel saves back to).

export const NO_MODEL_FILE = `${OPEN_MODEL_FAILED} ${MODEL_WITHOUT_FILE}`;
export const NOT_A_WORKBOOK = `${OPEN_MODEL_FAILED} ${WORKBOOK_MESSAGES.notXlsx}`;

/** A file name for the model's workbook: its name without the characters file systems refuse. */
export function modelFilename(name: string): string {
  // eslint-disable-next-line no-control-regex
  const safe = name.replace(/[\\/:*?"<>|\u0000-\u001f]+/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 120).trim();
  return `${safe || 'Rekenmodel'}.xlsx`;
}

// Filled workbooks are kept (per database, bounded in bytes) under their source's content and their
// inputs: the writer's output depends on nothing else, so a model opened again with the same parameters
// and map data, or another model holding the same file (every new model starts as a copy of its
// template's), skips reading the source and filling it. A new history entry (other bytes), a parameter
// application or a change of the map data makes another key; an entry no open asks for any more ages out.
const FILLED = { entries: 200, size: 64 * 1024 * 1024 };
type Filled = { xlsx: Uint8Array; skipped: string[] };
const filledCaches = new WeakMap<Db, Lru<string, Filled>>();

/** The key of a filled workbook: the client, the source's SHA-256 and the inputs in a fixed order. */
function filledKey(clientId: number, sourceSha256: string, inputs: WorkbookInputs): string {
  const spaceUsage = inputs.spaceUsage && Object.entries(inputs.spaceUsage).sort(([a], [b]) => a.localeCompare(b));
  return createHash('sha256').update(JSON.stringify([clientId, sourceSha256, inputs.parameters, spaceUsage])).digest('base64url');
}

/**
 * The source workbook with its inputs written and the inputs it has no cell for: kept from an earlier open,
 * or filled now (null: no workbook).
 */
async function filled(db: Db, clientId: number, source: { fileId: number; sha256: string }, inputs: WorkbookInputs): Promise<Filled | null> {
  let cache = filledCaches.get(db);
  if (!cache) filledCaches.set(db, (cache = new Lru(FILLED, (f) => f.xlsx.byteLength)));
  const key = filledKey(clientId, source.sha256, inputs);
  const kept = cache.get(key);
  if (kept) return kept;
  const file = await readFile(db, clientId, source.fileId);
  if (!file) throw new JobFailure(NO_MODEL_FILE); // deleted since the job read its entry
  const out = await fillWorkbook(file.data, inputs);
  if (out) cache.set(key, out);
  return out;
}

export const openModelJob: JobHandler = async ({ ctx, job, progress }) => {
  const params = job.params as OpenModelParams;
  const modelId = job.modelId!;
  await progress('Rekenmodel ophalen', 10);
  // The source's hash is taken in PostgreSQL: the bytes leave it only when no filled copy is kept.
  const [saved] = await ctx.db.select({
    fileId: savedModel.fileId, filename: savedModel.filenameOrig, versionId: model.versionId, name: model.name,
    sha256: sql<string>`encode(sha256(${storedFile.data}), 'hex')`,
  }).from(savedModel).innerJoin(model, eq(model.id, savedModel.modelId))
    .innerJoin(storedFile, and(eq(storedFile.id, savedModel.fileId), eq(storedFile.clientId, job.clientId)))
    .where(and(eq(savedModel.modelId, modelId), eq(savedModel.active, true)));
  if (!saved) throw new JobFailure(NO_MODEL_FILE);

  await progress('Globale parameters invullen', 30);
  const parameters = await currentParameters(ctx.db, job.clientId, modelId);
  let spaceUsage: MapTotals | null = null;
  if (params.mapviewerRequired) {
    await progress('Kaartgegevens invullen', 50);
    const map = await versionSpaceUsage(ctx, ctx.db, saved.versionId, await externalViewerAnswers(ctx, job.clientId));
    if ('error' in map) throw new JobFailure(MAPVIEWER_ERROR_TEXT[map.error], map.error);
    spaceUsage = map.spaceUsage;
  }
  // The writer opens the workbook as it is checked on upload (openXlsx), so its refusal is the check.
  const out = await filled(ctx.db, job.clientId, saved, { parameters, spaceUsage });
  if (!out) throw new JobFailure(NOT_A_WORKBOOK);

  await progress('Bestand klaarzetten', 90);
  return {
    // Named after the model (issue 23): the first history entry is the template's file, and a user with
    // copies of several models must tell them apart. The edit link keeps the entry's own name.
    filename: modelFilename(saved.name), contentType: XLSX_CONTENT_TYPE, data: out.xlsx,
    // What the workbook has no named cell for is said on the ready dialog (not_filled), not dropped unseen.
    complete: async (tx, f, now) => ({
      not_filled: out.skipped,
      ...(params.edit
        ? {
          edit_url: await createEditLink(tx, ctx.config.publicUrl, {
            clientId: job.clientId, modelId, userId: job.userId, filename: saved.filename, fileId: f.id, now, hours: ctx.config.fileLinkHours,
          }),
        }
        : {}),
    }),
  };
};
