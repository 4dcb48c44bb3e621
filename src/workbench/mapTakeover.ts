// 'Overnemen uit kaart' (issue 14): the version's map data fetched and compared with the model's space
// usage, as the comparison the modeller confirms (or the message why there is none); its steps are the
// store's (WorkbenchStore.mapTakeover), kept here beside the comparison.
import { action, makeObservable, observableRef, runInAction } from 'mobx';
import type { SpaceUsageRow } from '../model/modelData.ts';
import type { ResultsSummary } from '../model/results.ts';
import { applyMapSpaceUsage, spaceUsageDiff, type MapTotals } from '../formulas/spaceUsageFromMap.ts';
import type { ModelMeta } from '../api/contract/workbench.ts';
import { MSG, type MapTakeover, type WorkbenchApi, type WorkbenchToasts } from './workbenchContract.ts';

/**
 * The version's m² per function and region area beside the model's. `now` gives the model's rows and
 * results as they are when the answer arrives (the modeller may edit meanwhile).
 */
export async function compareWithMap(
  api: WorkbenchApi, versionId: number, now: () => { space: SpaceUsageRow[]; results: ResultsSummary | null },
): Promise<Extract<MapTakeover, { step: 'confirm' }> | { error: string }> {
  let totals: MapTotals;
  let region: number | null;
  try {
    [totals, region] = await Promise.all([api.mapTotals(versionId), api.mapRegionArea?.(versionId) ?? null]);
  } catch {
    return { error: MSG.mapLoadFailed };
  }
  // The map data went since the model was loaded.
  if (!Object.keys(totals).length && region === null) return { error: MSG.mapEmpty };
  const { space, results } = now();
  const gross = region === null || !results ? null : { model: results.spaceUsage.gross, map: region };
  // Only a region: the rows stay as they are, so the comparison is the gross area alone.
  const diff = Object.keys(totals).length ? spaceUsageDiff(space, totals) : [];
  return { step: 'confirm', totals, diff, gross };
}

/** What the take-over reads of the store and the one change it makes. */
export interface MapTakeoverHost {
  api: WorkbenchApi;
  toasts: WorkbenchToasts;
  /** Null while nothing may change (no engine yet, read-only, gone): the reason. */
  blocked(): string | null;
  meta(): ModelMeta | null;
  space(): SpaceUsageRow[];
  results(): ResultsSummary | null;
  setSpace(rows: SpaceUsageRow[], grossArea?: number): void;
}

/** The take-over's steps: closed → loading → confirm (the comparison) → closed. */
export class MapTakeoverFlow {
  step: MapTakeover = { step: 'closed' };

  constructor(private readonly host: MapTakeoverHost) {
    makeObservable(this, { step: observableRef, confirm: action, cancel: action });
  }

  /** Why 'Overnemen uit kaart' cannot run now (null: it can). */
  get blocked(): string | null {
    const meta = this.host.meta();
    const blocked = this.host.blocked();
    if (blocked) return blocked;
    // The drawn region alone is enough: it gives the gross area (issue 23).
    if (!meta?.has_map_data && !meta?.has_version_region) return MSG.noMapData;
    if (this.step.step !== 'closed') return 'Bezig met de kaartgegevens.';
    return null;
  }

  /** Fetch the version's m² per function and show them beside the model's. */
  async start(gone: () => boolean): Promise<void> {
    const meta = this.host.meta();
    if (this.blocked !== null || !meta) return;
    runInAction(() => (this.step = { step: 'loading' }));
    const next = await compareWithMap(this.host.api, meta.version_id, () => ({ space: this.host.space(), results: this.host.results() }));
    if (gone()) return;
    runInAction(() => (this.step = 'error' in next ? { step: 'closed' } : next));
    if ('error' in next) this.host.toasts.error(next.error, 5_000);
  }

  /** The confirmation: the map's m² into the space-usage rows, one undo step (applyMapSpaceUsage decides the rows). */
  confirm(): void {
    const t = this.step;
    this.step = { step: 'closed' };
    if (t.step !== 'confirm' || this.host.blocked()) return;
    const space = this.host.space();
    const { rows } = applyMapSpaceUsage(space, t.totals);
    const gross = t.gross?.map;
    if (JSON.stringify(rows) !== JSON.stringify(space) || (gross !== undefined && gross !== t.gross?.model)) this.host.setSpace(rows, gross);
    this.host.toasts.success(MSG.mapTaken);
  }

  cancel(): void {
    this.step = { step: 'closed' };
  }
}
