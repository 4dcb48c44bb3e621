import { InputGroup } from '@blueprintjs/core';

export const MFA_CODE_LENGTH = 6;

interface Props {
  id: string;
  value: string;
  onChange: (value: string) => void;
  /** Called when exactly six characters have been typed (spec 2 §4). */
  onComplete?: (code: string) => void;
  disabled?: boolean;
  autoFocus?: boolean;
}

/** A six-character MFA code input with placeholder XXXXXX. */
export function CodeInput({ id, value, onChange, onComplete, disabled, autoFocus }: Props) {
  return (
    <InputGroup
      id={id}
      value={value}
      placeholder="XXXXXX"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={MFA_CODE_LENGTH}
      disabled={disabled}
      autoFocus={autoFocus}
      large
      onValueChange={(v) => {
        const code = v.replace(/\s/g, '');
        onChange(code);
        if (code.length === MFA_CODE_LENGTH) onComplete?.(code);
      }}
    />
  );
}
