import { isDeepStrictEqual } from 'node:util';
import { GrexEngine } from '../../src/formulas/engine.ts';
import { type ModelResults, engineModelResults, failedResults } from '../../src/formulas/modelResults.ts';
import type { ModelData } from '../../src/model/modelData.ts';
import { SECTIONS, entriesOf } from '../../src/model/sections.ts';

// The warm engines of one worker thread (issue 38): the engines built for recently used online models,
// kept per model and save, so a model asked for again (a report right after the results job, the jaarovergang
// preview, the verschillenanalyse) is not built again, and a newer save of a kept model is applied to its
// engine as edits (GrexEngine.setModel: only the changed cells) where that is cheaper than a build.
// - A save is named by the model's id, its data_version and a digest of its data: an engine answers for a
//   save only when all three are its own, so a task never gets the results of another save, older or newer,
//   even if some change left the data_version as it was.
// - Bounded by memory: the engines' estimated size stays within the budget (the oldest used go first). An
//   engine dropped for memory leaves the results it gave (a few hundred kB at most): the same save asked for
//   again is answered from them without a build.
// - Evicted by age: what was not used for `maxAgeMs` is dropped, engine and results.

/** A model's save as a task names it: the worker looks its engine up by it. */
export interface ModelRef {
  modelId: number;
  dataVersion: number;
  /** A digest of the model data (the task's key): equal digests, equal data. */
  digest: string;
}

/** How the answer was got: a kept engine or kept results, a kept engine edited to the save, or a new engine. */
export type EngineUse = 'warm' | 'edited' | 'built';

interface Kept extends ModelRef {
  /** Null once dropped for memory (the results stay). */
  engine: GrexEngine | null;
  engineBytes: number;
  results: ModelResults;
  resultsBytes: number;
  usedAt: number;
}

/**
 * An engine's heap, estimated from its filled cells: 650 bytes a cell measured on the bench model (the whole
 * exploitation: 30,500 cells, 19.9 MB) and on 300 cost and 100 residential entries (26,300 cells, 17.0 MB);
 * small models take a little less a cell.
 */
const BYTES_PER_CELL = 660;
export function engineBytes(engine: GrexEngine): number {
  let cells = 0;
  for (const s of engine.sheets) for (const row of s.rows) for (const c of row) if (c != null) cells++;
  return cells * BYTES_PER_CELL;
}

/** The base parameters that decide the periods and so every sheet's columns: a change there rebuilds. */
const LAYOUT_FIELDS = ['phasing_calculation_start_date', 'phasing_calculation_end_date', 'phasing_period', 'phasing_net_present_value_date', 'phasing_price_reference_date'] as const;
/** More changed entries than this share: a build is cheaper than writing their cells one by one. */
const EDIT_SHARE = 0.1;

/**
 * Whether the change from `kept` to `next` is cheaper as edits than as a new build: the periods as they were,
 * the same entries in each section, and few of them changed (setModel writes the changed cells one at a time;
 * one value changed: ≈ ¼ of a build's CPU time, measured on the bench model).
 */
export function cheaperAsEdits(kept: ModelData, next: unknown): boolean {
  const n = next as ModelData | null;
  if (!n?.base_parameters || LAYOUT_FIELDS.some((f) => kept.base_parameters[f] !== n.base_parameters[f])) return false;
  let entries = 0;
  let changed = 0;
  for (const s of SECTIONS) {
    const a = entriesOf(kept, s.kind);
    const b = (n as unknown as Record<string, unknown>)[s.list] ?? [];
    if (!Array.isArray(b) || a.length !== b.length) return false;
    entries += a.length;
    for (let i = 0; i < a.length; i++) {
      if (a[i]!.id !== (b[i] as { id?: unknown }).id) return false;
      // By value, not by text: the kept data is in the schema's key order, a save read back from jsonb is not.
      if (!isDeepStrictEqual(a[i], b[i])) changed++;
    }
  }
  return changed <= Math.max(1, entries * EDIT_SHARE);
}

export interface WarmOptions {
  budgetBytes: number;
  maxAgeMs: number;
  now?: () => number;
}

export class WarmEngines {
  private readonly kept = new Map<number, Kept>();
  private readonly now: () => number;

  constructor(private opts: WarmOptions) {
    this.now = opts.now ?? Date.now;
  }

  /** A new budget (the pool's setting changed): applied at once. */
  setBudget(budgetBytes: number): void {
    this.opts = { ...this.opts, budgetBytes };
    this.trim(0);
  }

  /**
   * The results of a model's save (its data in `modelData`), from its kept engine or results when they are
   * of this very save, else from its engine edited to it, else from a new engine (then kept if it fits).
   */
  results(ref: ModelRef, modelData: unknown): { results: ModelResults; use: EngineUse } {
    this.expire();
    const k = this.kept.get(ref.modelId);
    if (k && k.dataVersion === ref.dataVersion && k.digest === ref.digest) {
      k.usedAt = this.now();
      // to the end of the order of use: two uses in one millisecond tie on usedAt
      this.kept.delete(ref.modelId);
      this.kept.set(ref.modelId, k);
      return { results: k.results, use: 'warm' };
    }
    if (k?.engine && cheaperAsEdits(k.engine.modelData, modelData) && k.engine.setModel(modelData).ok) {
      return { results: this.keep(ref, k.engine), use: 'edited' };
    }
    // Another save that is no edit of the kept one, or one setModel refused (a new build says why the same way).
    this.drop(ref.modelId);
    const built = GrexEngine.create(modelData);
    if (!built.ok) return { results: failedResults(built.problems[0]?.message ?? 'Het rekenmodel is ongeldig.'), use: 'built' };
    return { results: this.keep(ref, built.engine), use: 'built' };
  }

  /** Keeps the engine and its results for the save (within the budget) and answers the results. */
  private keep(ref: ModelRef, engine: GrexEngine): ModelResults {
    const results = engineModelResults(engine);
    const entry: Kept = {
      modelId: ref.modelId, dataVersion: ref.dataVersion, digest: ref.digest, engine, engineBytes: engineBytes(engine),
      results, resultsBytes: 2 * JSON.stringify(results).length, usedAt: this.now(),
    };
    this.kept.delete(ref.modelId);
    this.kept.set(ref.modelId, entry); // the Map's order is the order of use: the first is the oldest
    this.trim(ref.modelId);
    return results;
  }

  /** Drops engines (then results), oldest used first, until the kept ones fit the budget; `fresh` last of all. */
  private trim(fresh: number): void {
    // the Map's order is the order of use (a stable sort keeps it); usedAt would tie within a millisecond
    const order = [...this.kept.values()].sort((a, b) => Number(a.modelId === fresh) - Number(b.modelId === fresh));
    let bytes = this.bytes();
    for (const k of order) {
      if (bytes <= this.opts.budgetBytes) return;
      if (k.engine) {
        k.engine.destroy();
        k.engine = null;
        bytes -= k.engineBytes;
      }
    }
    for (const k of order) {
      if (bytes <= this.opts.budgetBytes) return;
      this.kept.delete(k.modelId);
      bytes -= k.resultsBytes;
    }
  }

  /** Drops what was not used for the maximum age. */
  expire(): void {
    const oldest = this.now() - this.opts.maxAgeMs;
    for (const k of [...this.kept.values()]) if (k.usedAt < oldest) this.drop(k.modelId);
  }

  /** Forgets a model (another thread keeps a newer one of it). */
  drop(modelId: number): void {
    this.kept.get(modelId)?.engine?.destroy();
    this.kept.delete(modelId);
  }

  /** The models kept, with an engine or with results only (the pool sends their tasks here). */
  held(): number[] {
    return [...this.kept.keys()];
  }

  /** The estimated heap of what is kept. */
  bytes(): number {
    let n = 0;
    for (const k of this.kept.values()) n += k.resultsBytes + (k.engine ? k.engineBytes : 0);
    return n;
  }

  /** Whether the model's engine (not only its results) is kept. */
  hasEngine(modelId: number): boolean {
    return Boolean(this.kept.get(modelId)?.engine);
  }
}
