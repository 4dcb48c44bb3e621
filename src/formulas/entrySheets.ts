// The entry sheets of the workbook (Kostenraming, Woningbouw, Niet-Woningbouw, Overige opbrengsten):
// one builder and a kind per section, split from workbook.ts which builds the other sheets.
import type { ModelData, NonResidentialEntry, OtherRevenueEntry } from '../model/modelData.ts';
import { compareYmd, parseYmd, toSerial } from './dates.ts';
import { pctFormulaOnce } from '../model/percent.ts';
import type { Period } from './periods.ts';
import { FUTURE_INDEX_GROUP } from '../model/modelConstants.ts';
import {
  COST_SECTION,
  NON_RESIDENTIAL_SECTION,
  OTHER_REVENUE_SECTION,
  RESIDENTIAL_SECTION,
  entriesOf,
  type AnyEntry,
  type EntryKind,
  type SectionDescriptor,
} from '../model/sections.ts';
import {
  BLOCKS,
  BLOCK_TITLE,
  COMPUTED,
  COST_INPUTS,
  NON_RES_INPUTS,
  OTHER_REVENUE_INPUTS,
  RES_INPUTS,
  text,
  type Block,
  type ColDef,
  type EntrySheetLayout,
  type FactorSource,
  type ParameterSetsLayout,
  type Fmt,
  type RawCell,
  type SheetSpec,
} from './workbookLayout.ts';
import {
  PARAMETER_REFS,
  a1,
  bookedFormula,
  columnTotalFormula,
  entryTotalFormula,
  itemMap,
  nominalFormula,
  ownChainStart,
  ownFactorFormula,
  phasedFormula,
} from './workbookRefs.ts';

/** What every sheet is built from: the model and its periods. */
export interface BuildContext {
  model: ModelData;
  bp: ModelData['base_parameters'];
  periods: Period[];
  n: number;
  /** The period that contains the NCW date. */
  kN: number;
}
/** What differs between the entry sheets: the section and its own input columns and estimate. */
interface EntrySheetKind<E extends AnyEntry> {
  section: SectionDescriptor<E>;
  inputs: ColDef[];
  /** The cells of the kind's own input columns (before ENTRY_INDEX_AND_PHASING). */
  inputCells: (e: E) => RawCell[];
  estimateFormula: (r: number, col: Record<string, number>) => string;
  /** The input column of the price date. */
  dateKey: string;
}

/** The cells of ENTRY_INDEX_AND_PHASING (without the own base index, which the builder writes). */
const indexAndPhasingCells = (e: AnyEntry, indexType: string, defaultIndex: string): RawCell[] => [
  text(indexType),
  text(e.indexing.standard_index ?? defaultIndex),
  text(e.phasing.phasing_section_type),
  text(e.phasing.phasing_method),
  toSerial(e.phasing.start_date),
  toSerial(e.phasing.end_date),
];

const COST_SHEET: EntrySheetKind<ModelData['cost_estimate'][number]> = {
  section: COST_SECTION,
  inputs: COST_INPUTS,
  inputCells: (e) => [
    e.id,
    text(e.label),
    e.estimate.amount,
    text(e.estimate.unit),
    e.estimate.price,
    toSerial(e.estimate.date),
  ],
  estimateFormula: (r, col) => `=${a1(col.amount!, r, { absCol: true })}*${a1(col.price!, r, { absCol: true })}`,
  dateKey: 'date',
};

const RESIDENTIAL_SHEET: EntrySheetKind<ModelData['residential_construction'][number]> = {
  section: RESIDENTIAL_SECTION,
  inputs: RES_INPUTS,
  inputCells: (e) => [
    e.id,
    text(e.label),
    e.amount,
    text(e.tenure_type),
    text(e.calculation_method),
    toSerial(e.calculation_date),
    e.land_share_data?.von_incl_vat ?? null,
    e.land_share_data?.quote_excl_vat ?? null,
    e.plot_price ?? null,
    text(e.residence_type),
    e.price_per_square_meter_data?.square_meters ?? null,
    e.price_per_square_meter_data?.unit_price ?? null,
    e.residual_data?.von_incl_vat ?? null,
    e.residual_data?.building_costs ?? null,
    e.residual_data?.additional_costs_percentage ?? null,
  ],
  estimateFormula: (r, col) => {
    const R = (k: string) => a1(col[k]!, r, { absCol: true });
    return (
      `=IF(${R('calculation_method')}="LandShare",${R('amount')}*${R('von_incl_vat')}/(1+${PARAMETER_REFS.vat})*${pctFormulaOnce(R('quote_excl_vat'))},` +
      `IF(${R('calculation_method')}="PlotPrice",${R('amount')}*${R('plot_price')},` +
      `IF(${R('calculation_method')}="PricePerSquareMeter",${R('amount')}*${R('square_meters')}*${R('unit_price')},` +
      `IF(${R('calculation_method')}="Residual",${residualFormula(R('amount'), `${R('residual_von_incl_vat')}/(1+${PARAMETER_REFS.vat})`, R)},0))))`
    );
  },
  dateKey: 'calculation_date',
};

/** §3b.1: amount × max(0, value excl. VAT − building costs × (1 + pct(additional costs))). */
function residualFormula(amount: string, valueExclVat: string, R: (k: string) => string): string {
  return `${amount}*MAX(0,${valueExclVat}-${R('building_costs')}*(1+${pctFormulaOnce(R('additional_costs_percentage'))}))`;
}

const NON_RESIDENTIAL_SHEET: EntrySheetKind<NonResidentialEntry> = {
  section: NON_RESIDENTIAL_SECTION,
  inputs: NON_RES_INPUTS,
  inputCells: (e) => [
    e.id,
    text(e.label),
    e.amount,
    text(e.calculation_method),
    toSerial(e.calculation_date),
    e.price_per_square_meter_data?.square_meters ?? null,
    e.price_per_square_meter_data?.unit_price ?? null,
    e.land_share_data?.value_excl_vat ?? null,
    e.land_share_data?.quote_excl_vat ?? null,
    e.plot_price ?? null,
    e.residual_data?.value_excl_vat ?? null,
    e.residual_data?.building_costs ?? null,
    e.residual_data?.additional_costs_percentage ?? null,
  ],
  estimateFormula: (r, col) => {
    const R = (k: string) => a1(col[k]!, r, { absCol: true });
    const method = R('calculation_method');
    return (
      `=IF(${method}="PricePerSquareMeter",${R('amount')}*${R('square_meters')}*${R('unit_price')},` +
      `IF(${method}="LandShare",${R('amount')}*${R('value_excl_vat')}*${pctFormulaOnce(R('quote_excl_vat'))},` +
      `IF(${method}="PlotPrice",${R('amount')}*${R('plot_price')},` +
      `IF(${method}="Residual",${residualFormula(R('amount'), R('residual_value_excl_vat'), R)},0))))`
    );
  },
  dateKey: 'calculation_date',
};

const OTHER_REVENUE_SHEET: EntrySheetKind<OtherRevenueEntry> = {
  section: OTHER_REVENUE_SECTION,
  inputs: OTHER_REVENUE_INPUTS,
  inputCells: (e) => [...COST_SHEET.inputCells(e), e.indexed !== false],
  estimateFormula: COST_SHEET.estimateFormula,
  dateKey: 'date',
};

/** The entry sheet of each section, in the sections' order. */
export const ENTRY_SHEETS: Record<EntryKind, EntrySheetKind<AnyEntry>> = {
  cost: COST_SHEET as EntrySheetKind<AnyEntry>,
  residential: RESIDENTIAL_SHEET as EntrySheetKind<AnyEntry>,
  non_residential: NON_RESIDENTIAL_SHEET as EntrySheetKind<AnyEntry>,
  other_revenue: OTHER_REVENUE_SHEET as EntrySheetKind<AnyEntry>,
};

/** Kostenraming or Woningbouw: one row per entry (inputs, computed columns, per-period blocks), then the Totaal row. */
export function entrySheet<E extends AnyEntry>(
  { model, periods, n, kN }: BuildContext,
  kind: EntrySheetKind<E>,
  sets: ParameterSetsLayout,
  historicIndex: (dateRef: string, setName: string) => string,
): { spec: SheetSpec; layout: EntrySheetLayout } {
  const { inputs } = kind;
  const { setRow, setCols } = sets;
  const entries = entriesOf(model, kind.section.kind) as E[];
  const col: Record<string, number> = {};
  inputs.forEach((c, i) => (col[c.key] = i));
  COMPUTED.forEach((c, i) => (col[c.key] = inputs.length + i));
  const first = inputs.length + COMPUTED.length;
  const blockStart = {} as Record<Block, number>;
  BLOCKS.forEach((b, i) => (blockStart[b] = first + i * n));
  const width = first + BLOCKS.length * n;
  const header: RawCell[] = [
    ...inputs.map((c) => text(c.title)),
    ...COMPUTED.map((c) => text(c.title)),
    ...BLOCKS.flatMap((b) => periods.map((p) => text(`${BLOCK_TITLE[b]} ${p.label}`))),
  ];
  const rows: RawCell[][] = [header];
  const rowOf = new Map<number, number>();
  const factor = new Map<number, FactorSource>();
  const lay: EntrySheetLayout = { sheet: kind.section.sheet, col, blockStart, rowOf, ids: entries.map((e) => e.id), width, factor, totalsRow: entries.length + 1, ncwPeriod: kN };
  for (const e of entries) {
    const r = rows.length;
    rowOf.set(e.id, r);
    const row: RawCell[] = new Array(width).fill(null);
    const ins = [...kind.inputCells(e), ...indexAndPhasingCells(e, kind.section.priceIndexOf(e), kind.section.defaultIndex)];
    for (let i = 0; i < ins.length; i++) row[i] = ins[i]!;
    const base = e.indexing.indexing_items.find((it) => it.period === 'UITGANGSPUNT');
    row[col.indexBase!] = base ? base.value : null;
    row[col.realised_before_start!] = e.bookvalue.realised_before_start ?? null;
    const R = (c: number) => a1(c, r, { absCol: true });
    row[col.estimate!] = kind.estimateFormula(r, col);
    // not indexed (a subsidy as granted, §3b.3): no price-level correction and no future factors
    const indexed = kind.section.indexed(e);
    row[col.historicIndex!] = indexed ? historicIndex(R(col[kind.dateKey]!), kind.section.priceIndexOf(e)) : 1;
    const x = `${R(col.estimate!)}*${R(col.historicIndex!)}-${R(col.totalBooked!)}`;
    row[col.amountAtNcw!] = `=ROUND(${x}+SIGN(${x})*0.0000001,2)`;
    row[col.residualToPhase!] = `=${R(col.amountAtNcw!)}-${R(col.totalPhased!)}`;
    const ph = itemMap(e.phasing.phasing_items);
    const bk = itemMap(e.bookvalue.bookvalue_items);
    const ix = itemMap(e.indexing.indexing_items);
    const stdName = e.indexing.standard_index ?? kind.section.defaultIndex;
    const ws = parseYmd(e.phasing.start_date);
    const we = parseYmd(e.phasing.end_date);
    let last = 0; // the last period of the phasing window, or a later phasing value
    for (const p of periods) if ((compareYmd(p.end, ws) > 0 && compareYmd(p.start, we) <= 0) || ph.has(p.index)) last = p.index;
    const src: FactorSource = {
      own: indexed && e.indexing.indexing_items.length > 0,
      hasBase: ix.has(0),
      from: ownChainStart(e.indexing.indexing_items),
      last,
      setRow: indexed ? setRow.get(`${FUTURE_INDEX_GROUP}|${stdName}`) ?? null : null,
    };
    factor.set(e.id, src);
    const at = (b: Block, k: number) => blockStart[b] + k - 1;
    // Nominal cells exist where a phasing value is after the NCW period (up to it nominal = phased);
    // a phased cell only where it is Procentueel (a Financeel value is the phased amount). Fewer
    // formulas is what makes the build fast.
    for (const [k, it] of ph) {
      if (k < 1 || k > n) continue;
      const isPercentage = it.value_type === 'Procentueel';
      row[at(isPercentage ? 'phasingP' : 'phasingF', k)] = it.value;
      if (isPercentage) row[at('phased', k)] = phasedFormula(lay, r, k);
      if (k > kN) row[at('nominal', k)] = nominalFormula(lay, r, k, src, setCols, isPercentage);
    }
    for (const [k, it] of bk) {
      if (k < 1 || k > n) continue;
      const isPercentage = it.value_type === 'Procentueel';
      row[at(isPercentage ? 'bookedP' : 'bookedF', k)] = it.value;
      if (isPercentage) row[at('booked', k)] = bookedFormula(lay, r, k);
    }
    for (const [k, it] of ix) if (k >= 1 && k <= n) row[at('indexOverride', k)] = it.value;
    if (src.own) for (let k = src.from; k <= last; k++) row[at('indexFactor', k)] = ownFactorFormula(lay, r, k, src, setCols);
    row[col.totalBooked!] = entryTotalFormula(lay, row, r, n, 'booked');
    row[col.totalPhased!] = entryTotalFormula(lay, row, r, n, 'phased');
    rows.push(row);
  }
  const totals: RawCell[] = new Array(width).fill(null);
  totals[col.label!] = text('Totaal');
  rows.push(totals);
  for (const b of ['nominal', 'booked'] as const) for (let k = 1; k <= n; k++) totals[blockStart[b] + k - 1] = columnTotalFormula(lay, rows, b, k);
  const fmts: Fmt[] = [...inputs.map((c) => c.fmt), ...COMPUTED.map((c) => c.fmt)];
  const fmt = (r: number, c: number): Fmt | undefined => {
    if (r === 0) return 'text';
    if (c < fmts.length) return fmts[c];
    const b = BLOCKS[Math.floor((c - first) / Math.max(1, n))];
    return b === 'indexFactor' ? 'factor' : b === 'indexOverride' || b === 'phasingP' || b === 'bookedP' ? 'pct' : 'money';
  };
  const widths = [...inputs.map((c) => c.width), ...COMPUTED.map((c) => c.width), ...BLOCKS.flatMap(() => periods.map(() => 13))];
  return { spec: { name: kind.section.sheet, rows, fmt, frozenRows: 1, frozenCols: 2, widths }, layout: lay };
}
