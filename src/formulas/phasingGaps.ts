// What of the amounts is not in the result, or is in it twice (issue 35 finding 1). EW and NCW count
// what is phased (calculation.md §3.4): a post phased short (12 × 8,33 %, never phased, phasing
// deleted) leaves its 'Nog te faseren' out; a post phased over 100 %, or booked on top of a Financeel
// phasing of its whole amount, is counted for more than its amount at the NCW date. The engine already
// computes that rest per post (residualToPhase); this adds it up per section, so that the Overzicht and
// the top strip say it at a glance, and words the mark of the post's Fasering row.
// (Phasing outside the post's own dates is refused by validateModelData, so it needs no mark here.)
import type { ModelData } from '../model/modelData.ts';
import type { EntrySummary, ResultsSummary } from '../model/results.ts';
import { SECTIONS, entriesOf } from '../model/sections.ts';
import type { EntryKind } from '../model/section.ts';

export interface PostGap {
  id: number;
  label: string;
  /** Amount at the NCW date not phased (≥ 0). */
  notInResult: number;
  /** Phased beyond the amount at the NCW date: over-phased, or booked and phased in full (≥ 0). */
  countedTwice: number;
}

export interface SectionGaps {
  kind: EntryKind;
  title: string;
  notInResult: number;
  countedTwice: number;
  /** The posts with a gap, in the section's order. */
  posts: PostGap[];
}

const round2 = (x: number) => Math.round(x * 100) / 100;

/** A post's gap to the cent: what is not in the result, what is in it twice (one of them is 0). */
export function gapOf(e: Pick<EntrySummary, 'amountAtNcw' | 'residualToPhase'>): { notInResult: number; countedTwice: number } {
  // Of a negative amount (a credit) a negative rest is what is missing.
  const rest = round2(e.amountAtNcw < 0 ? -e.residualToPhase : e.residualToPhase);
  const size = round2(Math.abs(e.residualToPhase));
  return { notInResult: rest > 0 ? size : 0, countedTwice: rest < 0 ? size : 0 };
}

/** The mark of a post's Fasering row, or null when all of it is in the result once. */
export function gapMark(e: Pick<EntrySummary, 'amountAtNcw' | 'residualToPhase'>): string | null {
  const g = gapOf(e);
  return g.countedTwice ? 'Meer gefaseerd dan het bedrag op NCW-datum: het verschil telt dubbel'
    : g.notInResult ? 'Niet volledig gefaseerd: de rest telt niet mee' : null;
}

/** Per section: what is not in the result and what is in it twice, with the posts concerned (amounts at the NCW date's price level). */
export function phasingGaps(m: ModelData, r: Pick<ResultsSummary, 'entries'>): SectionGaps[] {
  return SECTIONS.map((s) => {
    const labels = new Map(entriesOf(m, s.kind).map((e) => [e.id, e.label]));
    const posts: PostGap[] = [];
    for (const e of r.entries[s.kind]!) {
      const g = gapOf(e);
      if (g.notInResult || g.countedTwice) posts.push({ id: e.id, label: labels.get(e.id) ?? e.label, ...g });
    }
    const sum = (k: 'notInResult' | 'countedTwice') => round2(posts.reduce((t, p) => t + p[k], 0));
    return { kind: s.kind, title: s.title, notInResult: sum('notInResult'), countedTwice: sum('countedTwice'), posts };
  });
}

/** The whole model's totals, for the top strip. */
export function gapTotals(sections: SectionGaps[]): { notInResult: number; countedTwice: number; posts: number } {
  return {
    notInResult: round2(sections.reduce((t, s) => t + s.notInResult, 0)),
    countedTwice: round2(sections.reduce((t, s) => t + s.countedTwice, 0)),
    posts: sections.reduce((t, s) => t + s.posts.length, 0),
  };
}
