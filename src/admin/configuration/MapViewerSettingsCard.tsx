import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Alert, Button, Callout, Card, FormGroup, InputGroup, Tag } from '@blueprintjs/core';
import { useRoot } from '../../app/RootStore.ts';
import { useResource } from '../../app/resource.ts';
import { useSubmission } from '../../app/submission.ts';
import { mapViewerOAuthApi, type MapViewerRegistered, type MapViewerSettings } from '../../api/mapViewerOAuth.ts';
import { SAVE_FAILED } from '../../api/contract/messages.ts';

interface Form {
  name: string;
  baseUrl: string;
  redirectUri: string;
}
const WIRE: Record<keyof Form, string> = { name: 'name', baseUrl: 'base_url', redirectUri: 'redirect_uri' };
const empty: Form = { name: '', baseUrl: '', redirectUri: '' };

/**
 * Kaartviewer (issue 14 item 5, staff): the client's map frames use the built-in viewer, or a registered
 * external one that signs users in through Grondslag's OAuth (docs/map.md "External map viewer").
 */
export const MapViewerSettingsCard = observer(function MapViewerSettingsCard() {
  const { auth } = useRoot();
  const may = !!auth.user?.canManageMapViewer;
  const [form, setForm] = useState<Form>(empty);
  const submission = useSubmission();
  const { busy, fieldErrors: errors } = submission;
  const [secret, setSecret] = useState<MapViewerRegistered | null>(null);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const settings = useResource<MapViewerSettings | null>('Fout bij het laden van de kaartviewer-instellingen.',
    may ? () => mapViewerOAuthApi.settings() : undefined, [may],
    (s) => s?.external && setForm({ name: s.external.name, baseUrl: s.external.baseUrl, redirectUri: s.external.redirectUri }));
  if (!may) return null;

  const current = settings.value?.external ?? null;
  const title = <h3>Kaartviewer <Tag minimal intent={current ? 'primary' : 'none'}>{current ? 'Extern' : 'Ingebouwd'}</Tag></h3>;
  if (settings.loading && settings.value === undefined) return <Card className="gs-form">{title}<p>Aan het laden...</p></Card>;
  if (settings.failed) {
    return <Card className="gs-form">{title}<Callout intent="danger">De instellingen zijn niet geladen. <Button minimal small text="Opnieuw" onClick={() => settings.reload()} /></Callout></Card>;
  }

  const register = () => submission.run(async () => {
    setSecret(await mapViewerOAuthApi.register(form));
    void settings.reload();
  }, { success: 'Opslaan gelukt!', failure: SAVE_FAILED });
  const remove = () => {
    setConfirmRemove(false);
    return submission.run(async () => {
      await mapViewerOAuthApi.remove();
      setSecret(null);
      setForm(empty);
      void settings.reload();
    }, { success: 'De ingebouwde kaartviewer wordt weer gebruikt.', failure: SAVE_FAILED });
  };
  const field = (key: keyof Form, label: string, helper?: string) => (
    <FormGroup label={label} labelFor={`mapviewer-${WIRE[key]}`} helperText={errors[WIRE[key]] ?? helper} intent={errors[WIRE[key]] ? 'danger' : 'none'}>
      <InputGroup id={`mapviewer-${WIRE[key]}`} value={form[key]} disabled={busy} intent={errors[WIRE[key]] ? 'danger' : 'none'}
        onValueChange={(v) => setForm({ ...form, [key]: v })} />
    </FormGroup>
  );

  return (
    <Card className="gs-form" role="region" aria-label="Kaartviewer">
      {title}
      <p>
        {current
          ? <>De kaarten van deze klant tonen <strong>{current.name}</strong> ({current.baseUrl}). Client-ID: <code>{current.clientId}</code>.</>
          : 'De kaarten van deze klant tonen de ingebouwde kaartviewer. Stel hieronder een externe kaartviewer in om die te vervangen.'}
      </p>
      {secret && (
        <Callout intent="warning" icon="key" title="Clientgeheim" style={{ marginBottom: 12 }}>
          Geef de kaartviewer client-ID <code>{secret.external.clientId}</code> en clientgeheim <code data-testid="client-secret">{secret.clientSecret}</code>.
          Bewaar het geheim nu: het wordt niet opnieuw getoond.
        </Callout>
      )}
      {field('name', 'Naam')}
      {field('baseUrl', 'Basisadres van de kaartviewer', 'Bijvoorbeeld https://kaart.example.nl/')}
      {field('redirectUri', 'Redirect-URI', 'Het adres waar de kaartviewer de autorisatiecode ontvangt; moet exact overeenkomen.')}
      <div className="gs-actions">
        <Button intent="primary" text={current ? 'Vervangen' : 'Externe kaartviewer instellen'} loading={busy} onClick={() => void register()} />
        {current && <Button text="Ingebouwde kaartviewer gebruiken" disabled={busy} onClick={() => setConfirmRemove(true)} />}
      </div>
      <Alert isOpen={confirmRemove} intent="warning" icon="map" confirmButtonText="Ingebouwde gebruiken" cancelButtonText="Annuleren"
        onConfirm={() => void remove()} onCancel={() => setConfirmRemove(false)}>
        De externe kaartviewer wordt verwijderd; wie daar is aangemeld, verliest de toegang.
      </Alert>
    </Card>
  );
});
