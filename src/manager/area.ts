import { lazy } from 'react';
import type { Area } from '../app/screenRegistry.tsx';

const projectForm = () => import('./projects/ProjectFormScreen.tsx');
const versionForm = () => import('./projects/VersionFormScreen.tsx');
const modelForm = () => import('./projects/ModelFormScreen.tsx');
const mapEdit = () => import('./map/MapEditScreen.tsx');

/** The manager's screens (projects, reports, logs, documentation, maps), for the app's screen registry (main.tsx). */
export const managerArea: Area = {
  screens: {
    Projects: lazy(() => import('./projects/ProjectsScreen.tsx')),
    Projects_NewProject: lazy(projectForm),
    Projects_ProjectInfo: lazy(projectForm),
    Projects_NewVersionModel: lazy(versionForm),
    Projects_VersionModelInfo: lazy(versionForm),
    Projects_VersionModelInfo_NewAttachment: lazy(() => import('./projects/NewAttachmentScreen.tsx')),
    Projects_NewModel: lazy(modelForm),
    Projects_ModelInfo: lazy(modelForm),
    Projects_ModelVariance: lazy(() => import('./variance/VarianceScreen.tsx')),
    Logs: lazy(() => import('./logs/LogsScreen.tsx')),
    Documentation: lazy(() => import('./docs/DocumentationScreen.tsx')),
    BiLinks: lazy(() => import('./bilinks/BiLinksScreen.tsx')),
    NewBiLink: lazy(() => import('./bilinks/NewBiLinkScreen.tsx')),
    Reports: lazy(() => import('./reports/ReportsScreen.tsx')),
    MapViewer_VersionRegion: lazy(mapEdit),
    MapViewer_Feature: lazy(mapEdit),
    MapViewer_Subregion: lazy(mapEdit),
    MapViewer_Client: lazy(mapEdit),
    MapViewer_Overview: lazy(() => import('./map/OverviewMapScreen.tsx')),
  },
};
