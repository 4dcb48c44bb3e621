import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { SPACE_USAGE_LOCATIONS } from '../model/modelData.ts';
import type { ParameterRow } from '../api/contract/parameters.ts';
import { toSerial } from './dates.ts';
import { writeWorkbookInputs } from './workbookInputs.ts';

// A hand-made package, so that every case the writer meets is in it: a styled input cell, a row
// without the cell, a missing row, a formula with a cached result, a calculation chain and a part
// (a chart) the writer must not touch.
const SHEET1 = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><dimension ref="A1:D9"/><sheetData>\
<row r="1" spans="1:4"><c r="A1" t="s"><v>0</v></c><c r="C1" s="3"><v>0.05</v></c></row>\
<row r="3" spans="1:4"><c r="A3"><v>1</v></c><c r="D3" s="2"><v>45000</v></c></row>\
<row r="9"><c r="B9"><f>Invoer!C1*100</f><v>5</v></c><c r="C9" t="str"><f>"x"&amp;A3</f><v>x1</v></c></row>\
</sheetData><pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/></worksheet>`;

const WORKBOOK = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">\
<sheets><sheet name="Invoer" sheetId="1" r:id="rId1"/></sheets><definedNames>\
<definedName name="Kostenstijging">Invoer!$C$1:$F$1</definedName>\
<definedName name="NcwDatum">Invoer!$D$3</definedName>\
<definedName name="ToekomstigeIndexGebruiker">Invoer!$B$5:$D$6</definedName>\
<definedName name="HistorischeIndexGebruiker">Invoer!$E$3:$E$5</definedName>\
<definedName name="Ruimtegebruik_public_space_green">Invoer!$B$2</definedName>\
<definedName name="BtwPercentage" localSheetId="0">Invoer!$A$1</definedName>\
</definedNames><calcPr calcId="191029"/></workbook>`;

async function fixture(): Promise<Uint8Array> {
  const zip = new JSZip();
  zip.file(
    '[Content_Types].xml',
    `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">\
<Default Extension="xml" ContentType="application/xml"/>\
<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>\
<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>\
<Override PartName="/xl/calcChain.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.calcChain+xml"/></Types>`,
  );
  zip.file('xl/workbook.xml', WORKBOOK);
  zip.file(
    'xl/_rels/workbook.xml.rels',
    `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">\
<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>\
<Relationship Id="rId9" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/calcChain" Target="calcChain.xml"/></Relationships>`,
  );
  zip.file('xl/worksheets/sheet1.xml', SHEET1);
  zip.file('xl/calcChain.xml', '<calcChain><c r="B9" i="1"/></calcChain>');
  zip.file('xl/charts/chart1.xml', '<c:chartSpace>a chart the writer must not touch</c:chartSpace>');
  return zip.generateAsync({ type: 'uint8array' });
}

const pctRow = (period_type: ParameterRow['period_type'], value_float: number): ParameterRow => ({ parameter_type: 'Kostenstijging', period_type, value_float });

async function parts(xlsx: Uint8Array) {
  const zip = await JSZip.loadAsync(xlsx);
  const text = async (p: string) => (await zip.file(p)?.async('string')) ?? null;
  return { zip, sheet: (await text('xl/worksheets/sheet1.xml'))!, workbook: (await text('xl/workbook.xml'))!, text };
}

describe('writeWorkbookInputs', () => {
  it('writes each value into its named cell, keeps the cell style, and adds missing cells and rows in order', async () => {
    const { xlsx, written, skipped } = await writeWorkbookInputs(await fixture(), {
      parameters: [
        pctRow('Uitgangspunt', 0.025),
        pctRow('Per02', 0.03),
        { parameter_type: 'NcwDatum', value_date: '2026-07-01' },
        { parameter_type: 'ToekomstigeIndexGebruiker', period_type: 'Per01', row_index: 1, value_float: 0.04 },
        { parameter_type: 'HistorischeIndexGebruiker', year: 2002, row_index: 0, value_float: 0.015 },
      ],
      spaceUsage: { public_space_green: 1234.5 },
    });
    // The fixture names one location only.
    expect(skipped).toEqual(SPACE_USAGE_LOCATIONS.filter((l) => l !== 'public_space_green').map((l) => `Ruimtegebruik_${l}`));
    expect(written).toEqual([
      'Kostenstijging', 'Kostenstijging Per02', 'NcwDatum', 'ToekomstigeIndexGebruiker Per01 rij 1', 'HistorischeIndexGebruiker 2002', 'Ruimtegebruik_public_space_green',
    ]);
    const { sheet } = await parts(xlsx);
    const rows = [...sheet.matchAll(/<row [^>]*>[\s\S]*?<\/row>/g)].map((m) => m[0]);
    expect(rows).toEqual([
      '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="C1" s="3"><v>0.025</v></c><c r="E1" s="3"><v>0.03</v></c></row>',
      '<row r="2"><c r="B2"><v>1234.5</v></c></row>',
      `<row r="3"><c r="A3"><v>1</v></c><c r="D3" s="2"><v>${toSerial('2026-07-01')}</v></c></row>`,
      '<row r="5"><c r="E5"><v>0.015</v></c></row>',
      '<row r="6"><c r="C6"><v>0.04</v></c></row>',
      '<row r="9"><c r="B9"><f>Invoer!C1*100</f></c><c r="C9"><f>"x"&amp;A3</f></c></row>',
    ]);
    expect(sheet).toContain('<pageMargins left="0.7"');
  });

  it('skips what the workbook has no cell for and leaves the space usage alone when it is null', async () => {
    const { xlsx, written, skipped } = await writeWorkbookInputs(await fixture(), {
      parameters: [
        pctRow('Per04', 0.01), // the range C1:F1 holds Uitgangspunt, Per01…Per03
        { parameter_type: 'BtwPercentage', value_float: 0.21 }, // only a sheet-level name
        { parameter_type: 'Eindwaardedatum', value_date: '2030-12-31' },
        { parameter_type: 'HistorischeIndexGebruiker', year: 2000, row_index: 1, value_float: 0.01 }, // a one-column range has row 0 only
      ],
      spaceUsage: null,
    });
    expect(written).toEqual([]);
    expect(skipped).toEqual(['Kostenstijging Per04', 'BtwPercentage', 'Eindwaardedatum', 'HistorischeIndexGebruiker 2000 rij 1']);
    const { sheet } = await parts(xlsx);
    expect(sheet).not.toContain('r="B2"');
  });

  it('writes 0 m² for a location without area when space usage is given', async () => {
    const { xlsx, written } = await writeWorkbookInputs(await fixture(), { parameters: [], spaceUsage: {} });
    expect(written).toEqual(['Ruimtegebruik_public_space_green']);
    expect((await parts(xlsx)).sheet).toContain('<row r="2"><c r="B2"><v>0</v></c></row>');
  });

  it('asks for a full recalculation, drops the calculation chain and leaves other parts as they were', async () => {
    const { xlsx } = await writeWorkbookInputs(await fixture(), { parameters: [], spaceUsage: null });
    const { zip, workbook, text } = await parts(xlsx);
    expect(workbook).toContain('<calcPr calcId="191029" fullCalcOnLoad="1"/>');
    expect(workbook.replace(' fullCalcOnLoad="1"', '')).toBe(WORKBOOK);
    expect(zip.file('xl/calcChain.xml')).toBeNull();
    expect(await text('[Content_Types].xml')).not.toContain('calcChain');
    expect(await text('xl/_rels/workbook.xml.rels')).not.toContain('calcChain');
    expect(await text('xl/charts/chart1.xml')).toBe('<c:chartSpace>a chart the writer must not touch</c:chartSpace>');
  });

  it('writes dates of a workbook on the 1904 date system in its serials', async () => {
    const zip = await JSZip.loadAsync(await fixture());
    zip.file('xl/workbook.xml', WORKBOOK.replace('<sheets>', '<workbookPr date1904="1"/><sheets>'));
    const { xlsx } = await writeWorkbookInputs(await zip.generateAsync({ type: 'uint8array' }), { parameters: [{ parameter_type: 'NcwDatum', value_date: '2026-07-01' }], spaceUsage: null });
    expect((await parts(xlsx)).sheet).toContain(`<c r="D3" s="2"><v>${toSerial('2026-07-01') - 1462}</v></c>`);
  });

  it('finds rows and cells that do not state their position (r is optional)', async () => {
    const zip = await JSZip.loadAsync(await fixture());
    zip.file('xl/worksheets/sheet1.xml', SHEET1.replace('<row r="1" spans="1:4"><c r="A1" t="s"><v>0</v></c><c r="C1" s="3">', '<row><c t="s"><v>0</v></c><c r="C1" s="3">').replace('<row r="3" spans="1:4"><c r="A3"><v>1</v></c><c r="D3" s="2">', '<row r="3"><c><v>1</v></c><c><v>7</v></c><c/><c s="2">'));
    const { xlsx } = await writeWorkbookInputs(await zip.generateAsync({ type: 'uint8array' }), {
      parameters: [pctRow('Per01', 0.02), { parameter_type: 'NcwDatum', value_date: '2026-07-01' }], spaceUsage: { public_space_green: 5 },
    });
    const rows = [...(await parts(xlsx)).sheet.matchAll(/<row[ >][\s\S]*?<\/row>/g)].map((m) => m[0]);
    expect(rows.slice(0, 3)).toEqual([
      '<row><c t="s"><v>0</v></c><c r="C1" s="3"><v>0.05</v></c><c r="D1" s="3"><v>0.02</v></c></row>',
      '<row r="2"><c r="B2"><v>5</v></c></row>',
      `<row r="3"><c><v>1</v></c><c><v>7</v></c><c/><c r="D3" s="2"><v>${toSerial('2026-07-01')}</v></c></row>`,
    ]);
  });

  it('writes out a shared formula whose first cell an input overwrites, so the cells sharing it keep computing', async () => {
    const zip = await JSZip.loadAsync(await fixture());
    zip.file('xl/worksheets/sheet1.xml', SHEET1.replace('<row r="9">', '<row r="7"><c r="C7"><v>0.02</v></c><c r="D7"><f t="shared" ref="D7:F7" si="0">C7*1</f><v>0.02</v></c><c r="E7"><f t="shared" si="0"/><v>0.02</v></c><c r="F7"><f t="shared" si="0"/><v>0.02</v></c></row><row r="9">'));
    zip.file('xl/workbook.xml', WORKBOOK.replace('</definedNames>', '<definedName name="Opbrengstenstijging">Invoer!$C$7:$F$7</definedName></definedNames>'));
    const { xlsx } = await writeWorkbookInputs(await zip.generateAsync({ type: 'uint8array' }), { parameters: [{ parameter_type: 'Opbrengstenstijging', period_type: 'Per01', value_float: 0.05 }], spaceUsage: null });
    expect((await parts(xlsx)).sheet).toContain('<row r="7"><c r="C7"><v>0.02</v></c><c r="D7"><v>0.05</v></c><c r="E7"><f>D7*1</f></c><c r="F7"><f>E7*1</f></c></row>');
  });

  it('gives a cell it adds the format Excel shows there (the row\'s, else the column\'s), else its named range\'s first cell\'s', async () => {
    // A modeller formatted row 1 and column E, then left cells empty: Excel writes no cell for them. A value
    // added there must look as one typed there does (4,50 %, not 0,045).
    const zip = await JSZip.loadAsync(await fixture());
    zip.file('xl/worksheets/sheet1.xml', SHEET1
      .replace('<dimension ref="A1:D9"/>', '<dimension ref="A1:D9"/><cols><col min="2" max="2" width="9" style="0"/><col min="5" max="5" width="12" style="4" customWidth="1"/></cols>')
      .replace('<row r="1" spans="1:4">', '<row r="1" spans="1:4" s="5" customFormat="1">')
      .replace('<row r="3" spans="1:4">', '<row r="3" spans="1:4" s="7">')
      .replace('<row r="9">', '<row r="5"><c r="B5" s="6"/></row><row r="9">'));
    const { xlsx } = await writeWorkbookInputs(await zip.generateAsync({ type: 'uint8array' }), {
      parameters: [
        pctRow('Uitgangspunt', 0.025), // C1 exists: it keeps its own style
        pctRow('Per02', 0.045), // E1: the row's format wins over the column's
        { parameter_type: 'HistorischeIndexGebruiker', year: 2001, row_index: 0, value_float: 0.015 }, // E4: a new row, the column's format
        { parameter_type: 'HistorischeIndexGebruiker', year: 2000, row_index: 0, value_float: 0.01 }, // E3: a row style without customFormat is no format
        // C6: neither row nor column has a format; B5, the first cell of ToekomstigeIndexGebruiker B5:D6, has
        { parameter_type: 'ToekomstigeIndexGebruiker', period_type: 'Per01', row_index: 1, value_float: 0.04 },
      ],
      spaceUsage: { public_space_green: 5 }, // B2: nothing has a format
    });
    const { sheet } = await parts(xlsx);
    expect(sheet).toContain('<c r="C1" s="3"><v>0.025</v></c><c r="E1" s="5"><v>0.045</v></c>');
    expect(sheet).toContain('<row r="2"><c r="B2"><v>5</v></c></row>');
    expect(sheet).toContain('<c r="D3" s="2"><v>45000</v></c><c r="E3" s="4"><v>0.01</v></c>');
    expect(sheet).toContain('<row r="4"><c r="E4" s="4"><v>0.015</v></c></row>');
    expect(sheet).toContain('<row r="6"><c r="C6" s="6"><v>0.04</v></c></row>');
  });

  it('refuses a file that is not a workbook', async () => {
    await expect(writeWorkbookInputs(new TextEncoder().encode('geen werkmap'), { parameters: [], spaceUsage: null })).rejects.toThrow();
  });
});
