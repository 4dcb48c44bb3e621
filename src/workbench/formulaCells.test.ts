import { describe, expect, it } from 'vitest';
import type { WorkbenchStore } from './WorkbenchStore.ts';
import { exampleStore } from './testing.ts';
import { costEstimateSheet, phasingSheet } from './sheets.ts';
import { newEntry } from '../model/sections.ts';
import type { CostEntry } from '../model/modelData.ts';
import { cellContents, cellEdits, storedFormula } from './formulaCells.ts';
import { colName } from '../formulas/workbookRefs.ts';

/** The tool on the worked example with a second cost entry 'Plankosten' (grid row 2). */
async function store() {
  const s = await exampleStore();
  s.replaceModel((d) => d.cost_estimate.push(newEntry(d, 'cost', 'Plankosten') as CostEntry));
  return s;
}
const edit = (s: WorkbenchStore, row: number, col: number, value: unknown) => {
  const r = cellEdits(costEstimateSheet(s, 'cost'), s.model!, row, col, value);
  if ('error' in r) throw new Error(r.error);
  return s.applyEdits(r);
};

describe('formulas in the grids, in the grid\'s own terms', () => {
  it('a typed formula with a reference is kept, shown back as typed and follows its input', async () => {
    const s = await store();
    // Raming: A Omschrijving, B Hoeveelheid, C Eenheid, D Prijs; row 1 Bouwrijp maken, row 2 Plankosten
    expect(edit(s, 1, 3, '=d1*0,5')).toBeNull();
    expect(s.model!.cost_estimate[1]!.formulas).toEqual({ price: '=[cost:1:price]*0.5' });
    expect(s.model!.cost_estimate[1]!.estimate.price).toBe(500_000);
    expect(cellContents(costEstimateSheet(s, 'cost'), s.engine, 1, 3)).toEqual({ address: 'D2', text: '=D1*0,5', editable: true });
    edit(s, 0, 3, '2.000.000');
    expect(costEstimateSheet(s, 'cost').data[1]![3]).toBe(1_000_000);
    s.undo();
    expect(s.model!.cost_estimate[1]!.estimate.price).toBe(500_000);
    // a value typed over the formula replaces it, as in Excel
    edit(s, 1, 3, '7');
    expect(s.model!.cost_estimate[1]!.formulas).toBeUndefined();
    expect(s.model!.cost_estimate[1]!.estimate.price).toBe(7);
  });

  it('ranges, Dutch separators, and references that are no number input', async () => {
    const s = await store();
    const def = costEstimateSheet(s, 'cost');
    expect(storedFormula(def, '=SOM(B1:B2;1,5)')).toEqual({ text: '=SUM({[cost:1:amount];[cost:2:amount]},1.5)' });
    edit(s, 1, 1, '=SUM(B1:B1;2,5)');
    expect(cellContents(costEstimateSheet(s, 'cost'), s.engine, 1, 1)!.text).toBe('=SOM(B1:B1;2,5)');
    expect(s.model!.cost_estimate[1]!.estimate.amount).toBe(3.5);
    edit(s, 1, 1, '=afronden(b1/3;2)');
    expect(s.model!.cost_estimate[1]!.formulas).toEqual({ amount: '=ROUND([cost:1:amount]/3,2)' });
    expect(s.model!.cost_estimate[1]!.estimate.amount).toBe(0.33);
    expect(storedFormula(def, '=G1*2')).toEqual({ error: 'De formule verwijst naar G1; een formule kan alleen verwijzen naar invoercellen met een getal in dit blad.' });
    expect(storedFormula(def, '=A1')).toHaveProperty('error');
  });

  it('the bar shows a computed cell\'s formula read-only, with the grid\'s references', async () => {
    const s = await store();
    expect(cellContents(costEstimateSheet(s, 'cost'), s.engine, 0, 6)).toEqual({ address: 'G1', text: '=B1*D1', editable: false });
    // Nog te faseren in Fasering: Bedrag op NCW-datum is not in that grid, so the workbook's cell is named
    const ph = phasingSheet(s, 'cost');
    const last = ph.columns.findIndex((c) => c.key === 'residualToPhase');
    const amountAtNcw = colName(s.engine!.layout.sections.cost.col.amountAtNcw!); // after the inputs, which issue 37 made one more
    expect(cellContents(ph, s.engine, 0, last)!.text).toBe(`=Kostenraming!${amountAtNcw}2-J1`);
  });
});
