// The scalar fields of a cost or residential entry that an edit can change: where each lives in the
// model data, what kind of value it takes, and whether a change reshapes the workbook. The engine
// writes through `set` and reads the value an edit replaces (its inverse) through `get`.
import type { CostEntry, NonResidentialEntry, OtherRevenueEntry, ResidentialEntry } from './modelData.ts';
import { DEFAULT_COST_INDEX, DEFAULT_PRICE_INDEX, DEFAULT_REVENUE_INDEX } from './modelConstants.ts';

type FieldValue = string | number | boolean | null;

export interface EntryField<E> {
  /** number: a finite number (cell = the value); text: a string (cell = text); date: yyyy-mm-dd (cell = serial); boolean: true/false. */
  type: 'number' | 'text' | 'date' | 'boolean';
  /** The field may be cleared (null). */
  nullable?: true;
  /**
   * 'always': the workbook is regenerated (an index set changes the factor sources); 'priceDate': when
   * the date lies before the price-index years.
   */
  reshapes?: 'always' | 'priceDate';
  get(e: E): FieldValue;
  set(e: E, v: FieldValue): void;
}

type Fields<E, K extends string> = Record<K, EntryField<E>>;
type AnyEntry = CostEntry | ResidentialEntry | NonResidentialEntry | OtherRevenueEntry;

/** Fields every entry kind has (label, phasing section, method and window, realised before the start). */
function common<E extends AnyEntry>(): Fields<E, 'label' | 'phasing_section_type' | 'phasing_method' | 'start_date' | 'end_date' | 'realised_before_start'> {
  return {
    label: { type: 'text', get: (e) => e.label, set: (e, v) => (e.label = v as string) },
    phasing_section_type: { type: 'text', get: (e) => e.phasing.phasing_section_type, set: (e, v) => (e.phasing.phasing_section_type = v as never) },
    phasing_method: { type: 'text', get: (e) => e.phasing.phasing_method, set: (e, v) => (e.phasing.phasing_method = v as never) },
    start_date: { type: 'date', get: (e) => e.phasing.start_date, set: (e, v) => (e.phasing.start_date = v as string) },
    end_date: { type: 'date', get: (e) => e.phasing.end_date, set: (e, v) => (e.phasing.end_date = v as string) },
    // calculation.md §8.2 (issue 37); cleared means absent (= 0)
    realised_before_start: {
      type: 'number', nullable: true, get: (e) => e.bookvalue.realised_before_start ?? null,
      set: (e, v) => {
        if (v === null) delete e.bookvalue.realised_before_start;
        else e.bookvalue.realised_before_start = v as number;
      },
    },
  };
}

export const COST_FIELDS = {
  ...common<CostEntry>(),
  amount: { type: 'number', get: (e) => e.estimate.amount, set: (e, v) => (e.estimate.amount = v as number) },
  price: { type: 'number', get: (e) => e.estimate.price, set: (e, v) => (e.estimate.price = v as number) },
  unit: { type: 'text', get: (e) => e.estimate.unit, set: (e, v) => (e.estimate.unit = v as never) },
  date: { type: 'date', reshapes: 'priceDate', get: (e) => e.estimate.date, set: (e, v) => (e.estimate.date = v as string) },
  index_type: { type: 'text', reshapes: 'always', get: (e) => e.estimate.index_type ?? DEFAULT_PRICE_INDEX, set: (e, v) => (e.estimate.index_type = v as string) },
  standard_index: {
    type: 'text', reshapes: 'always', get: (e) => e.indexing.standard_index ?? DEFAULT_COST_INDEX, set: (e, v) => (e.indexing.standard_index = v as string),
  },
} satisfies Record<string, EntryField<CostEntry>>;
export type CostScalarField = keyof typeof COST_FIELDS;

/** The zeros a method block is created with when its first value is typed. */
const BLOCK_ZEROS: Record<string, Record<string, number>> = {
  land_share_data: { von_incl_vat: 0, quote_excl_vat: 0 },
  price_per_square_meter_data: { square_meters: 0, unit_price: 0 },
  residual_data: { building_costs: 0, additional_costs_percentage: 0 },
};
type MethodBlock = 'land_share_data' | 'price_per_square_meter_data' | 'residual_data';

/** A number inside one of the optional method blocks (created with zeros when a value is typed). */
function methodValue<E extends ResidentialEntry | NonResidentialEntry>(block: MethodBlock, key: string, zeros?: Record<string, number>): EntryField<E> {
  return {
    type: 'number',
    nullable: true,
    get: (e) => ((e as Record<string, unknown>)[block] as Record<string, number> | null | undefined)?.[key] ?? null,
    set: (e, v) => {
      const holder = e as Record<string, unknown>;
      const data = (holder[block] ??= { ...(zeros ?? BLOCK_ZEROS[block]) }) as Record<string, number>;
      data[key] = (v as number | null) ?? 0;
    },
  };
}
const RESIDENTIAL_RESIDUAL_ZEROS = { von_incl_vat: 0, building_costs: 0, additional_costs_percentage: 0 };
const NON_RESIDENTIAL_RESIDUAL_ZEROS = { value_excl_vat: 0, building_costs: 0, additional_costs_percentage: 0 };

export const RESIDENTIAL_FIELDS = {
  ...common<ResidentialEntry>(),
  amount: { type: 'number', get: (e) => e.amount, set: (e, v) => (e.amount = v as number) },
  tenure_type: { type: 'text', get: (e) => e.tenure_type, set: (e, v) => (e.tenure_type = v as never) },
  calculation_method: { type: 'text', get: (e) => e.calculation_method, set: (e, v) => (e.calculation_method = v as never) },
  residence_type: { type: 'text', nullable: true, get: (e) => e.residence_type ?? null, set: (e, v) => (e.residence_type = v as string | null) },
  calculation_date: { type: 'date', reshapes: 'priceDate', get: (e) => e.calculation_date, set: (e, v) => (e.calculation_date = v as string) },
  plot_price: { type: 'number', nullable: true, get: (e) => e.plot_price ?? null, set: (e, v) => (e.plot_price = v as number | null) },
  von_incl_vat: methodValue('land_share_data', 'von_incl_vat'),
  quote_excl_vat: methodValue('land_share_data', 'quote_excl_vat'),
  square_meters: methodValue('price_per_square_meter_data', 'square_meters'),
  unit_price: methodValue('price_per_square_meter_data', 'unit_price'),
  residual_von_incl_vat: methodValue('residual_data', 'von_incl_vat', RESIDENTIAL_RESIDUAL_ZEROS),
  building_costs: methodValue('residual_data', 'building_costs', RESIDENTIAL_RESIDUAL_ZEROS),
  additional_costs_percentage: methodValue('residual_data', 'additional_costs_percentage', RESIDENTIAL_RESIDUAL_ZEROS),
  standard_index: revenueIndex<ResidentialEntry>(),
} satisfies Record<string, EntryField<ResidentialEntry>>;
export type ResidentialScalarField = keyof typeof RESIDENTIAL_FIELDS;

function revenueIndex<E extends AnyEntry>(): EntryField<E> {
  return {
    type: 'text', reshapes: 'always', get: (e) => e.indexing.standard_index ?? DEFAULT_REVENUE_INDEX, set: (e, v) => (e.indexing.standard_index = v as string),
  };
}

export const NON_RESIDENTIAL_FIELDS = {
  ...common<NonResidentialEntry>(),
  amount: { type: 'number', get: (e) => e.amount, set: (e, v) => (e.amount = v as number) },
  calculation_method: { type: 'text', get: (e) => e.calculation_method, set: (e, v) => (e.calculation_method = v as never) },
  calculation_date: { type: 'date', reshapes: 'priceDate', get: (e) => e.calculation_date, set: (e, v) => (e.calculation_date = v as string) },
  plot_price: { type: 'number', nullable: true, get: (e) => e.plot_price ?? null, set: (e, v) => (e.plot_price = v as number | null) },
  square_meters: methodValue('price_per_square_meter_data', 'square_meters'),
  unit_price: methodValue('price_per_square_meter_data', 'unit_price'),
  value_excl_vat: methodValue('land_share_data', 'value_excl_vat', { value_excl_vat: 0, quote_excl_vat: 0 }),
  quote_excl_vat: methodValue('land_share_data', 'quote_excl_vat', { value_excl_vat: 0, quote_excl_vat: 0 }),
  residual_value_excl_vat: methodValue('residual_data', 'value_excl_vat', NON_RESIDENTIAL_RESIDUAL_ZEROS),
  building_costs: methodValue('residual_data', 'building_costs', NON_RESIDENTIAL_RESIDUAL_ZEROS),
  additional_costs_percentage: methodValue('residual_data', 'additional_costs_percentage', NON_RESIDENTIAL_RESIDUAL_ZEROS),
  standard_index: revenueIndex<NonResidentialEntry>(),
} satisfies Record<string, EntryField<NonResidentialEntry>>;

export const OTHER_REVENUE_FIELDS = {
  ...(COST_FIELDS as unknown as Record<keyof typeof COST_FIELDS, EntryField<OtherRevenueEntry>>),
  standard_index: revenueIndex<OtherRevenueEntry>(),
  // a change reshapes the entry's index factors (all 1 when not indexed)
  indexed: { type: 'boolean', reshapes: 'always', get: (e) => e.indexed !== false, set: (e, v) => (e.indexed = v as boolean) },
} satisfies Record<string, EntryField<OtherRevenueEntry>>;
