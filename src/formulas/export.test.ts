// The online model's xlsx export holds every input the modeller typed (a modeller checks the file in
// Excel against the tool): each leaf value of the model data is a cell of the file, for every section.
import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { ModelData } from '../model/modelData.ts';
import { GrexEngine } from './engine.ts';
import { exportXlsx } from './export.ts';

const example = JSON.parse(readFileSync(new URL('./examples/full-exploitation.model.json', import.meta.url), 'utf8')) as ModelData;

async function exported(model: ModelData): Promise<ExcelJS.Workbook> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await exportXlsx(new GrexEngine(structuredClone(model)))) as unknown as ArrayBuffer);
  return wb;
}

/** Every value the file holds as typed (no formula results), as text; dates as yyyy-mm-dd too. */
function typedValues(wb: ExcelJS.Workbook): Set<string> {
  const found = new Set<string>();
  wb.eachSheet((ws) => ws.eachRow((row) => row.eachCell((c) => {
    const v = c.value as unknown;
    if (v instanceof Date) found.add(v.toISOString().slice(0, 10));
    else if (typeof v === 'number') {
      found.add(String(v));
      if (c.numFmt === 'dd-mm-yyyy') found.add(new Date(Date.UTC(1899, 11, 30) + v * 86_400_000).toISOString().slice(0, 10));
    } else if (v !== null && typeof v !== 'object') found.add(String(v));
  })));
  return found;
}

/** The model's leaf values that the file does not hold, with their paths. */
function missingLeaves(model: ModelData, found: Set<string>): string[] {
  const missing: string[] = [];
  const walk = (x: unknown, path: string) => {
    if (x == null) return;
    if (Array.isArray(x)) x.forEach((y, i) => walk(y, `${path}[${i}]`));
    else if (typeof x === 'object') for (const [k, v] of Object.entries(x as object)) walk(v, `${path}.${k}`);
    else if (!found.has(String(x))) missing.push(`${path} = ${String(x)}`);
  };
  walk(model, 'model');
  return missing;
}

describe('the xlsx export holds every input', () => {
  it('every value of every section, the phases of Fasering included', async () => {
    const model = structuredClone(example);
    // Values found nowhere else in the file, so that a coincidence cannot hide a missing one.
    model.base_parameters.phasing_costs_revenues = [
      { phase_name: 'Bouwrijp maken oost', phase_group: 'Cost', phase_start_date: '2024-02-01', phase_end_date: '2025-11-17' },
      { phase_name: 'Uitgifte kavels', phase_group: 'Revenue', phase_start_date: '2026-01-01', phase_end_date: '2026-10-13' },
    ];
    expect(missingLeaves(model, typedValues(await exported(model)))).toEqual([]);
  });

  it('the phases are a sheet of their own: name, kind (with its Dutch word), start and end as dates', async () => {
    const model = structuredClone(example);
    model.base_parameters.phasing_costs_revenues = [
      { phase_name: 'Bouwrijp maken oost', phase_group: 'Cost', phase_start_date: '2024-02-01', phase_end_date: '2025-11-17' },
    ];
    const ws = (await exported(model)).getWorksheet('Fasen')!;
    expect(ws.getRow(1).values).toEqual([undefined, 'Fase', 'Soort fase', 'Startdatum', 'Einddatum']);
    expect(ws.getRow(2).values).toEqual([undefined, 'Bouwrijp maken oost', 'Cost', new Date('2024-02-01T00:00:00Z'), new Date('2025-11-17T00:00:00Z')]);
    expect(ws.getCell(2, 2).numFmt).toBe(';;;"Kosten"'); // shown as the word, holding the code
    expect(ws.getCell(2, 3).numFmt).toBe('dd-mm-yyyy');
  });
});
