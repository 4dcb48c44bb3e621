import type { ViewerRegistered, ViewerRegistrationBody, ViewerSettings } from './contract/mapViewerOAuth.ts';
import type { Camelize } from './case.ts';
import { request } from './http.ts';

export type MapViewerSettings = Camelize<ViewerSettings>;
export type MapViewerRegistered = Camelize<ViewerRegistered>;

/** The client's external map viewer (staff): registration with a secret shown once, or the built-in viewer. */
export const mapViewerOAuthApi = {
  settings: () => request<MapViewerSettings>('GET', '/manager/mapviewer/oauth/client/'),
  register: (body: Camelize<ViewerRegistrationBody>) => request<MapViewerRegistered>('PUT', '/manager/mapviewer/oauth/client/', { body }),
  remove: () => request<void>('DELETE', '/manager/mapviewer/oauth/client/'),
  /** A code for the external viewer in a frame, for the signed-in user: where to send the frame. */
  authorize: (q: { clientId: string; redirectUri: string; state: string }) =>
    request<{ redirectTo: string }>('GET', '/manager/mapviewer/oauth/authorize/', {
      query: { approvalPrompt: 'auto', clientId: q.clientId, redirectUri: q.redirectUri, responseType: 'code', state: q.state },
    }),
};
