import type { RootStore } from '../../app/RootStore.ts';
import { mfaApi } from '../../api/mfa.ts';

type Root = Pick<RootStore, 'auth' | 'toasts'>;

/** Reloads the signed-in user after a change; a failure has its own message (spec 2 §8). */
export async function reloadUser({ auth, toasts }: Root): Promise<boolean> {
  try {
    await auth.reloadUser();
    return true;
  } catch {
    toasts.error('Fout bij het laden van gebruikersdata.');
    return false;
  }
}

export const MFA_OFF_FAILED = 'Fout bij het uitzetten van Multi-Factor Authenticatie (MFA).';

/**
 * Turns MFA off (spec 2 §4: mfaVerified becomes false) and reloads the user; false when the reload failed
 * (told), a throw when turning off failed (the caller's Submission tells MFA_OFF_FAILED).
 */
export async function disableMfa(root: Root): Promise<boolean> {
  await mfaApi.disable();
  return reloadUser(root);
}
