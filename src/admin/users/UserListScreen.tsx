import '../admin.css';
import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Alert, Button, HTMLTable, Spinner, Tag } from '@blueprintjs/core';
import { useRoot } from '../../app/RootStore.ts';
import { PageHeader } from '../../app/PageHeader.tsx';
import { useResource } from '../../app/resource.ts';
import { useSubmission } from '../../app/submission.ts';
import { usersApi, type AdminUser } from '../../api/users.ts';
import { formatLastLogin, roleLabel } from './access.tsx';

/** Gebruikers (spec 2 §2): the client's users; a row opens the edit screen. */
const UserListScreen = observer(function UserListScreen() {
  const { screen } = useRoot();
  const list = useResource('Fout bij het laden van de gebruikers.', () => usersApi.list());
  // A list that did not load shows as empty.
  const users = list.value ?? (list.failed ? [] : null);
  const [confirmForce, setConfirmForce] = useState(false);
  const submission = useSubmission();

  const forceMfa = async () => {
    setConfirmForce(false);
    await submission.run(async () => {
      await usersApi.forceMfaForAll();
      await list.reload();
    }, {
      success: 'Forceren van Multi-Factor Authenticatie (MFA) gelukt!',
      failure: () => 'Forceren van Multi-Factor Authenticatie (MFA) mislukt.',
    });
  };
  const open = (u: AdminUser) => screen.navigate('EditUser', { id: u.id });

  return (
    <>
      <PageHeader crumbs={[{ text: 'Gebruikers' }]}>
        <Button icon="new-person" intent="primary" text="Gebruiker toevoegen" onClick={() => screen.navigate('CreateUser')} />
        <Button icon="lock" text="Forceer MFA voor alle gebruikers" onClick={() => setConfirmForce(true)} loading={submission.busy} />
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
