import { request, required } from './http.ts';

/**
 * The calls the project area's three kinds of row (project, version-model, model) share (spec 1 §3): one
 * row by id, create, replace, delete and duplicate, under `base`. Listing and moving differ per kind.
 */
export function rowCalls<Row, Create, Update>(base: string) {
  const at = (id: number) => `${base}/${required(id, 'id')}/`;
  return {
    get: (id: number) => request<Row>('GET', at(id)),
    create: (body: Create) => request<Row>('POST', `${base}/`, { body: required(body, 'body') }),
    update: (id: number, body: Update) => request<Row>('PUT', at(id), { body: required(body, 'body') }),
    remove: (id: number) => request<void>('DELETE', at(id)),
    duplicate: (id: number) => request<Row>('GET', `${at(id)}duplicate/`),
  };
}
