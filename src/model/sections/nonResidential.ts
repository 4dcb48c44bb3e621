// Niet-Woningbouw (calculation.md §3b.2): land for businesses, offices, shops and the like, priced per m² by
// default, or by land share, plot price or the residual method on a value excl. btw; its category is chosen per post.
import type { NonResidentialEntry } from '../modelData.ts';
import { DEFAULT_REVENUE_INDEX } from '../modelConstants.ts';
import { sectionScreen } from '../sectionScreens.ts';
import { type SectionDescriptor, choices, newEntryLists, newPriceDate } from '../section.ts';
import {
  LAND_SALE, blockZeros, landHead, landMethod, landTail, landValue, methodChoices, methodMissing, methodProblems, nonNegative, perM2, quoteAndPlot,
  residualFields, residualProblems, residualTerm, residualWarning,
} from './landSale.ts';

const ZEROS = blockZeros('value_excl_vat');

export const NON_RESIDENTIAL_SECTION: SectionDescriptor<NonResidentialEntry> = {
  kind: 'non_residential',
  list: 'non_residential_construction',
  sheet: 'Niet-Woningbouw',
  title: 'Niet-Woningbouw',
  postsTitle: 'Niet-Woningbouw',
  screen: sectionScreen('non_residential'),
  ...LAND_SALE,
  revenue: { title: 'Opbrengsten niet-woningbouw', rule: 'Som van de nominale bedragen van de posten Niet-Woningbouw in de periode.', cli: 'revenues_non_residential' },
  methods: methodChoices('PricePerSquareMeter', 'LandShare', 'PlotPrice', 'Residual'),
  estimate: {
    method: 'calculation_method',
    cases: [
      ['PricePerSquareMeter', { product: ['amount', 'square_meters', 'unit_price'] }],
      ['LandShare', { landShare: { value: 'value_excl_vat', quote: 'quote_excl_vat', inclVat: false } }],
      ['PlotPrice', { product: ['amount', 'plot_price'] }],
      ['Residual', residualTerm('residual_value_excl_vat', false)],
    ],
  },
  categories: choices(['Bedrijven', 'Kantoren', 'Detailhandel', 'Horeca', 'Maatschappelijk', 'OverigVastgoed'], { OverigVastgoed: 'Overig vastgoed' }),
  legacyCategories: [],
  defaultCategory: 'Bedrijven',
  uniqueLabels: true,
  marketableLand: 'net_area_marketable_non_residential',
  entryProblems: (e) => [
    ...nonNegative(e.amount, 'amount'),
    ...methodProblems(e),
    ...(e.calculation_method === 'Residual' ? residualProblems(e.residual_data, 'Vul de waarde excl. btw, de bouwkosten en de bijkomende kosten in.') : []),
  ],
  missingOf: (e) => methodMissing(e, e.land_share_data?.value_excl_vat, 'de waarde excl. btw'),
  warningOf: (e) => (e.calculation_method === 'Residual' && e.residual_data ? residualWarning(e.residual_data.value_excl_vat, e.residual_data) : null),
  fields: [
    ...landHead<NonResidentialEntry>(),
    ...landMethod<NonResidentialEntry>(),
    ...perM2<NonResidentialEntry>('eenheid'),
    landValue<NonResidentialEntry>('value_excl_vat', 'Waarde excl. btw', ZEROS.landShare),
    ...quoteAndPlot<NonResidentialEntry>(ZEROS.landShare),
    ...residualFields<NonResidentialEntry>({ key: 'residual_value_excl_vat', title: 'Residueel: waarde excl. btw', block: 'value_excl_vat' }, 'eenheid', ZEROS.residual),
    ...landTail<NonResidentialEntry>(['general']),
  ],
  newEntry: (bp, id, label) => ({
    id, label, amount: 1, calculation_method: 'PricePerSquareMeter', calculation_date: newPriceDate(bp),
    price_per_square_meter_data: { square_meters: 0, unit_price: 0 }, land_share_data: null, plot_price: null, residual_data: null,
    ...newEntryLists(bp, DEFAULT_REVENUE_INDEX, 'Bedrijven', 'percentage'),
  }),
};
