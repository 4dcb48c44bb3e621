import { useState } from 'react';
import { Button, FormGroup, InputGroup } from '@blueprintjs/core';
import { CodeInput, MFA_CODE_LENGTH } from './CodeInput.tsx';

/** A TOTP code (six digits) or a recovery code (xxxxx-xxxxx, with or without the dash; issue 25.2). */
export const isSecondFactorCode = (code: string) =>
  code.length === MFA_CODE_LENGTH || /^[a-z0-9]{5}-?[a-z0-9]{5}$/i.test(code.trim());

interface Props {
  id: string;
  value: string;
  onChange: (value: string) => void;
  /** Called when six characters of a TOTP code have been typed. */
  onComplete: (code: string) => void;
  disabled?: boolean;
}

/**
 * The second factor at sign-in and in the reset flow: the authenticator's code, or, after 'Herstelcode
 * gebruiken', one of the recovery codes (submitted with the form's button).
 */
export function SecondFactorField({ id, value, onChange, onComplete, disabled }: Props) {
  const [recovery, setRecovery] = useState(false);
  const switchTo = (next: boolean) => {
    setRecovery(next);
    onChange('');
  };
  return (
    <>
      {recovery ? (
        <FormGroup label="Herstelcode" labelFor={id} helperText="Een herstelcode werkt één keer.">
          <InputGroup id={id} value={value} placeholder="xxxxx-xxxxx" autoComplete="off" maxLength={11} large autoFocus
            disabled={disabled} onValueChange={(v) => onChange(v.replace(/\s/g, ''))} />
        </FormGroup>
      ) : (
        <FormGroup label="MFA-code" labelFor={id}>
          <CodeInput id={id} value={value} onChange={onChange} onComplete={onComplete} disabled={disabled} autoFocus />
        </FormGroup>
      )}
      <Button variant="minimal" size="small" style={{ marginBottom: 8 }} disabled={disabled}
        text={recovery ? 'Code uit de authenticator-app gebruiken' : 'Telefoon kwijt? Herstelcode gebruiken'}
        onClick={() => switchTo(!recovery)} />
    </>
  );
}
