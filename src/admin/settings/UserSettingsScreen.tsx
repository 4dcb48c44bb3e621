import '../admin.css';
import { useState, type FormEvent } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, Callout, Card, FormGroup, InputGroup, Tag } from '@blueprintjs/core';
import { useRoot } from '../../app/RootStore.ts';
import { PageHeader } from '../../app/PageHeader.tsx';
import { useSubmission } from '../../app/submission.ts';
import { authApi } from '../../api/auth.ts';
import { isStatus, messageOf } from '../../api/http.ts';
import { disableMfa, MFA_OFF_FAILED, reloadUser } from './userActions.ts';
import { mfaApi } from '../../api/mfa.ts';
import { RecoveryCodes } from './RecoveryCodes.tsx';
import { PASSWORD_CHANGED, passwordResetApi } from '../../api/passwordReset.ts';
import { WRONG_CURRENT_PASSWORD } from '../../api/contract/messages.ts';
import { USER_EMAIL_PATTERN } from '../../api/users.ts';
import { isPasswordAcceptable } from '../../lib/passwordPolicy.ts';
import { NewPasswordFields } from '../common/NewPasswordFields.tsx';


/**
 * User settings (Gebruiker, spec 2 §2): profile, MFA and password. A super-admin sees the profile
 * read-only, but sets up his own MFA (issue 25.3) and changes his own password (issue 15).
 */
const UserSettingsScreen = observer(function UserSettingsScreen() {
  const { auth } = useRoot();
  const user = auth.user;
  if (!user) return null;
  return (
    <>
      <PageHeader crumbs={[{ text: 'Gebruikersinstellingen' }]} />
      <div className="gs-content gs-stack">
        {user.passwordResetRequired && (
          <Callout intent="warning" icon="key" className="gs-form">
            U bent ingelogd met een tijdelijk wachtwoord. Wijzig uw wachtwoord om verder te gaan.
          </Callout>
        )}
        <ProfileForm key={`${user.id}-${user.email}`} />
        {user.canManageMfa && <MfaSection />}
        {user.canChangePassword && <PasswordForm />}
      </div>
    </>
  );
});
export default UserSettingsScreen;

const ProfileForm = observer(function ProfileForm() {
  const { auth, toasts } = useRoot();
  const user = auth.user!;
  const readOnly = !user.canEditProfile;
  const [firstName, setFirstName] = useState(user.firstName);
  const [lastName, setLastName] = useState(user.lastName);
  const [email, setEmail] = useState(user.email);
  const submission = useSubmission();
  const busy = submission.busy;
  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!firstName.trim() || !lastName.trim() || !email.trim()) {
      toasts.error('Niet alle vereiste velden zijn ingevuld.');
      return;
    }
    if (!USER_EMAIL_PATTERN.test(email.trim())) {
      toasts.error('E-mailadres is niet geldig');
      return;
    }
    // A failed reload of the user has a toast of its own: the change itself was saved.
    await submission.run(async () => {
      await authApi.updateMe({ firstName: firstName.trim(), lastName: lastName.trim(), email: email.trim() });
      await reloadUser({ auth, toasts });
    }, {
      success: 'Wijzigingen opgeslagen',
      failure: (err) => (isStatus(err, 409) ? messageOf(err, 'Wijzigingen niet opgeslagen') : 'Wijzigingen niet opgeslagen'),
    });
  };
  return (
    <Card className="gs-form" role="region" aria-label="Profiel">
      <h3>Profiel</h3>
      <form onSubmit={(e) => void save(e)} aria-label="Profiel wijzigen">
        <FormGroup label="Voornaam" labelFor="me-first-name" labelInfo={readOnly ? undefined : '*'}>
          <InputGroup id="me-first-name" value={firstName} onValueChange={setFirstName} readOnly={readOnly} disabled={busy} />
        </FormGroup>
        <FormGroup label="Achternaam" labelFor="me-last-name" labelInfo={readOnly ? undefined : '*'}>
          <InputGroup id="me-last-name" value={lastName} onValueChange={setLastName} readOnly={readOnly} disabled={busy} />
        </FormGroup>
        <FormGroup label="E-mailadres" labelFor="me-email" labelInfo={readOnly ? undefined : '*'}>
          <InputGroup id="me-email" value={email} onValueChange={setEmail} readOnly={readOnly} disabled={busy} />
        </FormGroup>
        {readOnly
          ? <p className="gs-muted">Als super-beheerder kunt u uw profiel hier niet wijzigen.</p>
          : <Button type="submit" intent="primary" text="Opslaan" loading={busy} />}
      </form>
    </Card>
  );
});

const MfaSection = observer(function MfaSection() {
  const { auth, screen, toasts } = useRoot();
  const submission = useSubmission();
  const busy = submission.busy;
  const [codes, setCodes] = useState<string[] | null>(null);
  const on = Boolean(auth.user?.mfaVerified);
  const disable = () => submission.run(() => disableMfa({ auth, toasts }), { failure: () => MFA_OFF_FAILED });
  const newCodes = () => submission.run(async () => setCodes((await mfaApi.recoveryCodes()).recoveryCodes), {
    success: 'Nieuwe herstelcodes aangemaakt. De vorige codes werken niet meer.',
    failure: 'Fout bij het aanmaken van nieuwe herstelcodes.',
  });
  return (
    <Card className="gs-form" role="region" aria-label="Multi-Factor Authenticatie">
      <h3>Multi-Factor Authenticatie (MFA)</h3>
      <p>Status: <Tag intent={on ? 'success' : 'none'} aria-label="MFA-status">{on ? 'Ingeschakeld' : 'Uitgeschakeld'}</Tag></p>
      {codes && <RecoveryCodes codes={codes} doneText="Sluiten" onDone={() => setCodes(null)} />}
      <div className="gs-actions">
        {on ? (
          <>
            <Button text="Resetten" icon="refresh" onClick={() => screen.navigate('SetupMfa')} disabled={busy} />
            <Button text="Nieuwe herstelcodes" icon="key" onClick={() => void newCodes()} disabled={busy} />
            <Button text="Uitzetten" icon="disable" onClick={() => void disable()} loading={busy} />
          </>
        ) : <Button text="Instellen" intent="primary" icon="mobile-phone" onClick={() => screen.navigate('SetupMfa')} />}
      </div>
    </Card>
  );
});

const PasswordForm = observer(function PasswordForm() {
  const { auth, toasts } = useRoot();
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const submission = useSubmission();
  const busy = submission.busy;
  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!current || !password || !repeat) {
      toasts.error('Niet alle vereiste velden zijn ingevuld.');
      return;
    }
    if (password !== repeat) {
      toasts.error('Wachtwoorden komen niet overeen');
      return;
    }
    if (!isPasswordAcceptable(password)) {
      toasts.error('Wachtwoord voldoet niet aan de eisen.');
      return;
    }
    await submission.run(async () => {
      await passwordResetApi.changeOwn(current, password);
      setCurrent('');
      setPassword('');
      setRepeat('');
      await reloadUser({ auth, toasts }); // clears passwordResetRequired
    }, {
      success: PASSWORD_CHANGED,
      failure: (err) => (isStatus(err, 400) ? messageOf(err, WRONG_CURRENT_PASSWORD) : 'Er ging iets mis tijdens het opslaan.'),
    });
  };
  return (
    <Card className="gs-form" role="region" aria-label="Wachtwoord wijzigen">
      <h3>Wachtwoord wijzigen</h3>
      <form onSubmit={(e) => void save(e)} aria-label="Wachtwoord wijzigen">
        <FormGroup label="Huidig wachtwoord" labelFor="me-current-password" labelInfo="*">
          <InputGroup id="me-current-password" type="password" autoComplete="current-password" value={current} onValueChange={setCurrent} disabled={busy} />
        </FormGroup>
        <NewPasswordFields ids={['me-new-password', 'me-repeat-password']} labels={['Nieuw wachtwoord', 'Herhaal nieuw wachtwoord']} required
          password={password} repeat={repeat} onPassword={setPassword} onRepeat={setRepeat} disabled={busy} />
        <Button type="submit" intent="primary" text="Wachtwoord wijzigen" loading={busy} style={{ marginTop: 8 }} />
      </form>
    </Card>
  );
});
