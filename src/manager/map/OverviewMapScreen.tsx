import '../../app/map/map.css';
import { useMemo } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, NonIdealState, Spinner } from '@blueprintjs/core';
import { useRoot } from '../../app/RootStore.ts';
import { PageHeader } from '../../app/PageHeader.tsx';
import { useResource } from '../../app/resource.ts';
import { mapApi, type OverviewRegion as RegionFeature } from '../../api/map.ts';
import type { OverviewRegion } from '../../mapviewer/protocol.ts';
import { projectsStoreOf } from '../projects/ProjectsStore.ts';
import { ViewerFrame } from './ViewerFrame.tsx';
import { MapPreview, type PreviewLayer } from '../../app/map/MapPreview.tsx';
import { MAP_LOAD_FAILED, formatM2, paletteColor } from '../../app/map/AreaFigures.tsx';

/** A project type's colour on the overview (the frame, the preview and the legend alike). */
const typeColor = (typeId: number) => paletteColor(typeId - 1);

/**
 * MapViewer_Overview (spec 1 §2): every project's latest version region, coloured by project type, in
 * the viewer's frame and the preview; a click on a region opens that project in Projects, 'Bekijk
 * lijst' goes back to Projects.
 */
const OverviewMapScreen = observer(function OverviewMapScreen() {
  const root = useRoot();
  // The client region frames the projects; without one (or unreadable) the overview goes without it.
  const data = useResource(MAP_LOAD_FAILED, () => Promise.all([
    mapApi.overview(), mapApi.overviewRegions(), mapApi.clientRegionOutline().catch(() => null),
  ]));
  const [overview, regions, client] = data.value ?? [null, null, null];
  const features = regions?.features ?? [];

  const openProject = (projectId: number) => {
    projectsStoreOf(root).focus({ projectId });
    root.screen.navigate('Projects');
  };
  const clientContext = useMemo(() => (client ? [{ geometry: client.geometry, style: 'client' as const, label: 'Klantgebied' }] : []), [client]);
  const layers = useMemo<PreviewLayer[]>(() => [...clientContext.map((c) => ({ ...c, key: 'client' })), ...features.map((f) => ({
    key: `p${f.properties.project_id}`, geometry: f.geometry, style: 'area' as const, color: typeColor(f.properties.type_project),
    label: `${f.properties.project_name} (${f.properties.type_project_name})`, onClick: () => openProject(f.properties.project_id),
  }))], [features, clientContext]); // eslint-disable-line react-hooks/exhaustive-deps
  const legend = useMemo(() => {
    const types = new Map<number, string>();
    for (const f of features) types.set(f.properties.type_project, f.properties.type_project_name);
    return [...types].sort((a, b) => a[1].localeCompare(b[1], 'nl'));
  }, [features]);
  const message = useMemo(() => ({
    type: 'load' as const, mode: 'overview' as const, context: clientContext,
    overview: features.map((f): OverviewRegion => ({
      projectId: f.properties.project_id, name: f.properties.project_name, typeName: f.properties.type_project_name,
      color: typeColor(f.properties.type_project), geometry: f.geometry,
    })),
  }), [features, clientContext]);

  return (
    <>
      <PageHeader crumbs={[{ text: 'Kaart' }]}>
        <Button icon="list" text="Bekijk lijst" onClick={() => root.screen.navigate('Projects')} />
      </PageHeader>
      <div className="gs-content gs-map-content">
        {data.loading && !regions ? (
          <NonIdealState icon={<Spinner />} title="Aan het laden..." />
        ) : !regions ? (
          <NonIdealState icon="error" title={MAP_LOAD_FAILED} action={<Button text="Opnieuw" onClick={() => void data.reload()} />} />
        ) : (
          <div className="gs-map-layout">
            <div className="gs-map-main">
              {overview?.viewerUri ? (
                <ViewerFrame src={overview.viewerUri} title="Overzichtskaart" message={message} generation={features.length}
                  onMessage={(m) => m.type === 'select-project' && openProject(m.projectId)} />
              ) : (
                <NonIdealState icon="map" title="Geen kaart beschikbaar" description="Er is geen adres van de overzichtskaart." />
              )}
            </div>
            <aside className="gs-map-side" aria-label="Overzicht">
              <h2>Projecten op de kaart</h2>
              <MapPreview label="Voorbeeld" layers={layers} />
              {legend.length > 0 && (
                <ul className="gs-map-legend" aria-label="Projecttypen">
                  {legend.map(([id, name]) => <li key={id}><span className="gs-map-swatch" style={{ background: typeColor(id) }} />{name}</li>)}
                </ul>
              )}
              <ul className="gs-map-projects" aria-label="Projecten met een gebied">
                {features.length === 0 && <li className="gs-muted">Nog geen projecten met een gebied.</li>}
                {features.map((f: RegionFeature) => (
                  <li key={f.properties.project_id}>
                    <Button variant="minimal" alignText="start" fill onClick={() => openProject(f.properties.project_id)}
                      icon={<span className="gs-map-swatch" style={{ background: typeColor(f.properties.type_project) }} />}
                      text={f.properties.project_name} endIcon={<span className="gs-muted">{formatM2(f.properties.area_m2)}</span>} />
                  </li>
                ))}
              </ul>
            </aside>
          </div>
        )}
      </div>
    </>
  );
});
export default OverviewMapScreen;
