// The Dutch words for the model data's codes (the wire values stay as they are): the workbench's choice lists
// and the xlsx export show these, so a modeller reads 'Jaarlijks', 'm²' and 'Rentepercentages' where
// the data says Annual, SquareMeter and Interest_Percentage.
import type { ModelData, ParameterSetGroup, PhasingPeriod } from './modelData.ts';
import {
  CREDIT_SET, DEBIT_SET, FUTURE_INDEX_GROUP, INTEREST_GROUP, PRICE_LEVEL_GROUP,
} from './modelConstants.ts';

type Entry = ModelData['cost_estimate'][number];
type Residential = ModelData['residential_construction'][number];
type Labels<T extends string> = Readonly<Record<T, string>>;

export const UNIT_LABELS: Labels<Entry['estimate']['unit']> = {
  Meter: 'm', SquareMeter: 'm²', Hectare: 'Ha', CubicMeter: 'm³', Pieces: 'Stuks', Item: 'Post',
  Percentage: 'Percentage', Euro: 'Euro', Hours: 'Uren',
};
export const PERIOD_TYPE_LABELS: Labels<PhasingPeriod> = { Annual: 'Jaarlijks', SemiAnnual: 'Halfjaarlijks', Quarterly: 'Kwartalen' };
/** Spec 3 writes the method value 'Financeel'; the user reads 'Financieel'. */
export const PHASING_METHOD_LABELS: Labels<Entry['phasing']['phasing_method']> = { Financeel: 'Financieel', percentage: 'Procentueel' };
export const VALUE_TYPE_LABELS: Labels<'Financeel' | 'Procentueel'> = { Financeel: 'Financieel', Procentueel: 'Procentueel' };
export const PHASE_GROUP_LABELS: Labels<'Cost' | 'Revenue'> = { Cost: 'Kosten', Revenue: 'Opbrengsten' };
export const TENURE_LABELS: Labels<Residential['tenure_type']> = { Purchased: 'Koop', Rent: 'Huur' };
export const CALCULATION_METHOD_LABELS: Labels<Residential['calculation_method']> = {
  LandShare: 'Grondquote', PlotPrice: 'Kavelprijs', Residual: 'Residueel', PricePerSquareMeter: 'Prijs per m²',
};
export const INTEREST_METHOD_LABELS: Labels<ModelData['base_parameters']['interest_calculation_method']> = {
  Traditional: 'Traditioneel', BBV: 'Conform BBV', OrganizationSpecific: 'Organisatiespecifiek',
};
export const SET_GROUP_LABELS: Labels<ParameterSetGroup> = {
  [INTEREST_GROUP]: 'Rentepercentages',
  [FUTURE_INDEX_GROUP]: 'Toekomstige index',
  [PRICE_LEVEL_GROUP]: 'Prijspeilcorrectie tot NCW-datum',
} as Labels<ParameterSetGroup>;

/** The two interest sets every model has; other set names are the user's own words. */
const SET_NAME_LABELS: Readonly<Record<string, string>> = {
  [DEBIT_SET]: 'Rente negatief saldo',
  [CREDIT_SET]: 'Rente positief saldo',
};
export const setLabel = (name: string) => SET_NAME_LABELS[name] ?? name;

/** Every code with its Dutch word, per kind (the export's notes and its sheet 'Codes'). */
export const CODE_LABELS: readonly [kind: string, labels: Readonly<Record<string, string>>][] = [
  ['Eenheid', UNIT_LABELS],
  ['Faseringsperiode', PERIOD_TYPE_LABELS],
  ['Faseringsmethode', PHASING_METHOD_LABELS],
  ['Soort fase', PHASE_GROUP_LABELS],
  ['Eigendom', TENURE_LABELS],
  ['Berekeningsmethode', CALCULATION_METHOD_LABELS],
  ['Renteberekeningsmethode', INTEREST_METHOD_LABELS],
  ['Groep parameterset', SET_GROUP_LABELS],
  ['Parameterset', SET_NAME_LABELS],
];

/** The Dutch word of a code wherever it appears (one meaning per code across the kinds), or undefined. */
export function codeLabel(code: string): string | undefined {
  for (const [, labels] of CODE_LABELS) {
    if (Object.hasOwn(labels, code) && labels[code] !== code) return labels[code];
  }
  return undefined;
}
