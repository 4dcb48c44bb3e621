import { describe, expect, it } from 'vitest';
import type { UserRow } from '../context.ts';
import { mayAct, mayActInMainApp, mayWork, workGate } from './users.ts';
import { TERMS_VERSION } from '../../src/lib/terms.ts';

// Issue 27.2: the one account-state check, and its variant for credentials that act for an absent owner.

const user = (over: Partial<UserRow>) => ({
  isActive: true, blocked: false, isStaff: false, role: 'USR', mfaForced: false, mfaVerified: false,
  termsConditionsAccepted: TERMS_VERSION, passwordResetRequired: false, ...over,
}) as UserRow;

describe('mayAct', () => {
  it('lets an active, unblocked account act, whatever its role', () => {
    expect(mayAct(user({}))).toBe(true);
    expect(mayAct(user({ role: 'NON' }))).toBe(true);
  });

  it('refuses a blocked or a deactivated account', () => {
    expect(mayAct(user({ blocked: true }))).toBe(false);
    expect(mayAct(user({ isActive: false }))).toBe(false);
    expect(mayAct(user({ isStaff: true, blocked: true }))).toBe(false);
  });
});

describe('mayActInMainApp', () => {
  it('needs the account to act and to have the main app', () => {
    expect(mayActInMainApp(user({}))).toBe(true);
    expect(mayActInMainApp(user({ role: 'NON' }))).toBe(false);
    expect(mayActInMainApp(user({ blocked: true }))).toBe(false);
    expect(mayActInMainApp(user({ isActive: false }))).toBe(false);
  });

  it('counts staff stored as NON as an admin of its client', () => {
    expect(mayActInMainApp(user({ isStaff: true, role: 'NON' }))).toBe(true);
  });
});

describe('workGate and mayWork (issue 33.2)', () => {
  it('names the first gate in the order of spec 2 §2: forced MFA, then the terms, then the temporary password', () => {
    const all = { mfaForced: true, termsConditionsAccepted: null, passwordResetRequired: true };
    expect(workGate(user(all))).toBe('mfa_setup_required');
    expect(workGate(user({ ...all, mfaVerified: true }))).toBe('terms_not_accepted');
    expect(workGate(user({ ...all, mfaVerified: true, termsConditionsAccepted: TERMS_VERSION }))).toBe('password_change_required');
    expect(workGate(user({ termsConditionsAccepted: '201901010000' }))).toBe('terms_not_accepted'); // an older version
    expect(workGate(user({ mfaVerified: true }))).toBeNull(); // MFA on without being forced
  });

  it('lets an account work only when it may act and no gate holds; the delegated credentials follow it', () => {
    expect(mayWork(user({}))).toBe(true);
    expect(mayWork(user({ blocked: true }))).toBe(false);
    for (const gated of [{ mfaForced: true }, { termsConditionsAccepted: null }, { passwordResetRequired: true }]) {
      expect(mayWork(user(gated))).toBe(false);
      expect(mayActInMainApp(user(gated))).toBe(false);
    }
  });
});
