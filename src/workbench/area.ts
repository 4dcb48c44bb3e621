import { moduleScreens, type Area } from '../app/screenRegistry.tsx';
import { prefetchModel } from './prefetch.ts';

/** The tool's six screens are one chunk, loaded when a model opens. */
const tool = moduleScreens(() => import('./ToolFrame.tsx'));

/** The online tool's screens, for the app's screen registry (main.tsx). */
export const workbenchArea: Area = {
  screens: {
    GrexOnline_Overview: tool.screen((m) => m.OverviewScreen),
    GrexOnline_BaseParameters: tool.screen((m) => m.BaseParametersScreen),
    GrexOnline_CostEstimate: tool.screen((m) => m.CostEstimateScreen),
    GrexOnline_ResidentialConstruction: tool.screen((m) => m.ResidentialConstructionScreen),
    GrexOnline_NonResidentialConstruction: tool.screen((m) => m.NonResidentialConstructionScreen),
    GrexOnline_OtherRevenues: tool.screen((m) => m.OtherRevenuesScreen),
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
};
