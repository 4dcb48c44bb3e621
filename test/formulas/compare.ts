// Compare the engine's results with the reference implementation (tests only).
import type { RefResults } from './reference.ts';
import type { Results } from '../../src/model/results.ts';

/** Differences larger than `tol` euros (factors: relative 1e-9), as readable strings. */
export function diffResults(a: Results, b: RefResults, tol = 0.005): string[] {
  const out: string[] = [];
  const cmp = (what: string, x: number, y: number, t = tol) => {
    if (!(Math.abs(x - y) <= t)) out.push(`${what}: engine ${x} ≠ referentie ${y}`);
  };
  for (const k of ['ew', 'ncw', 'verliesvoorziening', 'profitWithdrawal', 'resultAtNcw', 'ewBeforeWithdrawal', 'ncwBeforeWithdrawal'] as const) cmp(k, a[k], b[k]);
  cmp('poc', a.poc, b.poc, 1e-9);
  if (a.periods.length !== b.periods.length) out.push(`aantal perioden ${a.periods.length} ≠ ${b.periods.length}`);
  a.periods.forEach((p, k) => {
    const q = b.periods[k]!;
    if (p.label !== q.label) out.push(`label ${k}: ${p.label} ≠ ${q.label}`);
    for (const f of ['costs', 'revenues', 'interest', 'balance', 'withdrawal'] as const) cmp(`${p.label}.${f}`, p[f], q[f]);
    for (const [kind, f] of [['residential', 'revenuesResidential'], ['non_residential', 'revenuesNonResidential'], ['other_revenue', 'revenuesOther']] as const) {
      cmp(`${p.label}.${f}`, p.sectionRevenues[kind]!, q[f]);
    }
    cmp(`${p.label}.net`, p.net, q.costs - q.revenues);
  });
  // The Totaal column (read once, then patched from change lists) is the sum over the periods.
  for (const f of ['costs', 'revenues', 'net', 'interest', 'withdrawal'] as const) {
    cmp(`totaal.${f}`, a.periodTotals[f], b.periods.reduce((t, q) => t + (f === 'net' ? q.costs - q.revenues : q[f]), 0));
  }
  const entries = (xs: Results['entries'][string], ys: RefResults['costEntries'], kind: string) => {
    if (xs.length !== ys.length) out.push(`${kind}: aantal posten ${xs.length} ≠ ${ys.length}`);
    xs.forEach((x, i) => {
      const y = ys[i]!;
      const w = `${kind}[${x.id}]`;
      for (const f of ['estimate', 'totalBooked', 'amountAtNcw', 'totalPhased', 'residualToPhase'] as const) cmp(`${w}.${f}`, x[f], y[f]);
      cmp(`${w}.historicIndex`, x.historicIndex, y.historicIndex, 1e-9 * Math.max(1, y.historicIndex));
      for (const f of ['phased', 'booked', 'nominal'] as const) x[f].forEach((v, k) => cmp(`${w}.${f}[${k + 1}]`, v, y[f][k]!));
      x.indexFactor.forEach((v, k) => {
        // Index factors only matter where something is phased.
        if (y.phased[k] !== 0) cmp(`${w}.indexFactor[${k + 1}]`, v, y.indexFactor[k]!, 1e-9 * Math.max(1, y.indexFactor[k]!));
      });
    });
  };
  entries(a.entries.cost!, b.costEntries, 'kosten');
  entries(a.entries.residential!, b.residentialEntries, 'woningbouw');
  entries(a.entries.non_residential!, b.nonResidentialEntries, 'niet-woningbouw');
  entries(a.entries.other_revenue!, b.otherRevenueEntries, 'overige opbrengsten');
  const s = a.spaceUsage;
  cmp('ruimte.hoofdstructuur', s.mainStructure, b.space.mainStructure);
  cmp('ruimte.openbaar', s.publicSpace, b.space.publicSpace);
  cmp('ruimte.uitgeefbaar', s.marketable, b.space.marketable);
  cmp('ruimte.verschil', s.difference, b.space.difference);
  if (a.errors.length) out.push(`foutwaarden in werkboek: ${a.errors.slice(0, 5).join(', ')}`);
  return out;
}
