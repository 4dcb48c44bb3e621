import type { ModelData, PhaseEntry } from './modelData.ts';
import type { Problem } from './problem.ts';
import { formatDutchDate } from '../lib/dutchNumber.ts';

/**
 * What the phase bound needs of a section (sections.ts): its wire list and the phase group its phasing
 * belongs to (spec 3 §5: "an entry's phasing dates lie within its section's dates"); null: not tied to a
 * phase (other revenues: a subsidy may come in any year, calculation.md §7b).
 */
export interface PhasedSection {
  list: string;
  phaseGroup: PhaseEntry['phase_group'] | null;
}

const entriesIn = (model: ModelData, list: string) => ((model as Record<string, unknown>)[list] as ModelData['cost_estimate'] | undefined) ?? [];

export interface PhaseWindow {
  /** The phase's name, or the names of the group's phases ('Fase 1' en 'Fase 2'). */
  name: string;
  start: string;
  end: string;
}

const span = (a: string, b: string) => `${formatDutchDate(a)} t/m ${formatDutchDate(b)}`;

/**
 * The dates an entry of the list may be phased in: from the earliest start to the latest end of the
 * phases of its group. A group without phases sets no bound (null): a model need not define them.
 */
function phaseWindowOf(model: ModelData, section: PhasedSection): PhaseWindow | null {
  if (!section.phaseGroup) return null;
  const phases = model.base_parameters.phasing_costs_revenues.filter((p) => p.phase_group === section.phaseGroup);
  if (!phases.length) return null;
  // Wire dates are yyyy-mm-dd (years ≥ 1900): their text order is their date order.
  const start = phases.map((p) => p.phase_start_date).sort()[0]!;
  const end = phases.map((p) => p.phase_end_date).sort().at(-1)!;
  const names = phases.map((p) => `'${p.phase_name}'`);
  const name = names.length === 1 ? `de fase ${names[0]}` : `de fasen ${names.slice(0, -1).join(', ')} en ${names.at(-1)}`;
  return { name, start, end };
}

/** A new entry's phasing dates: its section's phase, or the whole calculation when the group has none. */
export function newEntryPhasingDates(model: ModelData, section: PhasedSection): { start_date: string; end_date: string } {
  const bp = model.base_parameters;
  const w = phaseWindowOf(model, section);
  return { start_date: w?.start ?? bp.phasing_calculation_start_date, end_date: w?.end ?? bp.phasing_calculation_end_date };
}

/** The entry's problem when its phasing dates fall outside its section's phase: a Dutch message naming both, on the date out of bounds. */
export function entryOutsidePhase(model: ModelData, section: PhasedSection, i: number, w = phaseWindowOf(model, section)): Problem | null {
  const e = entriesIn(model, section.list)[i];
  if (!w || !e) return null;
  const { start_date: a, end_date: b } = e.phasing;
  const early = a < w.start;
  if (!early && b <= w.end) return null;
  return {
    path: `${section.list}[${i}].phasing.${early ? 'start_date' : 'end_date'}`,
    message: `De fasering van '${e.label}' (${span(a, b)}) valt buiten ${w.name} (${span(w.start, w.end)}); pas de datums aan.`,
  };
}

/** Every entry whose phasing dates fall outside its section's phase (spec 3 §5). */
export function entriesOutsidePhase(model: ModelData, sections: readonly PhasedSection[]): Problem[] {
  return sections.flatMap((section) => {
    const w = phaseWindowOf(model, section);
    return w ? entriesIn(model, section.list).flatMap((_, i) => entryOutsidePhase(model, section, i, w) ?? []) : [];
  });
}
