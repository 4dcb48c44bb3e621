import type { FastifyRequest } from 'fastify';
import type { UserRow } from '../context.ts';
import type { Route } from '../../src/api/contract/endpoint.ts';
import { routes } from '../../src/api/contract/routes.ts';
import { WORK_GATE_MESSAGES } from '../../src/api/contract/messages.ts';
import { HttpError } from '../errors.ts';
import { workGate } from '../policies/users.ts';

/**
 * The calls a signed-in account may make while a gate of `workGate` holds (issue 33.2): exactly those
 * that show or clear one. Who am I (`me`), MFA setup and its verification, accepting the terms (the
 * own profile's PUT), the own password change, and signing out; the refresh is public. Everything
 * else, the project area, administration and the produced files alike, waits until the gates are passed.
 */
const GATE_CLEARING: readonly Route[] = [
  routes.auth.me, routes.auth.updateMe, routes.auth.logout,
  routes.mfa.setup, routes.mfa.verify,
  routes.passwordReset.changeOwn,
];
const clearing = new Set(GATE_CLEARING.map((r) => `${r.method} ${r.path}`));

/**
 * The gate step of the bearer hook (app.ts), after the account was found able to act: a call outside
 * the list above, of an account a gate still holds, answers 403 with the gate's Dutch text and its
 * `code`, which the browser maps to the screen that clears it.
 */
export function assertMayWork(req: FastifyRequest, user: UserRow): void {
  const gate = workGate(user);
  if (gate && !clearing.has(`${req.method} ${req.routeOptions.url}`)) {
    throw new HttpError(403, WORK_GATE_MESSAGES[gate], { code: gate });
  }
}
