import { useState, type FormEvent, type ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, FormGroup, InputGroup } from '@blueprintjs/core';
import { useRoot } from '../../app/RootStore.ts';
import { useSubmission } from '../../app/submission.ts';
import { isStatus, messageOf } from '../../api/http.ts';
import { PASSWORD_RESET_DONE, passwordResetApi, RESET_EMAIL_PATTERN } from '../../api/passwordReset.ts';
import { BAD_RESET_CODE } from '../../api/contract/messages.ts';
import { isPasswordAcceptable } from '../../lib/passwordPolicy.ts';
import { isSecondFactorCode, SecondFactorField } from '../common/SecondFactorField.tsx';
import { NewPasswordFields } from '../common/NewPasswordFields.tsx';


/**
 * The password-reset steps of spec 2 §4: e-mail → code from the mail → MFA code (when the user has
 * MFA) → new password. The flow's data lives here for as long as one of its steps is shown.
 */
const ResetPasswordFlow = observer(function ResetPasswordFlow() {
  const { auth, toasts } = useRoot();
  const [email, setEmail] = useState('');
  const [token, setToken] = useState('');
  const [mfaToken, setMfaToken] = useState<string | null>(null);
  const toLogin = () => auth.setLoginState('LoginEmailPassword');
  // One call at a time: a code completed by typing and then submitted with Enter is checked once.
  const submission = useSubmission();
  const busy = submission.busy;
  /** Too many attempts (429) is the server's to say; any other refusal of a code is the same text. */
  const codeRefused = (e: unknown) => (isStatus(e, 429) ? messageOf(e, BAD_RESET_CODE) : BAD_RESET_CODE);
  const cancel = <Button variant="minimal" fill style={{ marginTop: 8 }} text="Annuleren" onClick={toLogin} disabled={busy} />;

  switch (auth.loginState) {
    case 'ResetPasswordEmail':
      return (
        <EmailStep email={email} setEmail={setEmail} busy={busy} cancel={cancel} onSubmit={() => {
          const value = email.trim();
          if (!RESET_EMAIL_PATTERN.test(value)) return void toasts.error('Ongeldig e-mailadres');
          void submission.run(async () => {
            await passwordResetApi.sendToken(value);
            auth.setLoginState('ResetPasswordCode');
          }, { failure: (e) => (isStatus(e, 429) ? messageOf(e, '') : 'Fout bij het verzenden van de e-mail met de wachtwoord reset link') });
        }} />
      );
    case 'ResetPasswordCode':
      return (
        <TokenStep email={email} token={token} setToken={setToken} busy={busy} cancel={cancel} onSubmit={() => void submission.run(async () => {
          const answer = await passwordResetApi.checkToken(email.trim(), token.trim());
          // An answer without a token is a wrong code, told as the refused ones are.
          if (!answer.token) throw new Error(BAD_RESET_CODE);
          setMfaToken(null);
          auth.setLoginState(answer.mfa ? 'ResetPasswordMFA' : 'ResetPasswordNewPassword');
        }, { failure: codeRefused })} />
      );
    case 'ResetPasswordMFA':
      return <MfaStep busy={busy} cancel={cancel} onCode={(code, clear) => {
        if (submission.busy) return;
        if (!isSecondFactorCode(code)) return void toasts.error(BAD_RESET_CODE);
        void submission.run(async () => {
          const answer = await passwordResetApi.checkMfa(email.trim(), token.trim(), code);
          setMfaToken(answer.mfaToken ?? null);
          auth.setLoginState('ResetPasswordNewPassword');
        }, {
          failure: (e) => {
            clear();
            return codeRefused(e);
          },
        });
      }} />;
    default:
      return <NewPasswordStep busy={busy} cancel={cancel} onSubmit={(password) => void submission.run(async () => {
        await passwordResetApi.setPassword({ email: email.trim(), resetPasswordToken: token.trim(), resetPassword2faToken: mfaToken, newPassword: password });
        setToken('');
        setMfaToken(null);
        toLogin();
      }, {
        success: PASSWORD_RESET_DONE,
        failure: (e) => (isStatus(e, 400) ? 'Fout bij het wijzigen van uw wachtwoord.' : messageOf(e, 'Fout bij het wijzigen van uw wachtwoord.')),
      })} />;
  }
});
export default ResetPasswordFlow;

interface StepProps {
  busy: boolean;
  cancel: ReactNode;
}

function EmailStep({ email, setEmail, busy, cancel, onSubmit }: StepProps & { email: string; setEmail: (v: string) => void; onSubmit: () => void }) {
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };
  return (
    <form onSubmit={submit} aria-label="Wachtwoord herstellen">
      <h3>Wachtwoord herstellen</h3>
      <p>Vul uw e-mailadres in. U ontvangt een e-mail met een code om uw wachtwoord te herstellen.</p>
      <FormGroup label="E-mailadres" labelFor="reset-email">
        <InputGroup id="reset-email" type="text" autoComplete="username" value={email} onValueChange={setEmail} disabled={busy} autoFocus large />
      </FormGroup>
      <Button type="submit" intent="primary" text="Code versturen" fill large loading={busy} disabled={!email.trim()} />
      {cancel}
    </form>
  );
}

function TokenStep({ email, token, setToken, busy, cancel, onSubmit }: StepProps & { email: string; token: string; setToken: (v: string) => void; onSubmit: () => void }) {
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };
  return (
    <form onSubmit={submit} aria-label="Code invoeren">
      <h3>Code invoeren</h3>
      <p>Als {email.trim()} bij ons bekend is, is er een e-mail met een code verstuurd. Vul die code hieronder in.</p>
      <FormGroup label="Code uit de e-mail" labelFor="reset-token">
        <InputGroup id="reset-token" value={token} onValueChange={setToken} disabled={busy} autoComplete="off" autoFocus large />
      </FormGroup>
      <Button type="submit" intent="primary" text="Controleren" fill large loading={busy} disabled={!token.trim()} />
      {cancel}
    </form>
  );
}

function MfaStep({ busy, cancel, onCode }: StepProps & { onCode: (code: string, clear: () => void) => void }) {
  const [code, setCode] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onCode(code, () => setCode(''));
  };
  return (
    <form onSubmit={submit} aria-label="MFA-code controleren">
      <h3>Multi-Factor Authenticatie</h3>
      <p>Voer de code van zes tekens uit uw authenticator-app in.</p>
      <SecondFactorField id="reset-mfa-code" value={code} onChange={setCode} onComplete={(c) => onCode(c, () => setCode(''))} disabled={busy} />
      <Button type="submit" intent="primary" text="Controleren" fill large loading={busy} />
      {cancel}
    </form>
  );
}

function NewPasswordStep({ busy, cancel, onSubmit }: StepProps & { onSubmit: (password: string) => void }) {
  const { toasts } = useRoot();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (password !== repeat) toasts.error('Wachtwoorden komen niet overeen');
    else if (!isPasswordAcceptable(password)) toasts.error('Wachtwoord voldoet niet aan de eisen');
    else onSubmit(password);
  };
  return (
    <form onSubmit={submit} aria-label="Nieuw wachtwoord instellen">
      <h3>Nieuw wachtwoord</h3>
      <NewPasswordFields ids={['reset-new-password', 'reset-repeat-password']} labels={['Nieuw wachtwoord', 'Herhaal nieuw wachtwoord']} large requirementsBeforeTyping
        password={password} repeat={repeat} onPassword={setPassword} onRepeat={setRepeat} disabled={busy} />
      <Button type="submit" intent="primary" text="Wachtwoord wijzigen" fill large loading={busy} disabled={!password || !repeat} style={{ marginTop: 8 }} />
      {cancel}
    </form>
  );
}
