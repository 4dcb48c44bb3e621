import type { ViewerRegistered, ViewerRegistrationBody, ViewerSettings } from './contract/mapViewerOAuth.ts';
import type { Camelize } from './case.ts';
import { request } from './http.ts';

export type MapViewerSettings = Camelize<ViewerSettings>;
export type MapViewerRegistered = Camelize<ViewerRegistered>;
/** What the viewer in the frame asks a code with; PKCE (RFC 7636) passed on when it sends it. */
export interface AuthorizeRequest {
  clientId: string; redirectUri: string; state: string;
  codeChallenge?: string; codeChallengeMethod?: string;
}

/** The client's external map viewer (staff): registration with a secret shown once, or the built-in viewer. */
export const mapViewerOAuthApi = {
  settings: () => request<MapViewerSettings>('GET', '/manager/mapviewer/oauth/client/'),
  register: (body: Camelize<ViewerRegistrationBody>) => request<MapViewerRegistered>('PUT', '/manager/mapviewer/oauth/client/', { body }),
  remove: () => request<void>('DELETE', '/manager/mapviewer/oauth/client/'),
  /** A code for the external viewer in a frame, for the signed-in user: where to send the frame. */
  authorize: (q: AuthorizeRequest) =>
    request<{ redirectTo: string }>('GET', '/manager/mapviewer/oauth/authorize/', {
      query: { approvalPrompt: 'auto', responseType: 'code', ...q },
    }),
};
