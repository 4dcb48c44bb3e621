import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { ModelData } from './modelData.ts';
import type { Edit } from '../formulas/engineModelEdits.ts';
import { SECTIONS, defineSection, entriesOf } from './sections.ts';
import { sectionAmounts, sectionColumns } from './reportColumns.ts';
import { reportVarianceColumns } from '../api/contract/reportData.ts';
import { validateModelData } from '../formulas/validate.ts';
import { GrexEngine } from '../formulas/engine.ts';
import { exportXlsx } from '../formulas/export.ts';
import { OVERVIEW_TITLES, SHEET } from '../formulas/workbookLayout.ts';
import { onlineModelResults } from '../formulas/modelResults.ts';
import { costEstimateSheet, phasingSheet } from '../workbench/sheets.ts';
import { overviewRows } from '../workbench/overviewRows.ts';
import { example, exampleStore } from '../workbench/testing.ts';
import { metadataXml } from '../../server/services/biFeed.ts';
import { PARKING_SECTION, parkingEntries } from '../../test/model/parkingSection.ts';

// Done-when of issue 36: a section that exists only in this test — one descriptor and its entry schema
// (test/model/parkingSection.ts) — is in the workbook, the export, the grids, the Overzicht, the report columns
// and the BI feed's $metadata. It is added after everything above has loaded, so what derives from the
// sections must read them when asked, not when its module loads.
defineSection(PARKING_SECTION);

const withParking = (): ModelData => ({ ...structuredClone(example), parking_revenues: parkingEntries() }) as ModelData;
const built = () => {
  const r = GrexEngine.create(withParking());
  if (!r.ok) throw new Error(JSON.stringify(r.problems));
  return r.engine;
};

describe('a section defined in a test', () => {
  it('is the last section, and the model data takes its list', () => {
    expect(SECTIONS.at(-1)!.kind).toBe('parking');
    const v = validateModelData(withParking());
    expect(v.ok ? entriesOf(v.data, 'parking').map((e) => e.label) : v.problems).toEqual(['Parkeerplaatsen Oost', 'Garage']);
    const bad = structuredClone(withParking()) as unknown as { parking_revenues: { places: unknown }[] };
    bad.parking_revenues[0]!.places = 'veel';
    expect(validateModelData(bad).ok).toBe(false);
  });

  it('has its sheet in the workbook: its fields as the input columns, its estimate rule as Raming, its revenues on Overzicht', () => {
    const e = built();
    const sheet = e.sheets.find((s) => s.name === 'Parkeren')!;
    expect(sheet.rows[0]!.slice(0, 6)).toEqual(["'Id", "'Omschrijving", "'Aantal plaatsen", "'Prijs per plaats", "'Prijsdatum", "'Prijsindex"]);
    const lay = e.layout.sections.parking!;
    expect(sheet.rows[1]![lay.col.estimate!]).toBe('=$C2*$D2');
    expect(e.results.entries.parking!.map((x) => [x.label, x.estimate])).toEqual([['Parkeerplaatsen Oost', 600_000], ['Garage', 3_000_000]]);
    const overview = e.sheets.find((s) => s.name === SHEET.overview)!;
    const row = overview.rows.findIndex((r) => r[0] === "'Opbrengsten parkeren");
    expect(row).toBeGreaterThan(0);
    const values = e.sheetValues(SHEET.overview);
    e.results.periods.forEach((p, k) => {
      const nominal = e.results.entries.parking!.reduce((s, x) => s + x.nominal[k]! + x.booked[k]!, 0);
      expect(p.sectionRevenues.parking).toBeCloseTo(nominal, 6);
      expect(values[row]![2 + k]).toBeCloseTo(nominal, 6);
      expect(p.revenues).toBeCloseTo(Object.values(p.sectionRevenues).reduce((s, x) => s + x, 0), 6);
    });
    expect(e.results.periods[3]!.sectionRevenues.parking).toBeGreaterThan(3_000_000); // indexed to 2027
    e.destroy();
  });

  it('is in the export, with its header and its Overzicht row', async () => {
    const e = built();
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await exportXlsx(e) as unknown as ArrayBuffer);
    e.destroy();
    const ws = wb.getWorksheet('Parkeren')!;
    expect(ws.state).toBe('visible');
    expect([3, 4].map((c) => ws.getCell(1, c).value)).toEqual(['Aantal plaatsen', 'Prijs per plaats']);
    expect(ws.getCell(2, 2).value).toBe('Parkeerplaatsen Oost');
    const titles = wb.getWorksheet(SHEET.overview)!.getColumn(1).values;
    expect(titles).toContain('Opbrengsten parkeren');
    expect(titles).toContain(OVERVIEW_TITLES.revenues);
  });

  it('has its grids, their columns from its fields, and edits through them', async () => {
    const s = await exampleStore();
    expect(s.replaceModel((d) => void ((d as Record<string, unknown>).parking_revenues = parkingEntries()))).toBeNull();
    const raming = costEstimateSheet(s, 'parking');
    expect(raming.id).toBe('parking-estimate');
    expect(raming.columns.map((c) => c.title)).toEqual([
      'Omschrijving', 'Aantal plaatsen', 'Prijs per plaats', 'Prijsdatum', 'Categorie', 'Raming', 'Historische index', 'Totaal geboekt', 'Bedrag op NCW-datum',
    ]);
    expect(raming.data[1]!.slice(0, 2)).toEqual(['Garage', 120]);
    expect(phasingSheet(s, 'parking').columns.slice(0, 5).map((c) => c.title)).toEqual(['Omschrijving', 'Categorie', 'Faseringsmethode', 'Start fasering', 'Eind fasering']);
    const edits = raming.toEdits(1, 1, '100');
    expect(edits).toEqual([{ kind: 'entryField', entry: 'parking', id: 2, field: 'places', value: 100 }]);
    expect(s.applyEdits(edits as Edit[])).toBeNull();
    expect(s.engine!.results.entries.parking![1]!.estimate).toBe(2_500_000);
  });

  it('has its revenues on the tool\'s Overzicht', () => {
    const e = built();
    const rows = overviewRows(e.results, false, example.base_parameters.phasing_net_present_value_date, true);
    e.destroy();
    const parking = rows.find((r) => r.title === 'Opbrengsten parkeren')!;
    expect(parking.key).toEqual({ revenue: 'parking' });
    expect(rows.map((r) => r.title).indexOf('Opbrengsten parkeren')).toBe(rows.map((r) => r.title).indexOf('Overige opbrengsten') + 1);
  });

  it('is a report column and a property of the BI feed', () => {
    const column = sectionColumns().find((c) => c.kind === 'parking')!;
    expect(column).toMatchObject({ key: 'opbrengsten_parkeren', title: 'Opbrengsten parkeren', revenue: true });
    const e = built();
    const amounts = sectionAmounts(e.modelData, e.results);
    expect(amounts.model.opbrengsten_parkeren).toBeCloseTo(e.results.periodTotals.sectionRevenues.parking!, 2);
    e.destroy();
    expect(onlineModelResults(withParking()).model.opbrengsten_parkeren).toBe(amounts.model.opbrengsten_parkeren);
    const metadata = metadataXml();
    expect(metadata).toContain('<Property Name="opbrengsten_parkeren" Type="Edm.Decimal" Nullable="true" Scale="2"/>');
    expect(metadata.match(/opbrengsten_parkeren/g)).toHaveLength(2); // Rekenmodel and Periode
  });

  it('has its own columns in the report sheet Verschillen, for the steps given per section', () => {
    const columns = reportVarianceColumns();
    expect(columns.filter((c) => c.endsWith('_parkeren'))).toEqual(['ew_ramingen_parkeren', 'ncw_ramingen_parkeren', 'ew_fasering_parkeren', 'ncw_fasering_parkeren']);
    expect(columns.indexOf('ncw_fasering_parkeren')).toBeLessThan(columns.indexOf('ew'));
  });
});
