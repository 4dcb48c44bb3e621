// The browser's part of an external map viewer's sign-in (docs/map.md "External map viewer"): the viewer
// in the frame asks the main app, which holds the user's bearer token, for an authorization code. Only a
// message from the frame's own window and from the origin of the frame's address counts; anything else
// is ignored, so no other page can get a code sent to it.

import type { AuthorizeRequest } from '../../api/mapViewerOAuth.ts';

interface MessageLike { data: unknown; origin: string; source: unknown }

export const AUTHORIZE_MESSAGE = 'grondslag:oauth-authorize';

/** The viewer's request in `event`, or null when it is none or does not come from the frame at `frameSrc`. */
export function authorizeRequestFrom(event: MessageLike, frameWindow: unknown, frameSrc: string, base: string): AuthorizeRequest | null {
  if (frameWindow == null || event.source !== frameWindow) return null;
  let origin: string;
  try {
    origin = new URL(frameSrc, base).origin;
  } catch {
    return null;
  }
  if (origin === 'null' || event.origin !== origin) return null;
  const d = event.data as Record<string, unknown> | null;
  if (!d || typeof d !== 'object' || d.type !== AUTHORIZE_MESSAGE) return null;
  const { client_id: clientId, redirect_uri: redirectUri, state } = d;
  if (typeof clientId !== 'string' || typeof redirectUri !== 'string' || typeof state !== 'string') return null;
  const { code_challenge: codeChallenge, code_challenge_method: codeChallengeMethod } = d;
  return {
    clientId, redirectUri, state,
    ...(typeof codeChallenge === 'string' ? { codeChallenge } : {}),
    ...(typeof codeChallengeMethod === 'string' ? { codeChallengeMethod } : {}),
  };
}
