import { describe, expect, it } from 'vitest';
import { exampleStore, laterEngine } from './testing.ts';
import { costEstimateSheet, methodEstimateSheet, pastedCells } from './sheets.ts';
import { applyCellChanges } from './common.tsx';
import { insertEntries, rowsRemoved } from './entryRows.ts';
import { readFileSync } from 'node:fs';
import type { ModelData } from '../model/modelData.ts';
import { SECTIONS, entriesOf } from '../model/sections.ts';
import type { WorkbenchStore } from './WorkbenchStore.ts';

// Issue 23 point 1: a block from Excel pasted onto the estimate's empty last row makes an entry per row
// with every pasted column; several rows inserted at once; each one undo step.

const toaster = () => {
  const said: string[] = [];
  return { said, error: (m: string) => void said.push(m), warning: (m: string) => void said.push(m), success: (m: string) => void said.push(m) };
};
const costs = (s: WorkbenchStore) => s.model!.cost_estimate.map((e) => [e.label, e.estimate.amount, e.estimate.unit, e.estimate.price]);

/** Pastes a block the way the grid does (Sheet's beforePaste): pastedCells from a cell, then the store. */
function paste(s: WorkbenchStore, block: string[][], row: number, col: number, t = toaster()) {
  const def = costEstimateSheet(s, 'cost');
  const { cells } = pastedCells(def, block, { row, col }, { row, col });
  const answer = applyCellChanges(s, t, def, cells.map(([r, c, value]) => ({ row: r, col: c, value })));
  return Object.assign(t, { answer });
}

const BLOCK = [
  ['Grondaankoop', '1.250', 'm2', '85,50'],
  ['Sloop', '3', 'stuks', '12.500'],
  ['Sanering', '2,5', 'ha', '45.000'],
  ['Bouwrijp fase 2', '1', 'post', '1.000.000,00'],
  ['Plankosten', '120', 'uur', '95'],
];

describe('a block pasted onto the empty last row', () => {
  it('makes an entry per row with every pasted column, Dutch numbers read, as one undo step', async () => {
    const s = await exampleStore();
    const before = s.results!.ncw;
    const t = paste(s, BLOCK, 1, 0);
    expect(t.said).toEqual([]);
    expect(costs(s)).toEqual([
      ['Bouwrijp maken', 1, 'Item', 1_000_000],
      ['Grondaankoop', 1250, 'SquareMeter', 85.5],
      ['Sloop', 3, 'Pieces', 12_500],
      ['Sanering', 2.5, 'Hectare', 45_000],
      ['Bouwrijp fase 2', 1, 'Item', 1_000_000],
      ['Plankosten', 120, 'Hours', 95],
    ]);
    expect(s.results!.entries.cost!).toHaveLength(6);
    expect(costEstimateSheet(s, 'cost').data).toHaveLength(7); // and a new empty last row
    expect(s.undoStack).toHaveLength(1);
    s.undo();
    expect(costs(s)).toEqual([['Bouwrijp maken', 1, 'Item', 1_000_000]]);
    expect(s.results!.ncw).toBeCloseTo(before, 6);
    s.redo();
    expect(costs(s)).toHaveLength(6);
  });

  it('a block from an existing row on changes that row and grows the grid by the rest', async () => {
    const s = await exampleStore();
    paste(s, [['Bouwrijp', '2'], ['Grond', '4'], ['Water', '6']], 0, 0);
    expect(costs(s)).toEqual([['Bouwrijp', 2, 'Item', 1_000_000], ['Grond', 4, 'Item', 0], ['Water', 6, 'Item', 0]]);
    expect(s.undoStack).toHaveLength(1);
    s.undo();
    expect(costs(s)).toEqual([['Bouwrijp maken', 1, 'Item', 1_000_000]]);
  });

  it('a row without a description gets a free name; blank rows add nothing; a refused cell keeps its default and is said once', async () => {
    const s = await exampleStore();
    const t = paste(s, [['', '5'], ['', ''], ['Grond', 'veel']], 1, 0);
    expect(costs(s)).toEqual([['Bouwrijp maken', 1, 'Item', 1_000_000], ['Nieuwe post', 5, 'Item', 0], ['Grond', 1, 'Item', 0]]);
    expect(t.said).toEqual(["Post 'Grond', kolom Hoeveelheid: 'veel' is geen getal. Voer een getal in."]);
  });

  it('a row typed at full speed: the new row is there as soon as its label is sent, so its next cells land in its entry', async () => {
    // e2e workbenchPaste "rows typed at full speed": the keys after the label came while the insert was
    // on its way to the worker, into a grid that still had its empty last row there; they were lost.
    const s = await exampleStore(() => laterEngine());
    const t = toaster();
    const type = (row: number, key: string, value: string) => {
      const def = costEstimateSheet(s, 'cost');
      return applyCellChanges(s, t, def, [{ row, col: def.columns.findIndex((c) => c.key === key), value }]);
    };
    const revision = s.revision;
    expect(type(1, 'label', 'Grond A')).toBeInstanceOf(Promise);
    // The grids rebuild when the revision moves (EntrySection): it moves as the insert is sent, not once answered.
    expect(s.revision).toBeGreaterThan(revision);
    expect(costEstimateSheet(s, 'cost').data.map((r) => r[0])).toEqual(['Bouwrijp maken', 'Grond A', null]);
    type(1, 'amount', '12');
    type(1, 'unit', 'm2');
    type(1, 'price', '85,50');
    await s.idle();
    expect(costs(s)).toEqual([['Bouwrijp maken', 1, 'Item', 1_000_000], ['Grond A', 12, 'SquareMeter', 85.5]]);
    expect(t.said).toEqual([]);
    s.dispose();
  });

  it('a new row refused by the engine goes from the grid again', async () => {
    const s = await exampleStore(() => laterEngine());
    const t = toaster();
    await s.idle();
    const rows = () => costEstimateSheet(s, 'cost').data.length;
    const before = rows();
    const answer = s.replaceModel((d) => {
      insertEntries(d, 'cost', 1, ['Kapot']);
      d.base_parameters.phasing_net_present_value_date = '2030-01-01'; // outside the phasing: refused
    });
    const shown = s.revision;
    expect(rows()).toBe(before + 1);
    expect(await answer).not.toBeNull();
    expect(s.revision).toBeGreaterThan(shown); // the grids rebuild without the row
    expect(rows()).toBe(before);
    expect(t.said).toEqual([]);
    s.dispose();
  });

  it('a block whose description is taken is refused whole, naming it, and changes nothing', async () => {
    const s = await exampleStore();
    const t = paste(s, [['Bouwrijp maken', '5'], ['Grond', '4']], 0, 0);
    expect(costs(s)).toEqual([['Bouwrijp maken', 5, 'Item', 1_000_000], ['Grond', 4, 'Item', 0]]);
    const t2 = paste(s, [['Water', '1'], ['grond', '2']], 2, 0);
    expect(t2.said).toEqual(["Deze naam bestaat al. Kies een unieke naam: 'grond'"]);
    expect(costs(s)).toEqual([['Bouwrijp maken', 5, 'Item', 1_000_000], ['Grond', 4, 'Item', 0]]);
    expect(s.undoStack).toHaveLength(1);
    expect(t.said).toEqual([]);
  });

  it("Woningbouw › Algemeen grows the same way", async () => {
    const s = await exampleStore();
    const def = methodEstimateSheet(s, 'residential', 'general');
    const { cells } = pastedCells(def, [['Huur', '20', 'Huur'], ['Vrije kavels', '8', 'Koop']], { row: 1, col: 0 }, { row: 1, col: 0 });
    applyCellChanges(s, toaster(), def, cells.map(([row, col, value]) => ({ row, col, value })));
    expect(s.model!.residential_construction.map((e) => [e.label, e.amount, e.tenure_type])).toEqual([
      ['Koopwoningen', 10, 'Purchased'], ['Huur', 20, 'Rent'], ['Vrije kavels', 8, 'Purchased'],
    ]);
  });
});

describe('several rows at once', () => {
  it('inserts as many new entries as rows were selected, one undo step', async () => {
    const s = await exampleStore();
    expect(s.insertEntries('cost', 0, [null, null, null])).toBeNull();
    expect(s.model!.cost_estimate.map((e) => e.label)).toEqual(['Nieuwe post', 'Nieuwe post 2', 'Nieuwe post 3', 'Bouwrijp maken']);
    expect(new Set(s.model!.cost_estimate.map((e) => e.id)).size).toBe(4);
    expect(s.undoStack).toHaveLength(1);
    s.undo();
    expect(s.model!.cost_estimate.map((e) => e.label)).toEqual(['Bouwrijp maken']);
  });

  it('says how many rows were removed', () => {
    expect(rowsRemoved(1)).toBe('1 rij verwijderd. Ongedaan maken met Ctrl+Z.');
    expect(rowsRemoved(3)).toBe('3 rijen verwijderd. Ongedaan maken met Ctrl+Z.');
  });

  // Issue 24: a paste onto 'Nieuwe post…' and 'Rij invoegen' in Niet-Woningbouw and Overige opbrengsten
  // inserted into Woningbouw's list (and threw, so nothing happened).
  it.each(SECTIONS.map((s) => [s.title, s.kind] as const))('%s: new entries go into the section’s own list, where asked', (_title, kind) => {
    const m = JSON.parse(readFileSync(new URL('../formulas/examples/full-exploitation.model.json', import.meta.url), 'utf8')) as ModelData;
    const others = SECTIONS.filter((s) => s.kind !== kind).map((s) => entriesOf(m, s.kind).length);
    const first = entriesOf(m, kind)[0]!.label;
    const r = insertEntries(m, kind, 1, ['Eerste nieuwe', null]);
    expect('ids' in r && r.ids.length).toBe(2);
    expect(entriesOf(m, kind).map((e) => e.label).slice(0, 3)).toEqual([first, 'Eerste nieuwe', 'Nieuwe post']);
    expect(SECTIONS.filter((s) => s.kind !== kind).map((s) => entriesOf(m, s.kind).length)).toEqual(others);
  });
});

// Issue 38: with the engine in a worker every step of a paste is answered later; the block's rows are made
// and filled in order, as one undo step, before anything typed after the paste.
describe('a block pasted onto the empty last row, the engine answering later', () => {
  const later = () => exampleStore(() => laterEngine());

  it('makes and fills the rows as one undo step; a price typed right after follows it', async () => {
    const s = await later();
    const t = paste(s, [['Bouwrijp', '2'], ['Grond', '4'], ['Water', '6']], 0, 0);
    expect(s.applyEdits([{ kind: 'costField', id: s.model!.cost_estimate[0]!.id, field: 'price', value: 7 }])).toBeInstanceOf(Promise);
    await s.idle();
    expect(costs(s)).toEqual([['Bouwrijp', 2, 'Item', 7], ['Grond', 4, 'Item', 0], ['Water', 6, 'Item', 0]]);
    expect(s.results!.entries.cost).toHaveLength(3);
    expect(s.undoStack).toHaveLength(2);
    expect(t.said).toEqual([]);
    s.undo();
    s.undo();
    await s.idle();
    expect(costs(s)).toEqual([['Bouwrijp maken', 1, 'Item', 1_000_000]]);
    s.dispose();
  });

  it('a block whose description is taken is refused whole, naming it, and changes nothing', async () => {
    const s = await later();
    await paste(s, [['Bouwrijp maken', '5'], ['Grond', '4']], 0, 0).answer;
    // the existing row's new description is sent before the new row's taken one is refused
    const t = paste(s, [['Nieuw', '1'], ['bouwrijp maken', '2']], 1, 0);
    await t.answer; // said as it is answered
    expect(t.said).toEqual(['Deze naam bestaat al. Kies een unieke naam']);
    await s.idle();
    expect(costs(s)).toEqual([['Bouwrijp maken', 5, 'Item', 1_000_000], ['Grond', 4, 'Item', 0]]);
    expect(s.undoStack).toHaveLength(1);
    s.dispose();
  });
});
