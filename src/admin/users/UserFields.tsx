import { FormGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import type { Role } from '../../api/users.ts';
import { ROLE_OPTIONS } from './access.tsx';

export interface UserFieldValues {
  firstName: string;
  lastName: string;
  email: string;
  role: Role;
}

/** Voornaam*, Achternaam*, E-mailadres*, Rol* of the create and edit screens; `emailError` (e.g. in use) marks the e-mail field. */
export function UserFields({ value, onChange, disabled, idPrefix, emailError }: {
  value: UserFieldValues;
  onChange: (next: UserFieldValues) => void;
  disabled?: boolean;
  idPrefix: string;
  emailError?: string | null;
}) {
  const set = <K extends keyof UserFieldValues>(key: K) => (v: UserFieldValues[K]) => onChange({ ...value, [key]: v });
  return (
    <>
      <FormGroup label="Voornaam" labelInfo="*" labelFor={`${idPrefix}-first-name`}>
        <InputGroup id={`${idPrefix}-first-name`} value={value.firstName} onValueChange={set('firstName')} disabled={disabled} />
      </FormGroup>
      <FormGroup label="Achternaam" labelInfo="*" labelFor={`${idPrefix}-last-name`}>
        <InputGroup id={`${idPrefix}-last-name`} value={value.lastName} onValueChange={set('lastName')} disabled={disabled} />
      </FormGroup>
      <FormGroup label="E-mailadres" labelInfo="*" labelFor={`${idPrefix}-email`}
        intent={emailError ? 'danger' : 'none'} helperText={emailError ?? undefined}>
        <InputGroup id={`${idPrefix}-email`} value={value.email} onValueChange={set('email')} disabled={disabled} autoComplete="off"
          intent={emailError ? 'danger' : 'none'} />
      </FormGroup>
      <FormGroup label="Rol" labelInfo="*" labelFor={`${idPrefix}-role`}>
        <HTMLSelect id={`${idPrefix}-role`} value={value.role} disabled={disabled} options={ROLE_OPTIONS}
          onChange={(e) => set('role')(e.currentTarget.value as Role)} />
      </FormGroup>
    </>
  );
}
