import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Alert, Button, HTMLTable, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { PageHeader } from '../../app/PageHeader.tsx';
import { useRoot } from '../../app/RootStore.ts';
import { useResource } from '../../app/resource.ts';
import { messageOf } from '../../api/http.ts';
import { biLinksApi, type BiLink, type BiPassword } from '../../api/biLinks.ts';
import { BI_LINK_MESSAGES } from '../../api/contract/messages.ts';
import { formatDateTime } from '../../lib/format.ts';
import { CopyButton } from './CopyButton.tsx';
import './bilinks.css';

type Confirm = { kind: 'delete' | 'regenerate'; link: BiLink } | null;

/**
 * BI links (spec 1 §2 "BI links"): the caller's links with created-on, description, the link and the
 * temporary user name and password, each with a copy button. 'Genereer' makes a password (shown here
 * once, until the screen is left), 'Opnieuw genereren' replaces a valid one, the bin deletes a link;
 * both after a confirmation.
 */
const BiLinksScreen = observer(function BiLinksScreen() {
  const { toasts } = useRoot();
  const links = useResource(BI_LINK_MESSAGES.loadFailed, () => biLinksApi.list(), []);
  /** Passwords generated while this screen is open: the only place they are ever shown. */
  const [passwords, setPasswords] = useState<Record<string, BiPassword>>({});
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const generate = async (link: BiLink) => {
    setBusy(link.uuid);
    try {
      const p = await biLinksApi.generatePassword(link.uuid);
      setPasswords((all) => ({ ...all, [link.uuid]: p }));
      await links.reload();
    } catch (e) {
      toasts.error(messageOf(e, 'Fout bij het genereren van het wachtwoord.'));
    } finally {
      setBusy(null);
      setConfirm(null);
    }
  };
  const remove = async (link: BiLink) => {
    setBusy(link.uuid);
    try {
      await biLinksApi.remove(link.uuid);
      toasts.success('BI-link verwijderd.');
      await links.reload();
    } catch (e) {
      toasts.error(messageOf(e, 'Fout bij het verwijderen van de BI-link.'));
    } finally {
      setBusy(null);
      setConfirm(null);
    }
  };

  const rows = links.value ?? [];
  return (
    <>
      <PageHeader crumbs={[{ text: 'Rapportages', screen: 'Reports' }, { text: 'BI links' }]} />
      <div className="gs-content">
        <section aria-label="BI links">
          <h2>BI links</h2>
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
                    onGenerate={() => (valid(l) ? setConfirm({ kind: 'regenerate', link: l }) : void generate(l))}
                    onDelete={() => setConfirm({ kind: 'delete', link: l })}
                  />
                ))}
              </tbody>
            </HTMLTable>
          )}
        </section>
      </div>
      <Alert
        isOpen={confirm !== null}
        intent={confirm?.kind === 'delete' ? 'danger' : 'warning'}
        icon={confirm?.kind === 'delete' ? 'trash' : 'refresh'}
        confirmButtonText={confirm?.kind === 'delete' ? 'Verwijderen' : 'Opnieuw genereren'}
        cancelButtonText="Annuleren"
        loading={busy !== null}
        onConfirm={() => confirm && void (confirm.kind === 'delete' ? remove(confirm.link) : generate(confirm.link))}
        onCancel={() => setConfirm(null)}
      >
        {confirm?.kind === 'delete' && (
          <p>Weet u zeker dat u BI-link '{confirm.link.description}' wilt verwijderen? Rapporten die deze link gebruiken, kunnen daarna niet meer vernieuwen.</p>
        )}
        {confirm?.kind === 'regenerate' && (
          <p>Een nieuw wachtwoord vervangt het huidige van '{confirm.link.description}': waar het huidige is ingevuld, werkt het daarna niet meer.</p>
        )}
      </Alert>
    </>
  );
});
export default BiLinksScreen;

/** The link has a password that has not expired. */
const valid = (l: BiLink) => l.expirationPassword !== null && new Date(l.expirationPassword).getTime() > Date.now();

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
          <div className="gs-muted">{l.expirationPassword ? 'Verlopen' : 'Nog geen wachtwoord'}</div>
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
