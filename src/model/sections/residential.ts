// Woningbouw (calculation.md §3b.1): housing plots sold, priced by land share, plot price, price per m² or the
// residual method, at the calculation date; the land-share and residual values are V.O.N. prices incl. btw.
import type { ResidentialEntry } from '../modelData.ts';
import { DEFAULT_REVENUE_INDEX } from '../modelConstants.ts';
import { pct } from '../percent.ts';
import { sectionScreen } from '../sectionScreens.ts';
import { type SectionDescriptor, choices, newEntryLists, newPriceDate } from '../section.ts';
import {
  LAND_SALE, blockZeros, landHead, landMethod, landTail, landValue, methodChoices, methodMissing, methodProblems, perM2, quoteAndPlot, residualFields,
  residualProblems, residualTerm, residualWarning,
} from './landSale.ts';

const ZEROS = blockZeros('von_incl_vat');

export const RESIDENTIAL_SECTION: SectionDescriptor<ResidentialEntry> = {
  kind: 'residential',
  list: 'residential_construction',
  sheet: 'Woningbouw',
  title: 'Woningbouw',
  olderFieldEdit: 'residentialField',
  postsTitle: 'Woningbouw',
  screen: sectionScreen('residential'),
  ...LAND_SALE,
  revenue: { title: 'Opbrengsten woningbouw', rule: 'Som van de nominale bedragen van de posten Woningbouw in de periode.', cli: 'revenues_residential' },
  methods: methodChoices('LandShare', 'PlotPrice', 'Residual', 'PricePerSquareMeter'),
  estimate: {
    method: 'calculation_method',
    cases: [
      ['LandShare', { landShare: { value: 'von_incl_vat', quote: 'quote_excl_vat', inclVat: true } }],
      ['PlotPrice', { product: ['amount', 'plot_price'] }],
      ['PricePerSquareMeter', { product: ['amount', 'square_meters', 'unit_price'] }],
      ['Residual', residualTerm('residual_von_incl_vat', true)],
    ],
  },
  categories: choices(['Woningbouw']),
  // the workbench offered the cost sections for housing too before each section had its own
  legacyCategories: ['Verwerving', 'Sloopkosten', 'Sanering'],
  defaultCategory: 'Woningbouw',
  uniqueLabels: false,
  marketableLand: 'net_area_marketable_residential',
  entryProblems: (e) => [
    ...methodProblems(e),
    ...(e.calculation_method === 'Residual' ? residualProblems(e.residual_data, 'Vul de VON-prijs, de bouwkosten en de bijkomende kosten in.') : []),
  ],
  missingOf: (e) => methodMissing(e, e.land_share_data?.von_incl_vat, 'de VON-prijs'),
  warningOf: (e, bp) => (e.calculation_method === 'Residual' && e.residual_data
    ? residualWarning(e.residual_data.von_incl_vat / (1 + pct(bp.vat_rate_percentage)), e.residual_data)
    : null),
  fields: [
    ...landHead<ResidentialEntry>(),
    // Woningbouw keeps the order its users paste in: Eigendom after Aantal, Woningtype after Prijsdatum
    {
      key: 'tenure_type', title: 'Eigendom', fmt: 'text', width: 10, type: 'text',
      get: (e) => e.tenure_type, set: (e, v) => (e.tenure_type = v as never), grid: { in: ['general'], kind: 'select', width: 90, choices: 'tenure' },
    },
    ...landMethod<ResidentialEntry>(),
    landValue<ResidentialEntry>('von_incl_vat', 'VON-prijs incl. btw', ZEROS.landShare),
    ...quoteAndPlot<ResidentialEntry>(ZEROS.landShare),
    {
      key: 'residence_type', title: 'Woningtype', fmt: 'text', width: 14, type: 'text', nullable: true,
      get: (e) => e.residence_type ?? null, set: (e, v) => (e.residence_type = v as string | null), grid: { in: ['general'], kind: 'text', width: 130 },
    },
    ...perM2<ResidentialEntry>('woning'),
    ...residualFields<ResidentialEntry>({ key: 'residual_von_incl_vat', title: 'Residueel: VON-prijs incl. btw', block: 'von_incl_vat' }, 'woning', ZEROS.residual),
    ...landTail<ResidentialEntry>(),
  ],
  newEntry: (bp, id, label) => ({
    id, label, amount: 1, tenure_type: 'Purchased', calculation_method: 'PlotPrice', calculation_date: newPriceDate(bp),
    land_share_data: null, plot_price: 0, residence_type: null, price_per_square_meter_data: null,
    ...newEntryLists(bp, DEFAULT_REVENUE_INDEX, 'Woningbouw', 'percentage'),
  }),
};
