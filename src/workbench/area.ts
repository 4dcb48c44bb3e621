import { moduleScreens, type Area } from '../app/screenRegistry.tsx';
import { SECTION_SCREENS } from '../model/sectionScreens.ts';
import { prefetchModel, warmEngineWorker } from './prefetch.ts';

/** The tool's screens (Overzicht, Uitgangspunten, one per section) are one chunk, loaded when a model opens. */
const tool = moduleScreens(() => import('./ToolFrame.tsx'));

/** The online tool's screens, for the app's screen registry (main.tsx). */
export const workbenchArea: Area = {
  screens: {
    GrexOnline_Overview: tool.screen((m) => m.OverviewScreen),
    GrexOnline_BaseParameters: tool.screen((m) => m.BaseParametersScreen),
    ...Object.fromEntries(SECTION_SCREENS.map((s) => [s.name, tool.screen((m) => m.sectionScreen(s.name))])),
  },
  /** Entering the tool starts its chunk and the model's GET together (moving between its own screens starts nothing). */
  prepare(screen, params, previous) {
    if (!screen.startsWith('GrexOnline_') || previous?.startsWith('GrexOnline_')) return;
    const modelId = Number(params.modelId);
    if (!modelId) return;
    void tool.load().catch(() => {
      /* the tool's screen reports it */
    });
    prefetchModel(modelId);
  },
  /** A model may open next: its engine's worker loads its code at idle (the tool's chunk waits for the open: first JS stays small). */
  anticipate(screen) {
    if (screen.startsWith('GrexOnline_')) warmEngineWorker();
  },
};
