// Replacements inside HyperFormula that make building and recalculating the large model about a
// third faster (docs/calculation-engine.md, "HyperFormula's parser and topological sort"):
// formulaShapeCache.ts in front of its parser, graphTopSort.ts for its topological sort, and a shortcut
// in its undo bookkeeping (below). All are installed on the prototypes, found through one empty instance, when the first engine starts
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
  /** The shortcut of clearing an empty redo stack (installRedoShortcut). */
  redo: boolean;
}

/**
 * HyperFormula (3.5) clears its redo stack before every cell write, and clearing collects what every operation of
 * the running batch refers to — for each write again, so a batch of n writes costs n² (a verschillenanalyse's
 * model change writes thousands of cells in one batch: a quarter of its time, issue 37). An empty redo stack
 * holds nothing to clean up: then the clearing is skipped, which changes nothing else.
 */
function installRedoShortcut(undoRedo: object): boolean {
  const proto = Object.getPrototypeOf(undoRedo) as { clearRedoStack?: (this: { redoStack?: unknown[] }) => void; shortcut?: true };
  const clear = proto.clearRedoStack;
  if (typeof clear !== 'function' || !Array.isArray((undoRedo as { redoStack?: unknown }).redoStack)) return false;
  if (proto.shortcut) return true;
  proto.clearRedoStack = function clearNonEmptyRedoStack(this: { redoStack?: unknown[] }) {
    if (this.redoStack?.length !== 0) clear.call(this);
  };
  proto.shortcut = true;
  return true;
}

/** Install both (idempotent); says which are in place. */
export function speedUpHyperFormula(): { parser: boolean; topSort: boolean; redo: boolean } {
  const probe = HyperFormula.buildEmpty({ licenseKey: 'gpl-v3' });
  const internals = probe as unknown as { _parser?: object; _dependencyGraph?: { graph?: object }; _crudOperations?: { undoRedo?: object } };
  const graph = internals._dependencyGraph?.graph;
  const undoRedo = internals._crudOperations?.undoRedo;
  const installed = {
    parser: internals._parser !== undefined && installFormulaShapeCache(internals._parser),
    topSort: graph !== undefined && installGraphTopSort(graph),
    redo: undoRedo !== undefined && installRedoShortcut(undoRedo),
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
  state = wanted ? { wanted, ...speedUpHyperFormula() } : { wanted, parser: false, topSort: false, redo: false };
  log(speedupLine(state));
  return state;
}

/**
 * The start line, said for an operator rather than an engine developer (issue 25 item 14): no library
 * or algorithm names; only what is off asks for attention.
 */
export function speedupLine(s: SpeedupState): string {
  const parts = [!s.parser && 'formules inlezen', !s.topSort && 'volgorde bepalen', !s.redo && 'wijzigingen verwerken'].filter((x): x is string => Boolean(x));
  const off = parts.length > 1 ? `${parts.slice(0, -1).join(', ')} en ${parts.at(-1)}` : parts.join('');
  if (!s.wanted) return 'Rekenkern: de versnelling staat uit (GRONDSLAG_HF_PATCHES=0); berekeningen duren langer.';
  if (off) return `Rekenkern: de versnelling werkt niet voor ${off}; berekeningen duren langer. Meld dit bij de beheerder van Grondslag.`;
  return 'Rekenkern: versnelde berekening aan.';
}
