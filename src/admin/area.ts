import { lazy } from 'react';
import type { Area } from '../app/screenRegistry.tsx';
import { LoginScreen } from './login/LoginScreen.tsx';
import { WaitingScreen } from './login/WaitingScreen.tsx';
import { PasswordResetRequiredAlert } from './login/PasswordResetRequiredAlert.tsx';
import { TermsWindow } from './terms/TermsWindow.tsx';

const referenceLists = () => import('./configuration/referenceListScreens.tsx');

/** Sign-in, the user's own settings, users and configuration, for the app's screen registry (main.tsx). */
export const adminArea: Area = {
  screens: {
    User: lazy(() => import('./settings/UserSettingsScreen.tsx')),
    SetupMfa: lazy(() => import('./settings/SetupMfaScreen.tsx')),
    UserList: lazy(() => import('./users/UserListScreen.tsx')),
    CreateUser: lazy(() => import('./users/CreateUserScreen.tsx')),
    EditUser: lazy(() => import('./users/EditUserScreen.tsx')),
    ResetPasswordUser: lazy(() => import('./users/ResetPasswordUserScreen.tsx')),
    Configuration_Subregions: lazy(() => referenceLists().then((m) => ({ default: m.SubregionsScreen }))),
    Configuration_TypeProject: lazy(() => referenceLists().then((m) => ({ default: m.TypeProjectScreen }))),
    Configuration_PhaseDefinitions: lazy(() => referenceLists().then((m) => ({ default: m.PhaseDefinitionsScreen }))),
    Configuration_FileCategories: lazy(() => referenceLists().then((m) => ({ default: m.FileCategoriesScreen }))),
    Configuration_ClientRegion: lazy(() => import('./configuration/ClientRegionScreen.tsx')),
    Configuration_GlobalParameters: lazy(() => import('./parameters/GlobalParametersScreen.tsx')),
    Configuration_TemplateModels: lazy(() => import('./configuration/TemplateModelsScreen.tsx')),
    Configuration_TemplateReports: lazy(() => import('./configuration/TemplateReportsScreen.tsx')),
  },
  signedOut: { login: LoginScreen, waiting: WaitingScreen },
  overlays: [TermsWindow, PasswordResetRequiredAlert],
};
