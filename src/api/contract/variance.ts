import { z } from 'zod';
import { VARIANCE_STEPS } from '../../model/varianceSteps.ts';
import { IdParams, MAX_ID, WireDate } from './common.ts';
import { Money } from './reportData.ts';
import { endpoint } from './endpoint.ts';
import { routes } from './routes.ts';
import { ModelMeta } from './workbench.ts';

// The verschillenanalyse of an online model (issue 37.5, calculation.md §9): why its result differs from an
// earlier model of the project. The model asked for is B (the later one), `against` is A. The figures are the
// engine's (src/formulas/annual/variance.ts) as the CLI prints them; the wire keeps their snake_case keys
// (wireKeys), since the per-section keys are the model data's list keys ('residential_construction').

const Amounts = z.object({ ew: Money, ncw: Money });

export const VarianceStep = z.object({
  step: z.enum(VARIANCE_STEPS),
  /** EW(Mi) − EW(Mi−1) and NCW(Mi) − NCW(Mi−1). */
  ew: Money,
  ncw: Money,
  /** Steps 4 and 5: the effect per section, keyed by the section's list key, in the sections' order. */
  sections: z.record(z.string(), Amounts).optional(),
});
export type VarianceStep = z.infer<typeof VarianceStep>;

/** §9's JSON: EW and NCW of A and of B and the steps from A to B (they add up to B − A). */
export const VarianceFigures = z.object({
  ew_a: Money,
  ncw_a: Money,
  ew_b: Money,
  ncw_b: Money,
  steps: z.array(VarianceStep),
});
export type VarianceFigures = z.infer<typeof VarianceFigures>;

/** One period of a model's cash flow: `net` = costs − revenues (positive: more spent than received), `balance` at its end. */
export const CashFlowPeriod = z.object({ label: z.string(), net: Money, balance: Money });
export type CashFlowPeriod = z.infer<typeof CashFlowPeriod>;

/** A model of the comparison, named as the screen shows it; `adopted_on`: its version was 'Vastgesteld door de raad' that day. */
export const ComparedModel = ModelMeta.pick({ model_id: true, model_name: true, version_id: true, version_name: true, project_id: true, project_name: true })
  .extend({ adopted_on: WireDate.nullable() });
export type ComparedModel = z.infer<typeof ComparedModel>;

/**
 * How A was chosen: by the caller (`against`), as the model B was rolled over from (the jaarovergang), or as
 * the model of B's name in the latest vastgestelde version before B's.
 */
export const AgainstReason = z.enum(['chosen', 'rolled_over_from', 'adopted_version']);
export type AgainstReason = z.infer<typeof AgainstReason>;

export const VarianceQuery = z.object({
  /** Model A; absent: the default comparison (VarianceChoices.default_against), or 409 when there is none. */
  against: z.coerce.number().int().positive().max(MAX_ID).optional(),
});

/** GET grexonline/model/{id}/variance/: both models, how A was chosen, the steps and both cash flows. */
export const VarianceAnswer = z.object({
  model: ComparedModel,
  against: ComparedModel,
  against_reason: AgainstReason,
  variance: VarianceFigures,
  periods_a: z.array(CashFlowPeriod),
  periods_b: z.array(CashFlowPeriod),
});
export type VarianceAnswer = z.infer<typeof VarianceAnswer>;

/**
 * GET grexonline/model/{id}/variance/against/: what the screen shows before the figures are computed — the
 * model, its default comparison (or in Dutch why there is none) and every online model of the project it can
 * be compared with (versions in their order).
 */
export const VarianceChoices = z.object({
  model: ComparedModel,
  default_against: ComparedModel.nullable(),
  default_reason: AgainstReason.exclude(['chosen']).nullable(),
  /** Why there is no default comparison; null when there is one. */
  no_default: z.string().nullable(),
  choices: z.array(ComparedModel),
});
export type VarianceChoices = z.infer<typeof VarianceChoices>;

const tags = ['grexonline'];

export const varianceEndpoints = {
  get: endpoint(routes.variance.get, { tags, params: IdParams, query: VarianceQuery, response: { 200: VarianceAnswer } }),
  choices: endpoint(routes.variance.choices, { tags, params: IdParams, response: { 200: VarianceChoices } }),
};
