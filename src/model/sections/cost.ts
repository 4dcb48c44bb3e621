// Kostenraming (calculation.md §3): a post's estimate is quantity × price at its price date, indexed to the
// NCW date by its price index and phased within the cost phases.
import type { CostEntry } from '../modelData.ts';
import { DEFAULT_COST_INDEX, DEFAULT_PRICE_INDEX } from '../modelConstants.ts';
import { sectionScreen } from '../sectionScreens.ts';
import { type EntryField, type SectionDescriptor, choices, headFields, newEntryLists, newPriceDate, tailFields } from '../section.ts';

/** Fields of the sections priced as amount × price (Kostenraming, Overige opbrengsten), up to the price date. */
export function pricedFields<E extends CostEntry>(): EntryField<E>[] {
  return [
    ...headFields<E>(),
    {
      key: 'amount', title: 'Hoeveelheid', fmt: 'money', width: 12, type: 'number',
      get: (e) => e.estimate.amount, set: (e, v) => (e.estimate.amount = v as number), grid: { in: ['estimate'], kind: 'number', width: 100 },
    },
    {
      key: 'unit', title: 'Eenheid', fmt: 'text', width: 10, type: 'text',
      get: (e) => e.estimate.unit, set: (e, v) => (e.estimate.unit = v as never), grid: { in: ['estimate'], kind: 'select', width: 90, choices: 'units' },
    },
    {
      key: 'price', title: 'Prijs', fmt: 'money', width: 14, type: 'number',
      get: (e) => e.estimate.price, set: (e, v) => (e.estimate.price = v as number), grid: { in: ['estimate'], kind: 'money', width: 136 },
    },
    {
      key: 'date', title: 'Prijsdatum', fmt: 'date', width: 12, type: 'date', reshapes: 'priceDate',
      get: (e) => e.estimate.date, set: (e, v) => (e.estimate.date = v as string), grid: { in: ['estimate'], kind: 'date', width: 100 },
    },
  ];
}

/** Their tail: the price index chosen per post; the category in Raming too, last (after the computed columns, so a block pasted from Excel keeps its places). */
export const pricedTail = <E extends CostEntry>(defaultIndex: string) => tailFields<E>({
  defaultIndex,
  priceIndex: {
    get: (e) => e.estimate.index_type ?? DEFAULT_PRICE_INDEX,
    set: (e, v) => (e.estimate.index_type = v as string),
    grid: { in: ['estimate'], kind: 'select', width: 100, choices: 'priceSets' },
  },
  category: { in: ['estimate'], after: 'amountAtNcw' },
});

export const COST_SECTION: SectionDescriptor<CostEntry> = {
  kind: 'cost',
  list: 'cost_estimate',
  sheet: 'Kostenraming',
  title: 'Kostenraming',
  olderFieldEdit: 'costField',
  postsTitle: 'Kostenposten',
  screen: sectionScreen('cost'),
  direction: 'out',
  revenue: null,
  methods: null,
  estimate: { product: ['amount', 'price'] },
  phaseGroup: 'Cost',
  categories: choices(
    ['Verwerving', 'Sloopkosten', 'Sanering', 'BouwrijpMaken', 'WoonrijpMaken', 'Plankosten', 'VoorbereidingToezicht', 'Onvoorzien', 'OverigeKosten'],
    { BouwrijpMaken: 'Bouwrijp maken', WoonrijpMaken: 'Woonrijp maken', VoorbereidingToezicht: 'Voorbereiding en toezicht', OverigeKosten: 'Overige kosten' },
  ),
  // the workbench offered Woningbouw for costs before the Bro cost types (calculation.md §3b.4)
  legacyCategories: ['Woningbouw'],
  defaultCategory: 'Verwerving',
  defaultPhasingMethod: 'Financeel',
  defaultIndex: DEFAULT_COST_INDEX,
  priceIndexOf: (e) => e.estimate.index_type ?? DEFAULT_PRICE_INDEX,
  priceDateOf: (e) => e.estimate.date,
  priceDateField: 'date',
  priceDatePath: 'estimate.date',
  priceIndexPath: 'estimate.index_type',
  uniqueLabels: true,
  messages: { priceDateAfterNcw: 'De prijsdatum van de raming ligt na de NCW-datum.' },
  marketableLand: null,
  entryProblems: () => [],
  missingOf: () => null,
  warningOf: () => null,
  indexed: () => true,
  fields: [...pricedFields<CostEntry>(), ...pricedTail<CostEntry>(DEFAULT_COST_INDEX)],
  newEntry: (bp, id, label) => ({
    id, label,
    estimate: { amount: 1, unit: 'Item', price: 0, date: newPriceDate(bp), index_type: DEFAULT_PRICE_INDEX },
    ...newEntryLists(bp, DEFAULT_COST_INDEX, 'Verwerving', 'Financeel'),
  }),
};
