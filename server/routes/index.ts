import type { FastifyInstance } from 'fastify';
import authRoutes from './auth.ts';

/** Every route group, with the spec's prefixes. */
export async function registerRoutes(app: FastifyInstance) {
  await app.register(authRoutes, { prefix: '/api/manager' });
  await app.register(async (a) => {
    a.get('/status/', { config: { public: true } }, async () => ({ status: 'ok' }));
  }, { prefix: '/api/grexsuperadmin' });
}
