import { describe, expect, it } from 'vitest';
import type { UserRow } from '../context.ts';
import { mayAct, mayActInMainApp } from './users.ts';

// Issue 27.2: the one account-state check, and its variant for credentials that act for an absent owner.

const user = (over: Partial<UserRow>) => ({ isActive: true, blocked: false, isStaff: false, role: 'USR', ...over }) as UserRow;

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
