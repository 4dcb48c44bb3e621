import '../admin.css';
import { useEffect, useRef, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, Callout, Card, Code, FormGroup, Spinner } from '@blueprintjs/core';
import { QRCodeSVG } from 'qrcode.react';
import { useRoot } from '../../app/RootStore.ts';
import { PageHeader } from '../../app/PageHeader.tsx';
import { mfaApi, type MfaSetup } from '../../api/mfa.ts';
import { BAD_SETUP_CODE } from '../../api/contract/messages.ts';
import { CodeInput } from '../common/CodeInput.tsx';
import { disableMfa, MFA_OFF_FAILED } from './userActions.ts';
import { useSubmission } from '../../app/submission.ts';
import { RecoveryCodes } from './RecoveryCodes.tsx';

/** MFA setup (spec 2 §2, §4): QR code and manual key of a new secret; a verified code turns MFA on. */
const SetupMfaScreen = observer(function SetupMfaScreen() {
  const { auth, screen, toasts } = useRoot();
  const [setup, setSetup] = useState<MfaSetup | null>(null);
  const [code, setCode] = useState('');
  const submission = useSubmission();
  const busy = submission.busy;
  /** After a verified code: the recovery codes, shown once before the user goes on. */
  const [codes, setCodes] = useState<string[] | null>(null);
  const started = useRef(false);
  const forced = auth.user?.workGate === 'mfa_setup_required';

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    mfaApi.setup().then(setSetup, () => toasts.error('Fout bij het laden van Multi-Factor Authenticatie (MFA).'));
  }, [toasts]);

  const verify = async (value: string) => {
    const user = auth.user;
    if (!user) return;
    await submission.run(async () => setCodes((await mfaApi.verify(user.email, value)).recoveryCodes ?? []), {
      success: 'Multi-Factor Authenticatie (MFA) is ingesteld.',
      failure: () => {
        setCode('');
        return BAD_SETUP_CODE;
      },
    });
  };

  /** Reloading the user ends the forced setup (the screen guard), so it waits until the codes were seen. */
  const proceed = () => submission.run(async () => {
    await auth.reloadUser();
    screen.navigate('Projects');
  }, { failure: () => 'Fout bij het laden van gebruikersdata.' });

  const cancel = () => submission.run(async () => {
    if (await disableMfa({ auth, toasts })) screen.navigate('User');
  }, { failure: () => MFA_OFF_FAILED });

  return (
    <>
      <PageHeader crumbs={[{ text: 'Gebruikersinstellingen', screen: 'User' }, { text: 'MFA instellen' }]} />
      <div className="gs-content">
        <Card className="gs-form" aria-label="Multi-Factor Authenticatie instellen" role="region">
          <h2>Multi-Factor Authenticatie (MFA) instellen</h2>
          {forced && (
            <Callout intent="warning" icon="lock" style={{ marginBottom: 12 }}>
              Multi-Factor Authenticatie is verplicht gesteld voor uw account. Stel MFA in om verder te gaan.
            </Callout>
          )}
          {!codes && <ol className="gs-steps">
            <li>Installeer een authenticator-app op uw telefoon, bijvoorbeeld Microsoft Authenticator of Google Authenticator.</li>
            <li>Scan de QR-code hieronder met de app, of voer de sleutel handmatig in.</li>
            <li>Vul de code van zes tekens in die de app toont.</li>
          </ol>}
          {codes ? <RecoveryCodes codes={codes} doneText="Ik heb de codes bewaard" onDone={() => void proceed()} /> : !setup ? <Spinner size={30} /> : (
            <>
              <div className="gs-qr">
                <QRCodeSVG value={setup.otpauthUrl} level="H" size={128} marginSize={4} fgColor="#0b2a5b" title="QR-code voor de authenticator-app" />
              </div>
              <FormGroup label="Sleutel voor handmatige invoer">
                <Code aria-label="Sleutel voor handmatige invoer" className="gs-setup-key">{setup.setupKey}</Code>
              </FormGroup>
              <FormGroup label="Code" labelFor="setup-mfa-code">
                <CodeInput id="setup-mfa-code" value={code} onChange={setCode} onComplete={(c) => void verify(c)} disabled={busy} autoFocus />
              </FormGroup>
            </>
          )}
          {!codes && <div className="gs-actions">
            {forced
              ? <Button text="Uitloggen" icon="log-out" onClick={() => void auth.logout()} disabled={busy} />
              : <Button text="Annuleren" onClick={() => void cancel()} disabled={busy} />}
          </div>}
        </Card>
      </div>
    </>
  );
});
export default SetupMfaScreen;
