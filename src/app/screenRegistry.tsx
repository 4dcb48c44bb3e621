import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { Screen } from './screens.ts';

type ScreenComponent = LazyExoticComponent<ComponentType> | ComponentType;

/**
 * Which component shows which screen. Areas are loaded lazily so that the sign-in and Projects
 * screens stay small; the online tool's chunk loads only when a model opens.
 */
const registry: Partial<Record<Screen, ScreenComponent>> = {
  Projects: lazy(() => import('../manager/projects/ProjectsScreen.tsx')),
  Projects_NewProject: lazy(() => import('../manager/projects/ProjectFormScreen.tsx')),
  Projects_ProjectInfo: lazy(() => import('../manager/projects/ProjectFormScreen.tsx')),
  Projects_NewVersionModel: lazy(() => import('../manager/projects/VersionFormScreen.tsx')),
  Projects_VersionModelInfo: lazy(() => import('../manager/projects/VersionFormScreen.tsx')),
  Projects_VersionModelInfo_NewAttachment: lazy(() => import('../manager/projects/NewAttachmentScreen.tsx')),
  Projects_NewModel: lazy(() => import('../manager/projects/ModelFormScreen.tsx')),
  Projects_ModelInfo: lazy(() => import('../manager/projects/ModelFormScreen.tsx')),
  Logs: lazy(() => import('../manager/logs/LogsScreen.tsx')),
};

export const screenComponent = (screen: Screen): ScreenComponent | undefined => registry[screen];
