// A section that exists only in the tests (issue 36): parking revenues, priced per place, as one descriptor
// and its entry schema. src/model/defineSection.test.ts adds it with defineSection and finds it everywhere
// the built-in sections are.
import { z } from 'zod';
import { type BaseParameters, CostEntry } from '../../src/model/modelData.ts';
import { DEFAULT_PRICE_INDEX, DEFAULT_REVENUE_INDEX } from '../../src/model/modelConstants.ts';
import { type SectionDescriptor, choices, headFields, newEntryLists, newPriceDate, numberField, tailFields } from '../../src/model/section.ts';

const ParkingEntry = z.object({
  id: z.number().int(),
  label: z.string(),
  places: z.number().finite(),
  price_per_place: z.number().finite(),
  date: CostEntry.shape.estimate.shape.date,
  indexing: CostEntry.shape.indexing,
  phasing: CostEntry.shape.phasing,
  bookvalue: CostEntry.shape.bookvalue,
  formulas: CostEntry.shape.formulas,
});
export type ParkingEntry = z.infer<typeof ParkingEntry>;

export const PARKING_SECTION = {
  kind: 'parking',
  list: 'parking_revenues',
  listSchema: z.array(ParkingEntry).optional(),
  sheet: 'Parkeren',
  title: 'Parkeren',
  postsTitle: 'Parkeerplaatsen',
  screen: { name: 'GrexOnline_Parking', slug: 'parkeren', icon: 'drive-time', subTabs: false },
  direction: 'in',
  revenue: { title: 'Opbrengsten parkeren', rule: 'Som van de nominale bedragen van de posten Parkeren in de periode.', cli: 'revenues_parking' },
  methods: null,
  estimate: { product: ['places', 'price_per_place'] },
  phaseGroup: null,
  categories: choices(['Parkeerplaats', 'Garage']),
  legacyCategories: [],
  defaultCategory: 'Parkeerplaats',
  defaultPhasingMethod: 'Financeel',
  defaultIndex: DEFAULT_REVENUE_INDEX,
  priceIndexOf: () => DEFAULT_PRICE_INDEX,
  priceDateOf: (e: ParkingEntry) => e.date,
  priceDateField: 'date',
  priceDatePath: 'date',
  priceIndexPath: 'date',
  uniqueLabels: true,
  messages: { priceDateAfterNcw: 'De prijsdatum van de parkeerplaatsen ligt na de NCW-datum.' },
  marketableLand: null,
  entryProblems: () => [],
  missingOf: () => null,
  warningOf: () => null,
  indexed: () => true,
  fields: [
    ...headFields(),
    numberField('places', 'Aantal plaatsen', 'int', 10, { in: ['estimate'], kind: 'number', width: 110 }),
    numberField('price_per_place', 'Prijs per plaats', 'money', 14, { in: ['estimate'], kind: 'money', width: 136 }),
    {
      key: 'date', title: 'Prijsdatum', fmt: 'date', width: 12, type: 'date', reshapes: 'priceDate',
      get: (e: ParkingEntry) => e.date, set: (e: ParkingEntry, v: unknown) => (e.date = v as string), grid: { in: ['estimate'], kind: 'date', width: 100 },
    },
    ...tailFields({ defaultIndex: DEFAULT_REVENUE_INDEX, category: { in: ['estimate'] } }),
  ],
  newEntry: (bp: BaseParameters, id: number, label: string) => ({ id, label, places: 1, price_per_place: 0, date: newPriceDate(bp), ...newEntryLists(bp, DEFAULT_REVENUE_INDEX, 'Parkeerplaats', 'Financeel') }),
} as unknown as SectionDescriptor;

/** Two parking posts of the worked example's years: 40 places at € 15.000 in 2026, a garage of 120 at € 25.000 in 2027. */
export const parkingEntries = (): ParkingEntry[] => [
  {
    id: 1, label: 'Parkeerplaatsen Oost', places: 40, price_per_place: 15_000, date: '2024-01-01',
    indexing: { standard_index: DEFAULT_REVENUE_INDEX, indexing_items: [] },
    phasing: { phasing_section_type: 'Parkeerplaats', phasing_method: 'Financeel', start_date: '2024-01-01', end_date: '2027-12-31', phasing_items: [{ period: 'PER_03', value_type: 'Financeel', value: 600_000 }] },
    bookvalue: { bookvalue_items: [] },
  },
  {
    id: 2, label: 'Garage', places: 120, price_per_place: 25_000, date: '2024-01-01',
    indexing: { standard_index: DEFAULT_REVENUE_INDEX, indexing_items: [] },
    phasing: { phasing_section_type: 'Garage', phasing_method: 'Financeel', start_date: '2024-01-01', end_date: '2027-12-31', phasing_items: [{ period: 'PER_04', value_type: 'Financeel', value: 3_000_000 }] },
    bookvalue: { bookvalue_items: [] },
  },
];
