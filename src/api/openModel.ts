import type { OpenModelReady } from './contract/openModel.ts';
import { endpoints } from './endpoints.ts';
import type { Camelize } from './case.ts';
import { call } from './http.ts';
import { downloadProducedFile, pollAnswer, type TaskPoll } from './tasks.ts';

export type OpenModelFile = Camelize<OpenModelReady>;
export type OpenModelPoll = TaskPoll<OpenModelFile>;

const ep = endpoints.openModel;

/** Opening a spreadsheet model (spec 1 §4 "Open model", §7 model/{id}/open/, open-model-task/{id}/). */
export const openModelApi = {
  /** Starts the open-model job; 409 when someone else has the model open, 424 when required map data are missing. */
  open: (id: number, opts: { force?: boolean; mapviewerRequired: boolean }) =>
    call(ep.open, { params: { id }, query: { force: opts.force || undefined, mapviewerRequired: opts.mapviewerRequired } })
      .then((a) => a.openModelTask),
  poll: (taskId: string): Promise<OpenModelPoll> => pollAnswer(ep.task, { params: { id: taskId } }),
  download: (file: OpenModelFile) => downloadProducedFile(file),
};

/** The Office URI that makes Excel open (and save back to) the WebDAV address of an opened model. */
export const excelUri = (editUrl: string) => `ms-excel:ofe|u|${editUrl}`;
