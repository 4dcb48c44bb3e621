import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, Card, FormGroup, InputGroup } from '@blueprintjs/core';
import { useRoot } from '../../app/RootStore.ts';
import { useResource } from '../../app/resource.ts';
import { useSubmission } from '../../app/submission.ts';
import { biLinksApi, type BiSettings } from '../../api/biLinks.ts';
import { SAVE_FAILED } from '../../api/contract/messages.ts';
import { BI_PASSWORD_MAX_DAYS } from '../../api/contract/biLink.ts';

/**
 * BI-links (issue 25 item 8, staff): the longest validity a BI link's owner may choose for its password.
 * Lowering it shortens passwords that would outlive it (docs/bi-links.md).
 */
export const BiSettingsCard = observer(function BiSettingsCard() {
  const { auth } = useRoot();
  const may = !!auth.user?.canManageBiSettings;
  const [days, setDays] = useState('');
  const submission = useSubmission();
  const { busy } = submission;
  const error = submission.fieldErrors.password_max_days;
  const settings = useResource<BiSettings>('Fout bij het laden van de BI-instellingen.',
    may ? () => biLinksApi.settings() : undefined, [may], (s) => setDays(String(s.passwordMaxDays)));
  if (!may) return null;

  // A failure keeps what was typed; the field says what is wrong.
  const save = () => submission.run(async () => {
    const saved = await biLinksApi.saveSettings({ passwordMaxDays: /^\d+$/.test(days.trim()) ? Number(days) : NaN });
    setDays(String(saved.passwordMaxDays));
  }, { success: 'Opslaan gelukt!', failure: SAVE_FAILED });
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
