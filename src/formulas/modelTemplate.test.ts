import { describe, expect, it } from 'vitest';
import { INPUT_SHEET, buildModelTemplate, templateWorkbook } from './modelTemplate.ts';
import { writeWorkbookInputs } from './workbookInputs.ts';
import { a1 } from './workbookRefs.ts';
import { openXlsx, readAllSheetCells, sheetPath } from './xlsxPackage.ts';

// Issue 23, item 7: the workbench reads 2 and 0,02 both as 2 %; the shipped template takes fractions only,
// so its input sheet says so in one line, above the percentages.
describe('the shipped template says which percent notation it takes', () => {
  it('one line on Invoer, before the percentage table', () => {
    const [invoer] = templateWorkbook().sheets;
    // A text cell is written with a leading apostrophe (workbook.ts `text`).
    const texts = invoer!.rows.map((r) => (typeof r[0] === 'string' ? r[0].replace(/^'/, '') : ''));
    const note = texts.findIndex((t) => t.startsWith('Percentages als fractie: typ 0,02 of 2% voor 2 %'));
    expect(note).toBeGreaterThan(-1);
    expect(texts[note]).toContain('een 2 zonder %-teken is hier 200 %');
    expect(note).toBeLessThan(texts.indexOf('Percentage'));
  });
});

// A global parameter for a period, or a user index, lands in a cell of Invoer the template left empty: it
// must show as the others of its row do (4,50 %, not 0,045), as it does when a modeller types it in Excel.
describe('the empty input cells of Invoer keep their format', () => {
  it('a period rate and a user index the open-model job writes show as percentages, like the Uitgangspunt', async () => {
    const template = await buildModelTemplate();
    const { xlsx, skipped } = await writeWorkbookInputs(template, {
      parameters: [
        { parameter_type: 'Kostenstijging', period_type: 'Per03', value_float: 0.045 },
        { parameter_type: 'ToekomstigeIndexGebruiker', period_type: 'Per02', row_index: 3, value_float: 0.02 },
      ],
      spaceUsage: null,
    });
    expect(skipped).toEqual([]);
    const pkg = await openXlsx(xlsx);
    const cells = (await readAllSheetCells(pkg)).get(INPUT_SHEET)!;
    const names = (type: string) => pkg.names.get(type.toLowerCase())!;
    const xml = pkg.zip.text(sheetPath(pkg, INPUT_SHEET)!)!;
    const styleOf = (row: number, col: number) => new RegExp(`<c r="${a1(col, row)}"(?: s="(\\d+)")?`).exec(xml)?.[1];
    const rate = names('Kostenstijging');
    expect(cells.get(`${rate.r1}:${rate.c1 + 3}`)?.value).toBe(0.045);
    const fraction = styleOf(rate.r1, rate.c1); // the Uitgangspunt, 0.00%
    expect(fraction).toBeDefined();
    expect(styleOf(rate.r1, rate.c1 + 3)).toBe(fraction);
    const user = names('ToekomstigeIndexGebruiker');
    expect(cells.get(`${user.r1 + 3}:${user.c1 + 2}`)?.value).toBe(0.02);
    expect(styleOf(user.r1 + 3, user.c1 + 2)).toBe(fraction);
  });
});
