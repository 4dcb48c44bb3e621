import { randomInt } from 'node:crypto';
import { and, count, eq, isNull } from 'drizzle-orm';
import type { AppContext, UserRow } from '../context.ts';
import { mfaRecoveryCode } from '../db/schema/index.ts';
import { sha256 } from '../auth/crypto.ts';
import { command, type Command } from './command.ts';

// MFA recovery codes (issue 25.2): ten per setup, shown once, stored as SHA-256 (a code has ~49 bits
// and every use is an attempt under the sign-in and reset limits), each accepted once.

const RECOVERY_CODE_COUNT = 10;
/** No 0/o, 1/l/i: a code is read off paper. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

const newCode = () => {
  const chars = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
};
/** Typed with or without the dash, in capitals or with spaces: the same code. */
const hashOf = (code: string) => sha256(code.toLowerCase().replace(/[\s-]/g, ''));

/** Ten new codes for the user, inside the caller's command; the earlier ones stop working. */
export async function replaceRecoveryCodes(c: Command, userId: number): Promise<string[]> {
  await c.tx.delete(mfaRecoveryCode).where(eq(mfaRecoveryCode.userId, userId));
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  await c.tx.insert(mfaRecoveryCode).values(codes.map((code) => ({ userId, codeHash: hashOf(code), createdAt: c.now })));
  return codes;
}

export async function removeRecoveryCodes(c: Command, userId: number): Promise<void> {
  await c.tx.delete(mfaRecoveryCode).where(eq(mfaRecoveryCode.userId, userId));
}

/**
 * Uses one of the user's recovery codes up, with a conditional update (of two requests with one code
 * only one succeeds), and writes the use to the audit log. False for an unknown or used code.
 */
export async function useRecoveryCode(ctx: AppContext, user: UserRow, code: string, ip: string, where: 'inloggen' | 'wachtwoordherstel'): Promise<boolean> {
  return command(ctx, { user, ip }, async (c) => {
    const used = await c.tx.update(mfaRecoveryCode).set({ usedAt: c.now })
      .where(and(eq(mfaRecoveryCode.userId, user.id), eq(mfaRecoveryCode.codeHash, hashOf(code)), isNull(mfaRecoveryCode.usedAt)))
      .returning({ id: mfaRecoveryCode.id });
    if (used.length !== 1) return false;
    const [{ n }] = await c.tx.select({ n: count() }).from(mfaRecoveryCode)
      .where(and(eq(mfaRecoveryCode.userId, user.id), isNull(mfaRecoveryCode.usedAt)));
    await c.audit(`Herstelcode gebruikt bij ${where} (nog ${n} over)`);
    return true;
  });
}
