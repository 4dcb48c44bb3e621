import { describe, expect, it, vi } from 'vitest';
import { ResponseError } from '../../api/http.ts';
import type { AreaGeometry, OutlineAnswer } from '../../api/map.ts';
import { MapEditStore, type MapEditKind } from './MapEditStore.ts';

const square = (x: number, y: number, d = 0.001): AreaGeometry => ({
  type: 'Polygon', coordinates: [[[x, y], [x + d, y], [x + d, y + d], [x, y + d], [x, y]]],
});
const outline = (g: AreaGeometry, area_m2: number): OutlineAnswer => ({ type: 'Feature', geometry: g, properties: { area_m2 } });

const REGION = square(5.38, 52.15);
const OTHER = square(5.39, 52.15);
const SUBREGION = square(5.37, 52.14, 0.05);
const CLIENT = square(5.3, 52.1, 0.2);

function fakeApi(over: { saveRegion?: () => Promise<OutlineAnswer>; subregionOutline?: (id: number) => Promise<OutlineAnswer> } = {}) {
  const version = (id: number, name: string) => ({
    id, name, projectId: 3, canEdit: true, outlineUri: `/mapviewer.html?mode=region&version=${id}`, editorUri: `/mapviewer.html?mode=features&version=${id}`,
  });
  return {
    versions: {
      get: vi.fn(async (id: number) => version(id, 'Versie A')),
      list: vi.fn(async () => [version(7, 'Versie A'), version(8, 'Versie B'), version(9, 'Versie C')]),
    },
    projects: { get: vi.fn(async () => ({ id: 3, subregion: 4, subregionName: 'Noord' })) },
    referenceData: {
      subregions: vi.fn(async () => [
        { id: 4, description: 'Noord', outlineUri: '/mapviewer.html?mode=subregion&subregion=4' },
        { id: 5, description: 'Zuid', outlineUri: '/mapviewer.html?mode=subregion&subregion=5' },
      ]),
    },
    map: {
      versionRegion: vi.fn(async (id: number) => (id === 7 ? outline(REGION, 12_345) : id === 8 ? outline(OTHER, 10) : null)),
      versionFeatures: vi.fn(async () => ({ type: 'FeatureCollection' as const, features: [], totals: {} })),
      saveVersionRegion: vi.fn(over.saveRegion ?? (async () => outline(OTHER, 11_000))),
      saveVersionFeatures: vi.fn(async () => ({
        type: 'FeatureCollection' as const,
        features: [{ type: 'Feature' as const, id: 1, geometry: REGION, properties: { name: 'Park', function: 'public_space_green' as const, area_m2: 500 } }],
        totals: { public_space_green: 500 },
      })),
      subregionOutline: vi.fn(over.subregionOutline ?? (async (id: number) => (id === 4 ? outline(SUBREGION, 1e6) : null))),
      saveSubregionOutline: vi.fn(async () => outline(SUBREGION, 2e6)),
      clientRegionOutline: vi.fn(async () => outline(CLIENT, 1e8)),
      saveClientRegionOutline: vi.fn(async () => outline(CLIENT, 1e8)),
      clientRegion: vi.fn(async () => ({ outlineUri: '/mapviewer.html?mode=client' })),
      overview: vi.fn(),
      overviewRegions: vi.fn(),
    },
  };
}
type Fake = ReturnType<typeof fakeApi>;

function storeOf(kind: MapEditKind, id: number, api: Fake) {
  const toasts = { success: vi.fn(), error: vi.fn() };
  const store = new MapEditStore(kind, id, api as never, toasts);
  return { store, toasts };
}

describe('MapEditStore', () => {
  it('loads a version region with the client region, the subregion and the other versions (faint) around it', async () => {
    const api = fakeApi();
    const { store } = storeOf('region', 7, api);
    await store.load();
    const d = store.data.value!;
    expect(d.frameUri).toBe('/mapviewer.html?mode=region&version=7');
    expect(d.canSave).toBe(true);
    expect(d.back).toEqual({ screen: 'Projects_VersionModelInfo', params: { versionId: 7 } });
    expect(d.context.map((c) => [c.style, c.label])).toEqual([['client', 'Klantgebied'], ['subregion', 'Deelgebied Noord'], ['other', 'Versie B']]);
    expect(store.geometry).toEqual(REGION);
    expect(store.loadMessage()).toMatchObject({ type: 'load', mode: 'region', editable: true, geometry: REGION });
  });

  it('goes without a surrounding outline it cannot read', async () => {
    const api = fakeApi({ subregionOutline: async () => { throw new ResponseError(404, 'Niet gevonden.', null); } });
    const { store, toasts } = storeOf('region', 7, api);
    await store.load();
    expect(store.data.failed).toBe(false);
    expect(store.data.value!.context.map((c) => c.style)).toEqual(['client', 'other']);
    expect(toasts.error).not.toHaveBeenCalled();
  });

  it("saves what the frame drew and shows the server's area afterwards", async () => {
    const api = fakeApi();
    const { store, toasts } = storeOf('region', 7, api);
    await store.load();
    const generation = store.generation;
    store.viewerChanged({ type: 'changed', mode: 'region', geometry: OTHER, problems: [] });
    expect(store.dirty).toBe(true);
    expect(store.geometry).toEqual(OTHER);
    expect(await store.save()).toBe(true);
    expect(api.map.saveVersionRegion).toHaveBeenCalledWith(7, { type: 'Feature', geometry: OTHER, properties: {} });
    expect(toasts.success).toHaveBeenCalledWith('Opslaan gelukt!');
    expect(store.dirty).toBe(false);
    expect(store.data.value!.outline!.properties.area_m2).toBe(11_000);
    expect(store.generation).toBe(generation + 1);
  });

  it('removes the outline with null when the drawing was deleted', async () => {
    const api = fakeApi();
    const { store } = storeOf('region', 7, api);
    await store.load();
    store.viewerChanged({ type: 'changed', mode: 'region', geometry: null, problems: [] });
    await store.save();
    expect(api.map.saveVersionRegion).toHaveBeenCalledWith(7, null);
  });

  it("shows the server's Dutch refusal and keeps the drawing", async () => {
    const api = fakeApi({ saveRegion: async () => { throw new ResponseError(400, 'Het gebied snijdt zichzelf.', { message: 'Het gebied snijdt zichzelf.' }); } });
    const { store, toasts } = storeOf('region', 7, api);
    await store.load();
    store.viewerChanged({ type: 'changed', mode: 'region', geometry: OTHER, problems: [] });
    expect(await store.save()).toBe(false);
    expect(toasts.error).toHaveBeenCalledWith('Het gebied snijdt zichzelf.');
    expect(store.dirty).toBe(true);
    expect(store.geometry).toEqual(OTHER);
    expect(store.saving).toBe(false);
  });

  it("does not save while the frame reports a problem", async () => {
    const api = fakeApi();
    const { store, toasts } = storeOf('region', 7, api);
    await store.load();
    store.viewerChanged({ type: 'changed', mode: 'region', geometry: OTHER, problems: ['Het gebied mag zichzelf niet snijden.'] });
    expect(await store.save()).toBe(false);
    expect(toasts.error).toHaveBeenCalledWith('Het gebied mag zichzelf niet snijden.');
    expect(api.map.saveVersionRegion).not.toHaveBeenCalled();
  });

  it('saves feature areas with their names and functions; the region surrounds them', async () => {
    const api = fakeApi();
    const { store } = storeOf('features', 7, api);
    await store.load();
    expect(store.data.value!.frameUri).toBe('/mapviewer.html?mode=features&version=7');
    expect(store.data.value!.context.at(-1)).toMatchObject({ style: 'version', label: 'Versie A' });
    store.viewerChanged({ type: 'changed', mode: 'region', geometry: OTHER, problems: [] }); // another mode: not ours
    expect(store.dirty).toBe(false);
    store.viewerChanged({
      type: 'changed', mode: 'features', problems: [],
      features: [{ type: 'Feature', geometry: REGION, properties: { name: 'Park', function: 'public_space_green' } }],
    });
    expect(store.features).toEqual([{ name: 'Park', function: 'public_space_green', geometry: REGION, areaM2: null }]);
    await store.save();
    expect(api.map.saveVersionFeatures).toHaveBeenCalledWith(7, {
      type: 'FeatureCollection', features: [{ type: 'Feature', geometry: REGION, properties: { name: 'Park', function: 'public_space_green' } }],
    });
    expect(store.features).toEqual([{ name: 'Park', function: 'public_space_green', geometry: REGION, areaM2: 500 }]);
    expect(store.data.value!.features!.totals).toEqual({ public_space_green: 500 });
  });

  it("edits a subregion among the client region and the other subregions; a read-only version is not saved", async () => {
    const api = fakeApi();
    const { store } = storeOf('subregion', 4, api);
    await store.load();
    const d = store.data.value!;
    expect(d.title).toBe('Noord');
    expect(d.frameUri).toBe('/mapviewer.html?mode=subregion&subregion=4');
    expect(d.back).toEqual({ screen: 'Configuration_Subregions' });
    expect(d.context.map((c) => c.style)).toEqual(['client']); // Zuid has no outline

    const reader = fakeApi();
    reader.versions.get.mockImplementation(async (id: number) => ({ id, name: 'Versie A', projectId: 3, canEdit: false, outlineUri: null as never, editorUri: null as never }));
    const { store: readOnly } = storeOf('region', 7, reader);
    await readOnly.load();
    expect(readOnly.data.value!.canSave).toBe(false);
    expect(readOnly.data.value!.frameUri).toBeNull();
  });

  it('fails the load of an unknown subregion with the map text', async () => {
    const { store, toasts } = storeOf('subregion', 99, fakeApi());
    await store.load();
    expect(store.data.failed).toBe(true);
    expect(toasts.error).toHaveBeenCalledWith('Fout bij het laden van de kaartgegevens.');
  });
});
