import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { AnswerOf, BodyOf, Endpoint, ParamsOf, QueryOf } from '../../src/api/contract/endpoint.ts';
import { multipartBody } from './upload.ts';

/** The request as the handler sees it: params, query and body as the declaration's schemas produced them. */
export type EndpointRequest<E extends Endpoint> = FastifyRequest<{ Params: ParamsOf<E>; Querystring: QueryOf<E>; Body: BodyOf<E> }>;

/**
 * The handler answers the declared success value (sent with 201 when the endpoint declares a 201, else 200),
 * nothing (204), or the reply it sent itself (a file, a cached answer, a 202 of a running job).
 */
export type EndpointHandler<E extends Endpoint> =
  (req: EndpointRequest<E>, reply: FastifyReply) => Promise<AnswerOf<E> | FastifyReply>;

/**
 * What one route adds to its declaration: an upload that maps its fields before validation (an upload with
 * a body schema is otherwise read into that shape), an answer written without the schema's second pass,
 * errors in a protocol's own shape (OAuth).
 */
type RouteExtras = Pick<RouteShorthandOptions, 'preValidation' | 'serializerCompiler' | 'errorHandler'>;

/**
 * Registers a declared endpoint (src/api/contract/endpoints.ts) in a route plugin: its method, its path
 * below the plugin's prefix, and its schemas, from which come the validation, the serialisation and the
 * OpenAPI document. The global hooks (authenticate) and the plugin's own (mainAppOnly) run as before.
 */
export function route<E extends Endpoint>(app: FastifyInstance, ep: E, handler: EndpointHandler<E>, extras: RouteExtras = {}) {
  if (!ep.path.startsWith(`${app.prefix}/`)) throw new Error(`${ep.method} ${ep.path} is not under ${app.prefix}`);
  const success = ep.response[201] ? 201 : 200;
  const uploadBody: RouteExtras['preValidation'] = async (req) => {
    const body = await multipartBody(req, app.ctx.config.maxUploadBytes);
    if (body) req.body = body;
  };
  const preValidation = extras.preValidation ?? (ep.kind === 'upload' && ep.body ? uploadBody : undefined);
  app.route({
    method: ep.method,
    url: ep.path.slice(app.prefix.length),
    config: ep.public ? { public: true } : {},
    schema: {
      tags: [...ep.tags],
      ...(ep.params && { params: ep.params }),
      ...(ep.query && { querystring: ep.query }),
      ...(ep.body && { body: ep.body }),
      ...(Object.keys(ep.response).length > 0 && { response: ep.response }),
    },
    ...(preValidation && { preValidation }),
    ...(extras.serializerCompiler && { serializerCompiler: extras.serializerCompiler }),
    ...(extras.errorHandler && { errorHandler: extras.errorHandler }),
    handler: async (req, reply) => {
      const answer = await handler(req as EndpointRequest<E>, reply);
      // A handler that sent its own answer hands back the reply, a thenable: awaited, it yields undefined
      // (never the reply), which once made this send a 204 after it ('Reply was already sent', issue 35.9).
      if (reply.sent) return reply;
      if (answer === undefined) return reply.code(204).send();
      return reply.code(success).send(answer);
    },
  });
}
