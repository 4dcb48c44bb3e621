import { useEffect, useState, type FormEvent } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, Callout, Spinner } from '@blueprintjs/core';
import { useRoot } from '../../app/RootStore.ts';
import { useSubmission } from '../../app/submission.ts';
import { messageOf } from '../../api/http.ts';
import { invitationsApi } from '../../api/invitations.ts';
import { INVITE_INVALID } from '../../api/contract/messages.ts';
import { isPasswordAcceptable } from '../../lib/passwordPolicy.ts';
import { NewPasswordFields } from '../common/NewPasswordFields.tsx';

/**
 * The invitation link (issue 25.1): the invited user chooses their own password and is signed in; where
 * MFA is forced, the setup follows at once (the screen guard); where MFA is on already (a re-invitation),
 * the MFA code is asked first. A used, replaced or expired link says so.
 */
const InvitationFlow = observer(function InvitationFlow() {
  const { auth, toasts } = useRoot();
  const token = auth.invitationToken;
  const [invited, setInvited] = useState<{ email: string; firstName: string; mfaForced: boolean } | null>(null);
  const [invalid, setInvalid] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const submission = useSubmission();
  const busy = submission.busy;

  useEffect(() => {
    invitationsApi.check(token).then(setInvited, (e: unknown) => setInvalid(messageOf(e, INVITE_INVALID)));
  }, [token]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (submission.busy) return;
    if (password !== repeat) return void toasts.error('Wachtwoorden komen niet overeen');
    if (!isPasswordAcceptable(password)) return void toasts.error('Wachtwoord voldoet niet aan de eisen');
    await submission.run(async () => {
      const res = await invitationsApi.accept(token, password);
      // An account with MFA on (a re-invitation) is asked its code first, as at sign-in.
      if (res.mfa) auth.askMfa(invited!.email);
      else await auth.signedIn(res.access!);
    }, { failure: 'Fout bij het instellen van uw wachtwoord.' });
  };
  const toLogin = () => auth.setLoginState('LoginEmailPassword');

  if (invalid) {
    return (
      <div>
        <Callout intent="warning" icon="envelope">{invalid}</Callout>
        <Button variant="minimal" fill style={{ marginTop: 8 }} text="Naar inloggen" onClick={toLogin} />
      </div>
    );
  }
  if (!invited) return <Spinner />;
  return (
    <form onSubmit={(e) => void submit(e)} aria-label="Wachtwoord kiezen">
      <h3>Welkom, {invited.firstName}</h3>
      <p>Kies een wachtwoord voor uw account {invited.email}.</p>
      {invited.mfaForced && <p>Daarna stelt u Multi-Factor Authenticatie (MFA) in; die is voor uw account verplicht.</p>}
      <NewPasswordFields ids={['invite-password', 'invite-repeat']} labels={['Wachtwoord', 'Herhaal wachtwoord']} large requirementsBeforeTyping
        password={password} repeat={repeat} onPassword={setPassword} onRepeat={setRepeat} disabled={busy} />
      <Button type="submit" intent="primary" text="Wachtwoord instellen en inloggen" fill large loading={busy} disabled={!password || !repeat} style={{ marginTop: 8 }} />
      <Button variant="minimal" fill style={{ marginTop: 8 }} text="Naar inloggen" onClick={toLogin} disabled={busy} />
    </form>
  );
});
export default InvitationFlow;
