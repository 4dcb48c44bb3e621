import { describe, expect, it } from 'vitest';
import { ANSWER_9B, MODEL_A, MODEL_B } from '../../../test/manager/varianceAnswer.ts';
import { adoptionText, cashFlowSeries, exportName, modelLabel, varianceRows, waterfallBars } from './varianceView.ts';

describe('varianceRows', () => {
  it('is §9b\'s table: A, the five steps with the section that moved under steps 4 and 5, B', () => {
    expect(varianceRows(ANSWER_9B).map((r) => [r.kind, r.label, r.ew, r.ncw])).toEqual([
      ['model', 'A (Versie 2024)', -106120.8, -98039.22],
      ['step', '1 Tijd', 0, -1960.78],
      ['step', '2 Realisatie', -31836.24, -30000],
      ['step', '3 Parameters', 4635.9, 4368.51],
      ['step', '4 Ramingen en programma', 31990.77, 30145.62],
      ['section', 'Woningbouw', 31990.77, 30145.62],
      ['step', '5 Fasering', -1944.54, -1832.38],
      ['section', 'Woningbouw', -1944.54, -1832.38],
      ['model', 'B (Versie 2025)', -103274.91, -97318.25],
    ]);
  });

  it('names the models too when their names differ', () => {
    const other = { ...MODEL_A, model_name: 'Plan Noord' };
    expect(modelLabel(other, MODEL_B)).toBe('Versie 2024 — Plan Noord');
    expect(varianceRows({ ...ANSWER_9B, against: other })[0]!.label).toBe('A (Versie 2024 — Plan Noord)');
  });
});

describe('waterfallBars', () => {
  it('floats each step from the running total to the next and ends on NCW B', () => {
    const bars = waterfallBars(ANSWER_9B);
    expect(bars.map((b) => b.kind)).toEqual(['total', 'down', 'down', 'up', 'up', 'down', 'total']);
    expect(bars[1]).toMatchObject({ from: -98039.22, value: -1960.78 });
    expect(bars[1]!.to).toBeCloseTo(-100000, 6);
    expect(bars[5]!.to).toBeCloseTo(bars[6]!.to, 6);
    expect(bars[6]).toMatchObject({ from: 0, to: -97318.25, label: 'NCW B' });
  });

  it('a step without effect is neither a rise nor a fall', () => {
    const flat = { ...ANSWER_9B, variance: { ...ANSWER_9B.variance, steps: ANSWER_9B.variance.steps.map((s) => ({ ...s, ncw: 0.001 })) } };
    expect(waterfallBars(flat).slice(1, 6).every((b) => b.kind === 'none')).toBe(true);
  });
});

describe('cashFlowSeries', () => {
  it('puts both models on the periods of either, in time order, with no point where a model has no period', () => {
    expect(cashFlowSeries(ANSWER_9B.periods_a, ANSWER_9B.periods_b)).toEqual({
      labels: ['2024', '2025', '2026', '2027'],
      a: [500000, 510000, -1126020, 0],
      b: [null, 510000, -675180, -450120],
    });
    const q = (label: string) => ({ label, net: 1, balance: 1 });
    expect(cashFlowSeries([q('2025 Q1'), q('2024 Q4')], [q('2025 Q2')]).labels).toEqual(['2024 Q4', '2025 Q1', '2025 Q2']);
  });
});

describe('texts', () => {
  it('says whether the council adopted the version, with its date', () => {
    expect(adoptionText(MODEL_A)).toBe('Vastgesteld door de raad op 01-03-2025');
    expect(adoptionText(MODEL_B)).toBe('Niet vastgesteld');
  });

  it('names the export after the model and both versions, without path separators', () => {
    expect(exportName(ANSWER_9B)).toBe('Verschillenanalyse Grondexploitatie Versie 2024 - Versie 2025.xlsx');
    expect(exportName({ ...ANSWER_9B, model: { ...MODEL_B, model_name: 'Noord/Zuid' } })).toBe('Verschillenanalyse Noord-Zuid Versie 2024 - Versie 2025.xlsx');
  });
});
