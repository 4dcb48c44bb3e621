import { isCompleteSpaceRow } from '../formulas/validate.ts';
import type { ModelData } from '../model/modelData.ts';

// The workbench's first paint (issue 26): the loaded answer and the stored results are painted while the
// engine is built (in its worker, issue 38: for a large model ≈ 0,7 s of HyperFormula); what is changed
// meanwhile waits for the engine (engineSession.ts).

/** Performance marks for the benchmark (no-op where there is no performance API). */
export const mark = (name: string) => globalThis.performance?.mark?.(name);

/** Model data whose space rows may be incomplete as the engine takes it: the complete ones (no deep copy). */
export function forEngine(data: ModelData): ModelData {
  return { ...data, base_parameters: { ...data.base_parameters, space_usage: data.base_parameters.space_usage.filter(isCompleteSpaceRow) } };
}
