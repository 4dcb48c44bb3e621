// Overige opbrengsten (calculation.md §3b.3): priced as Kostenraming (amount × price), revenues, not tied to a
// phase; a post may be not indexed (an amount as granted).
import type { OtherRevenueEntry } from '../modelData.ts';
import { DEFAULT_REVENUE_INDEX } from '../modelConstants.ts';
import { sectionScreen } from '../sectionScreens.ts';
import { type SectionDescriptor, choices, newEntryLists } from '../section.ts';
import { COST_SECTION, pricedFields, pricedTail } from './cost.ts';

const cost = COST_SECTION as unknown as SectionDescriptor<OtherRevenueEntry>;

export const OTHER_REVENUE_SECTION: SectionDescriptor<OtherRevenueEntry> = {
  ...cost,
  kind: 'other_revenue',
  olderFieldEdit: undefined,
  list: 'other_revenues',
  sheet: 'Overige opbrengsten',
  title: 'Overige opbrengsten',
  postsTitle: 'Overige opbrengsten',
  screen: sectionScreen('other_revenue'),
  direction: 'in',
  revenue: {
    title: 'Overige opbrengsten',
    rule: 'Som van de nominale bedragen van de posten Overige opbrengsten in de periode (niet geïndexeerd: het toegekende bedrag).',
    cli: 'revenues_other',
  },
  phaseGroup: null,
  categories: choices(['Subsidie', 'BijdrageDerden', 'Exploitatiebijdrage', 'OverigeOpbrengst'], { BijdrageDerden: 'Bijdrage derden', OverigeOpbrengst: 'Overige opbrengst' }),
  legacyCategories: [],
  defaultCategory: 'Subsidie',
  defaultIndex: DEFAULT_REVENUE_INDEX,
  fields: [
    ...pricedFields<OtherRevenueEntry>(),
    // a change reshapes the entry's index factors (all 1 when not indexed); in Raming after the price index
    {
      key: 'indexed', title: 'Geïndexeerd', fmt: 'text', width: 10, type: 'boolean', reshapes: 'always',
      get: (e) => e.indexed !== false, set: (e, v) => (e.indexed = v as boolean),
      grid: { in: ['estimate'], kind: 'select', width: 100, choices: 'yesNo', after: 'index_type' },
    },
    ...pricedTail<OtherRevenueEntry>(DEFAULT_REVENUE_INDEX),
  ],
  indexed: (e) => e.indexed !== false,
  newEntry: (bp, id, label) => ({
    ...cost.newEntry(bp, id, label),
    indexed: true,
    ...newEntryLists(bp, DEFAULT_REVENUE_INDEX, 'Subsidie', 'Financeel'),
  }),
};
