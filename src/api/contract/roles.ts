// Roles of users and of users on projects (spec 2 §6), with their labels. No zod here: the first bundle's
// screens (menu, forms) use the labels without the contract's schemas; `Role` in common.ts is z.enum(ROLES).

export const ROLES = ['ADM', 'USR', 'VWR', 'NON'] as const;
type RoleCode = (typeof ROLES)[number];

/** The role that grants nothing (a project-role row with it is no access). */
export const NO_ROLE: RoleCode = 'NON';
/** The roles' labels (spec 2 §6): as a user's role, and as a permission on a project. */
export const ROLE_LABELS: Record<RoleCode, string> = { ADM: 'Beheerder', USR: 'Gebruiker', VWR: 'Lezer', NON: 'Geen' };
export const PERMISSION_LABELS: Record<RoleCode, string> = { ADM: 'Beheren', USR: 'Bewerken', VWR: 'Lezen', NON: 'Geen' };
/** Select options for a role, in the contract's order, with one of the label sets above. */
export const roleOptions = (labels: Record<RoleCode, string>) => ROLES.map((value) => ({ value, label: labels[value] }));
