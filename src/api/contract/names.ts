import { z } from 'zod';
import {
  FORBIDDEN_NAME_MESSAGE, MAX_NAME_LENGTH, REQUIRED_MESSAGE, hasForbiddenNameChars, type NamedKind,
} from '../../lib/names.ts';
import { MAX_ID } from './common.ts';

/** A required name of a project, version or model: trimmed, non-empty, no < > : " / ? * |. */
export const RequiredName = (kind: NamedKind) =>
  z
    .string({ error: REQUIRED_MESSAGE })
    .trim()
    .min(1, REQUIRED_MESSAGE)
    .max(MAX_NAME_LENGTH, `Gebruik maximaal ${MAX_NAME_LENGTH} tekens.`)
    .refine((v) => !hasForbiddenNameChars(v), FORBIDDEN_NAME_MESSAGE[kind]);

/** A required reference to a row (ids are > 0). */
export const RequiredId = z.number({ error: REQUIRED_MESSAGE }).int(REQUIRED_MESSAGE).positive(REQUIRED_MESSAGE).max(MAX_ID);
