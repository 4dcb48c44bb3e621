// The messages between the workbench and its engine in a Web Worker (issue 38): the workbench asks, the
// worker answers each request once, in the order asked. What comes back of an edit is what changed: the
// entries of the model and of the results that moved, or the whole of either after a rebuild.
import type { CellValue } from 'hyperformula';
import type { Edit } from '../formulas/engineModelEdits.ts';
import type { ModelData } from '../model/modelData.ts';
import type { Problem } from '../model/problem.ts';
import type { EntryResult, Results } from '../model/results.ts';
import { SECTIONS, entriesOf } from '../model/sections.ts';
import type { AnyEntry, EntryKind } from '../model/section.ts';

export type EngineRequest =
  | { id: number; kind: 'build'; data: ModelData }
  | { id: number; kind: 'edits'; edits: Edit[] }
  | { id: number; kind: 'setModel'; data: ModelData; asEdit: boolean }
  /** A formula of values only (formula.ts resolveFormula), computed by the engine's HyperFormula. */
  | { id: number; kind: 'calculate'; formula: string }
  | { id: number; kind: 'export' };

/**
 * The entries of the model an edit changed (by section and id), and its base parameters when they changed;
 * after a build or a new model, the whole model, or `asSent` when the engine's model equals the request's
 * data by value (the page keeps its own copy: a large model is not cloned back across the thread).
 */
export type ModelPatch =
  | { whole: ModelData }
  | { asSent: true }
  | { base: ModelData['base_parameters'] | null; entries: { kind: EntryKind; entry: AnyEntry }[] };

/** The results' figures outside the entries (always sent: a few hundred numbers), and the entries that moved (by section and index). */
export type ResultsPatch =
  | { whole: Results }
  | { top: Omit<Results, 'entries'>; entries: { kind: EntryKind; index: number; entry: EntryResult }[] };

/** A change accepted: what it changed, and the edits that undo it (applyEdits' inverse). */
export interface Changed {
  rebuilt: boolean;
  inverse: Edit[];
  model: ModelPatch;
  results: ResultsPatch;
}

/**
 * When the worker's code was ready, and when a build started and ended (ms since the epoch, so either side's
 * clock reads them): the open's timeline in `npm run bench -- workbench` shows where a first edit waits.
 */
export interface BuildTiming {
  codeReady: number;
  buildStart: number;
  buildEnd: number;
}

export type EngineAnswer =
  | ({ id: number; kind: 'changed'; timing?: BuildTiming } & Changed)
  /** The engine refused the change (nothing changed): the Dutch problems. */
  | { id: number; kind: 'refused'; problems: Problem[] }
  | { id: number; kind: 'value'; value: CellValue }
  | { id: number; kind: 'file'; bytes: Uint8Array }
  /** The worker failed (an exception, a worker that would not start): the engine's state is unknown from here on. */
  | { id: number; kind: 'failed'; message: string };

/** What both ends talk through: a Worker, the worker's own scope, or a MessagePort (tests). */
export interface EnginePort {
  postMessage(message: unknown, transfer?: Transferable[]): void;
  onmessage: ((e: MessageEvent) => void) | null;
}

/** Apply a model patch to a copy of the model data (the client's mirror; the engine's copy is never sent whole after a cell edit). */
export function patchModel(m: ModelData, p: Exclude<ModelPatch, { asSent: true }>): ModelData {
  if ('whole' in p) return p.whole;
  const next: ModelData = { ...m, base_parameters: p.base ?? m.base_parameters };
  for (const s of SECTIONS) {
    const mine = p.entries.filter((e) => e.kind === s.kind);
    if (!mine.length) continue;
    const byId = new Map(mine.map((e) => [e.entry.id, e.entry]));
    (next as Record<string, unknown>)[s.list] = entriesOf(m, s.kind).map((e) => byId.get(e.id) ?? e);
  }
  return next;
}

/** Apply a results patch (a new object: observers of the old one see it move). */
export function patchResults(r: Results, p: ResultsPatch): Results {
  if ('whole' in p) return p.whole;
  const entries = { ...r.entries };
  for (const { kind, index, entry } of p.entries) {
    if (entries[kind] === r.entries[kind]) entries[kind] = [...r.entries[kind]];
    entries[kind][index] = entry;
  }
  return { ...r, ...p.top, entries };
}
