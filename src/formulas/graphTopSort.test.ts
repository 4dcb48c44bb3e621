import { HyperFormula } from 'hyperformula';
import { describe, expect, it } from 'vitest';
import { GrexEngine } from './engine.ts';
import { speedUpHyperFormula } from './hyperformulaSpeedups.ts';
import { largeModel, rng } from '../../test/formulas/largeModel.ts';

type Node = { idInGraph?: number };
type Sort = (this: unknown, seeds: Node[], operate: (n: Node) => boolean, onCycle: (n: Node) => void) => { sorted: Node[]; cycled: Node[] };
type Graph = { nodesSparseArray: (Node | undefined)[]; getTopSortedWithSccSubgraphFrom: Sort & { unpatched: Sort } };

const graphOf = (hf: HyperFormula) => (hf as unknown as { _dependencyGraph: { graph: Graph } })._dependencyGraph.graph;

/** Both sorts on the same seeds: their orders, cycles and the calls they make. */
function runBoth(graph: Graph, seeds: Node[], changes: (n: Node) => boolean) {
  const run = (sort: Sort) => {
    const calls: (number | undefined)[] = [];
    const cycles: (number | undefined)[] = [];
    const r = sort.call(graph, [...seeds], (n) => (calls.push(n.idInGraph), changes(n)), (n) => void cycles.push(n.idInGraph));
    return { sorted: r.sorted.map((n) => n.idInGraph), cycled: r.cycled.map((n) => n.idInGraph), calls, cycles };
  };
  return { ours: run(graph.getTopSortedWithSccSubgraphFrom), theirs: run(graph.getTopSortedWithSccSubgraphFrom.unpatched) };
}

describe('topological sort on typed arrays', () => {
  it('is in place of HyperFormula\'s', () => {
    expect(speedUpHyperFormula().topSort).toBe(true);
    const hf = HyperFormula.buildEmpty({ licenseKey: 'gpl-v3' });
    expect(graphOf(hf).getTopSortedWithSccSubgraphFrom.unpatched).toBeTypeOf('function');
    hf.destroy();
  });

  it('orders a model\'s graph exactly as HyperFormula does, whole and from random seeds', () => {
    const engine = new GrexEngine(largeModel({ costEntries: 40, residentialEntries: 15, longRunningEntries: 10, seed: 7 }));
    const graph = graphOf(engine.hf);
    const nodes = graph.nodesSparseArray.filter((n): n is Node => n !== undefined);
    const whole = runBoth(graph, nodes, () => true);
    expect(whole.ours.sorted.length).toBe(nodes.length);
    expect(whole.ours).toEqual(whole.theirs);
    const random = rng(11);
    for (let round = 0; round < 20; round++) {
      const seeds = nodes.filter(() => random() < 0.02 * (round % 5) + 0.001);
      // a recomputation that changes some values and not others stops the marks at the unchanged ones
      const changes = (n: Node) => ((n.idInGraph ?? 0) * 7 + round) % 3 !== 0;
      const both = runBoth(graph, seeds, changes);
      expect(both.ours).toEqual(both.theirs);
    }
    engine.destroy();
  });

  it('keeps cycles apart as HyperFormula does, run after run', () => {
    speedUpHyperFormula();
    const hf = HyperFormula.buildFromSheets(
      { Blad: [['=B1+1', '=A1+1', '=C1+1', 5, '=D1*2', '=E1+A1']] },
      { licenseKey: 'gpl-v3' },
    );
    expect(hf.getSheetValues(0)[0]).toEqual([expect.objectContaining({ value: '#CYCLE!' }), expect.objectContaining({ value: '#CYCLE!' }), expect.objectContaining({ value: '#CYCLE!' }), 5, 10, expect.objectContaining({ value: '#CYCLE!' })]);
    const graph = graphOf(hf);
    const nodes = graph.nodesSparseArray.filter((n): n is Node => n !== undefined);
    for (let i = 0; i < 3; i++) {
      const both = runBoth(graph, nodes, () => true);
      expect(both.ours.cycled.length).toBeGreaterThan(0);
      expect(both.ours).toEqual(both.theirs);
    }
    hf.setCellContents({ sheet: 0, col: 3, row: 0 }, 6);
    expect(hf.getCellValue({ sheet: 0, col: 4, row: 0 })).toBe(12);
    hf.destroy();
  });
});
