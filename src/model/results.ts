// The typed results object of a computed model (what the engine reads from the workbook, src/formulas/resultsReader.ts).
import type { EntryKind } from './sections.ts';

export type { EntryKind } from './sections.ts';

export interface EntryResult {
  kind: EntryKind;
  id: number;
  label: string;
  /** Raming at the entry's price date. */
  estimate: number;
  /** Price-level correction factor from the price date to the NCW date. */
  historicIndex: number;
  totalBooked: number;
  /** ROUND(estimate × historicIndex − totalBooked, 2). */
  amountAtNcw: number;
  totalPhased: number;
  /** amountAtNcw − totalPhased; non-zero is a warning on the row. */
  residualToPhase: number;
  /** Per period (index 0 = PER_01). */
  phased: number[];
  booked: number[];
  indexFactor: number[];
  nominal: number[];
  /** A warning on the row that does not stop a save (a negative residual land value, calculation.md §3b.1), or null. */
  warning: string | null;
}

export interface PeriodResult {
  index: number;
  code: string;
  label: string;
  start: string;
  /** Exclusive end (first day of the next period). */
  end: string;
  costs: number;
  /** revenuesResidential + revenuesNonResidential + revenuesOther. */
  revenues: number;
  revenuesResidential: number;
  revenuesNonResidential: number;
  revenuesOther: number;
  net: number;
  debitRateAnnual: number;
  creditRateAnnual: number;
  interestBeforeWithdrawal: number;
  balanceBeforeWithdrawal: number;
  withdrawal: number;
  interest: number;
  balance: number;
}

/** The Overzicht sheet's Totaal column: the rows that add up over the periods. */
export type PeriodTotals = Pick<
  PeriodResult, 'costs' | 'revenues' | 'revenuesResidential' | 'revenuesNonResidential' | 'revenuesOther' | 'net' | 'interestBeforeWithdrawal' | 'interest' | 'withdrawal'
>;

export interface SpaceUsageTotals {
  byLocation: Record<string, number>;
  mainStructure: number;
  publicSpace: number;
  marketable: number;
  excluded: number;
  gross: number;
  /** public space + marketable + excluded − gross; non-zero is a warning. */
  difference: number;
}

export interface Results {
  ew: number;
  ncw: number;
  verliesvoorziening: number;
  poc: number;
  profitWithdrawal: number;
  resultAtNcw: number;
  ewBeforeWithdrawal: number;
  ncwBeforeWithdrawal: number;
  totalCosts: number;
  totalRevenues: number;
  bookedCosts: number;
  bookedRevenues: number;
  periods: PeriodResult[];
  periodTotals: PeriodTotals;
  costEntries: EntryResult[];
  residentialEntries: EntryResult[];
  nonResidentialEntries: EntryResult[];
  otherRevenueEntries: EntryResult[];
  spaceUsage: SpaceUsageTotals;
  /** Cells that evaluated to an error (should stay empty for valid models), as `Sheet!A1: #ERR`. */
  errors: string[];
}

/** The entry lists of the results, one per section (sections.ts `results`). */
type EntryLists = 'costEntries' | 'residentialEntries' | 'nonResidentialEntries' | 'otherRevenueEntries';

/**
 * An entry's figures without its per-period arrays: the engine's EntryResult, or — stored per save for
 * the workbench's first paint (modelResults.ts) — the same figures with the sum of its nominal amounts.
 */
export type EntrySummary = Omit<EntryResult, 'phased' | 'booked' | 'indexFactor' | 'nominal'> & ({ nominal: number[] } | { nominalTotal: number });

/** What the workbench shows of the results (the overview, the strip, the grids' computed columns): the engine's Results fit it. */
export type ResultsSummary = Omit<Results, EntryLists> & Record<EntryLists, EntrySummary[]>;

/** The sum of an entry's nominal amounts over the periods (in period order, as the engine's arrays add up). */
export function nominalTotal(e: EntrySummary): number {
  if ('nominalTotal' in e) return e.nominalTotal;
  let n = 0;
  for (const v of e.nominal) n += v;
  return n;
}

/** The results without the entries' per-period arrays (a fifth of the size), as stored for the workbench's first paint. */
export function summarizeResults(r: ResultsSummary): ResultsSummary {
  const entries = (list: EntrySummary[]): EntrySummary[] => list.map((e) => {
    const { phased: _p, booked: _b, indexFactor: _i, nominal: _n, ...rest } = e as EntryResult;
    return { ...rest, nominalTotal: nominalTotal(e) };
  });
  return {
    ...r,
    costEntries: entries(r.costEntries), residentialEntries: entries(r.residentialEntries),
    nonResidentialEntries: entries(r.nonResidentialEntries), otherRevenueEntries: entries(r.otherRevenueEntries),
  };
}

/**
 * The workbench's stored results (modelResults.ts) in a format the workbench knows: a workbench that finds another format
 * (an older row, a newer server) computes as before, so a field added to ResultsSummary bumps the format.
 */
export interface WorkbenchResults {
  format: number;
  results: ResultsSummary;
}
export const WORKBENCH_RESULTS_FORMAT = 1;
