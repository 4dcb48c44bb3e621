import { action, computed, makeObservable, observable, observableRef } from 'mobx';
import { Resource } from '../../app/resource.ts';
import { Submission } from '../../app/submission.ts';
import type { AreaStoreFactory, ClientApi, RootStore } from '../../app/RootStore.ts';
import type { Screen, ScreenParams } from '../../app/screenNames.ts';
import type { AreaGeometry, FeatureAreasAnswer, FeatureAreasBody, OutlineAnswer } from '../../api/map.ts';
import { SAVE_FAILED } from '../../api/contract/messages.ts';
import { MAP_LOAD_FAILED } from '../../app/map/AreaFigures.tsx';
import { SAVE_OK } from '../projects/formRules.ts';
import type { ContextOutline, DrawnFeature, LoadedFeature, ParentMessage, ViewerMessage } from '../../mapviewer/protocol.ts';

/** The four editing screens: a version's region, its feature areas, a subregion's outline, the client region. */
export type MapEditKind = 'region' | 'features' | 'subregion' | 'client';


/** What one visit shows: the frame's address (null: nothing to edit), the outline(s) and what surrounds them. */
export interface MapEditData {
  frameUri: string | null;
  /** The server sends the address only to whom may edit; a version also says it with its flag. */
  canSave: boolean;
  /** The version's or subregion's name (the breadcrumb). */
  title: string;
  back: { screen: Screen; params?: ScreenParams };
  outline: OutlineAnswer;
  features: FeatureAreasAnswer | null;
  context: ContextOutline[];
}

type StoreApi = Pick<ClientApi, 'versions' | 'projects' | 'referenceData' | 'map'>;
interface Toasts { success(m: string): unknown; error(m: string): unknown }

/** A context outline, or none when it is missing or cannot be read (the preview then goes without it). */
async function optional(fetch: () => Promise<OutlineAnswer>, style: ContextOutline['style'], label: string): Promise<ContextOutline[]> {
  try {
    const o = await fetch();
    return o ? [{ geometry: o.geometry, style, label }] : [];
  } catch {
    return [];
  }
}

/**
 * One visit of a map editing screen (root.create): loads the outline(s) and the surrounding outlines,
 * keeps what the frame reports while the user draws, and saves it with 'Opslaan'. A refused save (the
 * server's Dutch 400) keeps the drawing on screen.
 */
export class MapEditStore {
  readonly data: Resource<MapEditData>;
  /** The frame's last report: the outline (null = removed), undefined while nothing changed. */
  draftGeometry: AreaGeometry | null | undefined = undefined;
  draftFeatures: DrawnFeature[] | undefined = undefined;
  problems: string[] = [];
  private readonly writing: Submission;
  /** Raised after every load and save: the frame is sent `load` again with what the server answered. */
  generation = 0;

  constructor(
    readonly kind: MapEditKind,
    readonly targetId: number,
    private readonly api: StoreApi,
    private readonly toasts: Toasts,
  ) {
    this.data = new Resource<MapEditData>(toasts, MAP_LOAD_FAILED, { loading: true });
    this.writing = new Submission(toasts);
    makeObservable(this, {
      draftGeometry: observableRef,
      draftFeatures: observableRef,
      problems: observableRef,
      saving: computed,
      generation: observable,
      dirty: computed,
      geometry: computed,
      features: computed,
      viewerChanged: action,
      applySaved: action,
    });
  }

  get dirty(): boolean {
    return this.draftGeometry !== undefined || this.draftFeatures !== undefined;
  }

  /** The outline as it is on screen: the drawing, else the saved one. */
  get geometry(): AreaGeometry | null {
    if (this.draftGeometry !== undefined) return this.draftGeometry;
    return this.data.value?.outline?.geometry ?? null;
  }

  /** The feature areas as they are on screen, with the server's m² for the saved ones that are unchanged. */
  get features(): { name: string; function: DrawnFeature['properties']['function']; geometry: AreaGeometry; areaM2: number | null }[] {
    const saved = this.data.value?.features?.features ?? [];
    if (this.draftFeatures === undefined) {
      return saved.map((f) => ({ name: f.properties.name, function: f.properties.function, geometry: f.geometry, areaM2: f.properties.area_m2 }));
    }
    return this.draftFeatures.map((f) => ({ ...f.properties, geometry: f.geometry, areaM2: null }));
  }

  load(): Promise<MapEditData | undefined> {
    return this.data.load(() => this.fetch(), () => this.applySaved());
  }

  private async fetch(): Promise<MapEditData> {
    const { map } = this.api;
    const clientContext = () => optional(map.clientRegionOutline, 'client', 'Klantgebied');
    if (this.kind === 'region' || this.kind === 'features') {
      const version = await this.api.versions.get(this.targetId);
      const [project, siblings] = await Promise.all([this.api.projects.get(version.projectId), this.api.versions.list(version.projectId)]);
      const [outline, features, client, subregion, others] = await Promise.all([
        map.versionRegion(version.id),
        this.kind === 'features' ? map.versionFeatures(version.id) : null,
        clientContext(),
        optional(() => map.subregionOutline(project.subregion), 'subregion', `Deelgebied ${project.subregionName}`),
        Promise.all(siblings.filter((v) => v.id !== version.id).map((v) => optional(() => map.versionRegion(v.id), 'other', v.name))),
      ]);
      // On the feature map the version's region surrounds the areas; on the region map it is the outline itself.
      const own: ContextOutline[] = this.kind === 'features' && outline ? [{ geometry: outline.geometry, style: 'version', label: version.name }] : [];
      const frameUri = this.kind === 'features' ? version.editorUri : version.outlineUri;
      return {
        frameUri,
        canSave: Boolean(frameUri && version.canEdit),
        title: version.name,
        back: { screen: 'Projects_VersionModelInfo', params: { versionId: version.id } },
        outline,
        features,
        context: [...client, ...subregion, ...others.flat(), ...own],
      };
    }
    const subregions = await this.api.referenceData.subregions();
    if (this.kind === 'subregion') {
      const row = subregions.find((s) => s.id === this.targetId);
      if (!row) throw new Error(MAP_LOAD_FAILED);
      const [outline, client, others] = await Promise.all([
        map.subregionOutline(row.id),
        clientContext(),
        Promise.all(subregions.filter((s) => s.id !== row.id).map((s) => optional(() => map.subregionOutline(s.id), 'other', s.description))),
      ]);
      return {
        frameUri: row.outlineUri, canSave: Boolean(row.outlineUri), title: row.description,
        back: { screen: 'Configuration_Subregions' }, outline, features: null, context: [...client, ...others.flat()],
      };
    }
    const [{ outlineUri }, outline, others] = await Promise.all([
      map.clientRegion(),
      map.clientRegionOutline(),
      Promise.all(subregions.map((s) => optional(() => map.subregionOutline(s.id), 'subregion', s.description))),
    ]);
    return {
      frameUri: outlineUri, canSave: Boolean(outlineUri), title: 'Klantgebied',
      back: { screen: 'Configuration_ClientRegion' }, outline, features: null, context: others.flat(),
    };
  }

  /** The `load` message for the frame: what is on screen (a drawing survives a reload of the frame). */
  loadMessage(): ParentMessage | null {
    const d = this.data.value;
    if (!d) return null;
    if (this.kind === 'features') {
      const features: LoadedFeature[] = (this.draftFeatures ?? d.features?.features ?? []).map((f) => ({
        type: 'Feature', id: f.id, geometry: f.geometry,
        // A drawn area without a function yet keeps none: the viewer asks for it again.
        properties: { name: f.properties.name, function: f.properties.function ?? undefined } as LoadedFeature['properties'],
      }));
      return { type: 'load', mode: 'features', editable: d.canSave, features, context: d.context };
    }
    return { type: 'load', mode: this.kind, editable: d.canSave, geometry: this.geometry, context: d.context };
  }

  /** A report of the frame: keeps the drawing and its problems (a report of another mode is not ours). */
  viewerChanged(m: Extract<ViewerMessage, { type: 'changed' }>): void {
    if (m.mode !== this.kind) return;
    this.problems = m.problems;
    if (m.mode === 'features') this.draftFeatures = m.features;
    else this.draftGeometry = m.geometry;
  }

  /** After a load or a save: the server's answer is what is shown; the drawing is gone. */
  applySaved(answer?: { outline?: OutlineAnswer; features?: FeatureAreasAnswer }): void {
    const d = this.data.value;
    if (d && answer) this.data.value = { ...d, ...answer };
    this.draftGeometry = undefined;
    this.draftFeatures = undefined;
    this.problems = [];
    this.generation++;
  }

  get saving(): boolean {
    return this.writing.busy;
  }

  /** 'Opslaan': refused with the frame's problem while it has one; the server's 400 keeps the drawing. */
  async save(): Promise<boolean> {
    if (this.problems.length) {
      this.toasts.error(this.problems[0]);
      return false;
    }
    if (!this.dirty) {
      this.toasts.success(SAVE_OK);
      return true;
    }
    const { map } = this.api;
    // A refusal is the server's Dutch message (an open ring, a self-intersection, too many corners) as it says it.
    return this.writing.run(async () => {
      if (this.kind === 'features') {
        const body: FeatureAreasBody = {
          type: 'FeatureCollection',
          features: (this.draftFeatures ?? []).map((f) => ({
            type: 'Feature', geometry: f.geometry,
            properties: { name: f.properties.name, function: f.properties.function! },
          })),
        };
        this.applySaved({ features: await map.saveVersionFeatures(this.targetId, body) });
      } else {
        const g = this.draftGeometry ?? null;
        const feature = g && { type: 'Feature' as const, geometry: g, properties: {} };
        const saved = this.kind === 'region' ? await map.saveVersionRegion(this.targetId, feature)
          : this.kind === 'subregion' ? await map.saveSubregionOutline(this.targetId, feature)
            : await map.saveClientRegionOutline(feature);
        this.applySaved({ outline: saved });
      }
    }, { success: SAVE_OK, failure: SAVE_FAILED });
  }
}

/** A store per visit of a map editing screen. */
export function mapEditStore(root: RootStore, kind: MapEditKind, targetId: number): MapEditStore {
  const make: AreaStoreFactory<MapEditStore> = (r, api) => new MapEditStore(kind, targetId, api, r.toasts);
  return root.create(make);
}
