import type { ModelData } from '../model/modelData.ts';
import { fieldErrorsOf } from '../api/http.ts';
import { problemPlace } from '../model/sections.ts';
import { MSG, type WorkbenchToasts } from './workbenchContract.ts';

/** An error with an HTTP status (ResponseError of src/api/http.ts, or a test double). */
export interface StatusError {
  status?: number;
  serverMessage?: string;
}

/**
 * What the workbench says when saving `data` failed; 'conflict' for a 409, which the store asks about
 * (reload or keep), instead of a toast.
 */
export function tellSaveFailure(e: unknown, data: ModelData, toasts: WorkbenchToasts): 'conflict' | null {
  const err = e as StatusError;
  if (err.status === 409) return 'conflict';
  if (err.status === 400) {
    toasts.error(MSG.invalid, 5_000);
    // The server's first problem on its field, named by its entry; the working copy stays as it is.
    const first = fieldErrorsOf(e)[0];
    const place = first && problemPlace(data, first.path);
    if (first) toasts.error(place ? `${place}: ${first.message}` : first.message, 10_000);
  } else if (err.status === 423 && err.serverMessage) toasts.error(err.serverMessage, 5_000);
  else toasts.error(MSG.saveFailed, 5_000);
  return null;
}
