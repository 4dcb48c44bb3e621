import type { AppContext, JobQueue } from '../context.ts';
import type { Tx } from '../db/index.ts';
import { HttpError } from '../errors.ts';
import { audit, type Actor } from './audit.ts';
import { DUPLICATE_NAME_MESSAGE } from '../../src/lib/names.ts';
import { EMAIL_IN_USE } from '../../src/api/contract/messages.ts';
import { DUPLICATE_REFERENCE_MESSAGE, REPORT_TEMPLATE_MESSAGES, WORKBOOK_MESSAGES } from '../../src/api/contract/messages.ts';

// The command path (docs/conventions.md): every service that writes runs its reads-for-the-check, its
// writes and its audit row in one transaction, stamped with one reading of the configured clock.

/** The spec's 409 text for each unique index (server/db/schema) a request can run into (command.test.ts holds it to the schema). */
export const CONFLICT_MESSAGE: Record<string, string> = {
  project_client_name_key: DUPLICATE_NAME_MESSAGE.project,
  version_model_project_name_key: DUPLICATE_NAME_MESSAGE.version,
  model_version_name_key: DUPLICATE_NAME_MESSAGE.model,
  app_user_email_key: EMAIL_IN_USE,
  subregion_client_description_key: DUPLICATE_REFERENCE_MESSAGE.subregion,
  type_project_client_description_key: DUPLICATE_REFERENCE_MESSAGE.typeProject,
  phase_client_description_key: DUPLICATE_REFERENCE_MESSAGE.phase,
  category_attachment_client_name_key: DUPLICATE_REFERENCE_MESSAGE.category,
  template_model_client_name_key: WORKBOOK_MESSAGES.duplicateTemplate,
  template_report_client_name_key: REPORT_TEMPLATE_MESSAGES.duplicate,
};

/** A unique violation of a listed index as the spec's 409; null for anything else. */
function conflictOf(e: unknown): HttpError | null {
  // drizzle wraps the driver's error in `cause`.
  const err = (e as { cause?: unknown })?.cause ?? e;
  const { code, constraint } = (err ?? {}) as { code?: string; constraint?: string };
  const message = code === '23505' && constraint ? CONFLICT_MESSAGE[constraint] : undefined;
  return message ? new HttpError(409, message) : null;
}

/** Who runs the command: the audit row's user, client and address. */
interface Caller {
  user?: Actor | null;
  /** Defaults to the user's client. */
  clientId?: number | null;
  ip: string;
}

/** What a command's body gets: the transaction, the command's time and its audit writer. */
export interface Command {
  tx: Tx;
  /** Every timestamp the command writes (ctx.config.now(), read once). */
  now: Date;
  /** Writes an audit row (spec 1: Logs) in the command's transaction, at `now`. */
  audit(description: string): Promise<void>;
  /** The job queue (ctx.jobs), to enqueue in `tx` (e.g. resultsChanged, services/modelResults.ts). */
  jobs: JobQueue;
}

/**
 * Runs `body` as one command: one transaction (a throw anywhere, the audit insert included, rolls
 * everything back), one clock reading, unique violations answered with the spec's 409. The body reads
 * the access row it checks (project role, target user) through `c.tx`, so check and write see the same data.
 */
export async function command<T>(ctx: AppContext, caller: Caller, body: (c: Command) => Promise<T>): Promise<T> {
  const now = ctx.config.now();
  const clientId = caller.clientId !== undefined ? caller.clientId : caller.user?.clientId ?? null;
  try {
    return await ctx.db.transaction((tx) => body({
      tx, now, jobs: ctx.jobs, audit: (description) => audit(tx, { clientId, user: caller.user, description, ip: caller.ip, at: now }),
    }));
  } catch (e) {
    throw conflictOf(e) ?? e;
  }
}
