import type { endpoints as declared } from './contract/endpoints.ts';
import { routes } from './contract/routes.ts';
import type { ClientTable } from './http.ts';

/**
 * The endpoint table as the browser holds it: each call's route at run time, its schemas as types only, so
 * that zod and the schemas stay out of the first bundle. Assigning the routes to the declared table's type
 * fails to compile when a declared endpoint has no route.
 */
export const endpoints: ClientTable<typeof declared> = routes;
