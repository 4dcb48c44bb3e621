// Names of reference data, projects, versions and models (spec 2 §5, spec 1 §5): shared by browser
// and server. No React, DOM or Node imports.

/** Characters that may not appear in names of projects, versions and models (and reference data). */
const FORBIDDEN = /[<>:"/?*|]/;

const INVALID_NAME = 'Voer een geldige naam in.';
const FORBIDDEN_CHARS_MESSAGE = 'De naam mag de tekens < > : " / ? * | niet bevatten.';

/** The Dutch problem of a reference-data name, or null when it is fine. The name is judged after trimming. */
export function nameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed === '') return INVALID_NAME;
  if (FORBIDDEN.test(trimmed)) return FORBIDDEN_CHARS_MESSAGE;
  return null;
}

/** True when the name contains one of < > : " / ? * |. */
export const hasForbiddenNameChars = (name: string): boolean => FORBIDDEN.test(name);

/** Required-field message of the project-area forms. */
export const REQUIRED_MESSAGE = 'Vul alle velden in die gemarkeerd zijn met een *';

export type NamedKind = 'project' | 'version' | 'model';

/** 'De naam van … mag geen speciale tekens bevatten.' per kind. */
export const FORBIDDEN_NAME_MESSAGE: Record<NamedKind, string> = {
  project: 'De naam van het project mag geen speciale tekens bevatten.',
  version: 'De naam van de versie mag geen speciale tekens bevatten.',
  model: 'De naam van het model mag geen speciale tekens bevatten.',
};

/** The 409 messages when the name is taken under the same parent (case-insensitive). */
export const DUPLICATE_NAME_MESSAGE: Record<NamedKind, string> = {
  project: 'Er bestaat al een project met deze naam.',
  version: 'Er bestaat al een versie met deze naam.',
  model: 'Er bestaat al een model met deze naam.',
};

/** Longest accepted name. */
export const MAX_NAME_LENGTH = 200;

/**
 * Name of a copy that is free among `taken` (compared case-insensitively):
 * 'X (kopie)', then 'X (kopie 2)', 'X (kopie 3)', …
 */
export function copyName(name: string, taken: Iterable<string>): string {
  const used = new Set<string>();
  for (const t of taken) used.add(t.toLowerCase());
  const base = name.replace(/ \(kopie(?: \d+)?\)$/, '');
  for (let i = 1; ; i++) {
    const candidate = i === 1 ? `${base} (kopie)` : `${base} (kopie ${i})`;
    if (!used.has(candidate.toLowerCase())) return candidate;
  }
}
