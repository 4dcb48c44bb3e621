import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Alert, Button, HTMLTable, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { PageHeader } from '../../app/PageHeader.tsx';
import { useResource } from '../../app/resource.ts';
import { useSubmission } from '../../app/submission.ts';
import { biLinksApi, type BiLink, type BiPassword } from '../../api/biLinks.ts';
import { BI_LINK_MESSAGES } from '../../api/contract/messages.ts';
import { formatDateTime } from '../../lib/format.ts';
import { CopyButton } from './CopyButton.tsx';
import { GenerateDialog, hasValidPassword as valid } from './GenerateDialog.tsx';
import './bilinks.css';



/**
 * BI links (spec 1 §2 "BI links"): the caller's links with created-on, description, the link and the
 * user name and password, each with a copy button, and until when the password is valid. 'Genereer' makes
 * a password for the validity chosen in its dialog (shown here once, until the screen is left), 'Opnieuw
 * genereren' replaces a valid one the same way, the bin deletes a link after a confirmation.
 */
const BiLinksScreen = observer(function BiLinksScreen() {
  const links = useResource(BI_LINK_MESSAGES.loadFailed, () => biLinksApi.list(), []);
  /** Passwords generated while this screen is open: the only place they are ever shown. */
  const [passwords, setPasswords] = useState<Record<string, BiPassword>>({});
  const [confirmDelete, setConfirmDelete] = useState<BiLink | null>(null);
  const [generating, setGenerating] = useState<BiLink | null>(null);
  const submission = useSubmission();
  /** The link of the latest write: its row is busy, and its refused validity shows in its dialog. */
  const [acting, setActing] = useState<string | null>(null);
  const busy = submission.busy ? acting : null;
  const validityError = generating && acting === generating.uuid ? submission.fieldErrors.valid_days : undefined;

  // The dialog stays open with the choice after a failure; a refused validity shows on its field.
  const generate = (link: BiLink, validDays: number) => {
    setActing(link.uuid);
    return submission.run(async () => {
      const p = await biLinksApi.generatePassword(link.uuid, validDays);
      setPasswords((all) => ({ ...all, [link.uuid]: p }));
      setGenerating(null);
      await links.reload();
    }, { failure: 'Fout bij het genereren van het wachtwoord.' });
  };
  const remove = async (link: BiLink) => {
    setActing(link.uuid);
    await submission.run(async () => {
      await biLinksApi.remove(link.uuid);
      await links.reload();
    }, { success: 'BI-link verwijderd.', failure: 'Fout bij het verwijderen van de BI-link.' });
    setConfirmDelete(null);
  };

  const rows = links.value ?? [];
  return (
    <>
      <PageHeader crumbs={[{ text: 'Rapportages', screen: 'Reports' }, { text: 'BI-links' }]} />
      <div className="gs-content">
        <section aria-label="BI-links">
          <h2>BI-links</h2>
          {links.loading && !links.value && <div className="gs-muted"><Spinner size={16} /> Aan het laden...</div>}
          {!links.loading && links.failed && !links.value && <NonIdealState icon="error" title={BI_LINK_MESSAGES.loadFailed} />}
          {links.value && !rows.length && (
            <NonIdealState icon="link" title="Geen BI-links aangemaakt" description="Maak een BI-link in Rapportages: selecteer rekenmodellen en kies 'Genereer link met selectie'." />
          )}
          {rows.length > 0 && (
            <HTMLTable compact striped className="gs-bilinks">
              <thead>
                <tr>
                  <th>Aangemaakt op</th><th>Beschrijving</th><th>Link</th><th>Gebruikersnaam</th><th className="gs-bilink-password-col">Wachtwoord</th>
                  <th>Laatst opgehaald</th><th />
                </tr>
              </thead>
              <tbody>
                {rows.map((l) => (
                  <LinkRow
                    key={l.uuid} link={l} password={passwords[l.uuid]} busy={busy === l.uuid}
                    onGenerate={() => { setActing(null); setGenerating(l); }}
                    onDelete={() => setConfirmDelete(l)}
                  />
                ))}
              </tbody>
            </HTMLTable>
          )}
        </section>
      </div>
      <GenerateDialog
        link={generating} busy={generating !== null && busy === generating.uuid} error={validityError}
        onGenerate={(days) => generating && void generate(generating, days)} onClose={() => setGenerating(null)}
      />
      <Alert
        isOpen={confirmDelete !== null} intent="danger" icon="trash"
        confirmButtonText="Verwijderen" cancelButtonText="Annuleren" loading={busy !== null}
        onConfirm={() => confirmDelete && void remove(confirmDelete)}
        onCancel={() => setConfirmDelete(null)}
      >
        <p>Weet u zeker dat u BI-link '{confirmDelete?.description}' wilt verwijderen? Rapporten die deze link gebruiken, kunnen daarna niet meer vernieuwen.</p>
      </Alert>
    </>
  );
});
export default BiLinksScreen;

function LinkRow({ link: l, password, busy, onGenerate, onDelete }: {
  link: BiLink; password: BiPassword | undefined; busy: boolean; onGenerate: () => void; onDelete: () => void;
}) {
  return (
    <tr>
      <td className="gs-nowrap">{formatDateTime(l.timestampCreated)}</td>
      <td>{l.description}</td>
      <td>
        <div className="gs-copy">
          <a className="gs-bilink-url" href={l.link} target="_blank" rel="noreferrer" title={l.link}>{l.link}</a>
          <CopyButton text={l.link} label={`Link van ${l.description} kopiëren`} />
        </div>
      </td>
      <td>
        <div className="gs-copy">
          <code>{l.username}</code>
          <CopyButton text={l.username} label={`Gebruikersnaam van ${l.description} kopiëren`} />
        </div>
      </td>
      <td>
        {password ? (
          <div className="gs-bilink-password">
            <div className="gs-copy">
              <code aria-label={`Wachtwoord van ${l.description}`}>{password.password}</code>
              <CopyButton text={password.password} label={`Wachtwoord van ${l.description} kopiëren`} />
            </div>
            <div className="gs-muted">Alleen nu zichtbaar. Geldig tot {formatDateTime(password.expirationPassword)}.</div>
          </div>
        ) : valid(l) ? (
          <div className="gs-copy">
            <Tag minimal intent="success">Geldig tot {formatDateTime(l.expirationPassword)}</Tag>
          </div>
        ) : (
          <div className="gs-muted">{l.expirationPassword ? `Verlopen op ${formatDateTime(l.expirationPassword)}` : 'Nog geen wachtwoord'}</div>
        )}
        <Button
          size="small" className="gs-bilink-generate" loading={busy}
          icon={valid(l) ? 'refresh' : 'key'}
          text={valid(l) ? 'Opnieuw genereren' : 'Genereer'}
          aria-label={`${valid(l) ? 'Opnieuw genereren' : 'Genereer'}: ${l.description}`}
          onClick={onGenerate}
        />
      </td>
      <td className="gs-nowrap">
        {l.timestampLastAccessed ? formatDateTime(l.timestampLastAccessed) : '-'}
        {l.ipaddress && <div className="gs-muted">{l.ipaddress}</div>}
      </td>
      <td>
        <Button variant="minimal" icon="trash" intent="danger" aria-label={`BI-link ${l.description} verwijderen`} title="Verwijderen" disabled={busy} onClick={onDelete} />
      </td>
    </tr>
  );
}
