import { lazy, useEffect, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { Spinner } from '@blueprintjs/core';
import type { Screen, ScreenParams } from './screens.ts';
import { prefetchModel } from '../workbench/prefetch.ts';
import NotFoundScreen from './NotFoundScreen.tsx';

type ScreenComponent = LazyExoticComponent<ComponentType> | ComponentType;

/**
 * Which component shows which screen. Areas are loaded lazily so that the sign-in and Projects
 * screens stay small; the online tool's chunk loads only when a model opens.
 */
type WorkbenchModule = typeof import('../workbench/screens.tsx');
/** The tool's module once it has arrived, whoever asked for it (the prefetch of prepareScreen or a screen). */
let workbenchModule: WorkbenchModule | null = null;
const workbench = () => import('../workbench/screens.tsx').then((m) => (workbenchModule = m));

/**
 * A screen of the online tool, shown as soon as the tool's chunk is there. Not `lazy`: a lazy screen
 * suspends, Shell shows its fallback, and React then holds the screen back for its reveal throttle
 * (300 ms after the fallback), so the stored figures the tool paints first came ≈ 200 ms late (issue 26).
 */
function toolScreen(pick: (m: WorkbenchModule) => ComponentType): ComponentType {
  return function ToolScreen() {
    const [, setLoaded] = useState(false);
    const [failed, setFailed] = useState<unknown>(null);
    useEffect(() => {
      if (!workbenchModule) workbench().then(() => setLoaded(true), setFailed);
    }, []);
    if (failed) throw failed; // as a lazy screen's failed chunk: to the error boundary
    if (!workbenchModule) return <div className="gs-content"><Spinner /></div>;
    const Screen = pick(workbenchModule);
    return <Screen />;
  };
}

const registry: Partial<Record<Screen, ScreenComponent>> = {
  GrexOnline_Overview: toolScreen((m) => m.OverviewScreen),
  GrexOnline_BaseParameters: toolScreen((m) => m.BaseParametersScreen),
  GrexOnline_CostEstimate: toolScreen((m) => m.CostEstimateScreen),
  GrexOnline_ResidentialConstruction: toolScreen((m) => m.ResidentialConstructionScreen),
  GrexOnline_NonResidentialConstruction: toolScreen((m) => m.NonResidentialConstructionScreen),
  GrexOnline_OtherRevenues: toolScreen((m) => m.OtherRevenuesScreen),
  Projects: lazy(() => import('../manager/projects/ProjectsScreen.tsx')),
  Projects_NewProject: lazy(() => import('../manager/projects/ProjectFormScreen.tsx')),
  Projects_ProjectInfo: lazy(() => import('../manager/projects/ProjectFormScreen.tsx')),
  Projects_NewVersionModel: lazy(() => import('../manager/projects/VersionFormScreen.tsx')),
  Projects_VersionModelInfo: lazy(() => import('../manager/projects/VersionFormScreen.tsx')),
  Projects_VersionModelInfo_NewAttachment: lazy(() => import('../manager/projects/NewAttachmentScreen.tsx')),
  Projects_NewModel: lazy(() => import('../manager/projects/ModelFormScreen.tsx')),
  Projects_ModelInfo: lazy(() => import('../manager/projects/ModelFormScreen.tsx')),
  Logs: lazy(() => import('../manager/logs/LogsScreen.tsx')),
  Documentation: lazy(() => import('../manager/docs/DocumentationScreen.tsx')),
  BiLinks: lazy(() => import('../manager/bilinks/BiLinksScreen.tsx')),
  NewBiLink: lazy(() => import('../manager/bilinks/NewBiLinkScreen.tsx')),
  Reports: lazy(() => import('../manager/reports/ReportsScreen.tsx')),
  User: lazy(() => import('../admin/settings/UserSettingsScreen.tsx')),
  SetupMfa: lazy(() => import('../admin/settings/SetupMfaScreen.tsx')),
  UserList: lazy(() => import('../admin/users/UserListScreen.tsx')),
  CreateUser: lazy(() => import('../admin/users/CreateUserScreen.tsx')),
  EditUser: lazy(() => import('../admin/users/EditUserScreen.tsx')),
  ResetPasswordUser: lazy(() => import('../admin/users/ResetPasswordUserScreen.tsx')),
  Configuration_Subregions: lazy(() => import('../admin/configuration/screens.tsx').then((m) => ({ default: m.SubregionsScreen }))),
  Configuration_TypeProject: lazy(() => import('../admin/configuration/screens.tsx').then((m) => ({ default: m.TypeProjectScreen }))),
  Configuration_PhaseDefinitions: lazy(() => import('../admin/configuration/screens.tsx').then((m) => ({ default: m.PhaseDefinitionsScreen }))),
  Configuration_FileCategories: lazy(() => import('../admin/configuration/screens.tsx').then((m) => ({ default: m.FileCategoriesScreen }))),
  Configuration_ClientRegion: lazy(() => import('../admin/configuration/ClientRegionScreen.tsx')),
  Configuration_GlobalParameters: lazy(() => import('../admin/parameters/GlobalParametersScreen.tsx')),
  Configuration_TemplateModels: lazy(() => import('../admin/configuration/TemplateModelsScreen.tsx')),
  Configuration_TemplateReports: lazy(() => import('../admin/configuration/TemplateReportsScreen.tsx')),
  MapViewer_VersionRegion: lazy(() => import('../manager/map/MapEditScreen.tsx')),
  MapViewer_Feature: lazy(() => import('../manager/map/MapEditScreen.tsx')),
  MapViewer_Subregion: lazy(() => import('../manager/map/MapEditScreen.tsx')),
  MapViewer_Client: lazy(() => import('../manager/map/MapEditScreen.tsx')),
  MapViewer_Overview: lazy(() => import('../manager/map/OverviewMapScreen.tsx')),
  NotFound: NotFoundScreen,
};

export const screenComponent = (screen: Screen): ScreenComponent | undefined => registry[screen];

/**
 * Work that can start as soon as a screen is navigated to, before its chunk has loaded: entering the
 * online tool starts its chunk and the model's GET together (moving between the tool's own screens
 * starts nothing).
 */
export function prepareScreen(screen: Screen, params: ScreenParams, previous: Screen | undefined): void {
  if (!screen.startsWith('GrexOnline_') || previous?.startsWith('GrexOnline_')) return;
  const modelId = Number(params.modelId);
  if (!modelId) return;
  void workbench().catch(() => {
    /* the tool's screen reports it */
  });
  prefetchModel(modelId);
}
