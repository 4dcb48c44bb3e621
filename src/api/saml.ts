import type { SamlSettings, SamlSettingsBody } from './contract/saml.ts';
import { endpoints } from './endpoints.ts';
import type { Camelize } from './case.ts';
import { call } from './http.ts';

export type SamlSettingsRow = Camelize<SamlSettings>;

/** The client's SAML identity-provider settings (ADM). */
export const samlApi = {
  settings: () => call(endpoints.saml.settings),
  save: (body: Camelize<SamlSettingsBody>) => call(endpoints.saml.save, { body }),
};
