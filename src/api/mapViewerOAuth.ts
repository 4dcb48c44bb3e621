import type { ViewerRegistered, ViewerRegistrationBody, ViewerSettings } from './contract/mapViewerOAuth.ts';
import { endpoints } from './endpoints.ts';
import type { Camelize } from './case.ts';
import { call, type CallQuery } from './http.ts';

export type MapViewerSettings = Camelize<ViewerSettings>;
export type MapViewerRegistered = Camelize<ViewerRegistered>;
/** What the viewer in the frame asks a code with; PKCE (RFC 7636) passed on when it sends it. */
export interface AuthorizeRequest {
  clientId: string; redirectUri: string; state: string;
  codeChallenge?: string; codeChallengeMethod?: string;
}

const ep = endpoints.mapViewerOAuth;

/** The client's external map viewer (staff): registration with a secret shown once, or the built-in viewer. */
export const mapViewerOAuthApi = {
  settings: () => call(ep.settings),
  register: (body: Camelize<ViewerRegistrationBody>) => call(ep.register, { body }),
  remove: () => call(ep.remove),
  /** A code for the external viewer in a frame, for the signed-in user: where to send the frame. */
  authorize: (q: AuthorizeRequest) =>
    // The frame's values as it sent them: the server checks them (400 with the contract's messages).
    call(ep.authorize, { query: { approvalPrompt: 'auto', responseType: 'code', ...q } as CallQuery<typeof ep.authorize> }),
};
