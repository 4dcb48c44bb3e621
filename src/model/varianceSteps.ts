// The five steps of the verschillenanalyse (calculation.md §9) as the product names them: the key the
// engine and the wire use, and the Dutch title the screen, its Excel export and the report sheet
// 'Verschillen' show. Written once here, below all of them.

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
