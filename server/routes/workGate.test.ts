import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from 'otplib';
import type { Route } from '../../src/api/contract/endpoint.ts';
import { endpoints } from '../../src/api/contract/endpoints.ts';
import { routes } from '../../src/api/contract/routes.ts';
import { WORK_GATES, WORK_GATE_MESSAGES, type WorkGate } from '../../src/api/contract/messages.ts';
import { createTestApp, type TestApp } from '../../test/server/app.ts';
import { AT_GATE, bearer, createTenant, createUser, PASSWORD, type Tenant } from '../../test/server/fixtures.ts';
import type { UserRow } from '../context.ts';

// Issue 33.2: forced MFA, unaccepted terms and a temporary password hold the account on the server, not
// only in the browser. Every call of the endpoint table × each gate: refused with 403 and the gate's code,
// except the few that clear a gate; after the gate is cleared through those calls, the same session works.

let t: TestApp;
let a: Tenant;
beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t.db, 'gates');
});
afterAll(() => t.close());

/** The table's entries, also those grouped a level deeper (configuration's lists). */
const entries = (group: object): Route[] =>
  Object.values(group).flatMap((v: Route | object) => ('method' in v && 'path' in v ? [v as Route] : entries(v)));
const key = (r: Route) => `${r.method} ${r.path}`;
const signedIn = entries(endpoints).filter((r) => !r.public);

/** The calls that show or clear a gate: exactly these pass while one holds. */
const ALLOWED = new Set([
  routes.auth.me, routes.auth.updateMe, routes.auth.logout, routes.mfa.setup, routes.mfa.verify, routes.passwordReset.changeOwn,
].map(key));
/**
 * Calls that undo what the user just did or end the session (sign out, set MFA up anew or switch it off,
 * force MFA on everyone): left out of the run after clearing, so that they do not put the gate back for
 * the calls after them.
 */
const UNDOING = new Set([routes.auth.logout, routes.mfa.setup, routes.mfa.disable, routes.users.forceMfaForAll].map(key));

/** A path of the route with ids that name no row (so a call let through changes nothing). */
const pathOf = (r: Route) => r.path.replace(/:(\w+)/g, (_, name: string) => (name === 'uuid' ? randomUUID() : '2147483000'));


let n = 0;
/** An admin (so no role refuses first) held at the gate, and a signed-in session of his. */
async function gatedAdmin(gate: WorkGate) {
  const user = await createUser(t.db, a.clientId, { email: `poort${++n}@gates.test`, role: 'ADM', ...AT_GATE[gate] });
  return { user, headers: await bearer(t.app, user) };
}

const call = (r: Route, headers: Record<string, string>, payload?: object) =>
  t.app.inject({ method: r.method, url: pathOf(r), headers, ...(payload && { payload }) });

/** Clears the gate through its own allowed calls, as the screen that shows it does. */
const CLEAR: Record<WorkGate, (user: UserRow, headers: Record<string, string>) => Promise<void>> = {
  async mfa_setup_required(user, headers) {
    const { base32 } = (await call(routes.mfa.setup, headers)).json<{ base32: string }>();
    const mfaCode = await generate({ secret: base32, epoch: Math.floor(t.clock.now().getTime() / 1000) });
    expect((await call(routes.mfa.verify, headers, { user_email: user.email, mfa_code: mfaCode })).statusCode).toBe(200);
  },
  async terms_not_accepted(_user, headers) {
    expect((await call(routes.auth.updateMe, headers, { terms_conditions_accepted: true })).statusCode).toBe(200);
  },
  async password_change_required(_user, headers) {
    const res = await call(routes.passwordReset.changeOwn, headers, { current_password: PASSWORD, new_password: 'Nieuw-Wachtwoord-2026!' });
    expect(res.statusCode, res.body).toBe(200);
  },
};

describe.each(WORK_GATES)('an account held at %s', (gate) => {
  it('is refused every call of the table with 403 and the gate\'s code, except the calls that clear a gate; after clearing it, none', async () => {
    const { user, headers } = await gatedAdmin(gate);
    const me = await call(routes.auth.me, headers);
    expect(me.json().work_gate).toBe(gate);

    const refused: string[] = [];
    const letThrough: string[] = [];
    // Signing out ends the session: last; the clearing below signs in anew.
    for (const r of [...signedIn.filter((e) => key(e) !== key(routes.auth.logout)), routes.auth.logout]) {
      const res = await call(r, headers);
      const held = res.statusCode === 403 && res.json().code === gate;
      if (held) expect(res.json().message).toBe(WORK_GATE_MESSAGES[gate]);
      (held ? refused : letThrough).push(key(r));
    }
    expect(letThrough.sort()).toEqual([...ALLOWED].sort());
    expect(refused.length).toBe(signedIn.length - ALLOWED.size);

    const again = await bearer(t.app, user);
    await CLEAR[gate](user, again);
    expect((await call(routes.auth.me, again)).json().work_gate).toBeNull();
    const stillHeld: string[] = [];
    for (const r of signedIn.filter((e) => !UNDOING.has(key(e)))) {
      const res = await call(r, again);
      if (res.statusCode === 401 || (res.statusCode === 403 && WORK_GATES.includes(res.json().code))) stillHeld.push(`${key(r)} ${res.statusCode}`);
    }
    expect(stillHeld).toEqual([]);
    expect((await call(routes.projects.list, again)).statusCode).toBe(200);
  });
});

describe('the gates in the spec\'s order', () => {
  it('holds an account at MFA setup first, then at the terms, then at the temporary password', async () => {
    const user = await createUser(t.db, a.clientId, {
      email: 'allepoorten@gates.test', role: 'USR', ...AT_GATE.mfa_setup_required, ...AT_GATE.terms_not_accepted, ...AT_GATE.password_change_required,
    });
    const headers = await bearer(t.app, user);
    const code = async () => (await call(routes.projects.list, headers)).json().code;
    expect(await code()).toBe('mfa_setup_required');
    await CLEAR.mfa_setup_required(user, headers);
    expect(await code()).toBe('terms_not_accepted');
    await CLEAR.terms_not_accepted(user, headers);
    expect(await code()).toBe('password_change_required');
    await CLEAR.password_change_required(user, headers);
    expect((await call(routes.projects.list, headers)).statusCode).toBe(200);
  });

  it('keeps a user of role NON on his waiting screen: me and sign-out work, the gate does not open the main app', async () => {
    const user = await createUser(t.db, a.clientId, { email: 'wachtend@gates.test', role: 'NON', ...AT_GATE.terms_not_accepted });
    const headers = await bearer(t.app, user);
    expect((await call(routes.auth.me, headers)).statusCode).toBe(200);
    await CLEAR.terms_not_accepted(user, headers);
    expect((await call(routes.projects.list, headers)).statusCode).toBe(403);
    expect((await call(routes.projects.list, headers)).json().code).toBeUndefined();
  });
});
