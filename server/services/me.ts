import { eq } from 'drizzle-orm';
import { TERMS_VERSION, type CurrentUser } from '../../src/api/contract/auth.ts';
import type { AppContext, UserRow } from '../context.ts';
import { appUser } from '../db/schema/index.ts';
import { HttpError } from '../errors.ts';
import { command } from './command.ts';
import { canEditProfile, workGate } from '../policies/users.ts';
import { userCapabilities } from '../policies/capabilities.ts';
import { clientName } from './session.ts';

export async function currentUser(ctx: AppContext, user: UserRow): Promise<CurrentUser> {
  return {
    id: user.id,
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    is_staff: user.isStaff,
    role: user.role,
    mfa_verified: user.mfaVerified,
    mfa_forced: user.mfaForced,
    password_reset_required: user.passwordResetRequired,
    terms_conditions_accepted: user.termsConditionsAccepted === TERMS_VERSION,
    work_gate: workGate(user),
    client_id: user.clientId,
    client_name: await clientName(ctx, user.clientId),
    ...userCapabilities(user),
  };
}

export async function updateMe(
  ctx: AppContext,
  user: UserRow,
  body: { first_name?: string; last_name?: string; email?: string; terms_conditions_accepted?: boolean },
  ip: string,
): Promise<CurrentUser> {
  const profile = body.first_name !== undefined || body.last_name !== undefined || body.email !== undefined;
  if (profile && !canEditProfile(user)) throw new HttpError(403, 'Uw profiel kan hier niet worden gewijzigd.');
  const changes = {
    ...(body.first_name !== undefined && { firstName: body.first_name }),
    ...(body.last_name !== undefined && { lastName: body.last_name }),
    ...(body.email !== undefined && { email: body.email }),
    ...(body.terms_conditions_accepted !== undefined && {
      termsConditionsAccepted: body.terms_conditions_accepted ? TERMS_VERSION : null,
    }),
  };
  // Nothing to change (an empty body): the profile as it is; an update without values fails (500).
  if (!Object.keys(changes).length) return currentUser(ctx, user);
  const updated = await command(ctx, { user, ip }, async (c) => {
    const [row] = await c.tx.update(appUser).set(changes).where(eq(appUser.id, user.id)).returning();
    return row;
  });
  return currentUser(ctx, updated);
}
