import { z } from 'zod';
import {
  FORBIDDEN_NAME_MESSAGE, MAX_NAME_LENGTH, REQUIRED_MESSAGE, hasForbiddenNameChars, type NamedKind,
} from '../../lib/names.ts';
import { MAX_ID, OptionalText } from './common.ts';

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

/** The name and description a version or a model is created and changed with. */
export const namedFields = (kind: 'version' | 'model') => ({ name: RequiredName(kind), description: OptionalText });
