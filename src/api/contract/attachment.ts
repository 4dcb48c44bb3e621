import { z } from 'zod';
import { IdParams, MAX_ID, OptionalText, Timestamp } from './common.ts';
import { REQUIRED_MESSAGE } from '../../lib/names.ts';
import { ATTACHMENT_MESSAGES } from './messages.ts';
import { endpoint } from './endpoint.ts';
import { routes } from './routes.ts';

// Attachments of a version (spec 1 §3 "Attachment"): /api/manager/attachment-version-model/…

export const AttachmentType = z.enum(['LINK', 'FILE']);
export type AttachmentType = z.infer<typeof AttachmentType>;

/** An attachment as listed in a version (`attachments`) and answered by POST / GET (LINK). */
export const AttachmentItem = z.object({
  id: z.number(),
  version: z.number(),
  attachment_type: AttachmentType,
  name: z.string(),
  category_attachment: z.number(),
  category_name: z.string(),
  /** LINK only. */
  url_link: z.string().nullable(),
  timestamp_upload: Timestamp,
  /** FILE only: the original file name and its size in bytes; download with GET attachment-version-model/{id}/. */
  file: z.string().nullable(),
  filesize: z.number().nullable(),
});
export type AttachmentItem = z.infer<typeof AttachmentItem>;

const category = z.coerce.number({ error: ATTACHMENT_MESSAGES.category }).int(ATTACHMENT_MESSAGES.category).positive(ATTACHMENT_MESSAGES.category).max(MAX_ID, ATTACHMENT_MESSAGES.category);
const version = z.coerce.number({ error: REQUIRED_MESSAGE }).int(REQUIRED_MESSAGE).positive(REQUIRED_MESSAGE).max(MAX_ID, REQUIRED_MESSAGE);

/**
 * POST attachment-version-model/ as JSON: a link. Answer 201 with the AttachmentItem.
 * `url_link` must start with http:// or https:// (it is opened in a new tab).
 */
export const AttachmentLinkBody = z.object({
  version,
  attachment_type: z.literal('LINK', { error: REQUIRED_MESSAGE }),
  category_attachment: category,
  name: z.string({ error: ATTACHMENT_MESSAGES.name }).trim().min(1, ATTACHMENT_MESSAGES.name).max(200),
  url_link: z
    .string({ error: ATTACHMENT_MESSAGES.link })
    .trim()
    .min(1, { error: ATTACHMENT_MESSAGES.link, abort: true })
    .max(2000)
    .refine((v) => /^https?:\/\/\S+$/i.test(v), ATTACHMENT_MESSAGES.linkScheme),
});
export type AttachmentLinkBody = z.input<typeof AttachmentLinkBody>;

/**
 * POST attachment-version-model/ as multipart/form-data: a file. Text fields (before the file part):
 * version, attachment_type (or `type`) = FILE, category_attachment, name (optional: defaults to the
 * file name); the file part is `file`. Answer 201 with the AttachmentItem.
 */
const AttachmentFileFields = z.object({
  version,
  attachment_type: z.literal('FILE', { error: REQUIRED_MESSAGE }),
  category_attachment: category,
  name: OptionalText,
});
type AttachmentFileFields = z.input<typeof AttachmentFileFields>;

/** The file part of a multipart POST, as the server reads it ('Selecteer een bestand.' when absent or empty). */
export const UploadedFile = z.object({
  filename: z.string(),
  contentType: z.string(),
  data: z.instanceof(Uint8Array),
}, { error: ATTACHMENT_MESSAGES.file });
export type UploadedFile = z.infer<typeof UploadedFile>;

/**
 * The body of POST attachment-version-model/, whichever way it came (JSON link, multipart file; `type`
 * is accepted for `attachment_type`): one schema validates both, with the same 400 as every route.
 */
export const AttachmentCreateBody = z.discriminatedUnion('attachment_type', [
  AttachmentLinkBody,
  AttachmentFileFields.extend({ file: UploadedFile }),
], { error: REQUIRED_MESSAGE });
export type AttachmentCreateBody = z.output<typeof AttachmentCreateBody>;

const tags = ['attachment'];

export const attachmentEndpoints = {
  /** JSON: a link; multipart: a file (fields first, then the file part). */
  create: endpoint(routes.attachments.create, {
    tags, body: AttachmentCreateBody, response: { 201: AttachmentItem },
  }),
  /** A link answers its item, a file the file. */
  get: endpoint(routes.attachments.get, { tags, params: IdParams, response: {} }),
  remove: endpoint(routes.attachments.remove, { tags, params: IdParams, response: {} }),
};
