// The entry sheets of the workbook (one per section: Kostenraming, Woningbouw, Niet-Woningbouw, Overige
// opbrengsten, …), built from the section's descriptor: its fields are the input columns, its estimate rule
// the Raming formula; split from workbook.ts which builds the other sheets.
import type { ModelData } from '../model/modelData.ts';
import { compareYmd, parseYmd, toSerial } from './dates.ts';
import { pctFormulaOnce } from '../model/percent.ts';
import type { Period } from './periods.ts';
import { FUTURE_INDEX_GROUP } from '../model/modelConstants.ts';
import { entriesOf } from '../model/sections.ts';
import { type AnyEntry, type Estimate, type EstimateTerm, type EntryField, type FieldValue, type Fmt, type SectionDescriptor, titleWithDates } from '../model/section.ts';
import {
  BLOCKS,
  BLOCK_TITLE,
  COMPUTED,
  text,
  type Block,
  type EntrySheetLayout,
  type FactorSource,
  type ParameterSetsLayout,
  type RawCell,
  type SheetSpec,
} from './workbookLayout.ts';
import {
  a1,
  bookedFormula,
  columnTotalFormula,
  entryTotalFormula,
  fractionRef,
  GROUP_SIZE,
  groupPeriodCells,
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
/** A field's value as its workbook cell: a date as its serial, a text as a literal text, a number or boolean as it is. */
export function fieldCell(type: EntryField['type'], v: FieldValue): RawCell {
  if (v === null) return null;
  return type === 'date' ? toSerial(v as string) : type === 'text' ? text(v as string) : v;
}

/** One term of an estimate rule (section.ts `EstimateTerm`) over the row's cells; `R` names a field's cell. */
function estimateTerm(t: EstimateTerm, R: (key: string) => string): string {
  if ('product' in t) return t.product.map(R).join('*');
  const perUnit = (value: string, inclVat: boolean) => (inclVat ? `${R(value)}/(1+${fractionRef('vat_rate_percentage')})` : R(value));
  if ('landShare' in t) {
    const { value, quote, inclVat } = t.landShare;
    return `${R('amount')}*${perUnit(value, inclVat)}*${pctFormulaOnce(R(quote))}`;
  }
  // §3b.1: amount × max(0, value excl. VAT − building costs × (1 + pct(additional costs)))
  const { value, inclVat, buildingCosts, additional } = t.residual;
  return `${R('amount')}*MAX(0,${perUnit(value, inclVat)}-${R(buildingCosts)}*(1+${pctFormulaOnce(R(additional))}))`;
}

/** The Raming formula of a section's row: its one term, or one per estimate method (another method: 0). */
function estimateFormula(est: Estimate, R: (key: string) => string): string {
  if (!('method' in est)) return `=${estimateTerm(est, R)}`;
  const method = R(est.method);
  return `=${est.cases.map(([code, t]) => `IF(${method}="${code}",${estimateTerm(t, R)},`).join('')}0${')'.repeat(est.cases.length)}`;
}

/** A section's sheet: one row per entry (its fields, the computed columns, the per-period blocks), then the Totaal row. */
export function entrySheet(
  { model, periods, n, kN }: BuildContext,
  section: SectionDescriptor,
  sets: ParameterSetsLayout,
  historicIndex: (dateRef: string, setName: string) => string,
): { spec: SheetSpec; layout: EntrySheetLayout } {
  const inputs = section.fields;
  const { setRow, setCols } = sets;
  const entries: AnyEntry[] = entriesOf(model, section.kind);
  const col: Record<string, number> = {};
  inputs.forEach((c, i) => (col[c.key] = i));
  COMPUTED.forEach((c, i) => (col[c.key] = inputs.length + i));
  const first = inputs.length + COMPUTED.length;
  const blockStart = {} as Record<Block, number>;
  BLOCKS.forEach((b, i) => (blockStart[b] = first + i * n));
  const width = first + BLOCKS.length * n;
  const header: RawCell[] = [
    ...inputs.map((c) => text(titleWithDates(c.title, model.base_parameters))),
    ...COMPUTED.map((c) => text(c.title)),
    ...BLOCKS.flatMap((b) => periods.map((p) => text(`${BLOCK_TITLE[b]} ${p.label}`))),
  ];
  const rows: RawCell[][] = [header];
  const rowOf = new Map<number, number>();
  const factor = new Map<number, FactorSource>();
  const lay: EntrySheetLayout = {
    sheet: section.sheet, col, blockStart, rowOf, ids: entries.map((e) => e.id), width, factor, totalsRow: entries.length + 1, ncwPeriod: kN, groups: [], groupOfRow: new Map(),
  };
  /** The entries without an own chain by their set's row (null: not indexed), in entry order. */
  const bySet = new Map<number | null, number[]>();
  for (const e of entries) {
    const r = rows.length;
    rowOf.set(e.id, r);
    const row: RawCell[] = new Array(width).fill(null);
    for (let i = 0; i < inputs.length; i++) row[i] = fieldCell(inputs[i]!.type, inputs[i]!.get(e));
    const R = (c: number) => a1(c, r, { absCol: true });
    row[col.estimate!] = estimateFormula(section.estimate, (key) => R(col[key]!));
    // not indexed (a subsidy as granted, §3b.3): no price-level correction and no future factors
    const indexed = section.indexed(e);
    row[col.historicIndex!] = indexed ? historicIndex(R(col[section.priceDateField]!), section.priceIndexOf(e)) : 1;
    const x = `${R(col.estimate!)}*${R(col.historicIndex!)}-${R(col.totalBooked!)}`;
    row[col.amountAtNcw!] = `=ROUND(${x}+SIGN(${x})*0.0000001,2)`;
    row[col.residualToPhase!] = `=${R(col.amountAtNcw!)}-${R(col.totalPhased!)}`;
    const ph = itemMap(e.phasing.phasing_items);
    const bk = itemMap(e.bookvalue.bookvalue_items);
    const ix = itemMap(e.indexing.indexing_items);
    const stdName = e.indexing.standard_index ?? section.defaultIndex;
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
    if (!src.own) {
      const members = bySet.get(src.setRow);
      if (members) members.push(r);
      else bySet.set(src.setRow, [r]);
    }
    const at = (b: Block, k: number) => blockStart[b] + k - 1;
    // A phased cell only where a value is Procentueel (a Financeel value is the phased amount); nominal
    // cells only for an entry with an own chain, after the NCW period (up to it nominal = phased): the
    // others' nominal amounts are their set's factor times the set row's sum. Fewer formulas is what
    // makes the build fast.
    for (const [k, it] of ph) {
      if (k < 1 || k > n) continue;
      const isPercentage = it.value_type === 'Procentueel';
      row[at(isPercentage ? 'phasingP' : 'phasingF', k)] = it.value;
      if (isPercentage) row[at('phased', k)] = phasedFormula(lay, r, k);
      if (k > kN && src.own) row[at('nominal', k)] = nominalFormula(lay, r, k, src, setCols, isPercentage);
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
  const setName = new Map([...setRow].map(([key, r]) => [r, key.slice(key.indexOf('|') + 1)]));
  for (const [set, members] of bySet) {
    for (let i = 0; i < members.length; i += GROUP_SIZE) {
      const group = { setRow: set, row: rows.length, members: members.slice(i, i + GROUP_SIZE) };
      const row: RawCell[] = new Array(width).fill(null);
      row[col.label!] = text(set === null ? 'Totaal niet geïndexeerd' : `Totaal indexreeks ${setName.get(set) ?? ''}`);
      rows.push(row);
      lay.groups.push(group);
      for (const m of group.members) lay.groupOfRow.set(m, group);
      for (let k = kN + 1; k <= n; k++) for (const c of groupPeriodCells(lay, rows, group, k, setCols)) row[c.col] = c.raw;
    }
  }
  for (const b of ['nominal', 'booked'] as const) for (let k = 1; k <= n; k++) totals[blockStart[b] + k - 1] = columnTotalFormula(lay, rows, b, k);
  const fmts: Fmt[] = [...inputs.map((c) => c.fmt), ...COMPUTED.map((c) => c.fmt)];
  const fmt = (r: number, c: number): Fmt | undefined => {
    if (r === 0) return 'text';
    if (c < fmts.length) return fmts[c];
    const b = BLOCKS[Math.floor((c - first) / Math.max(1, n))];
    return b === 'indexFactor' ? 'factor' : b === 'indexOverride' || b === 'phasingP' || b === 'bookedP' ? 'pct' : 'money';
  };
  const widths = [...inputs.map((c) => c.width), ...COMPUTED.map((c) => c.width), ...BLOCKS.flatMap(() => periods.map(() => 13))];
  return { spec: { name: section.sheet, rows, fmt, frozenRows: 1, frozenCols: 2, widths }, layout: lay };
}
