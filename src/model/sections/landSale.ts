// What the land-sale sections (Woningbouw, Niet-Woningbouw; calculation.md §3b.1–§3b.2) share: revenue phased
// in % within the revenue phases, priced at the calculation date by one of the estimate methods, whose values
// live in optional blocks of the entry; their fields, methods and rules.
import type { NonResidentialEntry, ResidentialEntry } from '../modelData.ts';
import { formatMoney } from '../../lib/nlFormat.ts';
import { CALCULATION_METHOD_LABELS } from '../codeLabels.ts';
import { DEFAULT_PRICE_INDEX, DEFAULT_REVENUE_INDEX } from '../modelConstants.ts';
import { pct } from '../percent.ts';
import { type EntryField, type GridHint, type MethodChoice, type MethodGrid, type Problems, headFields, numberField, tailFields } from '../section.ts';

type LandEntry = ResidentialEntry | NonResidentialEntry;

/** The Raming sub-tab of each estimate method. */
const METHOD_GRID: Record<keyof typeof CALCULATION_METHOD_LABELS, MethodGrid> = {
  LandShare: 'landShare', PlotPrice: 'plotPrice', Residual: 'residual', PricePerSquareMeter: 'pricePerM2',
};
/** The methods a section offers, in its order, with their Dutch words and sub-tabs. */
export const methodChoices = (...codes: (keyof typeof CALCULATION_METHOD_LABELS)[]): MethodChoice[] =>
  codes.map((value) => ({ value, label: CALCULATION_METHOD_LABELS[value], grid: METHOD_GRID[value] }));

export const LAND_SALE = {
  direction: 'in',
  phaseGroup: 'Revenue',
  defaultPhasingMethod: 'percentage',
  defaultIndex: DEFAULT_REVENUE_INDEX,
  priceIndexOf: () => DEFAULT_PRICE_INDEX,
  priceDateOf: (e: { calculation_date: string }) => e.calculation_date,
  priceDateField: 'calculation_date',
  priceDatePath: 'calculation_date',
  priceIndexPath: 'calculation_date',
  messages: { priceDateAfterNcw: 'De prijsdatum (berekeningsdatum) ligt na de NCW-datum.' },
  indexed: () => true,
} as const;

type MethodBlock = 'land_share_data' | 'price_per_square_meter_data' | 'residual_data';

/** A number inside one of the optional method blocks (created with `zeros` when a value is typed). */
export function methodValue<E extends LandEntry>(
  block: MethodBlock, key: string, field: Pick<EntryField<E>, 'key' | 'title' | 'fmt' | 'width' | 'grid'>, zeros: Record<string, number>,
): EntryField<E> {
  return {
    ...field,
    type: 'number',
    nullable: true,
    get: (e) => ((e as Record<string, unknown>)[block] as Record<string, number> | null | undefined)?.[key] ?? null,
    set: (e, v) => {
      const holder = e as Record<string, unknown>;
      const data = (holder[block] ??= { ...zeros }) as Record<string, number>;
      data[key] = (v as number | null) ?? 0;
    },
  };
}

/** The zeros the land-share and residual blocks are created with when their first value is typed; `value`: the section's value per unit in them. */
export const blockZeros = (value: string) => ({
  landShare: { [value]: 0, quote_excl_vat: 0 },
  residual: { [value]: 0, building_costs: 0, additional_costs_percentage: 0 },
});

const grid = (at: GridHint['in'][number], kind: GridHint['kind'], width: number, extra: Partial<GridHint> = {}): GridHint => ({ in: [at], kind, width, ...extra });
const PER_M2_ZEROS = { square_meters: 0, unit_price: 0 };

/** The head of a land-sale sheet: id, label, the number of plots or units sold. */
export const landHead = <E extends LandEntry>(): EntryField<E>[] => [
  ...headFields<E>(),
  numberField<E>('amount', 'Aantal', 'money', 10, grid('general', 'number', 90)),
];

/** Method and price date, on Algemeen. */
export const landMethod = <E extends LandEntry>(): EntryField<E>[] => [
  {
    key: 'calculation_method', title: 'Berekeningswijze', fmt: 'text', width: 16, type: 'text',
    get: (e) => e.calculation_method, set: (e, v) => (e.calculation_method = v as never), grid: grid('general', 'select', 130, { choices: 'methods' }),
  },
  {
    key: 'calculation_date', title: 'Prijsdatum', fmt: 'date', width: 12, type: 'date', reshapes: 'priceDate',
    get: (e) => e.calculation_date, set: (e, v) => (e.calculation_date = v as string), grid: grid('general', 'date', 100),
  },
];

/** The land-share quote and the plot price. */
export const quoteAndPlot = <E extends LandEntry>(landShareZeros: Record<string, number>): EntryField<E>[] => [
  methodValue<E>('land_share_data', 'quote_excl_vat', { key: 'quote_excl_vat', title: 'Grondquote excl. btw', fmt: 'pct', width: 10, grid: grid('landShare', 'pct', 140) }, landShareZeros),
  numberField<E>('plot_price', 'Kavelprijs', 'money', 14, grid('plotPrice', 'money', 136), true),
];

/** m² per unit (`unit`: woning, eenheid) and the price per m². */
export const perM2 = <E extends LandEntry>(unit: string): EntryField<E>[] => [
  methodValue<E>('price_per_square_meter_data', 'square_meters', { key: 'square_meters', title: `m² per ${unit}`, fmt: 'money', width: 10, grid: grid('pricePerM2', 'number', 110) }, PER_M2_ZEROS),
  methodValue<E>('price_per_square_meter_data', 'unit_price', { key: 'unit_price', title: 'Prijs per m²', fmt: 'money', width: 12, grid: grid('pricePerM2', 'money', 136) }, PER_M2_ZEROS),
];

/** The residual method's value per unit (`key` in the residual block as `value`), building costs per unit and additional costs. */
export const residualFields = <E extends LandEntry>(value: { key: string; title: string; block: string }, unit: string, zeros: Record<string, number>): EntryField<E>[] => [
  methodValue<E>('residual_data', value.block, { key: value.key, title: value.title, fmt: 'money', width: 14, grid: grid('residual', 'money', 150) }, zeros),
  methodValue<E>('residual_data', 'building_costs', { key: 'building_costs', title: `Bouwkosten per ${unit}`, fmt: 'money', width: 14, grid: grid('residual', 'money', 150) }, zeros),
  methodValue<E>('residual_data', 'additional_costs_percentage', { key: 'additional_costs_percentage', title: 'Bijkomende kosten', fmt: 'pct', width: 10, grid: grid('residual', 'pct', 130) }, zeros),
];

/** The land-share value per unit (the V.O.N. incl. btw, or the value excl. btw). */
export const landValue = <E extends LandEntry>(key: string, title: string, zeros: Record<string, number>): EntryField<E> =>
  methodValue<E>('land_share_data', key, { key, title, fmt: 'money', width: 14, grid: grid('landShare', 'money', 150) }, zeros);

/** The tail of a land-sale sheet: the price index is CPI for every post; `categoryIn`: the grids besides Fasering that show the category. */
export const landTail = <E extends LandEntry>(categoryIn: GridHint['in'] = []) => tailFields<E>({ defaultIndex: DEFAULT_REVENUE_INDEX, category: { in: categoryIn } });

/** A negative quantity is refused on the field (new sections only: saved costs and housing may hold a deduction). */
export function nonNegative(v: number, path: string): Problems {
  return v < 0 ? [{ path, message: 'Een negatieve hoeveelheid kan niet; vul 0 of meer in.' }] : [];
}

/**
 * The values the price-per-m², land-share and plot-price methods take. Missing ones are not refused: the
 * entry counts them as 0, as the workbook does an empty cell, and the workbench names the row
 * (`missingOf`, issue 23), so one unfinished row blocks no other change.
 */
export function methodProblems(e: LandEntry): Problems {
  const out: Problems = [];
  const quote = e.land_share_data?.quote_excl_vat;
  if (quote != null && (quote < 0 || quote > 100)) {
    out.push({ path: 'land_share_data.quote_excl_vat', message: 'De grondquote ligt tussen 0 % en 100 %.' });
  }
  const m2 = e.price_per_square_meter_data;
  if (m2 && m2.square_meters < 0) out.push({ path: 'price_per_square_meter_data.square_meters', message: 'Het aantal m² kan niet negatief zijn.' });
  return out;
}

/** What missingOf says for the land-sale sections; `landValue` is the land-share method's value, named `valueWords`. */
export function methodMissing(e: LandEntry, value: number | undefined, valueWords: string): string | null {
  const land = e.land_share_data;
  const m2 = e.price_per_square_meter_data;
  if (e.calculation_method === 'LandShare' && !(value && land?.quote_excl_vat)) return `vul ${valueWords} en de grondquote in.`;
  if (e.calculation_method === 'PlotPrice' && e.plot_price == null) return 'vul de kavelprijs in.';
  if (e.calculation_method === 'PricePerSquareMeter' && !(m2?.square_meters && m2.unit_price)) return 'vul het aantal m² en de prijs per m² in.';
  return null;
}

/** Residual method (§3b.1): building costs are required; additional costs are a percentage of at least 0. */
export function residualProblems(data: { building_costs: number; additional_costs_percentage: number } | null | undefined, missing: string): Problems {
  if (!data) return [{ path: 'residual_data', message: missing }];
  const out: Problems = [];
  if (!(data.building_costs > 0)) out.push({ path: 'residual_data.building_costs', message: 'Vul de bouwkosten per eenheid in: de residuele methode rekent ermee.' });
  if (data.additional_costs_percentage < 0) out.push({ path: 'residual_data.additional_costs_percentage', message: 'De bijkomende kosten kunnen niet negatief zijn.' });
  return out;
}

/** §3b.1: a negative residual value per unit is a warning, the estimate is 0. */
export function residualWarning(valueExclVat: number, data: { building_costs: number; additional_costs_percentage: number }): string | null {
  const r = valueExclVat - data.building_costs * (1 + pct(data.additional_costs_percentage));
  return r < 0 ? `Residuele grondwaarde negatief: ${formatMoney(r)}; opbrengst op € 0,00 gezet.` : null;
}

/** The residual term of the estimate (its value in the residual block under `value`). */
export const residualTerm = (value: string, inclVat: boolean) =>
  ({ residual: { value, inclVat, buildingCosts: 'building_costs', additional: 'additional_costs_percentage' } }) as const;
