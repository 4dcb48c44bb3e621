// Shared by the spreadsheet-model tests (savedWorkbook.test.ts, modelTemplate.libreoffice.test.ts):
// the worked example in the template's layout, inputs that change its results, and the engine's answer.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import type { ModelData } from '../../src/model/modelData.ts';
import type { ParameterRow } from '../../src/api/contract/parameters.ts';
import { GrexEngine } from '../../src/formulas/engine.ts';
import { templateModelData } from '../../src/formulas/modelTemplate.ts';
import type { WorkbookResults } from '../../src/formulas/savedWorkbook.ts';

const workedPath = fileURLToPath(new URL('../../src/formulas/examples/worked-example.model.json', import.meta.url));
/** The worked example in the template's layout: its entries give the results something to change. */
export function workedTemplateModel(): ModelData {
  const m = JSON.parse(readFileSync(workedPath, 'utf8')) as ModelData;
  m.base_parameters.space_usage = templateModelData().base_parameters.space_usage;
  return m;
}

/** Rates, VAT, discount rate and a period value that differ from the worked example's; NCW date in the same period. */
export const CHANGED: ParameterRow[] = [
  { parameter_type: 'RentepercentageNegatiefSaldo', period_type: 'Uitgangspunt', value_float: 0.035 },
  { parameter_type: 'RentepercentageNegatiefSaldo', period_type: 'Per02', value_float: 0.05 },
  { parameter_type: 'RentepercentagePositiefSaldo', period_type: 'Uitgangspunt', value_float: 0.01 },
  { parameter_type: 'RekenrenteContanteWaardeDisconteringsvoet', period_type: 'Uitgangspunt', value_float: 0.04 },
  { parameter_type: 'Kostenstijging', period_type: 'Uitgangspunt', value_float: 0.03 },
  { parameter_type: 'Kostenstijging', period_type: 'Per03', value_float: 0.06 },
  { parameter_type: 'Opbrengstenstijging', period_type: 'Uitgangspunt', value_float: 0.015 },
  { parameter_type: 'BtwPercentage', period_type: 'Uitgangspunt', value_float: 0.09 },
  { parameter_type: 'NcwDatum', value_date: '2024-07-01' },
];

/** The engine's results in the reader's shape. */
export function engineResults(model: ModelData): Omit<WorkbookResults, 'recalculated'> {
  const e = new GrexEngine(model);
  try {
    const r = e.results;
    return {
      ew: r.ew, ncw: r.ncw, verliesvoorziening: r.verliesvoorziening,
      periods: r.periods.map((p) => ({ label: p.label, costs: p.costs, revenues: p.revenues, balance: p.balance })),
    };
  } finally {
    e.destroy();
  }
}

/** Equal to 0,005 € in every number. */
export function expectSameResults(actual: Omit<WorkbookResults, 'recalculated'>, expected: Omit<WorkbookResults, 'recalculated'>) {
  const round = (r: Omit<WorkbookResults, 'recalculated'>) => JSON.parse(JSON.stringify({ ew: r.ew, ncw: r.ncw, verliesvoorziening: r.verliesvoorziening, periods: r.periods }), (_, v: unknown) => (typeof v === 'number' ? Math.round(v * 100) / 100 : v));
  expect(round(actual)).toEqual(round(expected));
}

