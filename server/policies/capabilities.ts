import type { z } from 'zod';
import type { UserRow } from '../context.ts';
import type {
  ModelCapabilities, ProjectCapabilities, UserCapabilities, VersionCapabilities,
} from '../../src/api/contract/capabilities.ts';
import { canManageDocumentation, canManageGlobalParameters, canManageModelTemplates, canManageReportTemplates } from './admin.ts';
import { canManageBiSettings, canManageMapViewer } from './admin.ts';
import {
  type ProjectRole, canChoosePlatform, canCreateProject, canEditProject, canEndSession, canReadLogs, canSeeRights,
  canManageModelHistory, canSeeModelHistory, canToggleFrozen, canAdoptVersion, canRollOverVersion,
} from './projects.ts';
import { canChangeOwnPassword, canEditProfile, canManageOwnMfa, hasMainAppAccess, isAdmin } from './users.ts';

// The capability flags the rows and user/me/ carry (src/api/contract/capabilities.ts): the same
// functions the services' require… checks use, so a flag is true exactly when the call is allowed
// (server/routes/projectMatrix.test.ts checks that per role).

export function userCapabilities(user: UserRow): z.infer<typeof UserCapabilities> {
  return {
    has_main_app_access: hasMainAppAccess(user),
    can_create_project: canCreateProject(user),
    can_read_logs: canReadLogs(user),
    can_manage_users: isAdmin(user),
    can_configure: isAdmin(user),
    can_manage_global_parameters: canManageGlobalParameters(user),
    can_manage_model_templates: canManageModelTemplates(user),
    can_manage_report_templates: canManageReportTemplates(user),
    can_edit_profile: canEditProfile(user),
    can_manage_mfa: canManageOwnMfa(user),
    can_change_password: canChangeOwnPassword(user),
    can_choose_platform: canChoosePlatform(user),
    can_manage_documentation: canManageDocumentation(user),
    can_manage_map_viewer: canManageMapViewer(user),
    can_manage_bi_settings: canManageBiSettings(user),
  };
}

export const projectCapabilities = (role: ProjectRole): z.infer<typeof ProjectCapabilities> => ({
  can_edit: canEditProject(role),
  can_see_rights: canSeeRights(role),
});

export const versionCapabilities = (role: ProjectRole): z.infer<typeof VersionCapabilities> => ({
  can_edit: canEditProject(role),
  can_adopt: canAdoptVersion(role),
  can_roll_over: canRollOverVersion(role),
});

/** The facts of a model row the flags depend on besides the caller's role (`versionAdopted`: its version is vastgesteld). */
interface ModelFacts { frozen: boolean; sessionUserId: number | null; versionAdopted: boolean }

export const modelCapabilities = (user: UserRow, role: ProjectRole, m: ModelFacts): z.infer<typeof ModelCapabilities> => ({
  can_edit: canEditProject(role),
  can_move: canEditProject(role) && !m.frozen,
  // A vastgestelde version keeps its models frozen (services/adoption.ts).
  can_freeze: canToggleFrozen(role) && !m.versionAdopted,
  can_end_session: canEndSession(user, role, m.sessionUserId),
  can_see_history: canSeeModelHistory(role),
  can_manage_history: canManageModelHistory(user, role) && !m.frozen,
});

/**
 * What, besides the user's id, the flags depend on: answers cached per user (answerCache.ts) carry it
 * in their key, so a change of the global role or the staff flag is never served an older answer.
 */
export const capabilityKey = (user: UserRow) => `${user.id}:${user.role}:${user.isStaff ? 'staff' : '-'}`;
