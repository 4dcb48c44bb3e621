import type { AttachmentItem, AttachmentLinkBody } from '../api/contract/attachment.ts';
import type { Camelize } from './case.ts';
import { downloadPath as download, request, required } from './http.ts';

export type Attachment = Camelize<AttachmentItem>;
type AttachmentLink = Camelize<AttachmentLinkBody>;

const M = '/manager/attachment-version-model';

export const attachmentsApi = {
  createLink: (body: Omit<AttachmentLink, 'attachmentType'>) =>
    request<Attachment>('POST', `${M}/`, { body: { ...required(body, 'body'), attachmentType: 'LINK' } }),
  /** Multipart: the text fields first, then the file part. */
  createFile: (fields: { version: number; categoryAttachment: number; name?: string | null }, file: File) => {
    const form = new FormData();
    form.append('version', String(required(fields.version, 'version')));
    form.append('attachment_type', 'FILE');
    form.append('category_attachment', String(required(fields.categoryAttachment, 'categoryAttachment')));
    if (fields.name) form.append('name', fields.name);
    form.append('file', required(file, 'file'));
    return request<Attachment>('POST', `${M}/`, { form });
  },
  download: (a: Attachment) => download(`${M}/${required(a.id, 'id')}/`, a.file ?? a.name),
  remove: (id: number) => request<void>('DELETE', `${M}/${required(id, 'id')}/`),
};
