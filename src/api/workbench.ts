import { endpoints } from './endpoints.ts';
import type { ModelData } from '../model/modelData.ts';
import { call } from './http.ts';

const ep = endpoints.workbench;

// The online tool's calls (spec 3 §7). Model data stays snake_case (wireKeys): it is the engine's format.
export const workbenchApi = {
  load: (id: number) => call(ep.load, { params: { id } }),
  save: (id: number, data: ModelData, dataVersion: number) => call(ep.save, { params: { id }, body: { ...data, data_version: dataVersion } }),
  openSession: (id: number) => call(ep.openSession, { params: { id } }),
  closeSession: (id: number) => call(ep.closeSession, { params: { id } }),
  /** Ends the session even when the tab goes away (keepalive outlives the page). */
  closeSessionOnLeave: (id: number) => call(ep.closeSession, { params: { id }, keepalive: true }),
};
