import { FormGroup, InputGroup } from '@blueprintjs/core';
import { PasswordRequirements } from './PasswordRequirements.tsx';

/**
 * A new password and its repetition, with the live list of unmet requirements (spec 2 §5): the same
 * pair on the settings, create-user, reset-user and forgotten-password screens, each with its own
 * labels (copied from the spec) and field ids.
 */
export function NewPasswordFields({ ids, labels, password, repeat, onPassword, onRepeat, disabled, required, large, requirementsBeforeTyping }: {
  ids: [password: string, repeat: string];
  labels: [password: string, repeat: string];
  password: string;
  repeat: string;
  onPassword: (v: string) => void;
  onRepeat: (v: string) => void;
  disabled: boolean;
  /** Mark both fields required (`*`). */
  required?: boolean;
  /** The forgotten-password screen: large fields, focus on the first, the requirements shown at once. */
  large?: boolean;
  requirementsBeforeTyping?: boolean;
}) {
  const info = required ? '*' : undefined;
  return (
    <>
      <FormGroup label={labels[0]} labelFor={ids[0]} labelInfo={info}>
        <InputGroup id={ids[0]} type="password" autoComplete="new-password" value={password} onValueChange={onPassword} disabled={disabled} autoFocus={large} large={large} />
      </FormGroup>
      <FormGroup label={labels[1]} labelFor={ids[1]} labelInfo={info}>
        <InputGroup id={ids[1]} type="password" autoComplete="new-password" value={repeat} onValueChange={onRepeat} disabled={disabled} large={large} />
      </FormGroup>
      {(password || requirementsBeforeTyping) && <PasswordRequirements password={password} />}
    </>
  );
}
