import { Callout } from '@blueprintjs/core';
import { unmetPasswordRequirements } from '../../lib/passwordPolicy.ts';

/** The live list of unmet password requirements (spec 2 §5); nothing when all are met or nothing is typed yet. */
export function PasswordRequirements({ password, id }: { password: string; id?: string }) {
  const unmet = unmetPasswordRequirements(password);
  if (!unmet.length) return null;
  return (
    <Callout intent="warning" compact icon={null} id={id} className="gs-requirements">
      <div>Het wachtwoord voldoet nog niet aan deze eisen:</div>
      <ul aria-label="Onvervulde wachtwoordeisen">
        {unmet.map((m) => <li key={m}>{m}</li>)}
      </ul>
    </Callout>
  );
}
