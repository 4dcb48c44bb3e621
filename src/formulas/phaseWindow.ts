import type { ModelData, PhaseEntry } from '../api/contract/modelData.ts';
import type { Problem } from './validate.ts';
import { formatDutchDate } from '../lib/dutchNumber.ts';

/** The phase group an entry list is phased in (spec 3 §5: "an entry's phasing dates lie within its section's dates"). */
const PHASE_GROUP = { cost_estimate: 'Cost', residential_construction: 'Revenue' } as const satisfies Record<string, PhaseEntry['phase_group']>;

export type PhasedList = keyof typeof PHASE_GROUP;
const PHASED_LISTS = Object.keys(PHASE_GROUP) as PhasedList[];

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
function phaseWindowOf(model: ModelData, list: PhasedList): PhaseWindow | null {
  const phases = model.base_parameters.phasing_costs_revenues.filter((p) => p.phase_group === PHASE_GROUP[list]);
  if (!phases.length) return null;
  // Wire dates are yyyy-mm-dd (years ≥ 1900): their text order is their date order.
  const start = phases.map((p) => p.phase_start_date).sort()[0]!;
  const end = phases.map((p) => p.phase_end_date).sort().at(-1)!;
  const names = phases.map((p) => `'${p.phase_name}'`);
  const name = names.length === 1 ? `de fase ${names[0]}` : `de fasen ${names.slice(0, -1).join(', ')} en ${names.at(-1)}`;
  return { name, start, end };
}

/** A new entry's phasing dates: its section's phase, or the whole calculation when the group has none. */
export function newEntryPhasingDates(model: ModelData, list: PhasedList): { start_date: string; end_date: string } {
  const bp = model.base_parameters;
  const w = phaseWindowOf(model, list);
  return { start_date: w?.start ?? bp.phasing_calculation_start_date, end_date: w?.end ?? bp.phasing_calculation_end_date };
}

/** The entry's problem when its phasing dates fall outside its section's phase: a Dutch message naming both, on the date out of bounds. */
export function entryOutsidePhase(model: ModelData, list: PhasedList, i: number, w = phaseWindowOf(model, list)): Problem | null {
  const e = model[list][i];
  if (!w || !e) return null;
  const { start_date: a, end_date: b } = e.phasing;
  const early = a < w.start;
  if (!early && b <= w.end) return null;
  return {
    path: `${list}[${i}].phasing.${early ? 'start_date' : 'end_date'}`,
    message: `De fasering van '${e.label}' (${span(a, b)}) valt buiten ${w.name} (${span(w.start, w.end)}); pas de datums aan.`,
  };
}

/** Every entry whose phasing dates fall outside its section's phase (spec 3 §5). */
export function entriesOutsidePhase(model: ModelData): Problem[] {
  return PHASED_LISTS.flatMap((list) => {
    const w = phaseWindowOf(model, list);
    return w ? model[list].flatMap((_, i) => entryOutsidePhase(model, list, i, w) ?? []) : [];
  });
}
