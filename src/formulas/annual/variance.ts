// The verschillenanalyse (calculation.md §9): why the result of a later model B differs from an earlier
// model A, by stepwise substitution M0 = A … M5 = B, each step taking one more group of B's inputs.
import type { ModelData } from '../../model/modelData.ts';
import { serialToIso } from '../dates.ts';
import { generatePeriods } from '../periods.ts';
import { validateModelData } from '../validate.ts';

export type VarianceStep = 'time' | 'realisation' | 'parameters' | 'scope' | 'phasing';

export interface VarianceStepResult {
  step: VarianceStep;
  /** EW(Mi) − EW(Mi−1) and NCW(Mi) − NCW(Mi−1). */
  ew: number;
  ncw: number;
  /** Steps 4 and 5: the effect per section (wire list key), in the sections' order. */
  sections?: Record<string, { ew: number; ncw: number }>;
}

/** One period of a model's cash flow, for the screen's line chart. */
export interface VariancePeriod {
  label: string;
  /** Net cash flow NF(k) = costs − revenues (positive: more spent than received). */
  net: number;
  balance: number;
}

export interface VarianceResult {
  ew_a: number;
  ncw_a: number;
  ew_b: number;
  ncw_b: number;
  steps: VarianceStepResult[];
  periods_a: VariancePeriod[];
  periods_b: VariancePeriod[];
}

/** Whether a date is the first day of a period of the model's period type. */
const onBoundary = (model: ModelData, date: string) => serialToIso(generatePeriods(date, date, model.base_parameters.phasing_period, 1)[0]!.startSerial) === date;

/** Why A and B cannot be compared (§9: same period type, S_B ≥ S_A on a period boundary, N_B ≥ N_A), in Dutch, or null. */
export function varianceProblem(a: ModelData, b: ModelData): string | null {
  for (const [m, name] of [[a, 'A'], [b, 'B']] as const) {
    const v = validateModelData(m);
    if (!v.ok) return `Model ${name} is niet geldig: ${v.problems[0]!.message}`;
  }
  const A = a.base_parameters;
  const B = b.base_parameters;
  if (A.phasing_period !== B.phasing_period) return 'De modellen hebben een andere faseringsperiode; een verschillenanalyse vergelijkt alleen modellen met dezelfde perioden.';
  if (B.phasing_calculation_start_date < A.phasing_calculation_start_date) return 'De startdatum van het latere model ligt vóór die van het eerdere; kies als eerste model het oudere.';
  if (B.phasing_calculation_start_date !== A.phasing_calculation_start_date && !onBoundary(a, B.phasing_calculation_start_date)) {
    return 'De startdatum van het latere model valt niet op het begin van een periode van het eerdere; de perioden van de twee modellen lopen dan niet gelijk.';
  }
  if (B.phasing_net_present_value_date < A.phasing_net_present_value_date) return 'De NCW-datum van het latere model ligt vóór die van het eerdere; kies als eerste model het oudere.';
  return null;
}

/** §9: the five steps from A to B. Throws varianceProblem's message when the two cannot be compared. */
export function variance(a: ModelData, b: ModelData): VarianceResult {
  const problem = varianceProblem(a, b);
  if (problem) throw new Error(problem);
  throw new Error('De verschillenanalyse is nog niet gebouwd.');
}
