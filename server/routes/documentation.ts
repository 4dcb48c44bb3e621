import type { FastifyInstance } from 'fastify';
import { documentationEndpoints as ep } from '../../src/api/contract/documentation.ts';
import * as docs from '../services/documentation.ts';
import { mainAppOnly } from './mainAppOnly.ts';
import { sendDownload } from './download.ts';
import { route } from './route.ts';

/** Documentation (spec 1 §7 documentation/) under /api/manager/: read by the main app, written by staff. */
export default async function documentationRoutes(app: FastifyInstance) {
  mainAppOnly(app);
  const ctx = app.ctx;

  route(app, ep.list, async (req, reply) => {
    const list = await docs.listDocumentation(ctx, req.user);
    // The cookie that lets a plain link (a new tab) open the PDFs: see DOCUMENTATION_COOKIE.
    const c = await docs.documentationCookie(ctx, req.user);
    reply.setCookie(c.name, c.value, c.options);
    return list;
  });
  route(app, ep.pdf, async (req, reply) => {
    const pdf = await docs.documentationPdf(ctx, req.user, req.params.id);
    // inline: the browser shows it in the tab the link opened
    return sendDownload(reply.header('cache-control', 'private, no-cache'), pdf.filename, pdf.data, 'application/pdf', 'inline');
  });
  route(app, ep.create, async (req) => docs.createDocumentation(ctx, req.user, req.body, req.ip));
  route(app, ep.update, async (req) => docs.updateDocumentation(ctx, req.user, req.params.id, req.body, req.ip));
  route(app, ep.remove, async (req) => docs.deleteDocumentation(ctx, req.user, req.params.id, req.ip));
}
