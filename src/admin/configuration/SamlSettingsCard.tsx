import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, Callout, Card, Checkbox, FormGroup, InputGroup, Tag, TextArea } from '@blueprintjs/core';
import { useResource } from '../../app/resource.ts';
import { useSubmission } from '../../app/submission.ts';
import { samlApi, type SamlSettingsRow } from '../../api/saml.ts';
import { SAVE_FAILED } from '../../api/contract/messages.ts';

interface Form {
  entryPoint: string;
  idpCert: string;
  issuer: string;
  metadataUrl: string;
  idpDoesMfa: boolean;
  /** The administrator's own password (and code) again: the server asks them for every save (issue 33.3). */
  password: string;
  mfaCode: string;
}

type TextKey = Exclude<keyof Form, 'idpDoesMfa'>;

const toForm = (s: SamlSettingsRow): Form => ({
  entryPoint: s.entryPoint ?? '',
  idpCert: s.idpCert ?? '',
  issuer: s.issuerIsDefault ? '' : s.issuer,
  metadataUrl: s.metadataUrl ?? '',
  idpDoesMfa: s.idpDoesMfa,
  password: '',
  mfaCode: '',
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

  const set = (key: TextKey) => (value: string) => setForm({ ...form, [key]: value });
  // A failure keeps what was typed; each field shows its own problem. The flag is sent only by staff.
  const save = () => submission.run(async () => {
    const { idpDoesMfa, mfaCode, ...rest } = form;
    show(await samlApi.save({
      ...rest, ...(settings.canTrustIdpMfa ? { idpDoesMfa } : {}), ...(settings.saveNeedsMfaCode ? { mfaCode } : {}),
    }));
  }, { success: 'Opslaan gelukt!', failure: SAVE_FAILED });
  const field = (key: TextKey, wire: string, label: string, helper?: string) => (
    <FormGroup label={label} labelFor={`saml-${wire}`} helperText={errors[wire] ?? helper} intent={errors[wire] ? 'danger' : 'none'}>
      {key === 'idpCert'
        ? <TextArea id={`saml-${wire}`} fill rows={5} value={form[key]} disabled={busy} onChange={(e) => set(key)(e.target.value)} />
        : <InputGroup id={`saml-${wire}`} value={form[key]} disabled={busy} onValueChange={set(key)} intent={errors[wire] ? 'danger' : 'none'}
          {...(key === 'password' ? { type: 'password', autoComplete: 'current-password' } : key === 'mfaCode' ? { autoComplete: 'one-time-code' } : {})} />}
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
      {settings.canTrustIdpMfa
        ? <Checkbox label="De inlogdienst vraagt zelf een tweede factor (MFA): na SAML geen MFA-code van Grondslag vragen" checked={form.idpDoesMfa}
          disabled={busy} onChange={(e) => setForm({ ...form, idpDoesMfa: e.currentTarget.checked })} />
        : <p>{settings.idpDoesMfa
          ? 'Een superbeheerder heeft vastgelegd dat deze inlogdienst zelf MFA vraagt. Wijzigt u de inlogdienst, dan vervalt dat.'
          : 'Gebruikers met MFA voeren na het inloggen via SAML ook hun MFA-code in.'}</p>}
      {field('password', 'password', 'Uw wachtwoord', 'Ter bevestiging; alle beheerders krijgen een e-mail van een gewijzigde inlogdienst.')}
      {settings.saveNeedsMfaCode && field('mfaCode', 'mfa_code', 'Uw MFA-code')}
      <Button intent="primary" text="Opslaan" loading={busy} onClick={() => void save()} />
    </Card>
  );
});
