import { and, eq } from 'drizzle-orm';
import { model, savedModel } from '../db/schema/index.ts';
import { currentParameters } from '../services/parameters.ts';
import { externalViewerAnswers } from '../services/oauth.ts';
import { versionSpaceUsage, type OpenModelParams, type SpaceUsage } from '../services/openModel.ts';
import { readFile } from '../storage/files.ts';
import { XLSX_CONTENT_TYPE } from '../storage/xlsx.ts';
import { createEditLink } from '../webdav/editLinks.ts';
import { JobFailure, type JobHandler } from './job.ts';
import { fillWorkbook } from './workbookThreads.ts';
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

export const openModelJob: JobHandler = async ({ ctx, job, progress }) => {
  const params = job.params as OpenModelParams;
  const modelId = job.modelId!;
  await progress('Rekenmodel ophalen', 10);
  const [saved] = await ctx.db.select({ fileId: savedModel.fileId, filename: savedModel.filenameOrig, versionId: model.versionId, name: model.name })
    .from(savedModel).innerJoin(model, eq(model.id, savedModel.modelId))
    .where(and(eq(savedModel.modelId, modelId), eq(savedModel.active, true)));
  const file = saved && await readFile(ctx.db, job.clientId, saved.fileId);
  if (!file) throw new JobFailure(NO_MODEL_FILE);

  await progress('Globale parameters invullen', 30);
  const parameters = await currentParameters(ctx.db, job.clientId, modelId);
  let spaceUsage: SpaceUsage | null = null;
  if (params.mapviewerRequired) {
    await progress('Kaartgegevens invullen', 50);
    const map = await versionSpaceUsage(ctx, ctx.db, saved.versionId, await externalViewerAnswers(ctx, job.clientId));
    if ('error' in map) throw new JobFailure(MAPVIEWER_ERROR_TEXT[map.error], map.error);
    spaceUsage = map.spaceUsage;
  }
  // The writer opens the workbook as it is checked on upload (openXlsx), so its refusal is the check.
  const xlsx = await fillWorkbook(file.data, { parameters, spaceUsage });
  if (!xlsx) throw new JobFailure(NOT_A_WORKBOOK);

  await progress('Bestand klaarzetten', 90);
  return {
    // Named after the model (issue 23): the first history entry is the template's file, and a user with
    // copies of several models must tell them apart. The edit link keeps the entry's own name.
    filename: modelFilename(saved.name), contentType: XLSX_CONTENT_TYPE, data: xlsx,
    complete: params.edit
      ? async (tx, f, now) => ({
        edit_url: await createEditLink(tx, ctx.config.publicUrl, {
          clientId: job.clientId, modelId, userId: job.userId, filename: saved.filename, fileId: f.id, now, hours: ctx.config.fileLinkHours,
        }),
      })
      : undefined,
  };
};
