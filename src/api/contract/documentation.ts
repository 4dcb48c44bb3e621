import { z } from 'zod';
import { IdParams, OptionalText, Timestamp } from './common.ts';
import { UploadedFile } from './attachment.ts';
import { DOCUMENTATION_MESSAGES as M } from './messages.ts';
import { httpUrl, videoEmbed } from '../../lib/videoLinks.ts';
import { endpoint } from './endpoint.ts';
import { routes } from './routes.ts';

// Documentation (spec 1 §2 Documentation, §3, §7 documentation/): manuals and release notes as PDF,
// instructional videos as YouTube or Vimeo links, per client, under /api/manager/documentation/.

export const DocumentationType = z.enum(['manual', 'instructional_video', 'release_note']);
export type DocumentationType = z.infer<typeof DocumentationType>;

/** An entry of GET documentation/ (and the answer of POST and PATCH). */
export const DocumentationItem = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  documentation_type: DocumentationType,
  /** Videos: the link as entered (watch or short link); the player takes the id from it. */
  video_url: z.string().nullable(),
  /** Manuals and release notes: where the PDF is served (GET documentation/{id}/); null without a file. */
  pdf_path: z.string().nullable(),
  /** Shipped with the product (the user manual, the release notes): its file follows the product's. */
  shipped: z.boolean(),
  sort_order: z.number(),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type DocumentationItem = z.infer<typeof DocumentationItem>;
export const DocumentationList = z.array(DocumentationItem);

/** The first bytes of every PDF file. */
const PDF_SIGNATURE = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
export const isPdf = (data: Uint8Array) => PDF_SIGNATURE.every((b, i) => data[i] === b);

/** The file part of a multipart POST/PATCH: present ('Selecteer een bestand.', as every upload) and a PDF by its signature. */
const PdfFile = UploadedFile.refine((f) => isPdf(f.data), M.notPdf);

const name = z.string({ error: M.name }).trim().min(1, M.name).max(200);
/** An http(s) address from which the player can take a YouTube or Vimeo video id. */
export const VideoUrl = z.string({ error: M.videoUrl }).trim().min(1, { error: M.videoUrl, abort: true }).max(2000)
  .refine((v) => httpUrl(v) !== null && videoEmbed(v) !== null, M.videoLink);
const sortOrder = z.coerce.number().int().min(0).max(1_000_000).optional();

/**
 * POST documentation/ (staff). A video as JSON or multipart: name, description, `video_url`. A manual or
 * release note as multipart/form-data: the text fields first, then the PDF as `file`. Answer 201 with
 * the DocumentationItem.
 */
export const DocumentationCreateBody = z.discriminatedUnion('documentation_type', [
  z.object({ documentation_type: z.literal('instructional_video'), name, description: OptionalText, video_url: VideoUrl, sort_order: sortOrder }),
  z.object({ documentation_type: z.enum(['manual', 'release_note']), name, description: OptionalText, file: PdfFile, sort_order: sortOrder }),
], { error: M.type });
export type DocumentationCreateBody = z.output<typeof DocumentationCreateBody>;

/**
 * PATCH documentation/{id}/ (staff), JSON or multipart: any of name, description, sort_order; `video_url`
 * of a video; a new PDF as `file` of a manual or release note (not of a shipped entry). The type stays.
 */
export const DocumentationPatchBody = z.object({
  name: name.optional(),
  description: OptionalText.optional(),
  video_url: VideoUrl.optional(),
  file: PdfFile.optional(),
  sort_order: sortOrder,
});
export type DocumentationPatchBody = z.output<typeof DocumentationPatchBody>;

const tags = ['documentation'];

export const documentationEndpoints = {
  /** Also sets the cookie with which the PDF links (pdf_path, opened in a new tab) are allowed. */
  list: endpoint(routes.documentation.list, { tags, response: { 200: DocumentationList } }),
  /** The PDF, shown inline in the tab the link opened. */
  pdf: endpoint(routes.documentation.pdf, { tags, params: IdParams, response: {} }),
  /** JSON: a video; multipart: a manual or release note with its PDF. */
  create: endpoint(routes.documentation.create, {
    tags, body: DocumentationCreateBody, response: { 201: DocumentationItem },
  }),
  /** Multipart when a manual gets a new PDF. */
  update: endpoint(routes.documentation.update, {
    tags, params: IdParams, body: DocumentationPatchBody,
    response: { 200: DocumentationItem },
  }),
  remove: endpoint(routes.documentation.remove, { tags, params: IdParams, response: {} }),
};
