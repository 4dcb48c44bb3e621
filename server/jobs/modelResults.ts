import type { SystemJobHandler } from './job.ts';
import { refreshModelResults } from '../services/modelResults.ts';

// The results job (system queue `model-results`, keyed by model id): enqueued by every save that changes a
// model's results (resultsChanged, server/services/modelResults.ts), it stores the results of the save it
// finds. Idempotent: a second run, or one after a reader stored them, finds them stored and stops.
export const modelResultsJob: SystemJobHandler = (ctx, { key }) => refreshModelResults(ctx, Number(key));
