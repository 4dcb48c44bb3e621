import '../../app/map/map.css';
import { useEffect, useMemo, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, NonIdealState, Spinner } from '@blueprintjs/core';
import { useRoot } from '../../app/RootStore.ts';
import { PageHeader } from '../../app/PageHeader.tsx';
import type { Screen } from '../../app/screenNames.ts';
import { mapEditStore, type MapEditKind, type MapEditStore } from './MapEditStore.ts';
import { ViewerFrame } from './ViewerFrame.tsx';
import { MapPreview, type PreviewLayer } from '../../app/map/MapPreview.tsx';
import { FeatureTable, functionColor, functionLabel } from './MapParts.tsx';
import { AreaFigures, MAP_LOAD_FAILED } from '../../app/map/AreaFigures.tsx';

const KIND_OF: Partial<Record<Screen, MapEditKind>> = {
  MapViewer_VersionRegion: 'region',
  MapViewer_Feature: 'features',
  MapViewer_Subregion: 'subregion',
  MapViewer_Client: 'client',
};

const HEADING: Record<MapEditKind, string> = {
  region: 'Gebied bewerken',
  features: 'Functiegebieden bewerken',
  subregion: 'Deelgebied bewerken',
  client: 'Klantgebied bewerken',
};

/**
 * MapViewer_VersionRegion, _Feature, _Subregion and _Client (spec 1 §2 "Map viewer screens", spec 2):
 * the viewer's frame filling the area (only when the server sent its address) and beside it a preview
 * of the outline with the surrounding ones and the server's areas. 'Opslaan' saves what the frame
 * drew, 'Annuleren' goes back without saving.
 */
const MapEditScreen = observer(function MapEditScreen() {
  const root = useRoot();
  const { screen } = root;
  const kind = KIND_OF[screen.screen] ?? 'region';
  const targetId = Number(kind === 'subregion' ? screen.params.id : screen.params.versionId) || 0;
  const [store] = useState(() => mapEditStore(root, kind, targetId));
  useEffect(() => {
    void store.load();
    return () => store.data.cancel();
  }, [store]);

  const d = store.data.value;
  // Made anew only when the outlines change, so the preview refits on a new drawing, not on every render.
  const layers = useMemo(() => previewLayers(store), [store, d, store.draftGeometry, store.draftFeatures]);
  const back = () => screen.navigate(d?.back.screen ?? 'Projects', d?.back.params);
  const save = async () => {
    await store.save();
  };

  return (
    <>
      <PageHeader crumbs={crumbs(kind, store)}>
        <Button text="Annuleren" onClick={back} />
        {d?.canSave && <Button intent="primary" icon="floppy-disk" text="Opslaan" loading={store.saving} disabled={store.data.loading} onClick={() => void save()} />}
      </PageHeader>
      <div className="gs-content gs-map-content">
        {store.data.loading && !d ? (
          <NonIdealState icon={<Spinner />} title="Aan het laden..." />
        ) : !d ? (
          <NonIdealState icon="error" title={MAP_LOAD_FAILED} action={<Button text="Opnieuw" onClick={() => void store.load()} />} />
        ) : (
          <div className="gs-map-layout gs-map-edit">
            <div className="gs-map-main">
              {d.frameUri ? (
                <ViewerFrame
                  src={d.frameUri}
                  title={HEADING[kind]}
                  message={store.loadMessage()}
                  generation={store.generation}
                  onMessage={(m) => m.type === 'changed' && store.viewerChanged(m)}
                />
              ) : (
                <NonIdealState icon="map" title="Geen kaart beschikbaar" description="Voor dit gebied is geen kaartadres beschikbaar." />
              )}
            </div>
            <aside className="gs-map-side" aria-label="Overzicht">
              <h2>{HEADING[kind]}</h2>
              <p className="gs-muted gs-map-subtitle">{kind === 'client' ? root.auth.user?.clientName : d.title}</p>
              <MapPreview label="Voorbeeld" layers={layers} />
              {store.problems.length > 0 && (
                <ul className="gs-map-problems" aria-label="Problemen">{store.problems.map((p) => <li key={p}>{p}</li>)}</ul>
              )}
              {kind === 'features' ? (
                <>
                  <AreaFigures label="Gebied van de versie" m2={d.outline?.properties.area_m2} dirty={false} />
                  {store.dirty && <p className="gs-map-dirty">Gewijzigd, nog niet opgeslagen</p>}
                  <FeatureTable rows={store.features} totals={store.dirty ? null : d.features?.totals ?? null} />
                </>
              ) : (
                <AreaFigures label="Oppervlakte" m2={store.draftGeometry === undefined ? d.outline?.properties.area_m2 : null} dirty={store.dirty} />
              )}
            </aside>
          </div>
        )}
      </div>
    </>
  );
});
export default MapEditScreen;

function crumbs(kind: MapEditKind, store: MapEditStore) {
  const title = store.data.value?.title ?? '';
  if (kind === 'subregion') {
    return [{ text: 'Configuratie' }, { text: 'Deelgebieden', screen: 'Configuration_Subregions' as const }, { text: title ? `Deelgebied ${title}` : HEADING.subregion }];
  }
  if (kind === 'client') return [{ text: 'Configuratie' }, { text: 'Klantgebied', screen: 'Configuration_ClientRegion' as const }, { text: 'Gebied bewerken' }];
  const versionId = store.targetId;
  return [{ text: 'Versie info', screen: 'Projects_VersionModelInfo' as const, params: { versionId } }, { text: HEADING[kind] }];
}

/** The surrounding outlines, then the outline or areas on screen (the drawing while there is one). */
function previewLayers(store: MapEditStore): PreviewLayer[] {
  const d = store.data.value;
  if (!d) return [];
  const layers: PreviewLayer[] = d.context.map((c, i) => ({ key: `c${i}`, geometry: c.geometry, style: c.style, label: c.label }));
  if (store.kind === 'features') {
    store.features.forEach((f, i) => layers.push({
      key: `f${i}`, geometry: f.geometry, style: 'area', color: functionColor(f.function), label: `${f.name || 'Naamloos'} (${functionLabel(f.function)})`,
    }));
  } else if (store.geometry) {
    layers.push({ key: 'edit', geometry: store.geometry, style: 'edit', label: d.title });
  }
  return layers;
}
