import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, Card, FormGroup, InputGroup } from '@blueprintjs/core';
import { useRoot } from '../../app/RootStore.ts';
import { useResource } from '../../app/resource.ts';
import { biLinksApi, type BiSettings } from '../../api/biLinks.ts';
import { fieldErrorsOf, messageOf } from '../../api/http.ts';
import { SAVE_FAILED } from '../../api/contract/messages.ts';
import { BI_PASSWORD_MAX_DAYS } from '../../api/contract/biLink.ts';

/**
 * BI-links (issue 25 item 8, staff): the longest validity a BI link's owner may choose for its password.
 * Lowering it shortens passwords that would outlive it (docs/bi-links.md).
 */
export const BiSettingsCard = observer(function BiSettingsCard() {
  const { auth, toasts } = useRoot();
  const may = !!auth.user?.canManageBiSettings;
  const [days, setDays] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const settings = useResource<BiSettings>('Fout bij het laden van de BI-instellingen.',
    may ? () => biLinksApi.settings() : undefined, [may], (s) => setDays(String(s.passwordMaxDays)));
  if (!may) return null;

  const save = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const saved = await biLinksApi.saveSettings({ passwordMaxDays: /^\d+$/.test(days.trim()) ? Number(days) : NaN });
      setDays(String(saved.passwordMaxDays));
      toasts.success('Opslaan gelukt!');
    } catch (e) {
      // What was typed stays; the field says what is wrong.
      setError(fieldErrorsOf(e).find((f) => f.path === 'password_max_days')?.message);
      toasts.error(messageOf(e, SAVE_FAILED));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card className="gs-form" role="region" aria-label="BI-links">
      <h3>BI-links</h3>
      <FormGroup label="Maximale geldigheid van een BI-wachtwoord (dagen)" labelFor="bi-max-days" intent={error ? 'danger' : 'none'}
        helperText={error ?? `1 tot en met ${BI_PASSWORD_MAX_DAYS}. Een gebruiker kiest bij 'Genereer' hoe lang zijn wachtwoord geldig is, ten hoogste zo lang; langer geldige wachtwoorden worden ingekort.`}>
        <InputGroup id="bi-max-days" inputMode="numeric" value={days} disabled={busy || settings.loading} intent={error ? 'danger' : 'none'}
          onValueChange={setDays} style={{ maxWidth: 120 }} />
      </FormGroup>
      <Button intent="primary" text="Opslaan" loading={busy} disabled={settings.loading} onClick={() => void save()} />
    </Card>
  );
});
