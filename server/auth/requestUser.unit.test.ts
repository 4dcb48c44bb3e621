import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { UserRow } from '../context.ts';
import { HttpError } from '../errors.ts';
import { userSlot } from './requestUser.ts';

// Issue 22 item 3: a handler that reads the user where no authentication set one fails closed.

async function appWith(setUser: boolean) {
  const app = Fastify();
  app.decorateRequest('user', userSlot);
  app.setErrorHandler((err: Error, _req, reply) => reply.code(err instanceof HttpError ? err.status : 500).send({ message: err.message }));
  if (setUser) app.addHook('onRequest', async (req) => { req.user = { id: 7 } as UserRow; });
  app.get('/', async (req) => ({ id: req.user.id }));
  return app;
}

describe('req.user', () => {
  it('answers 401 to a handler that reads it where no user was set', async () => {
    const res = await (await appWith(false)).inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'U bent niet ingelogd.' });
  });

  it('is the user the authenticate hook set', async () => {
    const res = await (await appWith(true)).inject({ method: 'GET', url: '/' });
    expect(res.json()).toEqual({ id: 7 });
  });
});
