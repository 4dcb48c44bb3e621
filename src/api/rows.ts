import type { Endpoint } from './contract/endpoint.ts';
import { call, required, sharedArgs, type CallBody, type ClientEndpoint } from './http.ts';

/**
 * The calls the project area's three kinds of row (project, version-model, model) share (spec 1 §3): one
 * row by id, create, replace, delete and duplicate, from the kind's declared endpoints. Listing and moving
 * differ per kind.
 */
export function rowCalls<G extends Endpoint, C extends Endpoint, U extends Endpoint, R extends Endpoint, D extends Endpoint>(
  ep: { get: ClientEndpoint<G>; create: ClientEndpoint<C>; put: ClientEndpoint<U>; remove: ClientEndpoint<R>; duplicate: ClientEndpoint<D> },
) {
  const at = <E extends Endpoint>(id: number) => sharedArgs<E>({ params: { id } });
  return {
    get: (id: number) => call(ep.get, ...at<G>(id)),
    create: (body: CallBody<ClientEndpoint<C>>) => call(ep.create, ...sharedArgs<C>({ body: required(body, 'body') })),
    update: (id: number, body: CallBody<ClientEndpoint<U>>) => call(ep.put, ...sharedArgs<U>({ params: { id }, body: required(body, 'body') })),
    remove: (id: number) => call(ep.remove, ...at<R>(id)),
    duplicate: (id: number) => call(ep.duplicate, ...at<D>(id)),
  };
}
