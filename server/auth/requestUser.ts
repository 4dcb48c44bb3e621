import type { FastifyRequest } from 'fastify';
import type { UserRow } from '../context.ts';
import { unauthorized } from '../errors.ts';

/** Where the signed-in user of a request is kept; `req.user` reads it through userSlot. */
const USER = Symbol('user');
type WithUser = FastifyRequest & { [USER]?: UserRow };

/**
 * `req.user`: the user the authenticate hook set, or a 401 thrown at the handler that reads it where no
 * user was set (a public route, or a route the hook did not cover): no handler runs on without a user.
 */
export const userSlot = {
  getter(this: WithUser): UserRow {
    const user = this[USER];
    if (!user) throw unauthorized();
    return user;
  },
  setter(this: WithUser, user: UserRow) {
    this[USER] = user;
  },
};

