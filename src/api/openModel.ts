import type { OpenModelAnswer, OpenModelReady, TaskProgress } from './contract/openModel.ts';
import { camelize, type Camelize } from './case.ts';
import { download, request, required } from './http.ts';

export type TaskRunning = Camelize<TaskProgress>;
export type OpenModelFile = Camelize<OpenModelReady>;
/** A poll's answer: 202 while the job runs, 200 when the file is ready. */
export type OpenModelPoll = { ready: false; progress: TaskRunning } | { ready: true; file: OpenModelFile };

const M = '/manager';

/** Opening a spreadsheet model (spec 1 §4 "Open model", §7 model/{id}/open/, open-model-task/{id}/). */
export const openModelApi = {
  /** Starts the open-model job; 409 when someone else has the model open, 424 when required map data are missing. */
  open: (id: number, opts: { force?: boolean; mapviewerRequired: boolean }) =>
    request<Camelize<OpenModelAnswer>>('GET', `${M}/model/${required(id, 'id')}/open/`, {
      query: { force: opts.force || undefined, mapviewerRequired: opts.mapviewerRequired },
    }).then((a) => a.openModelTask),
  poll: async (taskId: string): Promise<OpenModelPoll> => {
    const res = await request<Response>('GET', `${M}/open-model-task/${required(taskId, 'taskId')}/`, { rawResponse: true });
    const body: unknown = await res.json();
    return res.status === 202 ? { ready: false, progress: camelize(body) } : { ready: true, file: camelize(body) };
  },
  /** The produced file from the file server (outside /api; only the user who asked gets it). */
  download: (file: OpenModelFile) =>
    download(`/files/${required(file.uuid, 'uuid')}/${encodeURIComponent(file.filenameOrig)}`, file.filenameOrig, { root: true }),
};

/** The Office URI that makes Excel open (and save back to) the WebDAV address of an opened model. */
export const excelUri = (editUrl: string) => `ms-excel:ofe|u|${editUrl}`;
