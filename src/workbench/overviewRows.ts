// What the overview's period table and chart show, in the words and signs of the export's Overzicht sheet
// (docs/decisions.md, "The tool's overview"): the rows are the sheet's rows under the sheet's titles, a cell
// the sheet leaves empty stays empty, and the Totaal column is the sheet's own.
import type { PeriodResult, ResultsSummary } from '../model/results.ts';
import { OVERVIEW_TITLES } from '../formulas/workbookLayout.ts';
import { ncwPeriodIndex } from '../formulas/periods.ts';
import { revenueSections, sectionOf } from '../model/sections.ts';
import type { EntryKind } from '../model/section.ts';

/** A row of the sheet by its key, or a revenue section's row by its kind. */
type RowKey = 'costs' | 'revenues' | 'net' | 'interestBefore' | 'balanceBefore' | 'withdrawal' | 'interest' | 'balance';
export interface OverviewRow {
  key: RowKey | { revenue: EntryKind };
  title: string;
  /** null: the sheet has no total for this row. */
  total: number | null;
  /** null: the sheet leaves this period empty (the chain after withdrawal starts at the NCW period). */
  cells: (number | null)[];
}

export { ncwPeriodIndex } from '../formulas/periods.ts';

/**
 * `bySection`: the model's Overzicht also shows each revenue section's row of the sheet, under Opbrengsten
 * (they add up to it, calculation.md §3b.5); the section tabs show the sheet's totals only.
 */
export function overviewRows(r: ResultsSummary, withdrawal: boolean, ncwDate: string, bySection = false): OverviewRow[] {
  const t = r.periodTotals;
  const row = (key: OverviewRow['key'], total: number | null, cell: (p: PeriodResult) => number, from = 0): OverviewRow => ({
    key, title: rowTitle(key), total, cells: r.periods.map((p, k) => (k < from ? null : cell(p))),
  });
  const rows = [
    row('costs', t.costs, (p) => p.costs),
    row('revenues', t.revenues, (p) => p.revenues),
    ...(bySection ? revenueSections().map((s) => row({ revenue: s.kind }, t.sectionRevenues[s.kind]!, (p) => p.sectionRevenues[s.kind]!)) : []),
    row('net', t.net, (p) => p.net),
    row('interestBefore', t.interestBeforeWithdrawal, (p) => p.interestBeforeWithdrawal),
    row('balanceBefore', null, (p) => p.balanceBeforeWithdrawal),
    row('withdrawal', t.withdrawal, (p) => p.withdrawal),
  ];
  if (withdrawal) {
    const kN = ncwPeriodIndex(r.periods, ncwDate);
    rows.push(row('interest', t.interest, (p) => p.interest, kN), row('balance', null, (p) => p.balance, kN));
  }
  return rows;
}

/** A row's title: the sheet's, or the revenue section's. */
const rowTitle = (key: OverviewRow['key']) => (typeof key === 'string' ? OVERVIEW_TITLES[key] : sectionOf(key.revenue).revenue!.title);

/** How a row's cells are computed (the overview's tooltip, as the formula bar shows a computed cell elsewhere). */
export const rowRule = (key: OverviewRow['key']): string => (typeof key === 'string' ? ROW_RULES[key] : sectionOf(key.revenue).revenue!.rule);
const ROW_RULES: Record<RowKey, string> = {
  costs: 'Som van de nominale bedragen van alle kostenposten in de periode.',
  get revenues() {
    return revenueSections().map((s) => s.revenue!.title).join(' + ') + '.';
  },
  net: `${OVERVIEW_TITLES.costs} − ${OVERVIEW_TITLES.revenues}.`,
  interestBefore: 'Boekwaarde × periodetarief volgens de rentemethode van Uitgangspunten (Traditioneel: boekwaarde vorige periode; '
    + 'Conform BBV: boekwaarde op 1 januari; Organisatiespecifiek: boekwaarde vorige periode + half saldo kasstroom).',
  balanceBefore: 'Boekwaarde vorige periode + rente + saldo kasstroom.',
  withdrawal: 'POC × NCW, in de periode met de NCW-datum (alleen bij winstneming naar NCW-datum en een positieve NCW).',
  interest: 'Als rente vóór winstneming, over de boekwaarde na winstneming.',
  balance: 'Boekwaarde vorige periode + rente + saldo kasstroom + winstneming (de winst gaat uit de exploitatie, de boekwaarde stijgt).',
};

/** The book value line of the chart: the chain the results read (after withdrawal from the NCW period when it applies). */
export function balanceTitle(withdrawal: boolean): string {
  return withdrawal ? OVERVIEW_TITLES.balance : OVERVIEW_TITLES.balanceBefore;
}

/** EW and NCW stay € 0,00 until some period has costs or revenues: then the overview says how to get there. */
export function nothingPhased(r: Pick<ResultsSummary, 'periods'>): boolean {
  return r.periods.every((p) => p.costs === 0 && p.revenues === 0);
}
