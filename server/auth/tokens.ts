import { SignJWT, jwtVerify } from 'jose';
import type { AccessClaims, Tokens } from '../context.ts';

/** What a verified token says; kept per token string so its signature is checked once. */
interface Verified {
  userId: number; clientId: number; sessionId: string | undefined; purpose: unknown; exp: number | undefined; nbf: number | undefined;
}

/** Verified tokens remembered; an access token is sent with every call of a browser session. */
const VERIFIED_MAX = 10_000;

/** Stateless access tokens (HS256) signed with the key stored in the database. */
export class TokenService implements Tokens {
  /**
   * Token string → its verified claims. A token is immutable, so its signature needs checking only once
   * (jose's HMAC over WebCrypto was ~0.3 ms of CPU per request); the time checks (exp, nbf) and the
   * purpose are applied on every call against the clock. Only tokens with a valid signature get here.
   */
  private readonly verified = new Map<string, Verified>();

  constructor(
    private readonly key: Buffer,
    private readonly lifetimeSeconds: number,
    private readonly now: () => Date,
  ) {}

  async sign(claims: AccessClaims, purpose = 'access', lifetimeSeconds = this.lifetimeSeconds): Promise<string> {
    const iat = Math.floor(this.now().getTime() / 1000);
    return new SignJWT({ cid: claims.clientId, pur: purpose, ...(claims.sessionId && { sid: claims.sessionId }) })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(claims.userId))
      .setIssuedAt(iat)
      .setExpirationTime(iat + lifetimeSeconds)
      .sign(this.key);
  }

  async verify(token: string, purpose = 'access'): Promise<AccessClaims | null> {
    let v = this.verified.get(token);
    if (!v) {
      try {
        // jose checks the signature, the algorithm and the time claims
        const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'], currentDate: this.now() });
        const sessionId = typeof payload.sid === 'string' ? payload.sid : undefined;
        v = { userId: Number(payload.sub), clientId: Number(payload.cid), sessionId, purpose: payload.pur, exp: payload.exp, nbf: payload.nbf };
      } catch {
        return null;
      }
      if (this.verified.size >= VERIFIED_MAX) this.verified.delete(this.verified.keys().next().value!);
      this.verified.set(token, v);
    }
    // the same time rules as jose (no clock tolerance), on every use
    const now = Math.floor(this.now().getTime() / 1000);
    if (v.exp !== undefined && v.exp <= now) {
      this.verified.delete(token);
      return null;
    }
    if (v.nbf !== undefined && v.nbf > now) return null;
    if (v.purpose !== purpose) return null;
    return { userId: v.userId, clientId: v.clientId, ...(v.sessionId && { sessionId: v.sessionId }) };
  }
}
