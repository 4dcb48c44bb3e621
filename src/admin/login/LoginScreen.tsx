import { useState, type FormEvent } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, Card, FormGroup, InputGroup } from '@blueprintjs/core';
import { useRoot } from '../../app/RootStore.ts';

/** Login sub-states of spec 2 §2: e-mail/password and SAML. Other steps register below. */
export const LoginScreen = observer(function LoginScreen() {
  const { auth } = useRoot();
  return (
    <div className="gs-login">
      <Card elevation={3}>
        <h1>Grondslag</h1>
        <p className="gs-muted">Grondexploitaties: projecten, versies en rekenmodellen</p>
        {auth.loginState === 'LoginSaml' ? <SamlLogin /> : <EmailPasswordLogin />}
      </Card>
    </div>
  );
});

const EmailPasswordLogin = observer(function EmailPasswordLogin() {
  const { auth } = useRoot();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void auth.login(email.trim(), password);
  };
  return (
    <form onSubmit={submit} aria-label="Inloggen">
      <FormGroup label="E-mailadres" labelFor="login-email">
        <InputGroup id="login-email" type="email" autoComplete="username" value={email} disabled={auth.busy}
          onValueChange={setEmail} autoFocus large />
      </FormGroup>
      <FormGroup label="Wachtwoord" labelFor="login-password">
        <InputGroup id="login-password" type="password" autoComplete="current-password" value={password}
          disabled={auth.busy} onValueChange={setPassword} large />
      </FormGroup>
      <Button type="submit" intent="primary" text="Inloggen" fill large loading={auth.busy} disabled={!email || !password} />
    </form>
  );
});

const SamlLogin = observer(function SamlLogin() {
  const { auth } = useRoot();
  return (
    <div>
      <Button intent="primary" fill large text="Inloggen met SAML" onClick={() => window.location.assign('/api/manager/saml/sign-in/')} />
      <Button minimal fill style={{ marginTop: 8 }} text="Inloggen met e-mailadres" onClick={() => auth.setLoginState('LoginEmailPassword')} />
    </div>
  );
});
