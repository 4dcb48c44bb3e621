import { describe, expect, it } from 'vitest';
import { HyperFormula } from 'hyperformula';
import type { WorkbenchStore } from './WorkbenchStore.ts';
import { exampleStore } from './testing.ts';
import { type Col, bookValueSheet, costEstimateSheet, lostPasteNotice, pastedCells, phasingSheet } from './sheets.ts';
import { interestSetNote, newParameterSet, parameterSetSheet, setNameProblem } from './parameterSetSheet.ts';
import { resolveFormula } from './formula.ts';
import { applyCellChanges } from './common.tsx';
import { cellContents } from './formulaCells.ts';
import { CREDIT_SET, INTEREST_GROUP } from '../formulas/validate.ts';

const store = exampleStore;

describe('grids as data', () => {
  it('the estimate grid turns Dutch text into engine edits and refuses bad input', async () => {
    const s = await store();
    const def = costEstimateSheet(s, 'cost');
    expect(def.columns.map((c) => c.title)).toContain('Bedrag op NCW-datum');
    expect(def.data[0]![9]).toBe(1_000_000);
    expect(def.toEdits(0, 3, '€ 1.250.000,50')).toEqual([{ kind: 'entryField', entry: 'cost', id: 1, field: 'price', value: 1250000.5 }]);
    expect(def.toEdits(0, 4, '31-12-2023')).toEqual([{ kind: 'entryField', entry: 'cost', id: 1, field: 'date', value: '2023-12-31' }]);
    expect(def.toEdits(0, 2, 'm²')).toEqual([{ kind: 'entryField', entry: 'cost', id: 1, field: 'unit', value: 'SquareMeter' }]);
    expect(def.toEdits(0, 3, 'veel')).toEqual({ error: "Post 'Bouwrijp maken', kolom Prijs: 'veel' is geen getal. Voer een getal in." });
    expect(def.toEdits(0, 0, '  ')).toEqual({ error: 'Voer een geldige naam in.' });
    expect(def.toEdits(0, 9, '5')).toEqual([]);
  });

  it('the phasing grid has one column per period and converts the method of a row', async () => {
    const s = await store();
    const def = phasingSheet(s, 'residential');
    expect(def.columns.filter((c) => c.period).map((c) => c.title)).toEqual(['2024', '2025', '2026', '2027']);
    expect(def.data[0]![7]).toBe(100);
    const edits = def.toEdits(0, 2, 'Financeel');
    expect(edits).toEqual([
      { kind: 'entryField', entry: 'residential', id: 1, field: 'phasing_method', value: 'Financeel' },
      { kind: 'entryItem', entry: 'residential', id: 1, list: 'phasing', period: 'PER_03', value: 100, valueType: 'Financeel' },
    ]);
    expect(def.toEdits(0, 5, '')).toEqual([{ kind: 'entryItem', entry: 'residential', id: 1, list: 'phasing', period: 'PER_01', value: null, valueType: 'Procentueel' }]);
  });

  it('parameter sets: unique names per group, new sets at 2,0', async () => {
    const s = await store();
    expect(setNameProblem(s.model!, 'Indexing_FutureIndex', 'kostenstijging')).toBe('Deze naam bestaat al. Kies een unieke naam');
    expect(setNameProblem(s.model!, 'Indexing_FutureIndex', ' ')).toBe('Voer een geldige naam in.');
    expect(setNameProblem(s.model!, 'Interest_Percentage', 'Kostenstijging')).toBeNull();
    const set = newParameterSet(s, 'Indexing_FutureIndex', 'Grond');
    expect(set.set_base_value).toBe(2);
    expect(set.set_values.map((v) => [v.period_label, v.period_value])).toEqual([['2024', 2], ['2025', 2], ['2026', 2], ['2027', 2]]);
    const def = parameterSetSheet(s, 'Interest_Percentage');
    expect(def.toEdits(0, 1, '3,5')).toEqual([{ kind: 'setValue', group: 'Interest_Percentage', name: 'RentepercentageNegatiefSaldo', label: null, value: 3.5 }]);
  });

  it('shows codes as Dutch words: the interest sets, the phasing method Financieel, the unit Post (issue 15)', async () => {
    const s = await store();
    expect(parameterSetSheet(s, 'Interest_Percentage').data.map((r) => r[0])).toEqual(['Rente negatief saldo', 'Rente positief saldo']);
    const phasing = phasingSheet(s, 'residential');
    const method = phasing.columns.findIndex((c) => c.key === 'phasing_method');
    expect(phasing.columns[method]!.options!.map((o) => o.label)).toEqual(['Financieel', 'Procentueel']);
    expect(phasing.toEdits(0, method, 'Financieel')).toEqual(phasing.toEdits(0, method, 'Financeel'));
    const estimate = costEstimateSheet(s, 'cost');
    expect(estimate.columns.find((c) => c.key === 'unit')!.options!.find((o) => o.value === 'Item')!.label).toBe('Post');
  });
  it('a cell opened and left with Enter (or copied and pasted back) writes the value it holds', async () => {
    const s = await store();
    // € 261.110.782,09: rounded to ten decimals its edit text was '261110782,09000003'
    for (const price of [261110782.09, 2e-11]) {
      expect(s.applyEdits([{ kind: 'entryField', entry: 'cost', id: 1, field: 'price', value: price }])).toBeNull();
      const def = costEstimateSheet(s, 'cost');
      const text = cellContents(def, s.engine, 0, 3)!.text;
      expect(def.toEdits(0, 3, text)).toEqual([{ kind: 'entryField', entry: 'cost', id: 1, field: 'price', value: price }]);
    }
  });
});

describe('formulas typed into input cells', () => {
  const grid = [[1, 2, 3], [4, 5, 6]];
  const at = (r: number, c: number) => grid[r]?.[c] ?? 0;
  const hf = HyperFormula.buildEmpty({ licenseKey: 'gpl-v3' });
  hf.addSheet('S');
  const calc = (f: string) => hf.calculateFormula(resolveFormula(f, at), 0);
  it('references, ranges, functions and Dutch decimals', () => {
    expect(resolveFormula('=B1*2', at)).toBe('=2*2');
    expect(calc('=B1*2')).toBe(4);
    expect(calc('=sum(A1:C2)')).toBe(21);
    expect(calc('=A2*1,5')).toBe(6);
    expect(calc('=ROUND(C2/4;0)')).toBe(2);
    expect(calc('=SUM(A1;B1)')).toBe(3);
  });
});

describe('pasting a block', () => {
  const col = (key: string, extra: Partial<Col> = {}): Col => ({ key, title: key, kind: 'number', width: 80, ...extra });
  const def = {
    columns: [col('label', { kind: 'text', readOnly: true }), col('a'), col('b'), col('total', { computed: true }), col('c')],
    data: Array.from({ length: 4 }, () => [null, null, null, null, null]),
  };

  it('writes the block from the top-left corner of the selection, clipped to the sheet, skipping read-only and computed cells', () => {
    const { cells, area } = pastedCells(def, [['1', '2', '3', '4', '5']], { row: 3, col: 1 }, { row: 3, col: 1 });
    expect(cells).toEqual([[3, 1, '1'], [3, 2, '2'], [3, 4, '4']]);
    expect(area).toEqual({ row: 3, col: 1, lastRow: 3, lastCol: 4 });
    expect(pastedCells(def, [['1'], ['2']], { row: 3, col: 0 }, { row: 3, col: 0 }).cells).toEqual([]);
  });

  it('counts the values it cannot take — below or right of the grid, on a computed cell — so that the paste says so', () => {
    // a row of five values from column 1: '3' on the computed total, '5' right of the grid
    expect(pastedCells(def, [['1', '2', '3', '4', '5']], { row: 3, col: 1 }, { row: 3, col: 1 }).lost).toBe(2);
    // six rows from row 2 of four: rows 4 and 5 fall below the grid (empty cells lose nothing)
    expect(pastedCells(def, [['1'], ['2'], ['3'], ['4'], [''], [null]], { row: 2, col: 1 }, { row: 2, col: 1 }).lost).toBe(2);
    // the label column is skipped, not lost; a block that fits loses nothing
    expect(pastedCells(def, [['Post', '1', '2']], { row: 0, col: 0 }, { row: 0, col: 0 }).lost).toBe(0);
    // nothing fits: every value is lost, and said
    expect(pastedCells({ ...def, data: [] }, [['1', '2']], { row: 0, col: 1 }, { row: 0, col: 1 })).toMatchObject({ cells: [], lost: 2 });
    expect(lostPasteNotice(1)).toBe('1 geplakte waarde is niet overgenomen: die viel buiten de tabel of op een berekende cel.');
    expect(lostPasteNotice(2)).toBe('2 geplakte waarden zijn niet overgenomen: ze vielen buiten de tabel of op berekende cellen.');
  });

  it('repeats a smaller block to fill a larger selection, as Handsontable does', () => {
    const { cells, area } = pastedCells(def, [['x']], { row: 1, col: 1 }, { row: 2, col: 2 });
    expect(cells).toEqual([[1, 1, 'x'], [1, 2, 'x'], [2, 1, 'x'], [2, 2, 'x']]);
    expect(area).toEqual({ row: 1, col: 1, lastRow: 2, lastCol: 2 });
    expect(pastedCells(def, [['1', '2'], ['3', '4']], { row: 0, col: 1 }, { row: 2, col: 2 }).cells)
      .toEqual([[0, 1, '1'], [0, 2, '2'], [1, 1, '3'], [1, 2, '4'], [2, 1, '1'], [2, 2, '2']]);
  });

  it('an empty block writes nothing', () => {
    expect(pastedCells(def, [], { row: 0, col: 1 }, { row: 0, col: 1 })).toEqual({ cells: [], area: null, notation: 'nl', lost: 0 });
  });

  it('reads a block from an English Excel in English, so that 1.234 beside 12.5 is not a silent 1.234', () => {
    const text = { ...def, columns: [col('label', { kind: 'text' }), col('a', { kind: 'money' }), col('b', { kind: 'pct' })] };
    const english = pastedCells(text, [['Grond 1.5', '1.234', '12.5%'], ['B', '1,234.56', '=A1*1.5']], { row: 0, col: 0 }, { row: 0, col: 0 });
    expect(english.notation).toBe('en');
    expect(english.cells).toEqual([[0, 0, 'Grond 1.5'], [0, 1, '1,234'], [0, 2, '12,5%'], [1, 0, 'B'], [1, 1, '1.234,56'], [1, 2, '=A1*1.5']]);
    const dutch = pastedCells(text, [['A', '1.234', '12,5%']], { row: 0, col: 0 }, { row: 0, col: 0 });
    expect(dutch).toMatchObject({ notation: 'nl', cells: [[0, 0, 'A'], [0, 1, '1.234'], [0, 2, '12,5%']] });
  });
});

describe('the grids\' Excel habits (issue 15): rows are entries, changes are one undo step', () => {
  const toaster = () => {
    const said: string[] = [];
    return { said, error: (m: string) => void said.push(m), warning: (m: string) => void said.push(m), success: (m: string) => void said.push(m) };
  };
  const labels = (s: WorkbenchStore) => s.model!.cost_estimate.map((e) => e.label);

  it('inserts an entry above and below a row, each one undo step the engine recomputes', async () => {
    const s = await store();
    expect(s.insertEntry('cost', 0)).toBeNull(); // above row 0
    expect(labels(s)).toEqual(['Nieuwe post', 'Bouwrijp maken']);
    expect(s.insertEntry('cost', 2)).toBeNull(); // below row 1
    expect(labels(s)).toEqual(['Nieuwe post', 'Bouwrijp maken', 'Nieuwe post 2']);
    expect(s.results!.entries.cost!.map((e) => e.id)).toEqual(s.model!.cost_estimate.map((e) => e.id));
    expect(new Set(s.model!.cost_estimate.map((e) => e.id)).size).toBe(3);
    expect(s.undoStack).toHaveLength(2);
    s.undo();
    expect(labels(s)).toEqual(['Nieuwe post', 'Bouwrijp maken']);
    s.undo();
    expect(labels(s)).toEqual(['Bouwrijp maken']);
    expect(s.insertEntry('residential', 5, 'Huurwoningen')).toBeNull(); // past the end: last
    expect(s.model!.residential_construction.map((e) => e.label)).toEqual(['Koopwoningen', 'Huurwoningen']);
  });

  it('refuses an inserted entry whose label is empty or taken', async () => {
    const s = await store();
    expect(s.insertEntry('cost', 1, 'bouwrijp MAKEN')).toEqual([{ path: 'label', message: 'Deze naam bestaat al. Kies een unieke naam' }]);
    expect(s.insertEntry('cost', 1, ' ')).toEqual([{ path: 'label', message: 'Voer een geldige naam in.' }]);
    expect(s.undoStack).toHaveLength(0);
  });

  it('deletes entries as one undo step; the figures follow and come back', async () => {
    const s = await store();
    const ncw = s.results!.ncw;
    s.insertEntry('cost', 1, 'Sloop');
    expect(s.deleteEntries('cost', s.model!.cost_estimate.map((e) => e.id))).toBeNull();
    expect(s.model!.cost_estimate).toEqual([]);
    expect(s.results!.ncw).not.toBeCloseTo(ncw, 2);
    s.undo();
    expect(labels(s)).toEqual(['Bouwrijp maken', 'Sloop']);
    expect(s.results!.ncw).toBeCloseTo(ncw, 6);
  });

  it('clearing a block (Delete) is one undo step; cells that need a value keep it and the toast names them', async () => {
    const s = await store();
    const t = toaster();
    const phasing = phasingSheet(s, 'cost');
    applyCellChanges(s, t, phasing, [{ row: 0, col: 5, value: null }, { row: 0, col: 6, value: null }], { clear: true });
    expect(s.model!.cost_estimate[0]!.phasing.phasing_items).toEqual([]);
    expect(s.undoStack).toHaveLength(1);
    expect(t.said).toEqual([]);
    s.undo();
    expect(s.model!.cost_estimate[0]!.phasing.phasing_items.map((i) => i.value)).toEqual([500_000, 500_000]);

    const estimate = costEstimateSheet(s, 'cost');
    applyCellChanges(s, t, estimate, [0, 1, 2, 3].map((col) => ({ row: 0, col, value: null })), { clear: true });
    expect(t.said).toEqual(['Verplichte cellen zijn niet leeggemaakt: Omschrijving, Hoeveelheid, Eenheid, Prijs.']);
    expect(s.model!.cost_estimate[0]!.estimate).toMatchObject({ amount: 1, unit: 'Item', price: 1_000_000 });
  });

  it('the book-value grid refuses a value after the NCW date with a 10-second toast and takes the others', async () => {
    const s = await store();
    const timeouts: (number | undefined)[] = [];
    const t = { ...toaster(), error: (m: string, timeout?: number) => void (timeouts.push(timeout), t.said.push(m)) };
    const book = bookValueSheet(s, 'cost', new Map());
    // Columns 3 and 4 are 2024 (the NCW date's period) and 2025 (after Omschrijving, Gerealiseerd vóór …, Soort).
    applyCellChanges(s, t, book, [{ row: 0, col: 3, value: '1.000' }, { row: 0, col: 4, value: '2.000' }]);
    expect(s.model!.cost_estimate[0]!.bookvalue.bookvalue_items).toEqual([{ period: 'PER_01', value_type: 'Financeel', value: 1000 }]);
    expect(t.said).toEqual(['De startdatum van periode 2025 (01-01-2025) ligt na de NCW-datum (01-01-2024); boek alleen in perioden tot en met die van de NCW-datum.']);
    expect(timeouts).toEqual([10_000]);
    expect(book.toEdits(0, 4, '')).toEqual([{ kind: 'entryItem', entry: 'cost', id: 1, list: 'bookvalue', period: 'PER_02', value: null, valueType: 'Financeel' }]);
  });

  it("under BBV the interest panel says that 'Rente positief saldo' does not count (issue 35 item 9)", async () => {
    const s = await store();
    s.applyEdits([{ kind: 'parameter', field: 'interest_calculation_method', value: 'Traditional' }]);
    expect(interestSetNote(s.model!)).toBeNull();
    s.applyEdits([{ kind: 'parameter', field: 'interest_calculation_method', value: 'BBV' }]);
    // what the note says: the credit rate changes nothing under BBV
    const ew = s.results!.ew;
    s.applyEdits([{ kind: 'setValue', group: INTEREST_GROUP, name: CREDIT_SET, label: null, value: 9 }]);
    expect(s.results!.ew).toBe(ew);
    expect(interestSetNote(s.model!)).toBe("Conform BBV wordt de rente berekend over het saldo op 1 januari met 'Rente negatief saldo', ook bij een positief saldo; 'Rente positief saldo' telt dan niet mee.");
  });

  it("a paste into a choice column takes the choice named exactly or by a start only it has, and names each refused cell with the choices (issue 35 item 6)", async () => {
    const s = await store();
    s.insertEntries('cost', 1, ['Sloop A', 'Sloop B', 'Sloop C']);
    const phasing = phasingSheet(s, 'cost');
    const sectie = phasing.columns.findIndex((c) => c.key === 'phasing_section_type');
    const t = toaster();
    // 'Sloop' is the start of Sloopkosten only; 'sanering' names Sanering; 'S' starts two choices, 'Grond' none
    applyCellChanges(s, t, phasing, [[1, 'Sloop'], [2, 'sanering'], [3, 'S'], [0, 'Grond']].map(([row, value]) => ({ row: row as number, col: sectie, value })));
    expect(s.model!.cost_estimate.map((e) => e.phasing.phasing_section_type)).toEqual(['Sanering', 'Sloopkosten', 'Sanering', 'Sanering']);
    const choices = 'Verwerving, Sloopkosten, Sanering, Bouwrijp maken, Woonrijp maken, Plankosten, Voorbereiding en toezicht, Onvoorzien, Overige kosten';
    expect(t.said).toEqual([
      `Categorie bij 'Sloop C' niet overgenomen: 'S' is geen keuze uit de lijst; kies uit ${choices}. `
      + `Categorie bij 'Bouwrijp maken' niet overgenomen: 'Grond' is geen keuze uit de lijst; kies uit ${choices}.`,
    ]);
  });

  it('a post inserted below another takes its category, and the Raming grid shows and edits it (issue 35 item 6)', async () => {
    const s = await store();
    expect(s.model!.cost_estimate[0]!.phasing.phasing_section_type).toBe('Sanering');
    s.insertEntries('cost', 1, ['Nieuw']);
    s.insertEntries('cost', 0, ['Eerst']);
    expect(s.model!.cost_estimate.map((e) => [e.label, e.phasing.phasing_section_type])).toEqual([['Eerst', 'Verwerving'], ['Bouwrijp maken', 'Sanering'], ['Nieuw', 'Sanering']]);
    const raming = costEstimateSheet(s, 'cost');
    const cat = raming.columns.findIndex((c) => c.title === 'Categorie');
    expect(raming.data.slice(0, 3).map((r) => r[cat])).toEqual(['Verwerving', 'Sanering', 'Sanering']);
    expect(raming.toEdits(2, cat, 'Plan')).toEqual([{ kind: 'entryField', entry: 'cost', id: 2, field: 'phasing_section_type', value: 'Plankosten' }]);
  });

  it('a phasing row longer than the model\'s periods: the values that fit are taken, the others are said to be lost', async () => {
    const s = await store();
    // the first post phased over the whole calculation (its phase would bound it to 2024–2025)
    s.replaceModel((d) => {
      d.base_parameters.phasing_costs_revenues = [];
      d.cost_estimate[0]!.phasing.end_date = d.base_parameters.phasing_calculation_end_date;
    });
    const phasing = phasingSheet(s, 'cost');
    const first = phasing.columns.findIndex((c) => c.period);
    // six years pasted onto four periods: the last two land on Totaal gefaseerd and Nog te faseren
    const { cells, lost } = pastedCells(phasing, [['100', '200', '300', '400', '500', '600']], { row: 0, col: first }, { row: 0, col: first });
    expect(lost).toBe(2);
    const t = toaster();
    applyCellChanges(s, t, phasing, cells.map(([row, col, value]) => ({ row, col, value })), { notice: lostPasteNotice(lost) });
    expect(s.model!.cost_estimate[0]!.phasing.phasing_items.map((i) => i.value)).toEqual([100, 200, 300, 400]);
    expect(t.said).toEqual(['2 geplakte waarden zijn niet overgenomen: ze vielen buiten de tabel of op berekende cellen.']);
    // nothing fits (only the totals): said all the same, and nothing changes
    const before = s.canUndo;
    const none = pastedCells(phasing, [['1', '2']], { row: 0, col: phasing.columns.length - 2 }, { row: 0, col: phasing.columns.length - 2 });
    const t2 = toaster();
    applyCellChanges(s, t2, phasing, none.cells.map(([row, col, value]) => ({ row, col, value })), { notice: lostPasteNotice(none.lost) });
    expect(t2.said).toEqual(['2 geplakte waarden zijn niet overgenomen: ze vielen buiten de tabel of op berekende cellen.']);
    expect(s.canUndo).toBe(before);
  });

  it('the book-value grid shows what was realised before the start as an input, titled with the model\'s dates; editing it changes A and the results (issue 37)', async () => {
    const s = await store();
    const book = bookValueSheet(s, 'cost', new Map());
    const col = book.columns.findIndex((c) => c.key === 'realised_before_start');
    expect(col).toBe(1);
    // the worked example: start 01-01-2024, NCW date 01-01-2024
    expect(book.columns[col]).toMatchObject({ title: 'Gerealiseerd vóór 01-01-2024 (prijspeil 01-01-2024)', kind: 'money' });
    expect(book.data[0]![col]).toBeNull();
    const before = { ...s.results!.entries.cost![0]! };
    const { bookedCosts, totalCosts } = s.results!;
    applyCellChanges(s, toaster(), book, [{ row: 0, col, value: '250.000' }]);
    expect(s.model!.cost_estimate[0]!.bookvalue.realised_before_start).toBe(250_000);
    const after = s.results!.entries.cost![0]!;
    expect(after.totalBooked).toBe(before.totalBooked + 250_000);
    expect(after.amountAtNcw).toBe(before.amountAtNcw - 250_000);
    expect(after.residualToPhase).toBe(before.residualToPhase - 250_000);
    // calculation.md §8.2: booked and total costs both count it (POC)
    expect([s.results!.bookedCosts, s.results!.totalCosts]).toEqual([bookedCosts + 250_000, totalCosts + 250_000]);
    expect(bookValueSheet(s, 'cost', new Map()).data[0]![col]).toBe(250_000);
    // cleared, it is absent again (= 0)
    applyCellChanges(s, toaster(), bookValueSheet(s, 'cost', new Map()), [{ row: 0, col, value: '' }]);
    expect(s.model!.cost_estimate[0]!.bookvalue).not.toHaveProperty('realised_before_start');
    expect(s.results!.entries.cost![0]!.amountAtNcw).toBe(before.amountAtNcw);
  });

  it("the book-value grid's Soort shows the word 'Financieel', not the data's code 'Financeel' (issue 25 item 14)", async () => {
    const s = await store();
    const book = bookValueSheet(s, 'cost', new Map());
    const soort = book.columns.findIndex((c) => c.key === 'type');
    expect(book.data[0]![soort]).toBe('Financieel');
    expect(book.columns[soort]!.options!.map((o) => o.label)).toEqual(['Financieel', 'Procentueel']);
    // Choosing the shown word keeps the code in the data.
    applyCellChanges(s, toaster(), book, [{ row: 0, col: soort, value: 'Procentueel' }]);
    expect(bookValueSheet(s, 'cost', new Map([['cost|1', 'Procentueel']])).data[0]![soort]).toBe('Procentueel');
  });

  it('text typed into the empty last row of the estimate adds an entry; a reader gets no such row', async () => {
    const s = await store();
    const def = costEstimateSheet(s, 'cost');
    expect(def.data).toHaveLength(2);
    expect(def.data[1]!.every((v) => v === null)).toBe(true);
    applyCellChanges(s, toaster(), def, [{ row: 1, col: 0, value: ' Grondaankoop ' }]);
    expect(labels(s)).toEqual(['Bouwrijp maken', 'Grondaankoop']);
    expect(costEstimateSheet(s, 'cost').data).toHaveLength(3);
    s.undo();
    expect(labels(s)).toEqual(['Bouwrijp maken']);
    expect(phasingSheet(s, 'cost').spare).toBeUndefined();
  });

  it('a unit cell takes what a modeller types and refuses the rest with the list of units', async () => {
    const s = await store();
    const def = costEstimateSheet(s, 'cost');
    expect(def.toEdits(0, 2, 'm2')).toEqual([{ kind: 'entryField', entry: 'cost', id: 1, field: 'unit', value: 'SquareMeter' }]);
    expect(def.toEdits(0, 2, 'stuks')).toEqual([{ kind: 'entryField', entry: 'cost', id: 1, field: 'unit', value: 'Pieces' }]);
    expect(def.toEdits(0, 2, 'm')).toEqual([{ kind: 'entryField', entry: 'cost', id: 1, field: 'unit', value: 'Meter' }]);
    expect(def.toEdits(0, 2, 'm4')).toEqual({ error: "Onbekende eenheid 'm4'. Kies een van: m, m², Ha, m³, Stuks, Post, Percentage, Euro, Uren." });
  });

  it('a percentage typed with % is that percentage, in the notation of the value it replaces', async () => {
    const s = await store();
    const sets = parameterSetSheet(s, 'Interest_Percentage');
    const set = (value: number) => [{ kind: 'setValue', group: 'Interest_Percentage', name: 'RentepercentageNegatiefSaldo', label: null, value }];
    // The stored 2 is in the ×100 notation: 2,5 % stays in it; 1 % cannot (1 = 100 %) and becomes a fraction.
    expect(sets.toEdits(0, 1, '2,5%')).toEqual(set(2.5));
    expect(sets.toEdits(0, 1, '1%')).toEqual(set(0.01));
    expect(sets.toEdits(0, 1, '0,5 %')).toEqual(set(0.005));
    expect(sets.toEdits(0, 1, '1')).toEqual(set(1));
    // A row phased in percentages: '40%' over a stored 100 stays in the ×100 notation.
    expect(phasingSheet(s, 'residential').toEdits(0, 7, '40%')).toEqual([{ kind: 'entryItem', entry: 'residential', id: 1, list: 'phasing', period: 'PER_03', value: 40, valueType: 'Procentueel' }]);
  });

  it("'%' outside a percentage cell: a quantity in unit Percentage reads it, a € cell refuses it naming the cell (issue 35.2)", async () => {
    const s = await store();
    const t = toaster();
    const amount = (def = costEstimateSheet(s, 'cost')) => def.columns.findIndex((c) => c.key === 'amount');
    // Hoeveelheid of a post in Item: refused, not 12,5 × the price
    applyCellChanges(s, t, costEstimateSheet(s, 'cost'), [{ row: 0, col: amount(), value: '12,5%' }]);
    expect(s.model!.cost_estimate[0]!.estimate.amount).toBe(1);
    expect(t.said).toEqual(["Post 'Bouwrijp maken', kolom Hoeveelheid: '12,5%' is een percentage; een hoeveelheid in procenten kan alleen bij eenheid Percentage. Kies die eerst als eenheid."]);
    // … in unit Percentage: 12,5 % of the price, and shown so
    s.applyEdits([{ kind: 'entryField', entry: 'cost', id: 1, field: 'unit', value: 'Percentage' }]);
    applyCellChanges(s, t, costEstimateSheet(s, 'cost'), [{ row: 0, col: amount(), value: '12,5%' }]);
    expect(s.model!.cost_estimate[0]!.estimate.amount).toBe(0.125);
    const def = costEstimateSheet(s, 'cost');
    expect(def.columns[amount(def)]!.shareRows).toEqual([true]);
    expect(s.results!.entries.cost![0]!.estimate).toBeCloseTo(125_000, 2);
    // A price and a Financeel phasing cell refuse '%' and say what they expect
    applyCellChanges(s, t, def, [{ row: 0, col: 3, value: '50%' }]);
    const phasing = phasingSheet(s, 'cost');
    const first = phasing.columns.findIndex((c) => c.period);
    applyCellChanges(s, t, phasing, [{ row: 0, col: first, value: '50%' }, { row: 0, col: first + 1, value: '100%' }]);
    expect(t.said.slice(1)).toEqual([
      "Post 'Bouwrijp maken', kolom Prijs: '50%' is een percentage; deze cel verwacht een bedrag in euro's.",
      "Post 'Bouwrijp maken', kolom 2024: '50%' is een percentage; deze cel verwacht een bedrag in euro's. Wilt u in procenten faseren, kies dan bij Faseringsmethode 'Procentueel'.",
    ]);
    expect(s.model!.cost_estimate[0]!.estimate.price).toBe(1_000_000);
    expect(s.model!.cost_estimate[0]!.phasing.phasing_items.map((i) => i.value)).toEqual([500_000, 500_000]);
  });

  it('a number with a space or stray character inside is refused, naming the post and the cell (issue 35.3)', async () => {
    const s = await store();
    const t = toaster();
    applyCellChanges(s, t, costEstimateSheet(s, 'cost'), [{ row: 0, col: 3, value: '390.000 25%' }, { row: 0, col: 1, value: '450\t575' }]);
    expect(s.model!.cost_estimate[0]!.estimate).toMatchObject({ amount: 1, price: 1_000_000 });
    expect(t.said).toEqual(["Post 'Bouwrijp maken', kolom Prijs: '390.000 25%' is geen getal. Voer een getal in."]);
    applyCellChanges(s, t, costEstimateSheet(s, 'cost'), [{ row: 0, col: 1, value: '450\t575' }]);
    expect(t.said[1]).toBe("Post 'Bouwrijp maken', kolom Hoeveelheid: '450\t575' is geen getal. Voer een getal in.");
    // pasted, alone or in an English block, it is quoted as pasted
    const pasted = pastedCells(costEstimateSheet(s, 'cost'), [['390.000 25%'], ['12.5']], { row: 0, col: 3 }, { row: 0, col: 3 });
    expect([pasted.notation, pasted.cells[0]![2]]).toEqual(['en', '390.000 25%']);
    expect(pastedCells(costEstimateSheet(s, 'cost'), [['390.000 25%']], { row: 0, col: 3 }, { row: 0, col: 3 }).notation).toBe('nl');
    applyCellChanges(s, t, costEstimateSheet(s, 'cost'), [{ row: 0, col: 3, value: '€ 1 250 000' }]);
    expect(s.model!.cost_estimate[0]!.estimate.price).toBe(1_250_000);
  });
});
