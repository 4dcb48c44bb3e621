// What the tool's store is given and answers with: its API and toasts, where the backup goes, its messages,
// and a model answer split into data, facts and stored results. Split from WorkbenchStore.ts (size rule).
import { WORKBENCH_RESULTS_FORMAT, type ResultsSummary } from '../model/results.ts';
import { MSG as VALIDATION_MSG } from '../formulas/validate.ts';
import type { ModelData } from '../model/modelData.ts';
import { SECTIONS } from '../model/sections.ts';
import type { WorkbenchModel, ModelMeta, SessionAnswer } from '../api/contract/workbench.ts';
import { MAPVIEWER_ERROR_TEXT, MSG_INVALID } from '../api/contract/messages.ts';
import type { MapTotals, SpaceUsageDiff } from '../formulas/spaceUsageFromMap.ts';

export const MSG = {
  saved: 'Modelgegevens zijn succesvol opgeslagen. U kunt nu verder gaan met het model.',
  saveFailed: 'Er is een probleem opgetreden bij het opslaan van het model. Probeer het opnieuw.',
  invalid: MSG_INVALID,
  space: VALIDATION_MSG.spaceUsage,
  missing: 'Er is iets fout gegaan, probeer het opnieuw.',
  dates: VALIDATION_MSG.dates,
  emptyName: VALIDATION_MSG.emptyName,
  duplicateSet: VALIDATION_MSG.duplicateSetName,
  /** 'Overnemen uit kaart' (issue 14): why it is disabled, its failures, its success. */
  noMapData: 'De versie heeft geen gebied en geen functiegebieden op de kaart.',
  mapEmpty: MAPVIEWER_ERROR_TEXT.NoData,
  mapLoadFailed: 'Fout bij het laden van de kaartgegevens.',
  mapTaken: 'Het ruimtegebruik is overgenomen uit de kaart.',
} as const;

export interface WorkbenchApi {
  load(id: number): Promise<WorkbenchModel>;
  save(id: number, data: ModelData, dataVersion: number): Promise<WorkbenchModel>;
  openSession(id: number): Promise<SessionAnswer>;
  closeSession(id: number): Promise<SessionAnswer>;
  /** The version's m² per function from its feature areas (src/api/mapTotals.ts). */
  mapTotals(versionId: number): Promise<MapTotals>;
  /** The version region's m² (null: none drawn), taken over as the gross area (src/api/mapTotals.ts). */
  mapRegionArea?(versionId: number): Promise<number | null>;
}

/** 'Overnemen uit kaart': closed, fetching the map's totals, or the comparison waiting for confirmation. */
export type MapTakeover =
  | { step: 'closed' }
  | { step: 'loading' }
  | { step: 'confirm'; totals: MapTotals; diff: SpaceUsageDiff[]; gross: { model: number; map: number } | null };

export interface WorkbenchToasts {
  success(message: string): unknown;
  error(message: string, timeout?: number): unknown;
  warning(message: string): unknown;
}

/** Where the working copy is kept while unsaved (localStorage in the browser; a Map in tests). */
export interface BackupStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface Backup {
  modelId: number;
  dataVersion: number;
  savedAt: string;
  data: ModelData;
}

/**
 * Hooks the e2e tests and the benchmark set on window (the product never does): a promise the engine's
 * build waits for, and the stored results left unread (the open as it was before issue 26).
 */
export interface TestHooks {
  __grondslagHoldEngine?: Promise<unknown>;
  __grondslagIgnoreStoredResults?: boolean;
}

/**
 * An answer of the model call as the model data (every section's list it holds; absent lists stay absent),
 * the model's facts and the stored results of this save — null when there are none, or when they were
 * computed from another save or in a format this tool does not read (then it computes as before).
 */
export function splitAnswer(answer: WorkbenchModel): { data: ModelData; meta: ModelMeta; stored: ResultsSummary | null } {
  const rest: Record<string, unknown> = { ...answer };
  const data: Record<string, unknown> = { base_parameters: answer.base_parameters };
  const s = answer.stored_results;
  const usable = s && s.data_version === answer.data_version && s.format === WORKBENCH_RESULTS_FORMAT && !(globalThis as TestHooks).__grondslagIgnoreStoredResults;
  const stored = usable ? s.results : null;
  delete rest.base_parameters;
  delete rest.stored_results;
  for (const { list } of SECTIONS) {
    if (list in rest) data[list] = rest[list];
    delete rest[list];
  }
  return { data: data as ModelData, meta: rest as ModelMeta, stored };
}
