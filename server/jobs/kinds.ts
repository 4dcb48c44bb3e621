import type { JobKind, SystemQueue } from '../context.ts';
import type { JobHandler, SystemJobHandler } from './job.ts';
import { openModelJob } from './openModel.ts';
import { modelResultsJob } from './modelResults.ts';
import { reportJob } from './report.ts';

/**
 * The job kinds this server runs, one handler each (docs/conventions.md "Jobs"). A kind without a handler
 * here gets no queue and no worker.
 */
export const JOB_HANDLERS: Partial<Record<JobKind, JobHandler>> = {
  'open-model': openModelJob,
  report: reportJob,
};

/**
 * System jobs: work the server does for itself after a save, with no `job` row, owner or file (nobody
 * polls them). One pg-boss queue each (policy `stately`: per singleton key one job waiting and one
 * running, so saves in a row coalesce); a handler reads the current state and is idempotent.
 */
export const SYSTEM_JOBS = {
  'model-results': modelResultsJob,
} satisfies Record<SystemQueue, SystemJobHandler>;
