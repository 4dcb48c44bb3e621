import { describe, expect, it } from 'vitest';
import { AUTHORIZE_MESSAGE, authorizeRequestFrom } from './oauthBridge.ts';

const frame = {};
const src = 'https://kaart.example.nl/?mode=region&version=12';
const base = 'https://grondslag.example.nl/';
const data = { type: AUTHORIZE_MESSAGE, client_id: 'abc', redirect_uri: 'https://kaart.example.nl/cb', state: 's1' };

describe('authorizeRequestFrom', () => {
  it("takes the request from the frame's window and the origin of its address", () => {
    expect(authorizeRequestFrom({ data, origin: 'https://kaart.example.nl', source: frame }, frame, src, base))
      .toEqual({ clientId: 'abc', redirectUri: 'https://kaart.example.nl/cb', state: 's1' });
  });
  it('ignores another window, another origin, other messages and incomplete requests', () => {
    expect(authorizeRequestFrom({ data, origin: 'https://kaart.example.nl', source: {} }, frame, src, base)).toBeNull();
    expect(authorizeRequestFrom({ data, origin: 'https://evil.example', source: frame }, frame, src, base)).toBeNull();
    expect(authorizeRequestFrom({ data: { ...data, type: 'changed' }, origin: 'https://kaart.example.nl', source: frame }, frame, src, base)).toBeNull();
    expect(authorizeRequestFrom({ data: { ...data, state: 1 }, origin: 'https://kaart.example.nl', source: frame }, frame, src, base)).toBeNull();
    expect(authorizeRequestFrom({ data, origin: 'https://kaart.example.nl', source: frame }, null, src, base)).toBeNull();
  });
  it("passes on the viewer's PKCE challenge and method", () => {
    const pkce = { ...data, code_challenge: 'c'.repeat(43), code_challenge_method: 'S256' };
    expect(authorizeRequestFrom({ data: pkce, origin: 'https://kaart.example.nl', source: frame }, frame, src, base))
      .toEqual({ clientId: 'abc', redirectUri: 'https://kaart.example.nl/cb', state: 's1', codeChallenge: 'c'.repeat(43), codeChallengeMethod: 'S256' });
  });
});
