import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { Screen } from './screens.ts';

type ScreenComponent = LazyExoticComponent<ComponentType> | ComponentType;

/**
 * Which component shows which screen. Areas are loaded lazily so that the sign-in and Projects
 * screens stay small; the online tool's chunk loads only when a model opens.
 */
const registry: Partial<Record<Screen, ScreenComponent>> = {
  Projects: lazy(() => import('../manager/projects/ProjectsScreen.tsx')),
};

export const screenComponent = (screen: Screen): ScreenComponent | undefined => registry[screen];
