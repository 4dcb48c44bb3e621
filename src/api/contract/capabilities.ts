import { z } from 'zod';

// Capability flags: what the caller may do, computed by server/policies/capabilities.ts and sent on every
// row of the project area and on user/me/. The browser shows or hides from these only and compares no
// role itself (hiding is never the protection: the server refuses what a flag says is not allowed).

/** On user/me/ and the sign-in answer's user: what the caller may do outside a project. */
export const UserCapabilities = z.object({
  /** False for role NON: the waiting screen only. */
  has_main_app_access: z.boolean(),
  can_create_project: z.boolean(),
  can_read_logs: z.boolean(),
  can_manage_users: z.boolean(),
  /** The configuration screens (client region, subregions, phases, categories, project types). */
  can_configure: z.boolean(),
  can_manage_global_parameters: z.boolean(),
  /** Configuratie → Rekenmodeltypen: list and upload spreadsheet-model templates (staff). */
  can_manage_model_templates: z.boolean(),
  /** Configuratie → Rapportagesjablonen: upload, change, delete and download report templates (staff). */
  can_manage_report_templates: z.boolean(),
  /** Own profile (name, e-mail) in the user settings (a super-admin's is read-only). */
  can_edit_profile: z.boolean(),
  /** Own MFA and its recovery codes in the user settings (everyone, the super-admin included; issue 25.3). */
  can_manage_mfa: z.boolean(),
  /** Own password in the user settings (everyone, the super-admin included). */
  can_change_password: z.boolean(),
  /** The platform field of a new model. */
  can_choose_platform: z.boolean(),
  /** Documentatie: add, change and delete entries (staff). */
  can_manage_documentation: z.boolean(),
  /** Configuratie → Klantgebied: the external map viewer instead of the built-in one (staff). */
  can_manage_map_viewer: z.boolean(),
  /** Staff: the longest validity of BI passwords in the client (GET/PUT /api/bi/v1/settings/). */
  can_manage_bi_settings: z.boolean(),
});

/** Every row: change it (and what lies under it: add, duplicate, delete, move). */
const RowCapabilities = z.object({ can_edit: z.boolean() });

export const ProjectCapabilities = RowCapabilities.extend({
  /** The project's rights table (read and change). */
  can_see_rights: z.boolean(),
});

export const VersionCapabilities = RowCapabilities.extend({
  /** Mark it 'Vastgesteld door de raad', and withdraw the mark (project ADM; issue 37.4). */
  can_adopt: z.boolean(),
  /** 'Jaarovergang…': roll the version over into a new one (can_edit; frozen versions too; issue 37.3). */
  can_roll_over: z.boolean(),
});

/**
 * On a model row `can_edit` is about rights (info, delete, duplicate); a frozen model still refuses
 * changes of its name and description (423) unless the same request unfreezes it, which `frozen` says.
 */
export const ModelCapabilities = RowCapabilities.extend({
  /** Move to another version: can_edit and not frozen. */
  can_move: z.boolean(),
  /** Toggle `frozen`. */
  can_freeze: z.boolean(),
  /** End the model's edit session (project ADM, or the holder). */
  can_end_session: z.boolean(),
  /** The model history: list and download its entries. */
  can_see_history: z.boolean(),
  /** Upload an entry and activate one (staff with can_edit; not while frozen). */
  can_manage_history: z.boolean(),
});
