import type { RolloverPreview as RolloverPreviewWire, VersionModel as VersionModelWire } from '../api/contract/versionModel.ts';
import { endpoints } from './endpoints.ts';
import type { Camelize } from './case.ts';
import { call, required } from './http.ts';
import { rowCalls } from './rows.ts';

export type Version = Camelize<VersionModelWire>;
export type RolloverPreview = Camelize<RolloverPreviewWire>;
/** The dialog's choices; absent year and name: the server's defaults (the preview answers them). */
export interface RolloverChoice { year?: number; name?: string; freeze: boolean }

const ep = endpoints.versions;

export const versionsApi = {
  list: (projectId: number) => call(ep.list, { query: { projectId: required(projectId, 'projectId') } }),
  ...rowCalls(ep),
  move: (id: number, toProject: number) => call(ep.move, { params: { id }, body: { toProject: required(toProject, 'toProject') } }),
  /** 'Vastgesteld door de raad' with the council's date (yyyy-mm-dd) and a note. */
  adopt: (id: number, date: string, note: string | null) => call(ep.adopt, { params: { id }, body: { date, note } }),
  withdrawAdoption: (id: number) => call(ep.withdrawAdoption, { params: { id } }),
  rolloverPreview: (id: number, choice: RolloverChoice) => call(ep.rollover, { params: { id }, body: { ...choice, preview: true } }),
  // The same call without `preview` answers 201 with the new version, not the 200's preview.
  rollover: (id: number, choice: RolloverChoice) =>
    call(ep.rollover, { params: { id }, body: { ...choice, preview: false } }) as unknown as Promise<Version>,
};
