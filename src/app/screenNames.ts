/**
 * Screen identifiers of the spec, the internal state; each has an address (routes.ts) that the shell keeps
 * in the browser's bar and history. NotFound is ours: an address no screen has, or one the user may not open.
 */
export const Screens = [
  'Projects', 'Projects_NewProject', 'Projects_ProjectInfo', 'Projects_NewVersionModel', 'Projects_VersionModelInfo',
  'Projects_VersionModelInfo_NewAttachment', 'Projects_NewModel', 'Projects_ModelInfo', 'Projects_ModelVariance',
  'Reports', 'BiLinks', 'NewBiLink', 'Logs', 'Documentation',
  'MapViewer_VersionRegion', 'MapViewer_Subregion', 'MapViewer_Feature', 'MapViewer_Overview', 'MapViewer_Client',
  'User', 'SetupMfa', 'UserList', 'CreateUser', 'EditUser', 'ResetPasswordUser',
  'Configuration_Subregions', 'Configuration_TypeProject', 'Configuration_PhaseDefinitions',
  'Configuration_FileCategories', 'Configuration_GlobalParameters', 'Configuration_ClientRegion', 'Configuration_TemplateModels',
  'Configuration_TemplateReports',
  'GrexOnline_Overview', 'GrexOnline_BaseParameters', 'GrexOnline_CostEstimate', 'GrexOnline_ResidentialConstruction', 'GrexOnline_NonResidentialConstruction',
  'GrexOnline_OtherRevenues',
  'NotFound',
] as const;
export type Screen = (typeof Screens)[number];

/** Parameters a screen needs (ids of the project, version, model, user it shows). */
export type ScreenParams = Record<string, string | number | undefined>;

export type LoginState =
  | 'Loading' | 'LoginEmailPassword' | 'LoginSaml' | 'LoginMFA'
  | 'ResetPasswordEmail' | 'ResetPasswordCode' | 'ResetPasswordMFA' | 'ResetPasswordNewPassword'
  | 'AcceptInvitation';
