import type { FastifyInstance } from 'fastify';
import { authEndpoints } from '../../src/api/contract/auth.ts';
import { route } from './route.ts';
import authRoutes from './auth.ts';
import mfaRoutes from './mfa.ts';
import passwordResetRoutes from './passwordReset.ts';
import userRoutes from './users.ts';
import configurationRoutes from './configuration.ts';
import parameterRoutes from './parameters.ts';
import workbenchRoutes from './workbench.ts';
import varianceRoutes from './variance.ts';
import projectRoutes from './project.ts';
import versionModelRoutes from './versionModel.ts';
import modelRoutes from './model.ts';
import attachmentRoutes from './attachment.ts';
import referenceDataRoutes from './referenceData.ts';
import samlRoutes from './saml.ts';
import openModelRoutes, { fileRoutes } from './openModel.ts';
import biRoutes from './bi.ts';
import reportRoutes from './report.ts';
import documentationRoutes from './documentation.ts';
import oauthRoutes from './oauth.ts';
import mapRoutes from './map.ts';

/** Every route group, with the spec's prefixes. */
export async function registerRoutes(app: FastifyInstance) {
  await app.register(authRoutes, { prefix: '/api/manager' });
  await app.register(mfaRoutes, { prefix: '/api/manager' });
  await app.register(passwordResetRoutes, { prefix: '/api/manager' });
  await app.register(userRoutes, { prefix: '/api/manager' });
  await app.register(configurationRoutes, { prefix: '/api/manager' });
  await app.register(parameterRoutes, { prefix: '/api/manager' });
  await app.register(workbenchRoutes, { prefix: '/api/grexonline' });
  await app.register(varianceRoutes, { prefix: '/api/grexonline' });
  await app.register(projectRoutes, { prefix: '/api/manager' });
  await app.register(versionModelRoutes, { prefix: '/api/manager' });
  await app.register(modelRoutes, { prefix: '/api/manager' });
  await app.register(attachmentRoutes, { prefix: '/api/manager' });
  await app.register(referenceDataRoutes, { prefix: '/api/manager' });
  await app.register(samlRoutes, { prefix: '/api/manager' });
  await app.register(openModelRoutes, { prefix: '/api/manager' });
  await app.register(reportRoutes, { prefix: '/api/manager' });
  await app.register(documentationRoutes, { prefix: '/api/manager' });
  await app.register(oauthRoutes, { prefix: '/api/manager' });
  await app.register(mapRoutes, { prefix: '/api/manager' });
  await app.register(fileRoutes);
  await app.register(biRoutes, { prefix: '/api/bi/v1' });
  await app.register(async (a) => {
    route(a, authEndpoints.superadminStatus, async () => ({ status: 'ok' as const }));
  }, { prefix: '/api/grexsuperadmin' });
}
