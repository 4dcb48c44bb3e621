import { describe, expect, it } from 'vitest';
import { templateWorkbook } from './modelTemplate.ts';

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
