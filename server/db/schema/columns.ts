import { timestamp } from 'drizzle-orm/pg-core';
import { Role } from '../../../src/api/contract/common.ts';
import { ModelPlatform } from '../../../src/api/contract/model.ts';
import { AttachmentType } from '../../../src/api/contract/attachment.ts';
import { MapviewerError } from '../../../src/api/contract/openModel.ts';
import { SpaceUsageLocation } from '../../../src/model/modelData.ts';
import { DocumentationType } from '../../../src/api/contract/documentation.ts';

// Column helpers of the schema files.

/**
 * A timestamp a row always has. No database default: every insert writes the clock of the server
 * (`c.now` of its command, server/services/command.ts, or `ctx.config.now()`), and one that forgets it
 * fails on NOT NULL instead of taking the database's clock.
 */
export const stamp = () => timestamp({ withTimezone: true, mode: 'date' }).notNull();

// The values of the enum columns are the contract's enums (one list each); a z.enum is never empty.
const values = <T extends string>(e: { options: readonly T[] }) => e.options as [T, ...T[]];

export const ROLES = values(Role);
export const MODEL_PLATFORMS = values(ModelPlatform);
export const ATTACHMENT_TYPES = values(AttachmentType);

/** Kinds and states of a job (server/jobs). */
export const JOB_KINDS = ['open-model', 'report'] as const;
export const JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export const MAPVIEWER_ERROR_VALUES = values(MapviewerError);
export const SPACE_USAGE_LOCATION_VALUES = values(SpaceUsageLocation);
export const DOCUMENTATION_TYPES = values(DocumentationType);
