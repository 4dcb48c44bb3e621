import type { UserRow } from '../context.ts';

/** Spec 2 §2: a super-admin's profile is read-only in the settings. */
export const canEditProfile = (user: UserRow) => !user.isStaff;

/** Role NON sees only the waiting screen: no call of the main app. */
export const hasMainAppAccess = (user: UserRow) => user.role !== 'NON';

/** Configuration, users and logs are for role ADM (spec 2 §6). */
export const isClientAdmin = (user: UserRow) => user.role === 'ADM';
