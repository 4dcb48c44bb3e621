import '../admin.css';
import { observer } from 'mobx-react-lite';
import { Button, Card, NonIdealState } from '@blueprintjs/core';
import { useRoot } from '../../app/RootStore.ts';
import { PageHeader } from '../../app/PageHeader.tsx';
import { SamlSettingsCard } from './SamlSettingsCard.tsx';
import { MapViewerSettingsCard } from './MapViewerSettingsCard.tsx';

/** Klantgebied (spec 1 §2): the client's region; the outline map comes with the map viewer. */
const ClientRegionScreen = observer(function ClientRegionScreen() {
  const { auth } = useRoot();
  return (
    <>
      <PageHeader crumbs={[{ text: 'Configuratie' }, { text: 'Klantgebied' }]}>
        <Button icon="edit" text="Gebied bewerken" disabled title="Het bewerken van het klantgebied komt beschikbaar met de kaart." />
      </PageHeader>
      <div className="gs-content gs-stack">
        <Card className="gs-form" role="region" aria-label="Klantgebied">
          <h2>Klantgebied</h2>
          <p>Klant: <strong>{auth.user?.clientName}</strong></p>
          <NonIdealState icon="map" description="De kaart van het klantgebied is nog niet beschikbaar." />
        </Card>
        <SamlSettingsCard />
        <MapViewerSettingsCard />
      </div>
    </>
  );
});
export default ClientRegionScreen;
