import '../admin.css';
import '../../app/map/map.css';
import { observer } from 'mobx-react-lite';
import { Button, Card, NonIdealState, Spinner } from '@blueprintjs/core';
import { useRoot } from '../../app/RootStore.ts';
import { PageHeader } from '../../app/PageHeader.tsx';
import { useResource } from '../../app/resource.ts';
import { mapApi } from '../../api/map.ts';
import { MapPreview } from '../../app/map/MapPreview.tsx';
import { AreaFigures, MAP_LOAD_FAILED } from '../../app/map/AreaFigures.tsx';
import { SamlSettingsCard } from './SamlSettingsCard.tsx';
import { MapViewerSettingsCard } from './MapViewerSettingsCard.tsx';
import { BiSettingsCard } from './BiSettingsCard.tsx';

/**
 * Klantgebied (spec 1 §2, spec 2): the client's region on a preview with its area; 'Gebied bewerken'
 * opens MapViewer_Client, and does nothing when the server sent no outline address (spec 1 §2).
 */
const ClientRegionScreen = observer(function ClientRegionScreen() {
  const { auth, screen } = useRoot();
  const region = useResource(MAP_LOAD_FAILED, () => Promise.all([mapApi.clientRegion(), mapApi.clientRegionOutline()]));
  const [frame, outline] = region.value ?? [null, null];
  return (
    <>
      <PageHeader crumbs={[{ text: 'Configuratie' }, { text: 'Klantgebied' }]}>
        <Button icon="edit" text="Gebied bewerken" disabled={region.loading}
          onClick={() => frame?.outlineUri && screen.navigate('MapViewer_Client')} />
      </PageHeader>
      <div className="gs-content gs-stack">
        <Card className="gs-form" role="region" aria-label="Klantgebied">
          <h2>Klantgebied</h2>
          <p>Klant: <strong>{auth.user?.clientName}</strong></p>
          {region.loading && !region.value ? (
            <NonIdealState icon={<Spinner size={20} />} description="Aan het laden..." />
          ) : region.failed && !region.value ? (
            <NonIdealState icon="error" description={MAP_LOAD_FAILED} />
          ) : (
            <div className="gs-stack">
              <MapPreview label="Kaart van het klantgebied" layers={outline ? [{ key: 'client', geometry: outline.geometry, style: 'edit', label: 'Klantgebied' }] : []} />
              <AreaFigures label="Oppervlakte" m2={outline?.properties.area_m2} dirty={false} />
            </div>
          )}
        </Card>
        <SamlSettingsCard />
        <MapViewerSettingsCard />
        <BiSettingsCard />
      </div>
    </>
  );
});
export default ClientRegionScreen;
