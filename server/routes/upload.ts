import type { FastifyRequest } from 'fastify';
import { HttpError } from '../errors.ts';
import type { UploadedFile } from '../../src/api/contract/attachment.ts';

interface Upload {
  fields: Record<string, string>;
  file?: UploadedFile;
}

/** The 413 of an upload above the size limit (MAX_UPLOAD_MB). */
export const uploadTooLarge = (maxBytes: number) => new HttpError(413, `Het bestand is te groot (maximaal ${Math.round(maxBytes / 1_000_000)} MB).`);

/**
 * Room a multipart body takes beside its file within the size limit: boundaries, part headers and the
 * text fields (a name, a description). A body declared larger is refused before it is read (app.ts).
 */
export const MULTIPART_FRAMING_BYTES = 1_000_000;

/** Reads a multipart body: text fields and at most one file, read as a stream up to the size limit (413). */
export async function readUpload(req: FastifyRequest, maxBytes: number): Promise<Upload> {
  const tooLarge = () => uploadTooLarge(maxBytes);
  const out: Upload = { fields: {} };
  try {
    for await (const part of req.parts()) {
      if (part.type === 'field') {
        out.fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
        continue;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of part.file) {
        size += (chunk as Buffer).length;
        if (size > maxBytes) throw tooLarge();
        chunks.push(chunk as Buffer);
      }
      if (part.file.truncated) throw tooLarge();
      if (part.filename && size > 0 && !out.file) {
        out.file = { filename: part.filename.split(/[\\/]/).pop()!, contentType: part.mimetype || 'application/octet-stream', data: Buffer.concat(chunks) };
      }
    }
  } catch (e) {
    if (e instanceof HttpError) throw e;
    const code = (e as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT' || (e as { statusCode?: number }).statusCode === 413) throw tooLarge();
    // a malformed body (bad boundary, cut off): the client's fault
    throw new HttpError(400, 'Upload niet geslaagd.');
  }
  return out;
}

/**
 * A multipart body in the shape its contract schema validates as JSON: the text fields, and the file part
 * as `file`. Undefined when the request is not multipart. Used in a route's preValidation.
 */
export async function multipartBody(req: FastifyRequest, maxBytes: number): Promise<Record<string, unknown> | undefined> {
  if (!req.isMultipart()) return undefined;
  const { fields, file } = await readUpload(req, maxBytes);
  return { ...fields, ...(file ? { file } : {}) };
}
