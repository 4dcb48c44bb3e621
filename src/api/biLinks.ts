import type { BiLink as BiLinkWire, BiLinkCreate, BiPassword as BiPasswordWire, BiSettings as BiSettingsWire } from '../api/contract/biLink.ts';
import { endpoints } from './endpoints.ts';
import type { Camelize } from './case.ts';
import { call, required } from './http.ts';

export type BiLink = Camelize<BiLinkWire>;
export type BiPassword = Camelize<BiPasswordWire>;
export type BiSettings = Camelize<BiSettingsWire>;

const ep = endpoints.biLinks;

/** BI links (spec 1 §7 /api/bi/v1/report/…): the caller's own links; settings/ is staff's. */
export const biLinksApi = {
  list: () => call(ep.list),
  create: (body: Camelize<BiLinkCreate>) => call(ep.create, { body: required(body, 'body') }),
  remove: (uuid: string) => call(ep.remove, { params: { uuid } }),
  /** A new password valid `validDays`; the answer is the only place it is ever shown. */
  generatePassword: (uuid: string, validDays: number) => call(ep.generatePassword, { params: { uuid }, body: { validDays } }),
  settings: () => call(ep.settings),
  saveSettings: (body: BiSettings) => call(ep.saveSettings, { body: required(body, 'body') }),
};
