import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { beforeAll, describe, expect, it } from 'vitest';
import { applyGlobalParameters } from './globalParameters.ts';
import { buildModelTemplate } from './modelTemplate.ts';
import { WORKBOOK_MESSAGES, cellOutsideGridMessage, tooManyCellsMessage } from '../api/contract/messages.ts';
import { RESULT_NAMES, readWorkbookResults } from './savedWorkbook.ts';
import { CHANGED, engineResults, expectSameResults, workedTemplateModel } from '../../test/formulas/spreadsheetModel.ts';
import { writeWorkbookInputs } from './workbookInputs.ts';
import { MAX_WORKBOOK_CELLS, shiftFormula } from './xlsxPackage.ts';
import { colName } from './workbookRefs.ts';
import { farColumnsWorkbook, workbookWith } from '../../test/formulas/hostileWorkbooks.ts';

describe('readWorkbookResults', () => {
  let worked: Uint8Array;
  beforeAll(async () => {
    worked = await buildModelTemplate(workedTemplateModel());
  });

  it('reads the shipped template: six periods 2025…2030, all zero, from the values it was saved with', async () => {
    const r = await readWorkbookResults(await buildModelTemplate());
    expect(r).toEqual({
      ew: 0, ncw: 0, verliesvoorziening: 0, recalculated: false,
      periods: ['2025', '2026', '2027', '2028', '2029', '2030'].map((label) => ({ label, costs: 0, revenues: 0, balance: 0 })),
    });
  });

  it('reads the saved values of a template with entries: the engine’s EW −106.120,80 and NCW −98.039,22', async () => {
    const r = await readWorkbookResults(worked);
    expect(r.recalculated).toBe(false);
    expect(Math.round(r.ew * 100) / 100).toBe(-106120.8);
    expectSameResults(r, engineResults(workedTemplateModel()));
  });

  it('recalculates a workbook whose saved values were removed, with the inputs the job wrote into Invoer', async () => {
    const { xlsx, skipped } = await writeWorkbookInputs(worked, { parameters: CHANGED, spaceUsage: { net_area_marketable_residential: 5000 } });
    expect(skipped).toEqual([]);
    const r = await readWorkbookResults(xlsx);
    expect(r.recalculated).toBe(true);
    const applied = applyGlobalParameters(workedTemplateModel(), CHANGED);
    if (!applied.ok) throw new Error(JSON.stringify(applied.problems));
    const expected = engineResults(applied.data);
    expect(Math.abs(expected.ew - -106120.8)).toBeGreaterThan(1000); // the inputs do change the result
    expectSameResults(r, expected);
  });

  it('reads period labels that are dates as dates (yyyy-mm-dd), not as their serial numbers', async () => {
    // A modeller's own workbook heads its periods with their end dates, as financial models do; the
    // report showed '46022' for 31-12-2025.
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Resultaat');
    const rows: [string, ...(number | Date)[]][] = [
      ['Periode', new Date(Date.UTC(2025, 11, 31)), new Date(Date.UTC(2026, 5, 30)), 2027],
      ['Kosten', 100, 200, 300],
      ['Opbrengsten', 0, 50, 900],
      ['Boekwaarde', 100, 250, -350],
    ];
    rows.forEach((row, r) => row.forEach((v, c) => (ws.getCell(r + 1, c + 1).value = v)));
    ws.getCell('B1').numFmt = 'dd-mm-yyyy';
    ws.getCell('C1').numFmt = '[$-413]d mmmm yyyy;@';
    ws.getCell('A6').value = -350;
    for (const n of [RESULT_NAMES.ew, RESULT_NAMES.ncw, RESULT_NAMES.verliesvoorziening]) wb.definedNames.add('Resultaat!$A$6', n);
    wb.definedNames.add('Resultaat!$B$1:$D$1', RESULT_NAMES.labels);
    wb.definedNames.add('Resultaat!$B$2:$D$2', RESULT_NAMES.costs);
    wb.definedNames.add('Resultaat!$B$3:$D$3', RESULT_NAMES.revenues);
    wb.definedNames.add('Resultaat!$B$4:$D$4', RESULT_NAMES.balance);
    const r = await readWorkbookResults(new Uint8Array((await wb.xlsx.writeBuffer()) as ArrayBuffer));
    expect(r.periods.map((p) => p.label)).toEqual(['2025-12-31', '2026-06-30', '2027']);
    expect(r.periods.map((p) => p.costs)).toEqual([100, 200, 300]);
  });

  describe('refusals', () => {
    async function workbook(formula: string, names: Record<string, string>): Promise<Uint8Array> {
      const wb = new ExcelJS.Workbook();
      const ws = wb.addWorksheet('Blad1');
      ws.getCell('A1').value = { formula } as ExcelJS.CellFormulaValue;
      ws.getCell('A2').value = 'label';
      for (const [name, ref] of Object.entries(names)) wb.definedNames.add(ref, name);
      return new Uint8Array((await wb.xlsx.writeBuffer()) as ArrayBuffer);
    }
    const allNames = Object.fromEntries(Object.values(RESULT_NAMES).map((n) => [n, n === RESULT_NAMES.labels ? 'Blad1!$A$2' : 'Blad1!$A$1']));

    it('names the functions HyperFormula lacks when it has to recalculate', async () => {
      await expect(readWorkbookResults(await workbook('_xlfn.LET(x,1,x)+GROOTHEID(2)+SUM(1)', allNames))).rejects.toThrow(
        'De werkmap is zonder berekende waarden opgeslagen en gebruikt functies die de rekenkern niet kent: GROOTHEID, LET.',
      );
    });

    it('names the result cells a workbook lacks', async () => {
      const { [RESULT_NAMES.ew]: _, [RESULT_NAMES.balance]: __, ...some } = allNames;
      await expect(readWorkbookResults(await workbook('1+1', some))).rejects.toThrow("De werkmap heeft geen resultaatcellen met de naam 'Resultaat_EW', 'Resultaat_Boekwaarde'.");
    });

    it('refuses what is not a workbook', async () => {
      await expect(readWorkbookResults(new TextEncoder().encode('PK\u0003\u0004 geen zip'))).rejects.toThrow(WORKBOOK_MESSAGES.notXlsx);
    });

    it('places rows and cells that do not state their position (r is optional)', async () => {
      const zip = await JSZip.loadAsync(await workbook('1+1', allNames));
      const path = 'xl/worksheets/sheet1.xml';
      zip.file(path, (await zip.file(path)!.async('string')).replace(/ r="[A-Z]*\d+"/g, ''));
      expect(await readWorkbookResults(await zip.generateAsync({ type: 'uint8array' }))).toMatchObject({ ew: 2, ncw: 2, periods: [{ label: 'label', costs: 2 }] });
    });

    it('computes a recalculated cell from a defined name used in a formula', async () => {
      const names = { ...allNames, Invoer_Waarde: 'Blad1!$B$1' };
      const wb = await workbook('Invoer_Waarde*2', names);
      const { xlsx } = await writeWorkbookInputs(wb, { parameters: [], spaceUsage: null });
      const r = await readWorkbookResults(xlsx);
      expect(r).toMatchObject({ ew: 0, recalculated: true, periods: [{ label: 'label' }] });
    });
  });
});

describe('the bounds of a workbook to recalculate (issue 34)', () => {
  const resultNames = `<definedNames>${Object.values(RESULT_NAMES).map((n) => `<definedName name="${n}">Invoer!$A$1</definedName>`).join('')}</definedNames>`;
  /** A1 (the result cells) a formula without a saved value that reads the cell at `ref`, which holds 1. */
  const farCell = (ref: string) => {
    const row = Number(ref.replace(/^[A-Z]+/, ''));
    const a1 = `<c r="A1"><f>${ref}+1</f></c>`;
    const far = `<c r="${ref}"><v>1</v></c>`;
    return workbookWith(row === 1 ? `<row r="1">${a1}${far}</row>` : `<row r="1">${a1}</row><row r="${row}">${far}</row>`, resultNames);
  };

  it('takes the last cell of Excel’s grid, XFD1048576, and refuses one beyond it in Dutch, naming the sheet', async () => {
    expect(await readWorkbookResults(farCell('XFD1048576'))).toMatchObject({ ew: 2, recalculated: true });
    for (const ref of ['XFE1', 'A1048577']) await expect(readWorkbookResults(farCell(ref))).rejects.toThrow(cellOutsideGridMessage('Invoer'));
    await expect(readWorkbookResults(await farColumnsWorkbook(1, 'XFE'))).rejects.toThrow(cellOutsideGridMessage('Resultaat'));
  });

  it(`refuses more than ${MAX_WORKBOOK_CELLS} cells in Dutch, naming the sheet where the count passed it`, async () => {
    const row = (r: number) => `<row r="${r}">${Array.from({ length: 10 }, (_, c) => `<c r="${colName(c)}${r}"><v>1</v></c>`).join('')}</row>`;
    const rows = (n: number) => Array.from({ length: n }, (_, i) => row(i + 1)).join('');
    const over = workbookWith(`${rows(MAX_WORKBOOK_CELLS / 10)}<row r="${MAX_WORKBOOK_CELLS}"><c r="A${MAX_WORKBOOK_CELLS}"><v>1</v></c></row>`, resultNames);
    await expect(readWorkbookResults(over)).rejects.toThrow(tooManyCellsMessage('Invoer', MAX_WORKBOOK_CELLS));
  });

  it('recalculates the shipped template with 2,000 cells in the last column as without them', async () => {
    const plain = await readWorkbookResults(await farColumnsWorkbook(0));
    expect(plain.recalculated).toBe(true);
    expect(await readWorkbookResults(await farColumnsWorkbook(2_000))).toEqual(plain);
  });
});

describe('shiftFormula', () => {
  it('moves relative references and leaves absolute parts, quoted text, functions and names alone', () => {
    expect(shiftFormula('A1+$B2+C$3+$D$4+Blad2!E5+"A1"+LOG10(F6)+Resultaat_EW', 2, 1)).toBe('B3+$B4+D$3+$D$4+Blad2!F7+"A1"+LOG10(G8)+Resultaat_EW');
  });
});
