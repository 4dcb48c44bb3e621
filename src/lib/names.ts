// Names of reference data and projects (spec 2 §5, spec 1): shared by browser and server.

/** Characters not allowed in names: < > : " / ? * | */
export const FORBIDDEN_NAME_CHARS = ['<', '>', ':', '"', '/', '?', '*', '|'] as const;
const FORBIDDEN = /[<>:"/?*|]/;

export const INVALID_NAME = 'Voer een geldige naam in.';
export const FORBIDDEN_CHARS_MESSAGE = 'De naam mag de tekens < > : " / ? * | niet bevatten.';

/** The Dutch problem of a name, or null when it is fine. The name is judged after trimming. */
export function nameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed === '') return INVALID_NAME;
  if (FORBIDDEN.test(trimmed)) return FORBIDDEN_CHARS_MESSAGE;
  return null;
}

export const isValidName = (name: string) => nameProblem(name) === null;
