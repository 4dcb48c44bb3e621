import { SECTION_SCREENS } from '../model/sectionScreens.ts';

/** The screens besides the sections' (the sections bring theirs: src/model/sectionScreens.ts). */
const OWN_SCREENS = [
  'Projects', 'Projects_NewProject', 'Projects_ProjectInfo', 'Projects_NewVersionModel', 'Projects_VersionModelInfo',
  'Projects_VersionModelInfo_NewAttachment', 'Projects_NewModel', 'Projects_ModelInfo', 'Projects_ModelVariance',
  'Reports', 'BiLinks', 'NewBiLink', 'Logs', 'Documentation',
  'MapViewer_VersionRegion', 'MapViewer_Subregion', 'MapViewer_Feature', 'MapViewer_Overview', 'MapViewer_Client',
  'User', 'SetupMfa', 'UserList', 'CreateUser', 'EditUser', 'ResetPasswordUser',
  'Configuration_Subregions', 'Configuration_TypeProject', 'Configuration_PhaseDefinitions',
  'Configuration_FileCategories', 'Configuration_GlobalParameters', 'Configuration_ClientRegion', 'Configuration_TemplateModels',
  'Configuration_TemplateReports',
  'GrexOnline_Overview', 'GrexOnline_BaseParameters',
  'NotFound',
] as const;
/**
 * Screen identifiers of the spec, the internal state; each has an address (routes.ts) that the shell keeps
 * in the browser's bar and history. NotFound is ours: an address no screen has, or one the user may not open.
 */
export type Screen = (typeof OWN_SCREENS)[number] | (typeof SECTION_SCREENS)[number]['name'];
export const Screens: readonly Screen[] = [...OWN_SCREENS, ...SECTION_SCREENS.map((s) => s.name)];

/** Parameters a screen needs (ids of the project, version, model, user it shows). */
export type ScreenParams = Record<string, string | number | undefined>;

export type LoginState =
  | 'Loading' | 'LoginEmailPassword' | 'LoginSaml' | 'LoginMFA'
  | 'ResetPasswordEmail' | 'ResetPasswordCode' | 'ResetPasswordMFA' | 'ResetPasswordNewPassword'
  | 'AcceptInvitation';
