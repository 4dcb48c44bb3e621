// Password policy (spec 2 §5, §9), shared by the browser (live list of unmet requirements) and the
// server (enforced on every password that is set). No Node or DOM imports.
import { COMMON_PASSWORDS_TEXT } from './commonPasswords.ts';

const PASSWORD_MIN_LENGTH = 12;
const PASSWORD_MAX_LENGTH = 128;

const PASSWORD_REQUIREMENTS = {
  minLength: `Minimaal ${PASSWORD_MIN_LENGTH} tekens`,
  upper: 'Minimaal één hoofdletter',
  lower: 'Minimaal één kleine letter',
  digit: 'Minimaal één cijfer',
  special: 'Minimaal één speciaal teken',
  maxLength: `Maximaal ${PASSWORD_MAX_LENGTH} tekens`,
  common: 'Dit wachtwoord is te bekend; kies een ander.',
} as const;

let common: Set<string> | undefined;
const commonSet = () => (common ??= new Set(COMMON_PASSWORDS_TEXT.split('\n')));

/**
 * A password is common when it is on the list (case-insensitive), or when it is a listed word of at
 * least 4 characters with only digits and special characters around it ('Password123!', '!Monkey2024').
 */
export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  const set = commonSet();
  if (set.has(lower)) return true;
  const core = lower.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');
  return core.length >= 4 && set.has(core);
}

/** The unmet requirements as Dutch texts, in a fixed order; empty when the password is fine. */
export function unmetPasswordRequirements(password: string): string[] {
  const unmet: string[] = [];
  if (password.length < PASSWORD_MIN_LENGTH) unmet.push(PASSWORD_REQUIREMENTS.minLength);
  if (!/\p{Lu}/u.test(password)) unmet.push(PASSWORD_REQUIREMENTS.upper);
  if (!/\p{Ll}/u.test(password)) unmet.push(PASSWORD_REQUIREMENTS.lower);
  if (!/\d/.test(password)) unmet.push(PASSWORD_REQUIREMENTS.digit);
  if (!/[^\p{L}\d\s]/u.test(password)) unmet.push(PASSWORD_REQUIREMENTS.special);
  if (password.length > PASSWORD_MAX_LENGTH) unmet.push(PASSWORD_REQUIREMENTS.maxLength);
  if (password !== '' && isCommonPassword(password)) unmet.push(PASSWORD_REQUIREMENTS.common);
  return unmet;
}

export const isPasswordAcceptable = (password: string) => unmetPasswordRequirements(password).length === 0;
