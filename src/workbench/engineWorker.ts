// The workbench's engine in a Web Worker (issue 38): the GrexEngine's build (≈ 0,7 s of HyperFormula for a
// large model) and every computation run here, off the main thread that holds the screen. Requests are
// answered one by one in the order they came (engineProtocol.ts); an exception is answered as 'failed'.
import { type CellValue, ExportedCellChange, type ExportedChange } from 'hyperformula';
import { GrexEngine } from '../formulas/engine.ts';
import { type Edit, currentEdit } from '../formulas/engineModelEdits.ts';
import { equalData } from '../lib/cloneData.ts';
import { SECTIONS, entriesOf } from '../model/sections.ts';
import type { EntryKind } from '../model/section.ts';
import type { Changed, EngineAnswer, EnginePort, EngineRequest, ModelPatch, ResultsPatch } from './engineProtocol.ts';

/** Now on the epoch's clock (BuildTiming). */
const epochNow = () => performance.timeOrigin + performance.now();
/** This module's imports (HyperFormula and the engine) are loaded and evaluated by the time this line runs. */
const codeReady = epochNow();

/** The entry an edit names, or 'base' for the base parameters (parameters, sets, space usage). */
function editTarget(edit: Edit): { kind: EntryKind; id: number } | 'base' {
  const e = currentEdit(edit);
  if (e.kind === 'entryItem' || e.kind === 'entryField' || e.kind === 'formula') return { kind: e.entry, id: e.id };
  return 'base';
}

/** The whole engine state, as after a build or a rebuild; the model only when it is not, by value, the `sent` data of the request. */
function whole(engine: GrexEngine, inverse: Edit[] = [], sent?: unknown): Changed {
  const model: ModelPatch = sent !== undefined && equalData(sent, engine.modelData) ? { asSent: true } : { whole: engine.modelData };
  return { rebuilt: true, inverse, model, results: { whole: engine.results } };
}

/**
 * What a batch of cell edits changed: the entries it (and the formulas that follow, in `inverse`) wrote, and
 * the result entries whose rows HyperFormula recomputed. A base parameter's edit may move every entry's
 * warning, so it sends the whole results.
 */
function changedBy(engine: GrexEngine, edits: Edit[], inverse: Edit[], changes: ExportedChange[]): Changed {
  const touched = new Map<string, { kind: EntryKind; id: number }>();
  let base = false;
  for (const e of [...edits, ...inverse]) {
    const t = editTarget(e);
    if (t === 'base') base = true;
    else touched.set(`${t.kind}|${t.id}`, t);
  }
  const m = engine.modelData;
  const model: ModelPatch = {
    base: base ? m.base_parameters : null,
    entries: [...touched.values()].flatMap(({ kind, id }) => entriesOf(m, kind).filter((e) => e.id === id).map((entry) => ({ kind, entry }))),
  };
  if (base) return { rebuilt: false, inverse, model, results: { whole: engine.results } };
  const R = engine.results;
  const rows = new Map<string, { kind: EntryKind; row: number }>();
  const bySheet = new Map(SECTIONS.map((s) => [engine.sheetId(engine.layout.sections[s.kind].sheet), s.kind]));
  for (const ch of changes) {
    if (!(ch instanceof ExportedCellChange)) continue;
    const kind = bySheet.get(ch.address.sheet);
    if (kind && ch.address.row > 0) rows.set(`${kind}|${ch.address.row}`, { kind, row: ch.address.row });
  }
  for (const { kind, id } of touched.values()) {
    const row = engine.layout.sections[kind].rowOf.get(id);
    if (row !== undefined) rows.set(`${kind}|${row}`, { kind, row });
  }
  const { entries: _entries, ...top } = R;
  const results: ResultsPatch = {
    top,
    entries: [...rows.values()].flatMap(({ kind, row }) => {
      const entry = R.entries[kind]?.[row - 1];
      return entry ? [{ kind, index: row - 1, entry }] : [];
    }),
  };
  return { rebuilt: false, inverse, model, results };
}

/** Answer the requests that come through `port` (the worker's scope, or a MessagePort in the tests); answers its engine (the tests read it). */
export function serveEngine(port: EnginePort): () => GrexEngine | null {
  let engine: GrexEngine | null = null;
  const answer = (a: EngineAnswer, transfer?: Transferable[]) => port.postMessage(a, transfer);
  const fail = (id: number, err: unknown) => answer({ id, kind: 'failed', message: String((err as Error)?.message ?? err) });
  /** Answers at once (so an in-process port answers before postMessage returns); only the export takes a while. */
  const handle = (q: EngineRequest): Promise<void> | void => {
    if (q.kind === 'build') {
      const buildStart = epochNow();
      engine?.destroy();
      // The store sends the space rows complete (firstPaint.ts forEngine); the engine validates a parsed copy.
      const r = GrexEngine.create(q.data);
      engine = r.ok ? r.engine : null;
      if (!engine) return answer({ id: q.id, kind: 'failed', message: 'Het rekenmodel is niet te bouwen.' });
      return answer({ id: q.id, kind: 'changed', ...whole(engine, [], q.data), timing: { codeReady, buildStart, buildEnd: epochNow() } });
    }
    if (!engine) return answer({ id: q.id, kind: 'failed', message: 'Er is geen rekenmodel.' });
    if (q.kind === 'edits') {
      const r = engine.applyEdits(q.edits);
      if (!r.ok) return answer({ id: q.id, kind: 'refused', problems: r.problems });
      return answer({ id: q.id, kind: 'changed', ...(r.rebuilt ? whole(engine, r.inverse) : changedBy(engine, q.edits, r.inverse, r.changes)) });
    }
    if (q.kind === 'setModel') {
      const r = engine.setModel(q.data, { asEdit: q.asEdit });
      return answer(r.ok ? { id: q.id, kind: 'changed', ...whole(engine, [], q.data) } : { id: q.id, kind: 'refused', problems: r.problems });
    }
    if (q.kind === 'calculate') {
      let value: CellValue = null;
      try {
        const v = engine.hf.calculateFormula(q.formula, engine.sheetId(engine.sheets[0]!.name));
        value = Array.isArray(v) ? (v[0]?.[0] ?? null) : v;
      } catch {
        /* not a formula HyperFormula reads: no value, as the grid says '#FOUT' */
      }
      return answer({ id: q.id, kind: 'value', value });
    }
    const e = engine;
    return import('../formulas/export.ts').then(({ exportXlsx }) => exportXlsx(e)).then((bytes) => answer({ id: q.id, kind: 'file', bytes }, [bytes.buffer]));
  };
  // One request at a time, in the order they came: what arrives during an export waits for it.
  const queue: EngineRequest[] = [];
  let exporting = false;
  const next = () => {
    while (queue.length && !exporting) {
      const q = queue.shift()!;
      try {
        const p = handle(q);
        if (p) {
          exporting = true;
          void p.catch((err: unknown) => fail(q.id, err)).finally(() => {
            exporting = false;
            next();
          });
        }
      } catch (err) {
        fail(q.id, err);
      }
    }
  };
  port.onmessage = (e: MessageEvent) => {
    queue.push(e.data as EngineRequest);
    next();
  };
  return () => engine;
}

// The worker's own entry: started by the client as `new Worker(new URL('./engineWorker.ts', import.meta.url))`.
const scope = globalThis as unknown as { WorkerGlobalScope?: unknown; postMessage: EnginePort['postMessage']; onmessage: EnginePort['onmessage'] };
if (typeof scope.WorkerGlobalScope !== 'undefined') serveEngine(scope);
