import { isStatus, ResponseError } from '../../api/http.ts';
import { SAVE_FAILED } from '../../api/contract/messages.ts';
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

/** Spec 1 §8: 409 → the name is taken; a frozen model (423) says so; anything else the general message. */
export function saveErrorMessage(e: unknown, kind: NamedKind): string {
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
