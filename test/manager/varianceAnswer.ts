import type { ComparedModel, VarianceAnswer } from '../../src/api/contract/variance.ts';

// calculation.md §9b's answer as the server gives it, for the screen's unit tests.

export const MODEL_A: ComparedModel = {
  model_id: 11, model_name: 'Grondexploitatie', version_id: 1, version_name: 'Versie 2024', project_id: 3, project_name: 'Voorbeeldplan', adopted_on: '2025-03-01',
};
export const MODEL_B: ComparedModel = { ...MODEL_A, model_id: 12, version_id: 2, version_name: 'Versie 2025', adopted_on: null };

const none = { ew: 0, ncw: 0 };

export const ANSWER_9B: VarianceAnswer = {
  model: MODEL_B,
  against: MODEL_A,
  against_reason: 'rolled_over_from',
  variance: {
    ew_a: -106120.8, ncw_a: -98039.22, ew_b: -103274.91, ncw_b: -97318.25,
    steps: [
      { step: 'time', ew: 0, ncw: -1960.78 },
      { step: 'realisation', ew: -31836.24, ncw: -30000 },
      { step: 'parameters', ew: 4635.9, ncw: 4368.51 },
      {
        step: 'scope', ew: 31990.77, ncw: 30145.62,
        sections: { cost_estimate: none, residential_construction: { ew: 31990.77, ncw: 30145.62 }, non_residential_construction: none, other_revenues: none },
      },
      {
        step: 'phasing', ew: -1944.54, ncw: -1832.38,
        sections: { cost_estimate: none, residential_construction: { ew: -1944.54, ncw: -1832.38 }, non_residential_construction: none, other_revenues: none },
      },
    ],
  },
  periods_a: [{ label: '2024', net: 500000, balance: 500000 }, { label: '2025', net: 510000, balance: 1020000 }, { label: '2026', net: -1126020, balance: -85620 }, { label: '2027', net: 0, balance: -87332.4 }],
  periods_b: [{ label: '2025', net: 510000, balance: 1050600 }, { label: '2026', net: -675180, balance: 396432 }, { label: '2027', net: -450120, balance: -45759.36 }],
};
