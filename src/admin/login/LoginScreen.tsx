import { lazy, Suspense, useState, type FormEvent } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, Card, FormGroup, InputGroup, Spinner } from '@blueprintjs/core';
import { useRoot } from '../../app/RootStore.ts';
import { useSubmission } from '../../app/submission.ts';
import { isStatus, messageOf } from '../../api/http.ts';
import { mfaApi } from '../../api/mfa.ts';
import { BAD_LOGIN_CODE, WRONG_CREDENTIALS } from '../../api/contract/messages.ts';
import { isSecondFactorCode, SecondFactorField } from '../common/SecondFactorField.tsx';

// The reset steps carry the password policy (with its list of common passwords): loaded only when asked.
const ResetPasswordFlow = lazy(() => import('./ResetPasswordFlow.tsx'));
const InvitationFlow = lazy(() => import('./InvitationFlow.tsx'));

/** Login sub-states of spec 2 §2: e-mail/password, SAML, the MFA step and the password-reset steps. */
export const LoginScreen = observer(function LoginScreen() {
  const { auth } = useRoot();
  let body;
  switch (auth.loginState) {
    case 'LoginSaml': body = <SamlLogin />; break;
    case 'LoginMFA': body = <MfaLogin />; break;
    case 'AcceptInvitation': body = <Suspense fallback={<Spinner />}><InvitationFlow /></Suspense>; break;
    case 'ResetPasswordEmail':
    case 'ResetPasswordCode':
    case 'ResetPasswordMFA':
    case 'ResetPasswordNewPassword':
      body = <Suspense fallback={<Spinner />}><ResetPasswordFlow /></Suspense>;
      break;
    default: body = <EmailPasswordLogin />;
  }
  return (
    <div className="gs-login">
      <Card elevation={3}>
        <h1>Grondslag</h1>
        <p className="gs-muted">Grondexploitaties: projecten, versies en rekenmodellen</p>
        {body}
      </Card>
    </div>
  );
});

/** Second step of sign-in (spec 2 §4): a six-character code; success signs in like the password step. */
const MfaLogin = observer(function MfaLogin() {
  const { auth, toasts } = useRoot();
  const [code, setCode] = useState('');
  // A code completed by typing and then submitted with Enter is sent once (a code works only once).
  const submission = useSubmission();
  const busy = submission.busy;
  const check = async (value: string) => {
    if (submission.busy) return;
    if (!isSecondFactorCode(value)) return void toasts.error(BAD_LOGIN_CODE);
    await submission.run(async () => {
      const { access } = await mfaApi.login(auth.pendingEmail, value);
      await auth.signedIn(access);
    }, {
      failure: (e) => {
        setCode('');
        return isStatus(e, 429) ? messageOf(e, BAD_LOGIN_CODE) : BAD_LOGIN_CODE;
      },
    });
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void check(code);
  };
  return (
    <form onSubmit={submit} aria-label="Inloggen met MFA-code">
      <p>Voer de code van zes tekens uit uw authenticator-app in.</p>
      <SecondFactorField id="login-mfa-code" value={code} onChange={setCode} onComplete={(c) => void check(c)} disabled={busy} />
      <Button type="submit" intent="primary" text="Inloggen" fill large loading={busy} />
      <Button variant="minimal" fill style={{ marginTop: 8 }} text="Terug" onClick={() => auth.setLoginState('LoginEmailPassword')} />
    </form>
  );
});

const EmailPasswordLogin = observer(function EmailPasswordLogin() {
  const { auth } = useRoot();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const submission = useSubmission();
  const busy = submission.busy;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void submission.run(() => auth.login(email.trim(), password), {
      failure: (e) => (isStatus(e, 429) || isStatus(e, 405) ? messageOf(e, WRONG_CREDENTIALS) : WRONG_CREDENTIALS),
    });
  };
  return (
    <form onSubmit={submit} aria-label="Inloggen">
      <FormGroup label="E-mailadres" labelFor="login-email">
        <InputGroup id="login-email" type="email" autoComplete="username" value={email} disabled={busy}
          onValueChange={setEmail} autoFocus large />
      </FormGroup>
      <FormGroup label="Wachtwoord" labelFor="login-password">
        <InputGroup id="login-password" type="password" autoComplete="current-password" value={password}
          disabled={busy} onValueChange={setPassword} large />
      </FormGroup>
      <Button type="submit" intent="primary" text="Inloggen" fill large loading={busy} disabled={!email || !password} />
      <Button variant="minimal" fill style={{ marginTop: 8 }} text="Wachtwoord vergeten?" onClick={() => auth.setLoginState('ResetPasswordEmail')} />
    </form>
  );
});

const SamlLogin = observer(function SamlLogin() {
  const { auth, screen } = useRoot();
  const signIn = () => {
    screen.rememberRequested();
    window.location.assign('/api/manager/saml/sign-in/');
  };
  return (
    <div>
      <Button intent="primary" fill large text="Inloggen met SAML" onClick={signIn} />
      <Button minimal fill style={{ marginTop: 8 }} text="Inloggen met e-mailadres" onClick={() => auth.setLoginState('LoginEmailPassword')} />
    </div>
  );
});
