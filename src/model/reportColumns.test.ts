import { describe, expect, it } from 'vitest';
import { sectionColumns } from './reportColumns.ts';
import { revenueSections } from './sections.ts';
import { COST_SECTION } from './sections/cost.ts';

// The report and BI columns the sections give (issue 24 item 9). Their keys are what a Power BI query or
// an Excel template names, so they are spelled out here: a renamed descriptor word must not rename them unseen.
describe('sectionColumns()', () => {
  it('has a column per revenue section and per cost category (the offered ones, then those of before), with Dutch keys and titles', () => {
    expect(sectionColumns().map((c) => [c.key, c.title])).toEqual([
      ['opbrengsten_woningbouw', 'Opbrengsten woningbouw'],
      ['opbrengsten_niet_woningbouw', 'Opbrengsten niet-woningbouw'],
      ['opbrengsten_overige', 'Overige opbrengsten'],
      ['kosten_verwerving', 'Verwerving'],
      ['kosten_sloopkosten', 'Sloopkosten'],
      ['kosten_sanering', 'Sanering'],
      ['kosten_bouwrijp_maken', 'Bouwrijp maken'],
      ['kosten_woonrijp_maken', 'Woonrijp maken'],
      ['kosten_plankosten', 'Plankosten'],
      ['kosten_voorbereiding_en_toezicht', 'Voorbereiding en toezicht'],
      ['kosten_onvoorzien', 'Onvoorzien'],
      ['kosten_overige', 'Overige kosten'],
      ['kosten_woningbouw', 'Woningbouw (oude categorie)'],
    ]);
  });

  it('follows the descriptors: every revenue section and every cost category has exactly one column, keys unique and OData-safe', () => {
    expect(sectionColumns().filter((c) => c.revenue).map((c) => c.kind)).toEqual(revenueSections().map((s) => s.kind));
    expect(sectionColumns().filter((c) => c.category).map((c) => c.category))
      .toEqual([...COST_SECTION.categories.map((c) => c.value), ...COST_SECTION.legacyCategories]);
    const keys = sectionColumns().map((c) => c.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const k of keys) expect(k).toMatch(/^[a-z][a-z0-9_]*$/);
  });
});
