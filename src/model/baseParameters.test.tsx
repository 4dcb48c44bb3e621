import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import type { ParameterRow } from '../api/contract/parameters.ts';
import { type BaseParameter, BASE_PARAMETERS, type EditableParameterKey, type ParameterType } from './baseParameters.ts';
import { globalParameter } from './globalParameters.ts';
import { GrexEngine } from '../formulas/engine.ts';
import { applyGlobalParameters } from '../formulas/globalParameters.ts';
import { templateWorkbook } from '../formulas/modelTemplate.ts';
import { LAST_PARAMETER_ROW, PARAMETER_ROWS, SHEET } from '../formulas/workbookLayout.ts';
import { ParametersStore } from '../admin/parameters/ParametersStore.ts';
import { ParameterFields, parametersOn } from '../workbench/BaseParameters.tsx';
import { example, exampleStore } from '../workbench/testing.ts';

// A base parameter is one descriptor (issue 36): this test adds one that exists only here — a percentage on a
// field the schema has (gross_area) with a global parameter of its own — and finds it on Uitgangspunten (with
// its fraction, edited in place), among the tab's fields, in the global-parameter mapping, on the global
// parameters' screen and on the template's Invoer with its defined name.

const TYPE = 'Testpercentage' as ParameterType;
vi.mock('./baseParameters.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('./baseParameters.ts')>();
  const extra: BaseParameter = {
    key: 'gross_area', label: 'Testpercentage', kind: 'percent', fraction: 'Testfractie', tab: 'other',
    global: { type: 'Testpercentage' as ParameterType, default: 0.05 },
  };
  return { ...real, PARAMETER_TYPES: [...real.PARAMETER_TYPES, 'Testpercentage'], BASE_PARAMETERS: [...real.BASE_PARAMETERS, extra] };
});

const FIELD = 'gross_area' as EditableParameterKey;
const withValue = (v: number) => {
  const m = structuredClone(example);
  m.base_parameters.gross_area = v;
  return m;
};

describe('a base parameter added as one descriptor', () => {
  it('is a row of Uitgangspunten after the existing ones, with its fraction, and an edit writes its cell', () => {
    expect(BASE_PARAMETERS.at(-1)!.label).toBe('Testpercentage');
    // the rows of today's parameters stay where they are (the export, the template and the oracle rely on them)
    expect(PARAMETER_ROWS.periodCount).toBe(20);
    const row = PARAMETER_ROWS[FIELD];
    const others = Object.entries(PARAMETER_ROWS).filter(([key]) => key !== FIELD).map(([, r]) => r);
    expect([row, LAST_PARAMETER_ROW]).toEqual([Math.max(...others) + 1, Math.max(...others) + 2]);
    const engine = new GrexEngine(withValue(5));
    const sheet = engine.sheetValues(SHEET.params);
    expect(sheet[row]).toEqual(['Testpercentage', 5]);
    expect(sheet[row + 1]).toEqual(['Testfractie', 0.05]);
    const r = engine.applyEdits([{ kind: 'parameter', field: FIELD, value: 7 }]);
    expect(r.ok && r.rebuilt).toBe(false);
    expect(engine.sheetValues(SHEET.params)[row + 1]).toEqual(['Testfractie', 0.07]);
    expect(engine.modelData.base_parameters.gross_area).toBe(7);
  });

  it('is a field of its tab, with its label and value', async () => {
    expect(parametersOn('other').map((p) => p.label)).toEqual(['Btw-percentage', 'Testpercentage']);
    const store = await exampleStore();
    store.applyEdits([{ kind: 'parameter', field: FIELD, value: 5 }]);
    const html = renderToStaticMarkup(<ParameterFields store={store} toasts={{ success() {}, error() {}, warning() {} }} tab="other" />);
    expect(html).toContain('<span>Testpercentage</span>');
    expect(html).toMatch(/id="f-gross_area"[^>]*value="5"|value="5"[^>]*id="f-gross_area"/);
  });

  it('is in the global-parameter mapping: the screen offers it, an application sets it, the template names its cell', () => {
    const g = globalParameter(TYPE);
    expect([g.label, g.kind, g.field?.key]).toEqual(['Testpercentage', 'single', FIELD]);
    const screen = new ParametersStore({} as never, () => {});
    expect(screen.single[TYPE]).toBe('5');
    expect(screen.payload()).toContainEqual(expect.objectContaining({ parameterType: TYPE, periodType: 'Uitgangspunt', valueFloat: 0.05 }));
    const rows: ParameterRow[] = [{ parameter_type: TYPE, period_type: 'Uitgangspunt', value_float: 0.03 }];
    const applied = applyGlobalParameters(withValue(4), rows);
    expect(applied.ok && applied.data.base_parameters.gross_area).toBe(3); // in the notation it replaces (4 = 4 %)
    const { sheets, names } = templateWorkbook();
    expect(names[TYPE]).toMatch(/^Invoer!\$C\$\d+$/);
    const inputRow = Number(names[TYPE]!.split('$').at(-1)) - 1;
    expect(sheets[0]!.rows[inputRow]!.slice(0, 2)).toEqual(["'Testpercentage", `'${TYPE}`]);
    const uitgangspunten = sheets.find((s) => s.name === SHEET.params)!;
    expect(uitgangspunten.rows[PARAMETER_ROWS[FIELD]]![1]).toBe(`=Invoer!$C$${inputRow + 1}`);
  });
});
