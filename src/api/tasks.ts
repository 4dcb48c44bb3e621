import type { TaskProgress } from './contract/openModel.ts';
import { camelize, type Camelize } from './case.ts';
import { downloadPath as download, request, required } from './http.ts';

// The jobs that produce a file (open model, report; docs/conventions.md "Jobs"): their poll answers 202
// with the progress while the job runs and 200 when the file is ready at /files/{uuid}/{filename_orig}.

export type TaskRunning = Camelize<TaskProgress>;
/** A poll's answer: 202 while the job runs, 200 when the file is ready. */
export type TaskPoll<F> = { ready: false; progress: TaskRunning } | { ready: true; file: F };
/** What a ready job answers at least. */
export interface ProducedFile { uuid: string; filenameOrig: string }

/** One poll of a job; any other answer than 200/202 throws (ResponseError). */
export async function pollAnswer<F>(path: string, query?: Record<string, string>): Promise<TaskPoll<F>> {
  const res = await request<Response>('GET', path, { rawResponse: true, query });
  const body: unknown = await res.json();
  return res.status === 202 ? { ready: false, progress: camelize(body) } : { ready: true, file: camelize(body) };
}

/** The produced file from the file server (outside /api; only the user who asked gets it). */
export const downloadProducedFile = (file: ProducedFile) =>
  download(`/files/${required(file.uuid, 'uuid')}/${encodeURIComponent(file.filenameOrig)}`, file.filenameOrig, { root: true });
