// The template after the open-model job's writing, opened by LibreOffice headless: the Invoer cells
// hold what was written, and the results LibreOffice computes are what readWorkbookResults reads —
// with the recalculating test profile and with LibreOffice's default profile (which does not
// recalculate an xlsx on load: what a user's LibreOffice shows). Two soffice calls.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ParameterRow } from '../api/contract/parameters.ts';
import { toSerial } from './dates.ts';
import { applyGlobalParameters } from './globalParameters.ts';
import { INPUT_SHEET, buildModelTemplate } from './modelTemplate.ts';
import { readWorkbookResults } from './savedWorkbook.ts';
import { ensureProgram } from '../../scripts/ensure.ts';
import { makeProfile, readXlsxValues, recalcWithLibreOffice } from '../../test/formulas/libreoffice.ts';
import { CHANGED, engineResults, expectSameResults, workedTemplateModel } from '../../test/formulas/spreadsheetModel.ts';
import { a1 } from './workbookRefs.ts';
import { writeWorkbookInputs } from './workbookInputs.ts';
import { openXlsx } from './xlsxPackage.ts';

/** What an admin may have set: every kind of global parameter, in the shipped template's range. */
const GLOBAL: ParameterRow[] = [
  { parameter_type: 'RentepercentageNegatiefSaldo', period_type: 'Uitgangspunt', value_float: 0.031 },
  { parameter_type: 'RentepercentageNegatiefSaldo', period_type: 'Per03', value_float: 0.045 },
  { parameter_type: 'RentepercentagePositiefSaldo', period_type: 'Uitgangspunt', value_float: 0.012 },
  { parameter_type: 'RekenrenteContanteWaardeDisconteringsvoet', period_type: 'Uitgangspunt', value_float: 0.025 },
  { parameter_type: 'Kostenstijging', period_type: 'Per40', value_float: 0.027 },
  { parameter_type: 'Opbrengstenstijging', period_type: 'Uitgangspunt', value_float: 0.018 },
  { parameter_type: 'BtwPercentage', period_type: 'Uitgangspunt', value_float: 0.21 },
  { parameter_type: 'StartdatumGrondexploitatieBoekwaardeVanaf', value_date: '2025-01-01' },
  { parameter_type: 'NcwDatum', value_date: '2025-03-01' },
  { parameter_type: 'Prijspeildatum', value_date: '2025-01-01' },
  { parameter_type: 'Eindwaardedatum', value_date: '2030-12-31' },
  { parameter_type: 'ToekomstigeIndexGebruiker', period_type: 'Per02', row_index: 3, value_float: 0.02 },
  { parameter_type: 'HistorischeIndexGebruiker', year: 2039, row_index: 0, value_float: 0.017 },
];
/** Issue 23 item 10: a model running 2024–2035, twelve years, where the template was built for 2025–2030. */
const LONG: ParameterRow[] = [
  { parameter_type: 'StartdatumGrondexploitatieBoekwaardeVanaf', value_date: '2024-01-01' },
  { parameter_type: 'Eindwaardedatum', value_date: '2035-12-31' },
];
const YEARS_LONG = Array.from({ length: 12 }, (_, i) => String(2024 + i));
const SPACE = { main_structure_paving: 12000, main_structure_green: 8000, public_space_green: 4500.5, net_area_marketable_residential: 15499.5 };

describe('the shipped template in LibreOffice', () => {
  const dir = mkdtempSync(join(tmpdir(), 'grondslag-template-'));
  let shipped: Uint8Array;
  let worked: Uint8Array;
  const out = { recalc: new Map<string, string>(), plain: new Map<string, string>() };
  const kinds = ['shipped', 'worked', 'shippedLong', 'workedLong'] as const;

  beforeAll(async () => {
    ensureProgram('soffice');
    const template = await buildModelTemplate();
    const workedTemplate = await buildModelTemplate(workedTemplateModel());
    const a = await writeWorkbookInputs(template, { parameters: GLOBAL, spaceUsage: SPACE });
    expect(a.skipped).toEqual([]);
    shipped = a.xlsx;
    worked = (await writeWorkbookInputs(workedTemplate, { parameters: CHANGED, spaceUsage: null })).xlsx;
    writeFileSync(join(dir, 'shipped.xlsx'), shipped);
    writeFileSync(join(dir, 'worked.xlsx'), worked);
    writeFileSync(join(dir, 'shippedLong.xlsx'), (await writeWorkbookInputs(template, { parameters: LONG, spaceUsage: null })).xlsx);
    writeFileSync(join(dir, 'workedLong.xlsx'), (await writeWorkbookInputs(workedTemplate, { parameters: LONG, spaceUsage: null })).xlsx);
    const files = kinds.map((n) => join(dir, `${n}.xlsx`));
    recalcWithLibreOffice(files, join(dir, 'recalc')).forEach((f, i) => out.recalc.set(kinds[i]!, f));
    recalcWithLibreOffice(files, join(dir, 'plain'), makeProfile(false)).forEach((f, i) => out.plain.set(kinds[i]!, f));
  });

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('holds the written global parameters in the named Invoer cells', async () => {
    const pkg = await openXlsx(readFileSync(out.recalc.get('shipped')!));
    const invoer = (await readXlsxValues(out.recalc.get('shipped')!)).get(INPUT_SHEET)!;
    const at = (name: string, i = 0, row = 0) => {
      const r = pkg.names.get(name.toLowerCase())!;
      expect(r.sheet).toBe(INPUT_SHEET);
      return invoer.get(a1(r.c1 + i, r.r1 + row));
    };
    expect(at('RentepercentageNegatiefSaldo')).toBe(0.031);
    expect(at('RentepercentageNegatiefSaldo', 3)).toBe(0.045);
    expect(at('Kostenstijging', 40)).toBe(0.027);
    expect(at('RekenrenteContanteWaardeDisconteringsvoet')).toBe(0.025);
    expect(at('BtwPercentage')).toBe(0.21);
    expect(at('NcwDatum')).toBe(toSerial('2025-03-01'));
    expect(at('Eindwaardedatum')).toBe(toSerial('2030-12-31'));
    expect(at('ToekomstigeIndexGebruiker', 2, 3)).toBe(0.02);
    expect(at('HistorischeIndexGebruiker', 39)).toBe(0.017);
    expect(at('Ruimtegebruik_public_space_green')).toBe(4500.5);
  });

  it('drives the model sheets: Uitgangspunten, Parametersets and the space-usage totals follow Invoer', async () => {
    for (const file of [out.recalc.get('shipped')!, out.plain.get('shipped')!]) {
      const v = await readXlsxValues(file);
      const params = v.get('Uitgangspunten')!;
      expect(params.get('B11')).toBe(toSerial('2025-03-01')); // NCW-datum
      expect(params.get('B16')).toBe(0.025); // disconteringsvoet (fractie)
      expect(params.get('B18')).toBe(0.21); // btw (fractie)
      const sets = v.get('Parametersets')!;
      expect([sets.get('C2'), sets.get('D2'), sets.get('F2')]).toEqual([0.031, 0.031, 0.045]); // debet: base, 2025, 2027
      const space = v.get('Ruimtegebruik')!;
      expect(space.get('G3')).toBe(12000); // hoofdstructuur verharding
      expect(space.get('G11')).toBe(20000); // hoofdstructuur
      expect(space.get('G15')).toBe(20000); // bruto plangebied
      expect(space.get('G16')).toBe(0); // verschil: openbare ruimte + uitgeefbaar − bruto
    }
  });

  it('computes the results readWorkbookResults reads, also with LibreOffice’s default profile', async () => {
    const applied = applyGlobalParameters(workedTemplateModel(), CHANGED);
    if (!applied.ok) throw new Error(JSON.stringify(applied.problems));
    const engine = engineResults(applied.data);
    for (const name of ['shipped', 'worked']) {
      const ours = await readWorkbookResults(name === 'shipped' ? shipped : worked);
      expect(ours.recalculated).toBe(true);
      if (name === 'worked') expectSameResults(ours, engine);
      for (const file of [out.recalc.get(name)!, out.plain.get(name)!]) {
        const lo = await readWorkbookResults(readFileSync(file));
        expect(lo.recalculated, file).toBe(false);
        expectSameResults(lo, ours);
      }
    }
  });

  it('computes a model running 2024–2035 over all its twelve periods, and the 2025–2030 one over its six (issue 23)', async () => {
    const applied = applyGlobalParameters(workedTemplateModel(), LONG);
    if (!applied.ok) throw new Error(JSON.stringify(applied.problems));
    const engine = engineResults(applied.data);
    expect(engine.periods.map((p) => p.label)).toEqual(YEARS_LONG);
    expect(Math.abs(engine.ew - engineResults(workedTemplateModel()).ew)).toBeGreaterThan(1000); // eight more years of interest
    for (const file of [out.recalc.get('workedLong')!, out.plain.get('workedLong')!]) {
      const lo = await readWorkbookResults(readFileSync(file));
      expect(lo.recalculated, file).toBe(false);
      expectSameResults(lo, engine);
    }
    for (const file of [out.recalc.get('shippedLong')!, out.plain.get('shippedLong')!]) {
      expect((await readWorkbookResults(readFileSync(file))).periods.map((p) => p.label), file).toEqual(YEARS_LONG);
      const v = await readXlsxValues(file);
      const perioden = v.get('Perioden')!;
      expect(perioden.get('B3')).toBe(toSerial('2024-01-01')); // begin of period 1
      expect(perioden.get('M4')).toBe(toSerial('2036-01-01')); // end of period 12
      expect(perioden.get('N4')).toBe(toSerial('2036-01-01')); // period 13: no length
      expect(v.get(INPUT_SHEET)!.get('A4')).toContain(': 2024 t/m 2035, 12 perioden.');
    }
    for (const file of [out.recalc.get('shipped')!, out.plain.get('shipped')!]) {
      expect((await readWorkbookResults(readFileSync(file))).periods.map((p) => p.label), file).toEqual(['2025', '2026', '2027', '2028', '2029', '2030']);
      expect((await readXlsxValues(file)).get(INPUT_SHEET)!.get('A4')).toContain(': 2025 t/m 2030, 6 perioden.');
    }
  });

  it('fills a workbook LibreOffice saved (its own XML, shared strings, saved values) and reads the new results', async () => {
    const second: ParameterRow[] = [
      { parameter_type: 'Kostenstijging', period_type: 'Uitgangspunt', value_float: 0.045 },
      { parameter_type: 'BtwPercentage', period_type: 'Uitgangspunt', value_float: 0.21 },
    ];
    const again = await writeWorkbookInputs(readFileSync(out.plain.get('worked')!), { parameters: second, spaceUsage: null });
    expect(again.skipped).toEqual([]);
    const r = await readWorkbookResults(again.xlsx);
    expect(r.recalculated).toBe(true);
    const first = applyGlobalParameters(workedTemplateModel(), CHANGED);
    const applied = first.ok ? applyGlobalParameters(first.data, second) : first;
    if (!applied.ok) throw new Error(JSON.stringify(applied.problems));
    const expected = engineResults(applied.data);
    expect(Math.abs(expected.ew - engineResults(first.ok ? first.data : workedTemplateModel()).ew)).toBeGreaterThan(100);
    expectSameResults(r, expected);
  });
});
