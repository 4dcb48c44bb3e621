import { isStatus, ResponseError } from '../../api/http.ts';
import { SAVE_FAILED, STALE_EDIT_MESSAGE } from '../../api/contract/messages.ts';
import {
  DUPLICATE_NAME_MESSAGE, FORBIDDEN_NAME_MESSAGE, REQUIRED_MESSAGE, hasForbiddenNameChars, type NamedKind,
} from '../../lib/names.ts';

export { REQUIRED_MESSAGE };
export const SAVE_OK = 'Opslaan gelukt!';
export const PROJECT_UPDATED = 'Project succesvol bijgewerkt.';

/** The problem of a required name (spec 1 §5), or null. */
export function nameError(kind: NamedKind, name: string): string | null {
  if (name.trim() === '') return REQUIRED_MESSAGE;
  if (hasForbiddenNameChars(name)) return FORBIDDEN_NAME_MESSAGE[kind];
  return null;
}

/** A 409 of a save over someone else's newer change (code 'stale'), not of a taken name. */
export const isStaleEdit = (e: unknown): boolean =>
  isStatus(e, 409) && e instanceof ResponseError && (e.body as { code?: unknown } | null)?.code === 'stale';

/**
 * Spec 1 §8: 409 → the name is taken, unless the form was stale (someone else changed it since it loaded);
 * a frozen model (423) says so; anything else the general message.
 */
export function saveErrorMessage(e: unknown, kind: NamedKind): string {
  if (isStaleEdit(e)) return STALE_EDIT_MESSAGE[kind];
  if (isStatus(e, 409)) return DUPLICATE_NAME_MESSAGE[kind];
  if (isStatus(e, 423) && e instanceof ResponseError && e.serverMessage) return e.serverMessage;
  return SAVE_FAILED;
}

/** Spec 1 §5: empty optional texts are sent as null. */
export const orNull = (s: string): string | null => (s.trim() === '' ? null : s);

/** '-' for empty values in read-only views. */
export const orDash = (s: string | null | undefined): string => (s == null || String(s).trim() === '' ? '-' : String(s));

/** A numeric screen parameter. */
export const numParam = (v: string | number | undefined): number | null => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : null;
};
