import type { ModelItem, ModelPlatform, SavedModelItem } from '../api/contract/model.ts';
import { endpoints } from './endpoints.ts';
import type { Camelize } from './case.ts';
import { call, download, required } from './http.ts';
import { rowCalls } from './rows.ts';

export type Model = Camelize<ModelItem>;
export type Platform = ModelPlatform;
export type SavedModel = Camelize<SavedModelItem>;

const ep = endpoints.models;

export const modelsApi = {
  /** Without a version: every model the caller can read. */
  list: (versionModelId?: number) => call(ep.list, { query: { versionModelId } }),
  ...rowCalls(ep),
  move: (id: number, toVersion: number) => call(ep.move, { params: { id }, body: { toVersion: required(toVersion, 'toVersion') } }),
  sessionHolder: (id: number) => call(ep.sessionHolder, { params: { id } }),
  endSession: (id: number) => call(ep.endSession, { params: { id } }),
  history: (id: number) => call(ep.history, { params: { id } }),
  uploadHistory: (id: number, file: File) => {
    const form = new FormData();
    form.append('file', required(file, 'file'));
    return call(ep.uploadHistory, { params: { id }, form });
  },
  activateHistory: (id: number, savedModelId: number) =>
    call(ep.activateHistory, { params: { id, saved_model_id: savedModelId } }),
  downloadHistory: (id: number, savedModelId: number, fallbackName: string) =>
    download(ep.downloadHistory, fallbackName, { params: { id, saved_model_id: savedModelId } }),
};
