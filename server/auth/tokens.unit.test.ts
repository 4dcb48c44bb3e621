import { describe, expect, it } from 'vitest';
import { TokenService } from './tokens.ts';

// The service remembers verified tokens (their signature is checked once); the time and purpose
// rules must still hold on every call.
describe('TokenService', () => {
  const key = Buffer.alloc(32, 7);
  const clock = (start: string) => {
    let t = new Date(start).getTime();
    return { now: () => new Date(t), advance: (ms: number) => { t += ms; } };
  };

  it('accepts a token again until it expires, also when it was verified before', async () => {
    const c = clock('2026-03-02T09:00:00Z');
    const tokens = new TokenService(key, 900, c.now);
    const token = await tokens.sign({ userId: 3, clientId: 2 });
    expect(await tokens.verify(token)).toEqual({ userId: 3, clientId: 2 });
    c.advance(899_000);
    expect(await tokens.verify(token)).toEqual({ userId: 3, clientId: 2 });
    c.advance(1_000);
    expect(await tokens.verify(token)).toBeNull();
    c.advance(60_000);
    expect(await tokens.verify(token)).toBeNull();
  });

  it('checks the purpose on every call', async () => {
    const tokens = new TokenService(key, 900, () => new Date('2026-03-02T09:00:00Z'));
    const ticket = await tokens.sign({ userId: 3, clientId: 2 }, 'mfa-login', 300);
    expect(await tokens.verify(ticket, 'mfa-login')).toEqual({ userId: 3, clientId: 2 });
    expect(await tokens.verify(ticket)).toBeNull();
    const access = await tokens.sign({ userId: 3, clientId: 2 });
    expect(await tokens.verify(access)).not.toBeNull();
    expect(await tokens.verify(access, 'mfa-login')).toBeNull();
  });

  it('refuses a token with another signature, a changed payload or another key, after the genuine one was accepted', async () => {
    const now = () => new Date('2026-03-02T09:00:00Z');
    const tokens = new TokenService(key, 900, now);
    const token = await tokens.sign({ userId: 3, clientId: 2 });
    expect(await tokens.verify(token)).not.toBeNull();
    const [h, p, s] = token.split('.');
    const flipped = s.slice(0, -2) + (s.at(-2) === 'A' ? 'B' : 'A') + s.at(-1);
    expect(await tokens.verify(`${h}.${p}.${flipped}`)).toBeNull();
    const payload = JSON.parse(Buffer.from(p, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...payload, sub: '1' })).toString('base64url');
    expect(await tokens.verify(`${h}.${forged}.${s}`)).toBeNull();
    const other = await new TokenService(Buffer.alloc(32, 8), 900, now).sign({ userId: 3, clientId: 2 });
    expect(await tokens.verify(other)).toBeNull();
    expect(await tokens.verify('not-a-token')).toBeNull();
  });
});
