import { useState } from 'react';
import { Button, Callout, DialogBody, DialogFooter, FormGroup, HTMLSelect } from '@blueprintjs/core';
import { Dialog } from '../../app/Dialog.tsx';
import { BI_PASSWORD_DEFAULT_DAYS } from '../../api/contract/biLink.ts';
import type { BiLink } from '../../api/biLinks.ts';
import { formatCount } from '../../lib/count.ts';

/** The link has a password that has not expired. */
export const hasValidPassword = (l: BiLink) => l.expirationPassword !== null && new Date(l.expirationPassword).getTime() > Date.now();

/** The validities offered: a day, a week, a month, a quarter, half a year, a year (issue 25 item 8). */
const CHOICES: [number, string][] = [[1, '1 dag'], [7, '1 week'], [30, '30 dagen'], [90, '90 dagen'], [180, '180 dagen'], [365, '1 jaar']];

/** The choices within the client's maximum, the maximum itself when it is none of them. */
export function validityChoices(maxDays: number): { value: number; label: string }[] {
  const within = CHOICES.filter(([d]) => d <= maxDays);
  if (!within.some(([d]) => d === maxDays)) within.push([maxDays, formatCount(maxDays, 'dag', 'dagen')]);
  return within.map(([value, label]) => ({ value, label }));
}

/**
 * 'Genereer' / 'Opnieuw genereren': how long the new password is valid (a scheduled refresh in Power BI
 * needs more than a day), and for a valid one the warning that it replaces it.
 */
export function GenerateDialog({ link, busy, error, onGenerate, onClose }: {
  link: BiLink | null; busy: boolean; error: string | undefined; onGenerate: (validDays: number) => void; onClose: () => void;
}) {
  const [days, setDays] = useState(BI_PASSWORD_DEFAULT_DAYS);
  const replaces = link !== null && hasValidPassword(link);
  return (
    <Dialog isOpen={link !== null} onClose={onClose} onOpening={() => setDays(BI_PASSWORD_DEFAULT_DAYS)}
      title={`Wachtwoord genereren: ${link?.description ?? ''}`} icon="key" style={{ width: 480 }}>
      <DialogBody>
        <FormGroup label="Geldigheid" labelFor="bi-valid-days" intent={error ? 'danger' : 'none'}
          helperText={error ?? `Na deze periode vernieuwt een rapport niet meer tot u een nieuw wachtwoord genereert. Uw organisatie staat ten hoogste ${formatCount(link?.passwordMaxDays ?? BI_PASSWORD_DEFAULT_DAYS, 'dag', 'dagen')} toe.`}>
          <HTMLSelect id="bi-valid-days" value={days} disabled={busy} onChange={(e) => setDays(Number(e.target.value))}
            options={validityChoices(link?.passwordMaxDays ?? BI_PASSWORD_DEFAULT_DAYS)} />
        </FormGroup>
        {replaces && (
          <Callout intent="warning" icon="refresh">
            Een nieuw wachtwoord vervangt het huidige van '{link?.description}': waar het huidige is ingevuld, werkt het daarna niet meer.
          </Callout>
        )}
      </DialogBody>
      <DialogFooter actions={<>
        <Button text="Annuleren" disabled={busy} onClick={onClose} />
        <Button intent="primary" text={replaces ? 'Opnieuw genereren' : 'Genereer'} loading={busy} onClick={() => onGenerate(days)} />
      </>} />
    </Dialog>
  );
}
