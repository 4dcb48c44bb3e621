import type { AttachmentItem, AttachmentLinkBody } from '../api/contract/attachment.ts';
import { endpoints } from './endpoints.ts';
import type { Camelize } from './case.ts';
import { call, download, required } from './http.ts';

export type Attachment = Camelize<AttachmentItem>;
type AttachmentLink = Camelize<AttachmentLinkBody>;

const ep = endpoints.attachments;

export const attachmentsApi = {
  createLink: (body: Omit<AttachmentLink, 'attachmentType'>) =>
    call(ep.create, { body: { ...required(body, 'body'), attachmentType: 'LINK' } }),
  /** Multipart: the text fields first, then the file part. */
  createFile: (fields: { version: number; categoryAttachment: number; name?: string | null }, file: File) => {
    const form = new FormData();
    form.append('version', String(required(fields.version, 'version')));
    form.append('attachment_type', 'FILE');
    form.append('category_attachment', String(required(fields.categoryAttachment, 'categoryAttachment')));
    if (fields.name) form.append('name', fields.name);
    form.append('file', required(file, 'file'));
    return call(ep.create, { form });
  },
  download: (a: Attachment) => download(ep.get, a.file ?? a.name, { params: { id: a.id } }),
  remove: (id: number) => call(ep.remove, { params: { id } }),
};
