// What the Verschillenanalyse screen shows, from the server's answer (src/api/contract/variance.ts): the
// table's rows (A, the five steps with the sections of steps 4 and 5, B), the waterfall's bars and the two
// cash flows on one time axis. The table and its Excel export are made from the same rows, so they agree.
import type { AgainstReason, CashFlowPeriod, ComparedModel, VarianceAnswer } from '../../api/contract/variance.ts';
import { SECTIONS } from '../../model/sections.ts';
import { STEPS_PER_SECTION, VARIANCE_STEP_TITLES, type VarianceStepKey } from '../../model/varianceSteps.ts';
import { formatDutchDate } from '../../lib/dutchNumber.ts';

/** One line of the table: a model's EW and NCW, a step's Δ, or a section's part of step 4 or 5. */
export interface VarianceRow {
  key: string;
  kind: 'model' | 'step' | 'section';
  label: string;
  ew: number;
  ncw: number;
}

/** Below half a cent an effect shows as 0,00: a section without one gets no line. */
const noEffect = (x: { ew: number; ncw: number }) => Math.abs(x.ew) < 0.005 && Math.abs(x.ncw) < 0.005;

/** 'Versie 2024', or 'Versie 2024 — Plan Noord' when the two models' names differ. */
export function modelLabel(m: ComparedModel, other: ComparedModel): string {
  return m.model_name.toLowerCase() === other.model_name.toLowerCase() ? m.version_name : `${m.version_name} — ${m.model_name}`;
}

const sectionTitle = (list: string) => SECTIONS.find((s) => s.list === list)?.title ?? list;

/** The table: A, the steps in their order (steps 4 and 5 with a line per section that moved), B. */
export function varianceRows(answer: Pick<VarianceAnswer, 'model' | 'against' | 'variance'>): VarianceRow[] {
  const { variance: v, model: b, against: a } = answer;
  const rows: VarianceRow[] = [{ key: 'a', kind: 'model', label: `A (${modelLabel(a, b)})`, ew: v.ew_a, ncw: v.ncw_a }];
  for (const s of v.steps) {
    rows.push({ key: s.step, kind: 'step', label: VARIANCE_STEP_TITLES[s.step], ew: s.ew, ncw: s.ncw });
    if (!STEPS_PER_SECTION.includes(s.step)) continue;
    for (const [list, amounts] of Object.entries(s.sections ?? {})) {
      if (!noEffect(amounts)) rows.push({ key: `${s.step}:${list}`, kind: 'section', label: sectionTitle(list), ...amounts });
    }
  }
  rows.push({ key: 'b', kind: 'model', label: `B (${modelLabel(b, a)})`, ew: v.ew_b, ncw: v.ncw_b });
  return rows;
}

/** One bar of the waterfall: a model's NCW from the axis, or a step from the running total to the next. */
export interface WaterfallBar {
  key: 'a' | 'b' | VarianceStepKey;
  label: string;
  from: number;
  to: number;
  /** A model's NCW, or a step that raises, lowers or leaves the NCW. */
  kind: 'total' | 'up' | 'down' | 'none';
  /** What the bar says: the NCW, or the step's Δ NCW. */
  value: number;
}

export function waterfallBars(answer: Pick<VarianceAnswer, 'variance'>): WaterfallBar[] {
  const v = answer.variance;
  const bars: WaterfallBar[] = [{ key: 'a', label: 'NCW A', from: 0, to: v.ncw_a, kind: 'total', value: v.ncw_a }];
  let at = v.ncw_a;
  for (const s of v.steps) {
    const kind = Math.abs(s.ncw) < 0.005 ? 'none' : s.ncw > 0 ? 'up' : 'down';
    bars.push({ key: s.step, label: VARIANCE_STEP_TITLES[s.step], from: at, to: at + s.ncw, kind, value: s.ncw });
    at += s.ncw;
  }
  bars.push({ key: 'b', label: 'NCW B', from: 0, to: v.ncw_b, kind: 'total', value: v.ncw_b });
  return bars;
}

/** Both cash flows on the periods of either model, in time order (the two share their period type: §9). */
export function cashFlowSeries(a: CashFlowPeriod[], b: CashFlowPeriod[]): { labels: string[]; a: (number | null)[]; b: (number | null)[] } {
  // '2024', '2024 H2' and '2024 Q3' sort in time order as text.
  const labels = [...new Set([...a, ...b].map((p) => p.label))].sort();
  const on = (periods: CashFlowPeriod[]) => {
    const byLabel = new Map(periods.map((p) => [p.label, p.net]));
    return labels.map((l) => byLabel.get(l) ?? null);
  };
  return { labels, a: on(a), b: on(b) };
}

/** How a model of the comparison is described: project, version, model and whether the council adopted the version. */
export function describeModel(m: ComparedModel): string {
  return `${m.project_name} · ${m.version_name} · ${m.model_name}`;
}

export function adoptionText(m: ComparedModel): string {
  return m.adopted_on ? `Vastgesteld door de raad op ${formatDutchDate(m.adopted_on)}` : 'Niet vastgesteld';
}

/** Why A is the model compared with, in the screen's words. */
export const AGAINST_REASONS: Record<AgainstReason, string> = {
  chosen: 'Zelf gekozen vergelijking.',
  rolled_over_from: 'Standaardvergelijking: het rekenmodel waaruit dit rekenmodel met de jaarovergang is overgezet.',
  adopted_version: 'Standaardvergelijking: het rekenmodel met dezelfde naam in de laatst vastgestelde eerdere versie.',
};

/** The export's file name: no path separators, the models' versions in it. */
export function exportName(answer: Pick<VarianceAnswer, 'model' | 'against'>): string {
  const { model: b, against: a } = answer;
  return `Verschillenanalyse ${b.model_name} ${a.version_name} - ${b.version_name}.xlsx`.replace(/[\\/:*?"<>|]/g, '-');
}
