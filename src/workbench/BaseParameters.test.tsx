import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ParameterFields } from './BaseParameters.tsx';
import { exampleStore, workerEngine } from './testing.ts';
import { formatDutchDate } from '../lib/dutchNumber.ts';
import { PARAMETER_ROWS, SHEET } from '../formulas/workbookLayout.ts';

// Issue 37 on the Uitgangspunten tab: the opening book value is a field of Fasering named after the model's
// start date, with the ledger's meaning under it; it is optional (empty = 0), a number, and it moves the results.

const toasts = { success() {}, error() {}, warning() {} };

describe('Boekwaarde per <startdatum>', () => {
  it('is a field of Fasering named after the start date, with its help text, empty while absent', async () => {
    const store = await exampleStore();
    const start = formatDutchDate(store.model!.base_parameters.phasing_calculation_start_date);
    const html = renderToStaticMarkup(<ParameterFields store={store} toasts={toasts} tab="phasing" />);
    expect(html).toContain(`<span>Boekwaarde per ${start}</span>`);
    expect(html).toMatch(/<input[^>]*id="f-opening_book_value"[^>]*>/);
    expect(html).toMatch(/aria-describedby="f-opening_book_value-help"[^>]*value=""|value=""[^>]*aria-describedby="f-opening_book_value-help"/);
    expect(html).toContain(`id="f-opening_book_value-help" class="gs-wb-help">Boekwaarde per ${start}: Het saldo van de grondexploitatie op de startdatum volgens de boekhouding`);
  });

  it('an amount changes the results and the Uitgangspunten cell in place; no value is 0 again; text is refused in Dutch', async () => {
    const store = await exampleStore();
    const before = store.results!.ew;
    expect(store.applyEdits([{ kind: 'parameter', field: 'opening_book_value', value: 500_000 }])).toBeNull();
    expect(store.model!.base_parameters.opening_book_value).toBe(500_000);
    expect(workerEngine(store.engine!).sheetValues(SHEET.params)[PARAMETER_ROWS.opening_book_value]![1]).toBe(500_000);
    // a positive balance is still to be recovered: the end value drops by at least the amount
    expect(store.results!.ew).toBeLessThan(before - 500_000);
    expect(renderToStaticMarkup(<ParameterFields store={store} toasts={toasts} tab="phasing" />)).toMatch(/id="f-opening_book_value"[^>]*value="500.000,00"/);
    expect(store.applyEdits([{ kind: 'parameter', field: 'opening_book_value', value: null }])).toBeNull();
    expect('opening_book_value' in store.model!.base_parameters).toBe(false);
    expect(store.results!.ew).toBeCloseTo(before, 6);
    const refused = store.applyEdits([{ kind: 'parameter', field: 'opening_book_value', value: 'veel' }]);
    expect(refused).toEqual([{ path: 'base_parameters.opening_book_value', message: 'Voer een getal in.' }]);
  });
});
