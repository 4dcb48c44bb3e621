// Two replacements inside HyperFormula that make building and recalculating the large model about a
// third faster (docs/calculation-engine.md, "HyperFormula's parser and topological sort"):
// formulaShapeCache.ts in front of its parser, graphTopSort.ts for its topological sort. Both are
// installed on the prototypes, found through one empty instance, when the first engine starts
// (`startHyperFormula`, called by GrexEngine). GRONDSLAG_HF_PATCHES=0 in the environment (Node) runs
// plain HyperFormula: the test suite runs the reference and oracle tests that way too.
import { HyperFormula } from 'hyperformula';
import { installFormulaShapeCache } from './formulaShapeCache.ts';
import { installGraphTopSort } from './graphTopSort.ts';

interface SpeedupState {
  /** False when GRONDSLAG_HF_PATCHES=0 asked for plain HyperFormula. */
  wanted: boolean;
  parser: boolean;
  topSort: boolean;
}

/** Install both (idempotent); says which are in place. */
export function speedUpHyperFormula(): { parser: boolean; topSort: boolean } {
  const probe = HyperFormula.buildEmpty({ licenseKey: 'gpl-v3' });
  const internals = probe as unknown as { _parser?: object; _dependencyGraph?: { graph?: object } };
  const graph = internals._dependencyGraph?.graph;
  const installed = {
    parser: internals._parser !== undefined && installFormulaShapeCache(internals._parser),
    topSort: graph !== undefined && installGraphTopSort(graph),
  };
  probe.destroy();
  return installed;
}

/** The environment switch; the browser has no environment and always installs them. */
function speedupsWanted(): boolean {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
  return env?.GRONDSLAG_HF_PATCHES !== '0';
}

let state: SpeedupState | null = null;

/**
 * The engine's start: installs the speed-ups unless switched off and logs the result, once per
 * process (later calls answer the state). The workbench calls it while the model loads, the CLI and the
 * benchmark at their start (with their own log); a GrexEngine calls it before its first workbook.
 */
export function startHyperFormula(log: (line: string) => void = console.info): SpeedupState {
  if (state) return state;
  const wanted = speedupsWanted();
  state = wanted ? { wanted, ...speedUpHyperFormula() } : { wanted, parser: false, topSort: false };
  log(speedupLine(state));
  return state;
}

/**
 * The start line, said for an operator rather than an engine developer (issue 25 item 14): no library
 * or algorithm names; only what is off asks for attention.
 */
export function speedupLine(s: SpeedupState): string {
  const off = [!s.parser && 'formules inlezen', !s.topSort && 'volgorde bepalen'].filter(Boolean).join(' en ');
  if (!s.wanted) return 'Rekenkern: de versnelling staat uit (GRONDSLAG_HF_PATCHES=0); berekeningen duren langer.';
  if (off) return `Rekenkern: de versnelling werkt niet voor ${off}; berekeningen duren langer. Meld dit bij de beheerder van Grondslag.`;
  return 'Rekenkern: versnelde berekening aan.';
}
