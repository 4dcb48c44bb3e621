// The five steps of the verschillenanalyse (calculation.md §9) as the product names them: the key the
// engine and the wire use, the Dutch title the screen and its Excel export show, and the columns of the
// report sheet 'Verschillen' (docs/reports.md). Written once here, below all of them.
import { SECTIONS, perSections } from './sections.ts';
import { word } from './reportColumns.ts';

/** The steps in their order (the order decides how the difference is divided). */
export const VARIANCE_STEPS = ['time', 'realisation', 'parameters', 'scope', 'phasing'] as const;
export type VarianceStepKey = (typeof VARIANCE_STEPS)[number];

/** Dutch titles, numbered as in calculation.md §9b ('1 Tijd' …). */
export const VARIANCE_STEP_TITLES: Record<VarianceStepKey, string> = {
  time: '1 Tijd',
  realisation: '2 Realisatie',
  parameters: '3 Parameters',
  scope: '4 Ramingen en programma',
  phasing: '5 Fasering',
};

/** The steps whose effect is also given per section (§9: substituted section by section). */
export const STEPS_PER_SECTION: readonly VarianceStepKey[] = ['scope', 'phasing'];

/** Shown with every presentation of the steps: they are a decomposition, not causes in themselves. */
export const VARIANCE_ORDER_NOTE = 'De volgorde van de stappen bepaalt hoe het verschil wordt verdeeld.';

/** The word of a step in the report sheet's columns (`ncw_tijd`, `ew_ramingen` …). */
export const VARIANCE_STEP_WORDS: Record<VarianceStepKey, string> = {
  time: 'tijd', realisation: 'realisatie', parameters: 'parameters', scope: 'ramingen', phasing: 'fasering',
};

export type VarianceStepColumnKey = `${'ew' | 'ncw'}_${string}`;

/** A column of the sheet 'Verschillen' that holds a step's Δ EW or Δ NCW, of the whole model or of one section (steps 4 and 5). */
export interface VarianceStepColumn {
  key: VarianceStepColumnKey;
  measure: 'ew' | 'ncw';
  step: VarianceStepKey;
  /** The section's wire list key; null: the step's effect on the whole model. */
  list: string | null;
}

/**
 * The steps' columns in their order: per step Δ EW and Δ NCW, then per section (in the descriptors' order)
 * those of steps 4 and 5 (`ncw_ramingen_woningbouw`). A new section is new columns at the end.
 */
export const varianceColumns = perSections((): readonly VarianceStepColumn[] => [
  ...VARIANCE_STEPS.flatMap((step) => (['ew', 'ncw'] as const).map((measure) => ({
    key: `${measure}_${VARIANCE_STEP_WORDS[step]}` as const, measure, step, list: null,
  }))),
  ...STEPS_PER_SECTION.flatMap((step) => SECTIONS.flatMap((s) => (['ew', 'ncw'] as const).map((measure) => ({
    key: `${measure}_${VARIANCE_STEP_WORDS[step]}_${word(s.title)}` as const, measure, step, list: s.list,
  })))),
]);
