import type { JOB_KINDS } from '../db/schema/columns.ts';
import type { JobHandler } from './job.ts';
import { openModelJob } from './openModel.ts';
import { reportJob } from './report.ts';

export type JobKind = (typeof JOB_KINDS)[number];

/**
 * The job kinds this server runs, one handler each (docs/conventions.md "Jobs"). A kind without a handler
 * here gets no queue and no worker.
 */
export const JOB_HANDLERS: Partial<Record<JobKind, JobHandler>> = {
  'open-model': openModelJob,
  report: reportJob,
};
