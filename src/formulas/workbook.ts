// Workbook builder: model data → sheets of input cells and Excel-compatible formulas.
// The same sheets feed HyperFormula (engine.ts) and the xlsx export (export.ts), so the workbench and an
// exported file hold exactly the same formulas. Layout notes: docs/calculation-engine.md. This file builds
// the fixed sheets; the places are in workbookLayout.ts, the formulas in workbookRefs.ts, the entry
// sheets in entrySheets.ts.
import { SPACE_USAGE_LOCATIONS, type ModelData } from '../model/modelData.ts';
import { parseYmd, serialToIso } from './dates.ts';
import { pctFormulaOnce } from '../model/percent.ts';
import { MAX_PERIODS, generatePeriods, ncwPeriodIndex, periodsPerYear } from './periods.ts';
import { CREDIT_SET, DEBIT_SET, INTEREST_GROUP, PRICE_LEVEL_GROUP } from '../model/modelConstants.ts';
import { SECTIONS, entriesOf, revenueSections } from '../model/sections.ts';
import type { EntryKind, Fmt } from '../model/section.ts';
import { BASE_PARAMETERS, type BaseParameterKind, parameterValue } from '../model/baseParameters.ts';
import {
  DERIVED_PARAMETER_ROWS,
  FRACTION_ROWS,
  LAST_PARAMETER_ROW,
  LOCATION_TITLES,
  OVERVIEW_FIRST_PERIOD_COL,
  OVERVIEW_ROWS,
  OVERVIEW_TITLES,
  OVERVIEW_TOTAL_COL,
  PARAMETER_ROWS,
  PERIOD_ROWS,
  RESULT_ROWS,
  RESULT_TITLES,
  SHEET,
  revenueRows,
  text,
  type EntrySheetLayout,
  type ParameterSetsLayout,
  type RawCell,
  type SheetSpec,
  type WorkbookSpec,
} from './workbookLayout.ts';
import { PARAMETER_REFS, YF_TRUE, a1, absoluteRef, fractionRef, parameterCell, periodCashFlowFormula, periodRef } from './workbookRefs.ts';
import { entrySheet, type BuildContext } from './entrySheets.ts';

// ── the builder: one function per sheet ──────────────────────────────────────────────────────

/** Perioden: period k (1-based) in column k (B = 1). */
const periodsCol = (k: number) => k;

/** Uitgangspunten: the format of a base parameter's value cell. */
const PARAMETER_FMT: Partial<Record<BaseParameterKind, Fmt>> = { date: 'date', percent: 'pct', amount: 'money' };

/**
 * Uitgangspunten: each base parameter's title and value (PARAMETER_ROWS), a percentage's fraction below it,
 * and the rows derived from them as formulas.
 */
function parametersSheet(c: BuildContext): SheetSpec {
  const rows: RawCell[][] = Array.from({ length: LAST_PARAMETER_ROW + 1 }, () => [null, null]);
  const fmts = new Map<number, Fmt>();
  const put = (row: number, title: string, value: RawCell, fmt?: Fmt) => {
    rows[row] = [text(title), value];
    if (fmt) fmts.set(row, fmt);
  };
  rows[0] = [text('Parameter'), text('Waarde')];
  for (const p of BASE_PARAMETERS) {
    const row = PARAMETER_ROWS[p.key as keyof typeof PARAMETER_ROWS];
    put(row, p.label, parameterCell(p, parameterValue(c.bp, p)), PARAMETER_FMT[p.kind]);
    if (p.fraction) put(FRACTION_ROWS[p.key]!, p.fraction, `=${pctFormulaOnce(a1(1, row))}`, 'factor');
  }
  const per = a1(1, PARAMETER_ROWS.phasing_period, { absCol: true, absRow: true });
  const derived: [keyof typeof DERIVED_PARAMETER_ROWS, RawCell][] = [
    ['periodsPerYear', `=IF(${per}="Annual",1,IF(${per}="SemiAnnual",2,4))`],
    ['periodCount', c.n],
  ];
  for (const [key, value] of derived) put(PARAMETER_ROWS[key], DERIVED_PARAMETER_ROWS[key].title, value, 'int');
  return { name: SHEET.params, rows, fmt: (r, col) => (col === 1 ? fmts.get(r) : 'text'), frozenRows: 1, frozenCols: 1, widths: [30, 22] };
}

function periodsSheet({ periods }: BuildContext): SheetSpec {
  const N = PARAMETER_REFS.N;
  const R = PERIOD_ROWS;
  const at = (k: number, row: number) => a1(periodsCol(k), row);
  const rows: RawCell[][] = [
    [text('Periode'), ...periods.map((p) => text(p.code))],
    [text('Label'), ...periods.map((p) => text(p.label))],
    [text('Begin'), ...periods.map((p) => p.startSerial)],
    [text('Eind (exclusief)'), ...periods.map((p) => p.endSerial)],
    [text('Jaar'), ...periods.map((p) => `=YEAR(${at(p.index, R.start)})`)],
    [text('Eerste periode van het jaar'), ...periods.map((p) => (p.index === 1 ? 1 : `=IF(${at(p.index, R.year)}<>${at(p.index - 1, R.year)},1,0)`))],
    [text('Jaarfractie na NCW-datum'), ...periods.map((p) => `=MAX(0,DAYS360(MAX(${at(p.index, R.start)},${N}),${at(p.index, R.end)},${YF_TRUE})/360)`)],
    [text('Bevat NCW-datum'), ...periods.map((p) => `=IF(AND(${at(p.index, R.start)}<=${N},${N}<${at(p.index, R.end)}),1,0)`)],
  ];
  const fmt = (r: number, c: number): Fmt | undefined =>
    c === 0 ? undefined : r === R.start || r === R.end ? 'date' : r === R.weightAfterNcw ? 'factor' : r === R.code || r === R.label ? 'text' : 'int';
  return { name: SHEET.periods, rows, fmt, frozenRows: 1, frozenCols: 1, widths: [26, ...periods.map(() => 12)] };
}

/** Parametersets: the future-index and interest sets, a value per period label, the rate used and the factor. */
export function parameterSetsSheet({ bp, periods, n }: BuildContext): ParameterSetsLayout & { spec: SheetSpec } {
  const setCols = { base: 2, firstValue: 3, firstEffective: 3 + n, firstFactor: 3 + 2 * n };
  const setRow = new Map<string, number>();
  const rows: RawCell[][] = [[
    text('Naam'),
    text('Groep'),
    text('Basiswaarde'),
    ...periods.map((p) => text(p.label)),
    ...periods.map((p) => text(`Jaarfractie ${p.label}`)),
    ...periods.map((p) => text(`Indexfactor ${p.label}`)),
  ]];
  for (const s of bp.parameter_sets.filter((s) => s.set_group !== PRICE_LEVEL_GROUP)) {
    const r = rows.length;
    setRow.set(`${s.set_group}|${s.set_name}`, r);
    const byLabel = new Map(s.set_values.map((v) => [v.period_label, v.period_value]));
    const base = a1(setCols.base, r, { absCol: true });
    rows.push([
      text(s.set_name),
      text(s.set_group),
      s.set_base_value,
      ...periods.map((p) => byLabel.get(p.label) ?? null),
      ...periods.map((p) => {
        const v = a1(setCols.firstValue + p.index - 1, r);
        return `=${pctFormulaOnce(`IF(ISBLANK(${v}),${base},${v})`)}`;
      }),
      ...periods.map((p) =>
        p.index === 1
          ? 1
          : `=${a1(setCols.firstFactor + p.index - 2, r)}*(1+${a1(setCols.firstEffective + p.index - 2, r)})^${periodRef(SHEET.periods, periodsCol(p.index - 1), PERIOD_ROWS.weightAfterNcw)}`,
      ),
    ]);
  }
  const fmt = (r: number, c: number): Fmt | undefined => (r === 0 || c < 2 ? 'text' : c >= setCols.firstEffective ? 'factor' : 'pct');
  const spec: SheetSpec = { name: SHEET.sets, rows, fmt, frozenRows: 1, frozenCols: 1, widths: [30, 36, 12, ...periods.map(() => 10), ...periods.map(() => 12)] };
  return { spec, setRow, setCols };
}

/**
 * Prijsindex: the price-level sets per calendar year, from min(price dates, NCW year − 10) to the NCW
 * year; with `historicIndex`, the formula of an entry's hist(d → N) = index(N) / index(d).
 */
function priceIndexSheet({ model, bp }: BuildContext) {
  const N = PARAMETER_REFS.N;
  const nYear = parseYmd(bp.phasing_net_present_value_date).y;
  // Every section's price dates: an entry dated before the first year would refer to a year with no column.
  const dateYears = SECTIONS.flatMap((s) => entriesOf(model, s.kind).map((e) => parseYmd(s.priceDateOf(e)).y));
  const firstYear = Math.min(nYear - 10, ...dateYears);
  const years = Array.from({ length: nYear - firstYear + 1 }, (_, i) => firstYear + i);
  const Y = years.length;
  const priceCols = { base: 1, atNcw: 2, firstValue: 3, firstRate: 3 + Y, firstCum: 3 + 2 * Y };
  const priceSetRow = new Map<string, number>();
  /** The rates and the cumulative index of a set's row, absolute (optionally with the sheet name). */
  const ranges = (r: number, sheet?: string) => {
    const range = (first: number) => `${a1(first, r, { sheet, absCol: true, absRow: true })}:${a1(first + Y - 1, r, { absCol: true, absRow: true })}`;
    return { rates: range(priceCols.firstRate), cumulative: range(priceCols.firstCum) };
  };
  /** index(1 Jan of the date's year) × (1 + rate of that year)^yf(1 Jan, date). */
  const indexAt = (r: number, dateRef: string, sheet?: string) => {
    const { rates, cumulative } = ranges(r, sheet);
    const yi = `YEAR(${dateRef})-${firstYear - 1}`;
    return `INDEX(${cumulative},1,${yi})*(1+INDEX(${rates},1,${yi}))^(DAYS360(DATE(YEAR(${dateRef}),1,1),${dateRef},${YF_TRUE})/360)`;
  };
  const rows: RawCell[][] = [[
    text('Naam'),
    text('Basiswaarde'),
    text('Index op NCW-datum'),
    ...years.map((y) => text(String(y))),
    ...years.map((y) => text(`Jaarfractie ${y}`)),
    ...years.map((y) => text(`Index 1-1-${y}`)),
  ]];
  for (const s of bp.parameter_sets.filter((s) => s.set_group === PRICE_LEVEL_GROUP)) {
    const r = rows.length;
    priceSetRow.set(s.set_name, r);
    const byLabel = new Map(s.set_values.map((v) => [v.period_label, v.period_value]));
    const base = a1(priceCols.base, r, { absCol: true });
    rows.push([
      text(s.set_name),
      s.set_base_value,
      `=${indexAt(r, N)}`,
      ...years.map((y) => byLabel.get(String(y)) ?? null),
      ...years.map((_, i) => {
        const v = a1(priceCols.firstValue + i, r);
        return `=${pctFormulaOnce(`IF(ISBLANK(${v}),${base},${v})`)}`;
      }),
      ...years.map((_, i) => (i === 0 ? 1 : `=${a1(priceCols.firstCum + i - 1, r)}*(1+${a1(priceCols.firstRate + i - 1, r)})`)),
    ]);
  }
  // hist(d → N) = index(N) / index(d); for d = N both are the same expression, so exactly 1 without
  // an IF (a price date after N is a validation error).
  const historicIndex = (dateRef: string, setName: string): string => {
    const r = priceSetRow.get(setName);
    if (r === undefined) return '=1';
    return `=${absoluteRef(SHEET.priceIndex, priceCols.atNcw, r)}/(${indexAt(r, dateRef, SHEET.priceIndex)})`;
  };
  const fmt = (r: number, c: number): Fmt | undefined =>
    r === 0 || c === 0 ? 'text' : c === priceCols.base || (c >= priceCols.firstValue && c < priceCols.firstRate) ? 'pct' : 'factor';
  const spec: SheetSpec = { name: SHEET.priceIndex, rows, fmt, frozenRows: 1, frozenCols: 1, widths: [20, 12, 14, ...years.flatMap(() => [10, 12, 12])] };
  return { spec, priceSetRow, priceCols, priceYears: { first: firstYear, last: nYear }, historicIndex };
}

/** Ruimtegebruik: the rows (id, label, m², location) and the totals per location and group, with the check. */
function spaceSheet({ bp }: BuildContext) {
  const rows: RawCell[][] = [[text('Id'), text('Omschrijving'), text('Oppervlakte (m²)'), text('Locatie'), null, text('Totalen'), text('m²')]];
  const spaceRow = new Map<number, number>();
  for (const s of bp.space_usage) {
    spaceRow.set(s.id, rows.length);
    rows.push([s.id, text(s.label ?? null), s.value ?? null, text(s.location ?? null), null, null, null]);
  }
  const lastSpace = rows.length - 1;
  const totals: [string, string, string][] = SPACE_USAGE_LOCATIONS.map((loc) => [
    loc,
    LOCATION_TITLES[loc],
    lastSpace >= 1 ? `=SUMIF($D$2:$D$${lastSpace + 1},"${loc}",$C$2:$C$${lastSpace + 1})` : '=0',
  ]);
  const tRef = (key: string) => `$G$${totals.findIndex((t) => t[0] === key) + 2}`;
  totals.push(['main_structure', 'Hoofdstructuur', `=${tRef('main_structure_paving')}+${tRef('main_structure_green')}+${tRef('main_structure_water')}`]);
  totals.push(['public_space', 'Openbare ruimte', `=${tRef('public_space_paving')}+${tRef('public_space_green')}+${tRef('public_space_water')}`]);
  totals.push(['marketable', 'Uitgeefbaar', `=${tRef('net_area_marketable_residential')}+${tRef('net_area_marketable_non_residential')}`]);
  totals.push(['excluded', 'Niet in exploitatie / te handhaven (totaal)', `=${tRef('excluded_or_to_be_maintained')}`]);
  // The gross area: the version region's m² taken over from the map, else the main structure. Its input is
  // the row below the totals (the locations, four groups, the gross area and the difference).
  const inputRow = SPACE_USAGE_LOCATIONS.length + 7;
  const grossInput = `$G$${inputRow + 1}`;
  totals.push(['gross', 'Bruto plangebied (gebied van de versie, anders hoofdstructuur)', `=IF(ISNUMBER(${grossInput}),${grossInput},${tRef('main_structure')})`]);
  totals.push(['difference', 'Verschil (openbare ruimte + uitgeefbaar + niet in exploitatie − bruto)', `=${tRef('public_space')}+${tRef('marketable')}+${tRef('excluded')}-${tRef('gross')}`]);
  const spaceTotalsRow: Record<string, number> = {};
  totals.forEach(([key, title, f], i) => {
    const r = i + 1;
    spaceTotalsRow[key] = r;
    while (rows.length <= r) rows.push([null, null, null, null, null, null, null]);
    rows[r]![5] = text(title);
    rows[r]![6] = f;
  });
  while (rows.length <= inputRow) rows.push([null, null, null, null, null, null, null]);
  rows[inputRow]![5] = text('Bruto plangebied uit de kaart (m², leeg: hoofdstructuur)');
  rows[inputRow]![6] = bp.gross_area ?? null;
  const fmt = (r: number, c: number): Fmt | undefined => (r === 0 ? 'text' : c === 2 || c === 6 ? 'area' : c === 0 ? 'int' : 'text');
  const spec: SheetSpec = { name: SHEET.space, rows, fmt, frozenRows: 1, frozenCols: 0, widths: [6, 28, 16, 36, 3, 60, 14] };
  return { spec, spaceRow, spaceTotalsRow };
}

/** The entry sheets of the sections whose cash flows go one way (costs out, revenues in), in the sections' order. */
const layoutsOf = (entrySheets: Record<EntryKind, EntrySheetLayout>, direction: 'out' | 'in') =>
  SECTIONS.filter((s) => s.direction === direction).map((s) => entrySheets[s.kind]);

/** Column of period k on Overzicht. */
const overviewCol = (k: number) => OVERVIEW_FIRST_PERIOD_COL + k - 1;

/**
 * Overzicht: per period costs and revenues (the entry sheets' Totaal rows), the cash flow, the rates,
 * the interest chain before withdrawal and — with withdrawal, from the NCW period — after it.
 */
function overviewSheet(
  { bp, periods, n, kN }: BuildContext,
  entrySheets: Record<EntryKind, EntrySheetLayout>,
  sets: ReturnType<typeof parameterSetsSheet>,
): SheetSpec {
  const O = OVERVIEW_ROWS;
  const revenues = revenueSections().map((s) => ({ section: s, row: revenueRows().get(s.kind)! }));
  const last = overviewCol(n);
  const rows: RawCell[][] = Array.from({ length: O.balance + 1 + revenues.length }, () => new Array(last + 1).fill(null));
  rows[0] = [text('Omschrijving'), text('Totaal'), ...periods.map((p) => text(p.label))];
  for (const [k, r] of Object.entries(O)) rows[r]![0] = text(OVERVIEW_TITLES[k as keyof typeof O]);
  for (const { section, row } of revenues) rows[row]![0] = text(section.revenue!.title);
  const debitRow = sets.setRow.get(`${INTEREST_GROUP}|${DEBIT_SET}`);
  const creditRow = sets.setRow.get(`${INTEREST_GROUP}|${CREDIT_SET}`);
  // The period containing the NCW date and the first period of each year are fixed by the dates
  // (a date change regenerates the sheets), so the chains refer to those cells directly: the
  // balance on 1 January for BBV is the balance cell of the period before the year's first period.
  const firstOfYear = (k: number) => periods.find((p) => p.year === periods[k - 1]!.year)!.index;
  // The chain after profit withdrawal differs from the one before only from the period that
  // contains N, so its cells start there (and do not exist without withdrawal): an edit then
  // recalculates one chain, not two. Before kN the results read the chain before withdrawal.
  const withdrawal = bp.profit_withdrawal_to_ncw_date;
  // The interest method shapes the chain's formulas like the withdrawal setting shapes the chain
  // (a change regenerates it): one method's formula evaluates at half the cost of all three in IFs.
  const method = bp.interest_calculation_method;
  const chain = (interest: number, balance: number, after: boolean) => {
    for (const p of periods) {
      const k = p.index;
      if (after && k < kN) continue;
      const c = overviewCol(k);
      const C = (row: number) => a1(c, row);
      // B(0) is the opening book value (§8.1): BBV's periods before the first 1 January take it as their 1 January balance
      const balanceAt = (kk: number) => (kk === 0 ? PARAMETER_REFS.openingBookValue : a1(overviewCol(kk), after && kk < kN ? O.balanceBefore : balance));
      const Bp = balanceAt(k - 1);
      const jan1 = balanceAt(firstOfYear(k) - 1);
      const M = `(${Bp}+${C(O.net)}/2)`;
      const debit = C(O.debitPeriod);
      const credit = C(O.creditPeriod);
      rows[interest]![c] =
        method === 'BBV' ? `=${jan1}*${debit}` : method === 'Traditional' ? `=${Bp}*IF(${Bp}>0,${debit},${credit})` : `=${M}*IF(${M}>0,${debit},${credit})`;
      rows[balance]![c] = `=${Bp}+${C(interest)}+${C(O.net)}${after && k === kN ? `+${C(O.withdrawal)}` : ''}`;
    }
  };
  const annualRate = (setRowOf: number | undefined, k: number) =>
    setRowOf === undefined ? `=${fractionRef('interest_discount_rate_percentage')}` : `=${periodRef(SHEET.sets, sets.setCols.firstEffective + k - 1, setRowOf)}`;
  for (const p of periods) {
    const k = p.index;
    const c = overviewCol(k);
    rows[O.costs]![c] = periodCashFlowFormula(layoutsOf(entrySheets, 'out'), k);
    for (const { section, row } of revenues) rows[row]![c] = periodCashFlowFormula([entrySheets[section.kind]!], k);
    rows[O.revenues]![c] = `=${revenues.map(({ row }) => a1(c, row)).join('+')}`;
    rows[O.net]![c] = `=${a1(c, O.costs)}-${a1(c, O.revenues)}`;
    rows[O.debitAnnual]![c] = annualRate(debitRow, k);
    rows[O.creditAnnual]![c] = annualRate(creditRow, k);
    rows[O.debitPeriod]![c] = `=(1+${a1(c, O.debitAnnual)})^(1/${PARAMETER_REFS.m})-1`;
    rows[O.creditPeriod]![c] = `=(1+${a1(c, O.creditAnnual)})^(1/${PARAMETER_REFS.m})-1`;
    rows[O.withdrawal]![c] = k === kN && withdrawal ? `=${absoluteRef(SHEET.result, 1, RESULT_ROWS.profitWithdrawal)}` : 0;
  }
  chain(O.interestBefore, O.balanceBefore, false);
  if (withdrawal) chain(O.interest, O.balance, true);
  for (const r of [O.costs, O.revenues, O.net, O.interestBefore, O.withdrawal, ...revenues.map(({ row }) => row)]) {
    rows[r]![OVERVIEW_TOTAL_COL] = `=SUM(${a1(overviewCol(1), r)}:${a1(last, r)})`;
  }
  if (withdrawal) {
    const before = kN > 1 ? `SUM(${a1(overviewCol(1), O.interestBefore)}:${a1(overviewCol(kN - 1), O.interestBefore)})+` : '';
    rows[O.interest]![OVERVIEW_TOTAL_COL] = `=${before}SUM(${a1(overviewCol(kN), O.interest)}:${a1(last, O.interest)})`;
  }
  const fmt = (r: number, c: number): Fmt | undefined => (r === 0 || c === 0 ? 'text' : r >= O.debitAnnual && r <= O.creditPeriod ? 'factor' : 'money');
  return { name: SHEET.overview, rows, fmt, frozenRows: 1, frozenCols: 2, widths: [40, 16, ...periods.map(() => 14)] };
}

/** Resultaat: EW and NCW before withdrawal, totals, POC, withdrawal, EW, NCW, verliesvoorziening, result at N. */
function resultSheet({ bp, n }: BuildContext, entrySheets: Record<EntryKind, EntrySheetLayout>): SheetSpec {
  const R = RESULT_ROWS;
  const O = OVERVIEW_ROWS;
  const lastPeriod = overviewCol(n);
  const endN = absoluteRef(SHEET.periods, periodsCol(n), PERIOD_ROWS.end);
  const rows: RawCell[][] = Array.from({ length: R.resultAtNcw + 1 }, () => [null, null]);
  rows[0] = [text('Resultaat'), text('Waarde')];
  const B = (r: number) => a1(1, r);
  const overview = (col: number, row: number) => a1(col, row, { sheet: SHEET.overview });
  const disc = `(1+${fractionRef('interest_discount_rate_percentage')})^(DAYS360(${PARAMETER_REFS.N},${endN},${YF_TRUE})/360)`;
  const sumTotal = (lays: readonly EntrySheetLayout[], key: string) => {
    const sums = lays.filter((lay) => lay.ids.length).map((lay) => `SUM(${a1(lay.col[key]!, 1, { sheet: lay.sheet })}:${a1(lay.col[key]!, lay.ids.length)})`);
    return sums.length ? sums.join('+') : '0';
  };
  const cells: [keyof typeof R, RawCell][] = [
    ['ewBeforeWithdrawal', `=-${overview(lastPeriod, O.balanceBefore)}`],
    ['ncwBeforeWithdrawal', `=${B(R.ewBeforeWithdrawal)}/${disc}`],
    // the realised amounts before the start count in the totals as in the booked ones (§8.2)
    ['totalCosts', `=${overview(OVERVIEW_TOTAL_COL, O.costs)}+${sumTotal(layoutsOf(entrySheets, 'out'), 'realised_before_start')}`],
    ['totalRevenues', `=${overview(OVERVIEW_TOTAL_COL, O.revenues)}+${sumTotal(layoutsOf(entrySheets, 'in'), 'realised_before_start')}`],
    ['bookedCosts', `=${sumTotal(layoutsOf(entrySheets, 'out'), 'totalBooked')}`],
    ['bookedRevenues', `=${sumTotal(layoutsOf(entrySheets, 'in'), 'totalBooked')}`],
    ['poc', `=IF(OR(${B(R.totalCosts)}=0,${B(R.totalRevenues)}=0),0,(${B(R.bookedCosts)}/${B(R.totalCosts)})*(${B(R.bookedRevenues)}/${B(R.totalRevenues)}))`],
    ['profitWithdrawal', `=IF(AND(${PARAMETER_REFS.withdrawal},${B(R.ncwBeforeWithdrawal)}>0),${B(R.poc)}*${B(R.ncwBeforeWithdrawal)},0)`],
    ['ew', `=-${overview(lastPeriod, bp.profit_withdrawal_to_ncw_date ? O.balance : O.balanceBefore)}`],
    ['ncw', `=${B(R.ew)}/${disc}`],
    ['verliesvoorziening', `=MAX(0,-${B(R.ncw)})`],
    ['resultAtNcw', `=${B(R.ncw)}+${B(R.profitWithdrawal)}`],
  ];
  for (const [key, f] of cells) rows[R[key]] = [text(RESULT_TITLES[key]), f];
  const fmt = (r: number, c: number): Fmt | undefined => (r === 0 || c === 0 ? 'text' : r === R.poc ? 'factor' : 'money');
  return { name: SHEET.result, rows, fmt, frozenRows: 1, frozenCols: 0, widths: [46, 18] };
}

/** Model data (validated) → sheets and layout. */
export function buildWorkbookSpec(model: ModelData): WorkbookSpec {
  const bp = model.base_parameters;
  const periods = generatePeriods(bp.phasing_calculation_start_date, bp.phasing_calculation_end_date, bp.phasing_period, MAX_PERIODS);
  const iso = periods.map((p) => ({ start: serialToIso(p.startSerial), end: serialToIso(p.endSerial) }));
  const kN = ncwPeriodIndex(iso, bp.phasing_net_present_value_date) + 1;
  const c: BuildContext = { model, bp, periods, n: periods.length, kN };
  const sets = parameterSetsSheet(c);
  const prices = priceIndexSheet(c);
  const built = SECTIONS.map((s) => entrySheet(c, s, sets, prices.historicIndex));
  const entrySheets = Object.fromEntries(SECTIONS.map((s, i) => [s.kind, built[i]!.layout])) as Record<EntryKind, EntrySheetLayout>;
  const space = spaceSheet(c);
  return {
    sheets: [
      parametersSheet(c),
      sets.spec,
      periodsSheet(c),
      prices.spec,
      ...built.map((b) => b.spec),
      space.spec,
      overviewSheet(c, entrySheets, sets),
      resultSheet(c, entrySheets),
    ],
    layout: {
      periods,
      n: periods.length,
      m: periodsPerYear(bp.phasing_period),
      sections: entrySheets,
      setRow: sets.setRow,
      priceSetRow: prices.priceSetRow,
      priceYears: prices.priceYears,
      spaceRow: space.spaceRow,
      spaceTotalsRow: space.spaceTotalsRow,
      setCols: sets.setCols,
      priceCols: prices.priceCols,
    },
  };
}
