import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, Callout, Card, FormGroup, InputGroup, Tag, TextArea } from '@blueprintjs/core';
import { useResource } from '../../app/resource.ts';
import { useSubmission } from '../../app/submission.ts';
import { samlApi, type SamlSettingsRow } from '../../api/saml.ts';
import { SAVE_FAILED } from '../../api/contract/messages.ts';

interface Form {
  entryPoint: string;
  idpCert: string;
  issuer: string;
  metadataUrl: string;
}

const toForm = (s: SamlSettingsRow): Form => ({
  entryPoint: s.entryPoint ?? '',
  idpCert: s.idpCert ?? '',
  issuer: s.issuerIsDefault ? '' : s.issuer,
  metadataUrl: s.metadataUrl ?? '',
});

/** Single sign-on of the client: the identity provider's (inlogdienst) address and certificate (empty = off). */
export const SamlSettingsCard = observer(function SamlSettingsCard() {
  const [settings, setSettings] = useState<SamlSettingsRow | null>(null);
  const [form, setForm] = useState<Form | null>(null);
  const submission = useSubmission();
  const { busy, fieldErrors: errors } = submission;
  const show = (s: SamlSettingsRow) => {
    setSettings(s);
    setForm(toForm(s));
  };
  useResource<SamlSettingsRow>('Fout bij het laden van de SAML-instellingen.', () => samlApi.settings(), [], show);

  if (!form || !settings) return <Card className="gs-form"><h3>Inloggen met SAML</h3><p>Aan het laden...</p></Card>;

  const set = (key: keyof Form) => (value: string) => setForm({ ...form, [key]: value });
  // A failure keeps what was typed; each field shows its own problem.
  const save = () => submission.run(async () => show(await samlApi.save(form)), { success: 'Opslaan gelukt!', failure: SAVE_FAILED });
  const field = (key: keyof Form, wire: string, label: string, helper?: string) => (
    <FormGroup label={label} labelFor={`saml-${wire}`} helperText={errors[wire] ?? helper} intent={errors[wire] ? 'danger' : 'none'}>
      {key === 'idpCert'
        ? <TextArea id={`saml-${wire}`} fill rows={5} value={form[key]} disabled={busy} onChange={(e) => set(key)(e.target.value)} />
        : <InputGroup id={`saml-${wire}`} value={form[key]} disabled={busy} onValueChange={set(key)} intent={errors[wire] ? 'danger' : 'none'} />}
    </FormGroup>
  );
  return (
    <Card className="gs-form" role="region" aria-label="Inloggen met SAML">
      <h3>Inloggen met SAML <Tag minimal intent={settings.enabled ? 'success' : 'none'}>{settings.enabled ? 'Ingeschakeld' : 'Uitgeschakeld'}</Tag></h3>
      <Callout intent="primary" icon="info-sign" style={{ marginBottom: 12 }}>
        Geef de inlogdienst (identity provider) van uw organisatie deze gegevens: ACS-adres <code>{settings.acsUrl}</code>, metadata <code>{settings.spMetadataUrl}</code>.
        Laat het adres leeg om inloggen met SAML uit te zetten.
      </Callout>
      {field('entryPoint', 'entry_point', 'Adres van de inlogdienst (identity provider, SSO)')}
      {field('idpCert', 'idp_cert', 'Certificaat van de inlogdienst (PEM)')}
      {field('issuer', 'issuer', 'Kenmerk van Grondslag (Entity ID)', `Leeg: ${settings.issuerIsDefault ? settings.issuer : 'het standaardadres'}`)}
      {field('metadataUrl', 'metadata_url', 'Metadata-adres van de inlogdienst')}
      <Button intent="primary" text="Opslaan" loading={busy} onClick={() => void save()} />
    </Card>
  );
});
