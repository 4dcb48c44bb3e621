import { SignJWT, jwtVerify } from 'jose';

export interface AccessClaims {
  userId: number;
  clientId: number;
}

/** Stateless access tokens (HS256) signed with the key stored in the database. */
export class TokenService {
  constructor(
    private readonly key: Buffer,
    private readonly lifetimeSeconds: number,
    private readonly now: () => Date,
  ) {}

  async sign(claims: AccessClaims, purpose = 'access', lifetimeSeconds = this.lifetimeSeconds): Promise<string> {
    const iat = Math.floor(this.now().getTime() / 1000);
    return new SignJWT({ cid: claims.clientId, pur: purpose })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(claims.userId))
      .setIssuedAt(iat)
      .setExpirationTime(iat + lifetimeSeconds)
      .sign(this.key);
  }

  async verify(token: string, purpose = 'access'): Promise<AccessClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        currentDate: this.now(),
      });
      if (payload.pur !== purpose) return null;
      return { userId: Number(payload.sub), clientId: Number(payload.cid) };
    } catch {
      return null;
    }
  }
}
