import type { TaskProgress } from './contract/openModel.ts';
import type { Endpoint } from './contract/endpoint.ts';
import { camelize, type Camelize } from './case.ts';
import { callResponse, downloadProduced, required, type ArgsOf, type ClientEndpoint } from './http.ts';

// The jobs that produce a file (open model, report; docs/conventions.md "Jobs"): their poll answers 202
// with the progress while the job runs and 200 when the file is ready at /files/{uuid}/{filename_orig}.

export type TaskRunning = Camelize<TaskProgress>;
/** A poll's answer: 202 while the job runs, 200 when the file is ready. */
export type TaskPoll<F> = { ready: false; progress: TaskRunning } | { ready: true; file: F };
/** What a ready job answers at least. */
export interface ProducedFile { uuid: string; filenameOrig: string }

/** One poll of a job's endpoint; any other answer than 200/202 throws (ResponseError). */
export async function pollAnswer<F, E extends Endpoint>(ep: ClientEndpoint<E>, ...args: ArgsOf<E>): Promise<TaskPoll<F>> {
  const res = await callResponse(ep, ...args);
  const body: unknown = await res.json();
  return res.status === 202 ? { ready: false, progress: camelize(body) } : { ready: true, file: camelize(body) };
}

/** The produced file from the file server (only the user who asked gets it). */
export const downloadProducedFile = (file: ProducedFile) =>
  downloadProduced(`/files/${required(file.uuid, 'uuid')}/${encodeURIComponent(file.filenameOrig)}`, file.filenameOrig);
