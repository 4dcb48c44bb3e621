import type {
  BiLink as BiLinkWire, BiLinkCreate, BiPassword as BiPasswordWire, BiSettings as BiSettingsWire,
} from '../api/contract/biLink.ts';
import type { Camelize } from './case.ts';
import { request, required } from './http.ts';

export type BiLink = Camelize<BiLinkWire>;
export type BiPassword = Camelize<BiPasswordWire>;
export type BiSettings = Camelize<BiSettingsWire>;

const B = '/bi/v1';
const M = `${B}/report`;

/** BI links (spec 1 §7 /api/bi/v1/report/…): the caller's own links; settings/ is staff's. */
export const biLinksApi = {
  list: () => request<BiLink[]>('GET', `${M}/`),
  create: (body: Camelize<BiLinkCreate>) => request<BiLink>('POST', `${M}/`, { body: required(body, 'body') }),
  remove: (uuid: string) => request<void>('DELETE', `${M}/${required(uuid, 'uuid')}/`),
  /** A new password valid `validDays`; the answer is the only place it is ever shown. */
  generatePassword: (uuid: string, validDays: number) =>
    request<BiPassword>('POST', `${M}/${required(uuid, 'uuid')}/password/`, { body: { validDays } }),
  settings: () => request<BiSettings>('GET', `${B}/settings/`),
  saveSettings: (body: BiSettings) => request<BiSettings>('PUT', `${B}/settings/`, { body: required(body, 'body') }),
};
