import { describe, expect, it } from 'vitest';
import type { PeriodResult, Results } from '../model/results.ts';
import { OVERVIEW_TITLES } from '../formulas/workbookLayout.ts';
import { ncwPeriodIndex, nothingPhased, overviewRows } from './overviewRows.ts';

const period = (k: number, v: Partial<PeriodResult> = {}): PeriodResult => ({
  index: k + 1, code: `Per0${k + 1}`, label: String(2024 + k), start: `${2024 + k}-01-01`, end: `${2025 + k}-01-01`,
  costs: 0, revenues: 0, sectionRevenues: { residential: 0, non_residential: 0, other_revenue: 0 }, net: 0, debitRateAnnual: 0, creditRateAnnual: 0, interestBeforeWithdrawal: 0,
  balanceBeforeWithdrawal: 0, withdrawal: 0, interest: 0, balance: 0, ...v,
});

describe('ncwPeriodIndex', () => {
  const periods = [0, 1, 2].map((k) => period(k));
  it('finds the period whose start ≤ NCW date < end', () => {
    expect(ncwPeriodIndex(periods, '2024-01-01')).toBe(0);
    expect(ncwPeriodIndex(periods, '2025-12-31')).toBe(1);
    expect(ncwPeriodIndex(periods, '2026-01-01')).toBe(2);
  });
  it('takes the last period when the date lies outside them', () => {
    expect(ncwPeriodIndex(periods, '2030-06-01')).toBe(2);
  });
});

describe('overviewRows', () => {
  const results = {
    periods: [
      period(0, { costs: 100, net: 100, interestBeforeWithdrawal: 1, balanceBeforeWithdrawal: 101, interest: 1, balance: 101 }),
      period(1, { revenues: 300, net: -300, interestBeforeWithdrawal: 2, balanceBeforeWithdrawal: -197, withdrawal: 50, interest: 2, balance: -147 }),
    ],
    periodTotals: { costs: 100, revenues: 300, net: -200, interestBeforeWithdrawal: 3, interest: 3, withdrawal: 50 },
  } as unknown as Results;

  it('without profit withdrawal shows the chain before withdrawal under the sheet titles', () => {
    const rows = overviewRows(results, false, '2025-01-01');
    expect(rows.map((r) => r.title)).toEqual([
      OVERVIEW_TITLES.costs, OVERVIEW_TITLES.revenues, OVERVIEW_TITLES.net,
      OVERVIEW_TITLES.interestBefore, OVERVIEW_TITLES.balanceBefore, OVERVIEW_TITLES.withdrawal,
    ]);
    const net = rows.find((r) => r.key === 'net')!;
    expect(net.cells).toEqual([100, -300]); // costs − revenues, as the sheet
    expect(net.total).toBe(-200);
    expect(rows.find((r) => r.key === 'balanceBefore')!.total).toBeNull();
  });

  it('with profit withdrawal adds the chain after it, empty before the NCW period', () => {
    const rows = overviewRows(results, true, '2025-03-01');
    const balance = rows.find((r) => r.key === 'balance')!;
    expect(balance.title).toBe(OVERVIEW_TITLES.balance);
    expect(balance.cells).toEqual([null, -147]);
    expect(rows.find((r) => r.key === 'interest')!.total).toBe(3);
  });
});

describe('nothingPhased', () => {
  it('is true while no period has costs or revenues', () => {
    expect(nothingPhased({ periods: [period(0), period(1)] })).toBe(true);
    expect(nothingPhased({ periods: [period(0), period(1, { revenues: 1 })] })).toBe(false);
  });
});
