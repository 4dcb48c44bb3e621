import type { BiLink as BiLinkWire, BiLinkCreate, BiPassword as BiPasswordWire } from '../api/contract/biLink.ts';
import type { Camelize } from './case.ts';
import { request, required } from './http.ts';

export type BiLink = Camelize<BiLinkWire>;
export type BiPassword = Camelize<BiPasswordWire>;

const M = '/bi/v1/report';

/** BI links (spec 1 §7 /api/bi/v1/report/…): the caller's own links. */
export const biLinksApi = {
  list: () => request<BiLink[]>('GET', `${M}/`),
  create: (body: Camelize<BiLinkCreate>) => request<BiLink>('POST', `${M}/`, { body: required(body, 'body') }),
  remove: (uuid: string) => request<void>('DELETE', `${M}/${required(uuid, 'uuid')}/`),
  /** A new temporary password; the answer is the only place it is ever shown. */
  generatePassword: (uuid: string) => request<BiPassword>('POST', `${M}/${required(uuid, 'uuid')}/password/`),
};
