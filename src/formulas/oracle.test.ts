// Oracle: LibreOffice recalculates the xlsx exports; every computed cell must match the engine.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ModelData } from '../model/modelData.ts';
import { GrexEngine } from './engine.ts';
import { exportXlsx } from './export.ts';
import { arbModel } from '../../test/formulas/arbitraries.ts';
import { ensureProgram } from '../../scripts/ensure.ts';
import { readXlsxValues, recalcWithLibreOffice } from '../../test/formulas/libreoffice.ts';
import { wholeExploitation } from '../../test/formulas/largeModel.ts';
import { a1 } from './workbookRefs.ts';
import { NOMINAL_CHECK_TITLE } from './nominalAudit.ts';
import { rolloverModel } from './annual/rollover.ts';

const workedPath = fileURLToPath(new URL('./examples/worked-example.model.json', import.meta.url));
const cliPath = fileURLToPath(new URL('./cli.ts', import.meta.url));
const worked = (): ModelData => JSON.parse(readFileSync(workedPath, 'utf8')) as ModelData;

function variants(): [string, ModelData][] {
  const traditional = worked();
  traditional.base_parameters.interest_calculation_method = 'Traditional';
  traditional.base_parameters.profit_withdrawal_to_ncw_date = true;
  traditional.base_parameters.phasing_net_present_value_date = '2026-07-01';
  traditional.residential_construction[0]!.land_share_data!.quote_excl_vat = 45;
  traditional.residential_construction[0]!.bookvalue.bookvalue_items = [{ period: 'PER_01', value_type: 'Procentueel', value: 10 }];
  traditional.cost_estimate[0]!.bookvalue.bookvalue_items = [{ period: 'PER_01', value_type: 'Financeel', value: 200000 }];
  traditional.cost_estimate[0]!.estimate.date = '2019-03-31';
  traditional.cost_estimate[0]!.indexing.indexing_items = [{ period: 'PER_02', value_type: 'Procentueel', value: 4.5 }];
  // calculation.md §8: a balance at the start and realised amounts, inputs the export's formulas use
  traditional.base_parameters.opening_book_value = 250000;
  traditional.cost_estimate[0]!.bookvalue.realised_before_start = 120000;
  traditional.residential_construction[0]!.bookvalue.realised_before_start = 45000;
  const example = (name: string) => JSON.parse(readFileSync(fileURLToPath(new URL(`../../docs/examples/${name}.model.json`, import.meta.url)), 'utf8')) as ModelData;
  const random = fc.sample(arbModel, { seed: 4242, numRuns: 6 });
  return [
    ['traditional-withdrawal', traditional],
    // calculation.md §7b (every section, the residual method, a subsidy not indexed) and the large model
    // with the whole exploitation (issue 24): the new sheets' formulas recalculated by LibreOffice
    ['full-exploitation', JSON.parse(readFileSync(fileURLToPath(new URL('./examples/full-exploitation.model.json', import.meta.url)), 'utf8')) as ModelData],
    ['large', wholeExploitation()],
    // §8b's model after its jaarovergang and §9b's model B: BBV on an opening book value
    ['annual-2025', rolloverModel(example('annual-2024'), 2025).model],
    ['variance-2025', example('variance-2025')],
    ...random.map((m, i): [string, ModelData] => [`random-${i + 1}`, m]),
  ];
}

describe('LibreOffice oracle', () => {
  const dir = mkdtempSync(join(tmpdir(), 'grondslag-oracle-'));
  const engines = new Map<string, GrexEngine>();
  let recalculated = new Map<string, string>();

  beforeAll(async () => {
    ensureProgram('soffice');
    // The worked example's export is written by the CLI.
    const cli = spawnSync(process.execPath, ['--import', 'tsx', cliPath, workedPath, '--xlsx', join(dir, 'worked.xlsx')], { encoding: 'utf8' });
    expect(cli.status, cli.stderr).toBe(0);
    expect(JSON.parse(cli.stdout)).toMatchObject({ ew: -106120.8, ncw: -98039.22, verliesvoorziening: 98039.22 });
    engines.set('worked', new GrexEngine(worked()));
    for (const [name, model] of variants()) {
      const e = new GrexEngine(model);
      engines.set(name, e);
      writeFileSync(join(dir, `${name}.xlsx`), await exportXlsx(e));
    }
    // Without cached results: LibreOffice must compute every number itself.
    writeFileSync(join(dir, 'worked-bare.xlsx'), await exportXlsx(engines.get('worked')!, { cachedResults: false }));
    const files = [...engines.keys(), 'worked-bare'].map((n) => join(dir, `${n}.xlsx`));
    const outs = recalcWithLibreOffice(files, join(dir, 'out'));
    recalculated = new Map(outs.map((o, i) => [[...engines.keys(), 'worked-bare'][i]!, o]));
  });

  afterAll(() => {
    for (const e of engines.values()) e.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('shows EW −106.120,80 and NCW −98.039,22 in the recalculated worked example, also without cached results', async () => {
    for (const name of ['worked', 'worked-bare']) {
      const v = (await readXlsxValues(recalculated.get(name)!)).get('Resultaat')!;
      expect(Math.round((v.get('B10') as number) * 100) / 100).toBe(-106120.8);
      expect(Math.round((v.get('B11') as number) * 100) / 100).toBe(-98039.22);
      expect(Math.round((v.get('B12') as number) * 100) / 100).toBe(98039.22);
    }
  });

  it('adds up every entry\'s nominal cells to the totals the set rows give: the check row is 0 in every period after N', async () => {
    for (const name of ['large', 'full-exploitation']) {
      const engine = engines.get(name)!;
      const lo = await readXlsxValues(recalculated.get(name)!);
      let checked = 0;
      for (const [kind, lay] of Object.entries(engine.layout.sections)) {
        const sheet = engine.auditSheets().sheets.find((s) => s.name === lay.sheet)!;
        const checkRow = sheet.rows.length - 1;
        expect(sheet.rows[checkRow]![lay.col.label!]).toBe(`'${NOMINAL_CHECK_TITLE}`);
        for (let k = lay.ncwPeriod + 1; k <= engine.layout.n; k++) {
          const c = lay.blockStart.nominal + k - 1;
          expect(sheet.rows[checkRow]![c], `${name} ${kind} ${k}`).toMatch(/^=/);
          const v = lo.get(lay.sheet)!.get(a1(c, checkRow)) ?? 0;
          expect(Math.abs(v as number), `${name} ${lay.sheet}!${a1(c, checkRow)}`).toBeLessThan(0.005);
          // and each entry's nominal cell, recalculated, is the tool's phased × factor
          lay.ids.forEach((id, i) => {
            const raw = sheet.rows[lay.rowOf.get(id)!]![c];
            if (raw == null) return;
            checked++;
            const other = lo.get(lay.sheet)!.get(a1(c, lay.rowOf.get(id)!)) as number;
            expect(Math.abs(other - engine.results.entries[kind]![i]!.nominal[k - 1]!)).toBeLessThan(0.005);
          });
        }
      }
      expect(checked, name).toBeGreaterThan(name === 'large' ? 5000 : 1);
    }
  });

  it('matches the engine in every computed cell to 0,005 €', async () => {
    for (const [name, engine] of engines) {
      const lo = await readXlsxValues(recalculated.get(name)!);
      const bad: string[] = [];
      let compared = 0;
      // the sheets as exported: with every entry's nominal cells and the check row (nominalAudit.ts)
      const exported = engine.auditSheets();
      for (const sheet of exported.sheets) {
        const ours = exported.sheetValues(sheet.name);
        const theirs = lo.get(sheet.name)!;
        sheet.rows.forEach((row, r) =>
          row.forEach((raw, c) => {
            if (typeof raw !== 'string' || !raw.startsWith('=')) return;
            const addr = a1(c, r);
            const mine = ours[r]?.[c];
            const other = theirs.get(addr) ?? (mine === 0 || mine == null ? 0 : undefined);
            compared++;
            const ok =
              typeof mine === 'number' && typeof other === 'number'
                ? Math.abs(mine - other) <= 0.005
                : mine === other || (typeof mine === 'boolean' && other === (mine ? 1 : 0));
            if (!ok && bad.length < 10) bad.push(`${sheet.name}!${addr} ${raw}: engine ${JSON.stringify(mine)}, LibreOffice ${JSON.stringify(other)}`);
          }),
        );
      }
      expect(bad, name).toEqual([]);
      expect(compared).toBeGreaterThan(50);
    }
  });
});
