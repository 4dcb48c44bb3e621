import '../admin.css';
import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Alert, Button, HTMLTable, Spinner, Tag } from '@blueprintjs/core';
import { useRoot } from '../../app/RootStore.ts';
import { PageHeader } from '../../app/PageHeader.tsx';
import { usersApi, type AdminUser } from '../../api/users.ts';
import { formatLastLogin, roleLabel } from './access.tsx';

/** Gebruikers (spec 2 §2): the client's users; a row opens the edit screen. */
const UserListScreen = observer(function UserListScreen() {
  const { screen, toasts } = useRoot();
  const [users, setUsers] = useState<AdminUser[] | null>(null);
  const [confirmForce, setConfirmForce] = useState(false);
  const [busy, setBusy] = useState(false);

  const load = () => usersApi.list().then(setUsers, () => {
    setUsers([]);
    toasts.error('Fout bij het laden van de gebruikers.');
  });
  useEffect(() => void load(), []); // eslint-disable-line react-hooks/exhaustive-deps

  const forceMfa = async () => {
    setConfirmForce(false);
    setBusy(true);
    try {
      await usersApi.forceMfaForAll();
      toasts.success('Forceren van Multi-Factor Authenticatie (MFA) gelukt!');
      await load();
    } catch {
      toasts.error('Forceren van Multi-Factor Authenticatie (MFA) mislukt.');
    } finally {
      setBusy(false);
    }
  };
  const open = (u: AdminUser) => screen.navigate('EditUser', { id: u.id });

  return (
    <>
      <PageHeader crumbs={[{ text: 'Gebruikers' }]}>
        <Button icon="new-person" intent="primary" text="Gebruiker toevoegen" onClick={() => screen.navigate('CreateUser')} />
        <Button icon="lock" text="Forceer MFA voor alle gebruikers" onClick={() => setConfirmForce(true)} loading={busy} />
      </PageHeader>
      <div className="gs-content">
        {!users ? <Spinner /> : (
          <HTMLTable interactive striped className="gs-table gs-wide" aria-label="Gebruikers">
            <thead>
              <tr><th>Naam</th><th>E-mailadres</th><th>Rol</th><th>Laatst online</th><th>Geblokkeerd</th><th>MFA</th></tr>
            </thead>
            <tbody>
              {users.map((u) => (
                <tr key={u.id} tabIndex={0} onClick={() => open(u)} onKeyDown={(e) => e.key === 'Enter' && open(u)}>
                  <td>{u.firstName} {u.lastName}</td>
                  <td>{u.email}</td>
                  <td>{roleLabel(u.role)}</td>
                  <td>{formatLastLogin(u.lastLogin)}</td>
                  <td>{u.blocked ? <Tag intent="danger">Ja</Tag> : 'Nee'}</td>
                  <td>{u.mfaVerified ? 'Ingeschakeld' : 'Uitgeschakeld'}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        )}
      </div>
      <Alert isOpen={confirmForce} intent="warning" icon="lock" confirmButtonText="Forceren" cancelButtonText="Annuleren"
        onConfirm={() => void forceMfa()} onCancel={() => setConfirmForce(false)}>
        <p>Alle gebruikers moeten bij de volgende keer inloggen Multi-Factor Authenticatie (MFA) instellen. Doorgaan?</p>
      </Alert>
    </>
  );
});
export default UserListScreen;
