import type { z } from 'zod';
import type { ModelCreateBody, ModelItem, ModelPlatform, ModelPutBody, SavedModelItem, SessionEdit } from '../api/contract/model.ts';
import type { Camelize } from './case.ts';
import { download, request, required } from './http.ts';
import { rowCalls } from './rows.ts';

export type Model = Camelize<ModelItem>;
export type Platform = ModelPlatform;
type ModelCreate = Camelize<ModelCreateBody>;
type ModelUpdate = Camelize<ModelPutBody>;
export type SavedModel = Camelize<SavedModelItem>;
type SessionHolder = Camelize<z.infer<typeof SessionEdit>>;

const M = '/manager/model';

export const modelsApi = {
  /** Without a version: every model the caller can read. */
  list: (versionModelId?: number) => request<Model[]>('GET', `${M}/`, { query: { versionModelId } }),
  ...rowCalls<Model, ModelCreate, ModelUpdate>(M),
  move: (id: number, toVersion: number) =>
    request<Model>('POST', `${M}/${required(id, 'id')}/move/`, { body: { toVersion: required(toVersion, 'toVersion') } }),
  sessionHolder: (id: number) => request<SessionHolder>('GET', `${M}/${required(id, 'id')}/session-edit/`),
  endSession: (id: number) => request<unknown>('DELETE', `${M}/${required(id, 'id')}/session-edit/`),
  history: (id: number) => request<SavedModel[]>('GET', `${M}/${required(id, 'id')}/saved-model/`),
  uploadHistory: (id: number, file: File) => {
    const form = new FormData();
    form.append('file', required(file, 'file'));
    return request<unknown>('POST', `${M}/${required(id, 'id')}/saved-model/`, { form });
  },
  activateHistory: (id: number, savedModelId: number) =>
    request<SavedModel>('PATCH', `${M}/${required(id, 'id')}/saved-model/${required(savedModelId, 'savedModelId')}/`, { body: {} }),
  downloadHistory: (id: number, savedModelId: number, fallbackName: string) =>
    download(`${M}/${required(id, 'id')}/saved-model/${required(savedModelId, 'savedModelId')}/`, fallbackName),
};
