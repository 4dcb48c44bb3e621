import { request } from './http.ts';
import type { GrexOnlineModel, SessionAnswer } from './contract/grexonline.ts';
import type { ModelData } from './contract/modelData.ts';

// The online tool's calls (spec 3 §7). Model data stays snake_case (rawBody): it is the engine's format.
export const grexonlineApi = {
  load: (id: number) => request<GrexOnlineModel>('GET', `/grexonline/model/${id}/`, { rawBody: true }),
  save: (id: number, data: ModelData, dataVersion: number) =>
    request<GrexOnlineModel>('POST', `/grexonline/model/${id}/`, { body: { ...data, data_version: dataVersion }, rawBody: true }),
  openSession: (id: number) => request<SessionAnswer>('POST', `/grexonline/model/${id}/session/`, { rawBody: true }),
  closeSession: (id: number) => request<SessionAnswer>('DELETE', `/grexonline/model/${id}/session/`, { rawBody: true }),
};
