import { endpoints } from './endpoints.ts';
import { call } from './http.ts';

const ep = endpoints.variance;

// The verschillenanalyse (issue 37.5). Its figures keep the wire's snake_case keys (wireKeys): the
// per-section keys are the model data's list keys.
export const varianceApi = {
  /** Model `id` (B) against `against` (A), or against its default comparison (409 with the reason when it has none). */
  get: (id: number, against?: number) => call(ep.get, { params: { id }, query: { against } }),
  /** The model, its default comparison and the project's online models it can be compared with. */
  choices: (id: number) => call(ep.choices, { params: { id } }),
};
export type VarianceApi = typeof varianceApi;
