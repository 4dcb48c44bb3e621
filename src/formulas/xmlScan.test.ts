import { describe, expect, it } from 'vitest';
import { MalformedXml, elements, firstElement, replaceElements, startTag } from './xmlScan.ts';
import { decodeXml, isNotAWorkbook, openXlsx, readAllSheetCells } from './xlsxPackage.ts';
import { writeWorkbookInputs } from './workbookInputs.ts';
import { readWorkbookResults } from './savedWorkbook.ts';
import { WORKBOOK_MESSAGES } from '../api/contract/messages.ts';
import { badEntityWorkbook, smallWorkbook, unclosedRowsWorkbook, workbookWith } from '../../test/formulas/hostileWorkbooks.ts';

const ROWS = '<cols><col min="1"/></cols><row r="1" spans="1:2"><c r="A1" t="s"><v>0</v></c><c r="B1" s="2" x=">"/></row><row r="2"/>';

describe('elements', () => {
  it('finds elements with their attributes, content and offsets, and no other names that start alike', () => {
    const rows = [...elements(ROWS, 'row')];
    expect(rows.map((r) => [r.attrs, r.selfClosing, ROWS.slice(r.start, r.end)])).toEqual([
      [' r="1" spans="1:2"', false, ROWS.slice(ROWS.indexOf('<row r="1"'), ROWS.indexOf('<row r="2"'))],
      [' r="2"', true, '<row r="2"/>'],
    ]);
    // `<c` of `<cols>`/`<col` is not a cell; a quoted `>` does not end the tag
    expect([...elements(ROWS, 'c')].map((c) => [c.attrs, c.body])).toEqual([[' r="A1" t="s"', '<v>0</v>'], [' r="B1" s="2" x=">"', '']]);
    expect(firstElement(rows[0]!.body, 'v')?.body).toBe('0');
    expect(startTag(ROWS, 'col')?.attrs).toBe(' min="1"');
    expect(replaceElements(ROWS, 'c', (c) => (c.selfClosing ? '' : undefined))).toBe(ROWS.replace('<c r="B1" s="2" x=">"/>', ''));
    expect(replaceElements(ROWS, 'c', () => undefined)).toBe(ROWS);
  });

  it('gives up at a start tag without its end tag, or a start tag that never closes', () => {
    expect(() => [...elements('<row r="1"><c r="A1"><v>1</v></c>', 'row')]).toThrow(MalformedXml);
    expect(() => [...elements('<row r="1"><c r="A1"><v>1</v></row>', 'c')]).toThrow(MalformedXml);
    expect(() => [...elements('<row<row<row>', 'row')]).toThrow(MalformedXml);
    expect(() => startTag('<c r="A1', 'c')).toThrow(MalformedXml);
  });
});

describe('hostile workbooks (issue 22)', () => {
  // Each would keep a thread busy for minutes with the regexes that scanned for the end tag from every
  // start tag; what is asserted is the outcome (refused, or read), the time is in `npm run bench -- hostile`.
  const refusedAsNoWorkbook = async (work: Promise<unknown>) => expect(isNotAWorkbook(await work.then(() => null, (e: unknown) => e))).toBe(true);
  const inputs = { parameters: [{ parameter_type: 'BtwPercentage' as const, period_type: 'Uitgangspunt' as const, value_float: 0.21 }], spaceUsage: null };
  const named = (rows: string) => workbookWith(rows, '<definedNames><definedName name="BtwPercentage">Invoer!$A$1</definedName></definedNames>');

  it('refuses a 1 MB sheet of 150,000 unclosed <row> tags in every reader and writer', async () => {
    const bytes = named('<row>\r\n'.repeat(150_000));
    expect(bytes.length).toBeLessThan(10_000);
    const pkg = await openXlsx(bytes);
    expect(pkg.zip.text('xl/worksheets/sheet1.xml')!.length).toBeGreaterThan(1_000_000);
    await refusedAsNoWorkbook(readAllSheetCells(pkg));
    await refusedAsNoWorkbook(writeWorkbookInputs(bytes, inputs));
    await expect(readWorkbookResults(unclosedRowsWorkbook())).rejects.toThrow(WORKBOOK_MESSAGES.notXlsx);
  });

  it('refuses unclosed cells, values and formulas inside closed rows', async () => {
    for (const rows of [`<row r="1">${'<c r="A1">'.repeat(150_000)}</row>`, `<row r="1"><c r="A1">${'<v>'.repeat(200_000)}</c></row>`, `<row r="1"><c r="A1">${'<f>'.repeat(200_000)}</c></row>`]) {
      await refusedAsNoWorkbook(readAllSheetCells(await openXlsx(named(rows))));
    }
    await refusedAsNoWorkbook(writeWorkbookInputs(named(`<row r="1">${'<c r="A1">'.repeat(150_000)}</row>`), inputs));
  });

  it('refuses a character reference beyond Unicode (&#99999999;) as no workbook, where it used to crash', async () => {
    expect(() => decodeXml('&#99999999;')).toThrow(MalformedXml);
    expect(() => decodeXml('&#xD800;')).toThrow(MalformedXml);
    expect(decodeXml('&#8364; &#x1F600; &amp;#1;')).toBe('€ 😀 &#1;');
    await refusedAsNoWorkbook(openXlsx(badEntityWorkbook()));
  });

  it('still reads the ordinary workbook they are built on', async () => {
    const cells = await readAllSheetCells(await openXlsx(smallWorkbook()));
    expect([...cells.get('Invoer')!]).toEqual([['0:0', { value: 1 }], ['0:1', { value: 2, formula: 'A1*2' }]]);
  });
});
