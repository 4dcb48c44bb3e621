import '../admin.css';
import { useState, type FormEvent } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, Card } from '@blueprintjs/core';
import { useRoot } from '../../app/RootStore.ts';
import { PageHeader } from '../../app/PageHeader.tsx';
import { useResource } from '../../app/resource.ts';
import { useSubmission } from '../../app/submission.ts';
import { usersApi, type AdminUser } from '../../api/users.ts';
import { PASSWORD_CHANGED } from '../../api/passwordReset.ts';
import { isPasswordAcceptable } from '../../lib/passwordPolicy.ts';
import { NewPasswordFields } from '../common/NewPasswordFields.tsx';

/** An admin sets a temporary password for a user (spec 2 §2); the user must change it at next sign-in. */
const ResetPasswordUserScreen = observer(function ResetPasswordUserScreen() {
  const { screen, toasts } = useRoot();
  const userId = Number(screen.params.id);
  const user = useResource<AdminUser>('Fout bij het laden van de gebruiker.', () => usersApi.get(userId), [userId]).value;
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const submission = useSubmission();
  const busy = submission.busy;
  const back = () => screen.navigate('EditUser', { id: userId });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!password || !repeat) return void toasts.error('Niet alle vereiste velden zijn ingevuld.');
    if (password !== repeat) return void toasts.error('Wachtwoorden komen niet overeen');
    if (!isPasswordAcceptable(password)) return void toasts.error('Wachtwoord voldoet niet aan de eisen');
    await submission.run(async () => {
      await usersApi.resetPassword(userId, password);
      back();
    }, { success: PASSWORD_CHANGED, failure: 'Er ging iets mis tijdens het opslaan.' });
  };
  const name = user ? `${user.firstName} ${user.lastName}` : 'Gebruiker';
  return (
    <>
      <PageHeader crumbs={[{ text: 'Gebruikers', screen: 'UserList' }, { text: name, screen: 'EditUser', params: { id: userId } }, { text: 'Wachtwoord resetten' }]} />
      <div className="gs-content">
        <Card className="gs-form" role="region" aria-label="Wachtwoord resetten">
          <h3>Wachtwoord resetten{user ? ` voor ${name}` : ''}</h3>
          <form onSubmit={(e) => void submit(e)} aria-label="Wachtwoord resetten">
            <NewPasswordFields ids={['reset-user-password', 'reset-user-repeat']} labels={['Wachtwoord', 'Bevestig wachtwoord']} required
              password={password} repeat={repeat} onPassword={setPassword} onRepeat={setRepeat} disabled={busy} />
            <div className="gs-actions">
              <Button type="submit" intent="primary" text="Opslaan" loading={busy} />
              <Button text="Annuleren" onClick={back} disabled={busy} />
            </div>
          </form>
        </Card>
      </div>
    </>
  );
});
export default ResetPasswordUserScreen;
