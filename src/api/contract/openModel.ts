import { z } from 'zod';
import { MAPVIEWER_ERRORS } from './messages.ts';
import { ErrorBody, IdParams } from './common.ts';
import { endpoint } from './endpoint.ts';
import { routes } from './routes.ts';

// Opening a spreadsheet model (spec 1 §4 "Open model", §7 model/{id}/open/, open-model-task/{id}/).
// The open request enqueues a job (server/jobs) and answers its task id; the browser polls the task
// every 100 ms until the file is ready.

const flag = z.union([z.boolean(), z.enum(['true', 'false', '1', '0', ''])])
  .transform((v) => v === true || v === 'true' || v === '1' || v === '');

/** GET model/{id}/open/?force&mapviewer_required (a bare `?force` counts as true). */
export const OpenModelQuery = z.object({
  /** Take the edit session over from another user (only who may end it: project ADM). */
  force: flag.optional().default(false),
  /** Fill the version's space usage from its feature areas; 424 when they are missing. */
  mapviewer_required: flag.optional().default(false),
});
export type OpenModelQuery = z.input<typeof OpenModelQuery>;

/** 200 of GET model/{id}/open/: the task to poll. */
export const OpenModelAnswer = z.object({ open_model_task: z.string().uuid() });
export type OpenModelAnswer = z.infer<typeof OpenModelAnswer>;

export const MapviewerError = z.enum(MAPVIEWER_ERRORS);
export type MapviewerError = z.infer<typeof MapviewerError>;

/** 202 of GET open-model-task/{id}/ (and of GET report/?uuid): the job runs. */
export const TaskProgress = z.object({
  /** Dutch text of the step the job is at. */
  progress: z.string(),
  /** 0–100. */
  progress_pct: z.number().int().min(0).max(100),
});
export type TaskProgress = z.infer<typeof TaskProgress>;

/** 200 of GET open-model-task/{id}/: the file is ready at /files/{uuid}/{filename_orig}. */
export const OpenModelReady = z.object({
  uuid: z.string().uuid(),
  filename_orig: z.string(),
  /**
   * Absolute WebDAV address of the opened file (Excel: ms-excel:ofe|u|<edit_url>); saves there become
   * history entries. Null when the caller may only read the model (project VWR, or the model is frozen).
   */
  edit_url: z.string().url().nullable(),
  /**
   * The global parameters and space-usage locations the workbook has no named cell for, so they are not in
   * the file (keys as `Kostenstijging Per05`, `NcwDatum`, `Ruimtegebruik_public_space_green`); empty when all are.
   */
  not_filled: z.array(z.string()),
});
export type OpenModelReady = z.infer<typeof OpenModelReady>;

/** 424 of the open request or the task: the map data the open needs are missing. */
export const MapviewerFailure = ErrorBody.extend({ mapviewer_error: MapviewerError });
export type MapviewerFailure = z.infer<typeof MapviewerFailure>;

export const TaskIdParams = z.object({ id: z.string().uuid() });

const tags = ['model'];

export const openModelEndpoints = {
  /** Starts the open-model job; 409 when someone else has the model open, 424 when required map data are missing. */
  open: endpoint(routes.openModel.open, {
    tags, params: IdParams, query: OpenModelQuery,
    response: { 200: OpenModelAnswer, 409: ErrorBody, 424: MapviewerFailure },
  }),
  /** 202 while the job runs, 200 when the file is ready (and the file cookie is set). */
  task: endpoint(routes.openModel.task, {
    tags, params: TaskIdParams,
    response: { 200: OpenModelReady, 202: TaskProgress, 422: ErrorBody, 424: MapviewerFailure },
  }),
};
