// The typed results object of a computed model (what the engine reads from the workbook, src/formulas/resultsReader.ts).
import type { EntryKind } from './section.ts';

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

/** The figures the workbook computes per entry, in the order of its computed columns. */
export type ComputedField = 'estimate' | 'historicIndex' | 'totalBooked' | 'amountAtNcw' | 'totalPhased' | 'residualToPhase';
/** Their one Dutch title: the workbook's header and the grids'. */
export const COMPUTED_TITLES: Readonly<Record<ComputedField, string>> = {
  estimate: 'Raming',
  historicIndex: 'Historische index',
  totalBooked: 'Totaal geboekt',
  amountAtNcw: 'Bedrag op NCW-datum',
  totalPhased: 'Totaal gefaseerd',
  residualToPhase: 'Nog te faseren',
};

export interface PeriodResult {
  index: number;
  code: string;
  label: string;
  start: string;
  /** Exclusive end (first day of the next period). */
  end: string;
  costs: number;
  /** The sum of `sectionRevenues`. */
  revenues: number;
  /** Each revenue section's revenues of the period, by its kind (calculation.md §3b.5). */
  sectionRevenues: Record<EntryKind, number>;
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
  PeriodResult, 'costs' | 'revenues' | 'sectionRevenues' | 'net' | 'interestBeforeWithdrawal' | 'interest' | 'withdrawal'
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
  /** The entries of each section, by its kind, in the section's order. */
  entries: Record<EntryKind, EntryResult[]>;
  spaceUsage: SpaceUsageTotals;
  /** Cells that evaluated to an error (should stay empty for valid models), as `Sheet!A1: #ERR`. */
  errors: string[];
}

/**
 * An entry's figures without its per-period arrays: the engine's EntryResult, or — stored per save for
 * the workbench's first paint (modelResults.ts) — the same figures with the sum of its nominal amounts.
 */
export type EntrySummary = Omit<EntryResult, 'phased' | 'booked' | 'indexFactor' | 'nominal'> & ({ nominal: number[] } | { nominalTotal: number });

/** What the workbench shows of the results (the overview, the strip, the grids' computed columns): the engine's Results fit it. */
export type ResultsSummary = Omit<Results, 'entries'> & { entries: Record<EntryKind, EntrySummary[]> };

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
  return { ...r, entries: Object.fromEntries(Object.entries(r.entries).map(([kind, list]) => [kind, entries(list)])) };
}

/**
 * The workbench's stored results (modelResults.ts) in a format the workbench knows: a workbench that finds another format
 * (an older row, a newer server) computes as before, so a field added to ResultsSummary bumps the format.
 */
export interface WorkbenchResults {
  format: number;
  results: ResultsSummary;
}
/** 2: the entries and the revenues per period keyed by section (`entries`, `sectionRevenues`; 1 had four named lists). */
export const WORKBENCH_RESULTS_FORMAT = 2;
