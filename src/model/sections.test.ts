import { describe, expect, it } from 'vitest';
import { ENTRY_LISTS } from './modelData.ts';
import { SECTIONS, editableField, fieldOf, revenueSections } from './sections.ts';
import { SECTION_SCREENS } from './sectionScreens.ts';
import { emptyLists, modelDataSchema } from './modelSchema.ts';

// The descriptors hold together: what the workbook, the grids, the screens and the schema read from them.
describe('the section descriptors', () => {
  it('give each field one key and one title, the id and label first', () => {
    for (const s of SECTIONS) {
      const keys = s.fields.map((f) => f.key);
      expect(new Set(keys).size, s.kind).toBe(keys.length);
      expect(new Set(s.fields.map((f) => f.title)).size, s.kind).toBe(keys.length);
      expect(keys.slice(0, 2), s.kind).toEqual(['id', 'label']);
    }
  });

  it('name only fields they have: the price date, the estimate rule and a grid column placed after another', () => {
    for (const s of SECTIONS) {
      expect(editableField(s, s.priceDateField)?.type, s.kind).toBe('date');
      const est = s.estimate;
      const terms = 'method' in est ? est.cases.map(([, t]) => t) : [est];
      if ('method' in est) expect(fieldOf(s, est.method), s.kind).toBeDefined();
      const named = terms.flatMap((t) => ('product' in t ? t.product : 'landShare' in t ? ['amount', t.landShare.value, t.landShare.quote]
        : ['amount', t.residual.value, t.residual.buildingCosts, t.residual.additional]));
      for (const key of named) expect(editableField(s, key)?.type, `${s.kind}.${key}`).toBe('number');
      for (const m of s.methods ?? []) expect(terms.length && ('method' in est && est.cases.some(([code]) => code === m.value)), `${s.kind} ${m.value}`).toBe(true);
    }
  });

  it('take their screens from sectionScreens.ts, in their order, with sub-tabs where they have estimate methods', () => {
    expect(SECTIONS.map((s) => s.screen)).toEqual(SECTION_SCREENS);
    expect(SECTION_SCREENS.map((s) => s.kind)).toEqual(SECTIONS.map((s) => s.kind));
    for (const s of SECTIONS) expect(s.screen.subTabs, s.kind).toBe(s.methods !== null);
  });

  it('have the revenue rows, screens and CLI names of the revenue sections', () => {
    expect(revenueSections().map((s) => [s.revenue!.title, s.revenue!.cli])).toEqual([
      ['Opbrengsten woningbouw', 'revenues_residential'], ['Opbrengsten niet-woningbouw', 'revenues_non_residential'], ['Overige opbrengsten', 'revenues_other'],
    ]);
  });

  it('are the lists of the model data, in their order, the first two required', () => {
    expect(Object.keys(modelDataSchema().shape)).toEqual(['base_parameters', ...SECTIONS.map((s) => s.list)]);
    expect(Object.keys(ENTRY_LISTS).sort()).toEqual(SECTIONS.map((s) => s.list).sort());
    expect(emptyLists()).toEqual({ cost_estimate: [], residential_construction: [] });
  });
});
