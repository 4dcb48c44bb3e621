import type { SamlSettings, SamlSettingsBody } from './contract/saml.ts';
import type { Camelize } from './case.ts';
import { request } from './http.ts';

export type SamlSettingsRow = Camelize<SamlSettings>;

/** The client's SAML identity-provider settings (ADM). */
export const samlApi = {
  settings: () => request<SamlSettingsRow>('GET', '/manager/client/saml/'),
  save: (body: Camelize<SamlSettingsBody>) => request<SamlSettingsRow>('PUT', '/manager/client/saml/', { body }),
};
