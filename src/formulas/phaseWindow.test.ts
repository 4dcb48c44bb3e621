import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ModelData } from '../model/modelData.ts';
import { GrexEngine } from './engine.ts';
import { entriesOutsidePhase, newEntryPhasingDates } from '../model/phaseWindow.ts';
import { SECTIONS } from '../model/sections.ts';
import { COST_SECTION } from '../model/sections/cost.ts';
import { RESIDENTIAL_SECTION } from '../model/sections/residential.ts';
import { validateModelData, validateModelDataForSave } from './validate.ts';

// Phases: 'Kosten' (Cost) 2024–2025, 'Uitgifte' (Revenue) 2026; the cost entry is phased 2024–2025, the housing entry 2026.
const worked = (): ModelData => JSON.parse(readFileSync(new URL('./examples/worked-example.model.json', import.meta.url), 'utf8')) as ModelData;

describe('an entry is phased within its section\'s phase (spec 3 §5)', () => {
  it('accepts entries inside their phase, up to its first and last day', () => {
    expect(entriesOutsidePhase(worked(), SECTIONS)).toEqual([]);
  });

  it('names the entry and the phase, on the date out of bounds; the model is refused', () => {
    const m = worked();
    m.cost_estimate[0]!.phasing.end_date = '2026-06-30';
    m.residential_construction[0]!.phasing.start_date = '2025-12-31';
    const expected = [
      {
        path: 'cost_estimate[0].phasing.end_date',
        message: "De fasering van 'Bouwrijp maken' (01-01-2024 t/m 30-06-2026) valt buiten de fase 'Kosten' (01-01-2024 t/m 31-12-2025); pas de datums aan.",
      },
      {
        path: 'residential_construction[0].phasing.start_date',
        message: "De fasering van 'Koopwoningen' (31-12-2025 t/m 31-12-2026) valt buiten de fase 'Uitgifte' (01-01-2026 t/m 31-12-2026); pas de datums aan.",
      },
    ];
    expect(entriesOutsidePhase(m, SECTIONS)).toEqual(expected);
    // a save refuses it; opening does not (a model saved before the rule can be repaired)
    expect(validateModelData(m).ok).toBe(true);
    const v = validateModelDataForSave(m);
    expect(v.ok).toBe(false);
    if (!v.ok) expect(v.problems).toEqual(expected);
  });

  it('takes the span of a group\'s phases and names them all', () => {
    const m = worked();
    m.base_parameters.phasing_costs_revenues.push({ phase_name: 'Kosten 2', phase_group: 'Cost', phase_start_date: '2026-01-01', phase_end_date: '2026-12-31' });
    m.cost_estimate[0]!.phasing.end_date = '2026-12-31';
    expect(entriesOutsidePhase(m, SECTIONS)).toEqual([]);
    m.cost_estimate[0]!.phasing.start_date = '2023-12-31';
    expect(entriesOutsidePhase(m, SECTIONS).map((p) => p.message)).toEqual([
      "De fasering van 'Bouwrijp maken' (31-12-2023 t/m 31-12-2026) valt buiten de fasen 'Kosten' en 'Kosten 2' (01-01-2024 t/m 31-12-2026); pas de datums aan.",
    ]);
  });

  it('sets no bound for a section whose group has no phase', () => {
    const m = worked();
    m.base_parameters.phasing_costs_revenues = m.base_parameters.phasing_costs_revenues.filter((p) => p.phase_group === 'Cost');
    m.residential_construction[0]!.phasing.end_date = '2027-12-31';
    expect(entriesOutsidePhase(m, SECTIONS)).toEqual([]);
  });

  it('refuses a phasing date typed outside the phase in the workbench, and changes nothing', () => {
    const r = GrexEngine.create(worked());
    if (!r.ok) throw new Error('worked example refused');
    const e = r.engine;
    const ew = e.results.ew;
    const edit = e.applyEdit({ kind: 'costField', id: 1, field: 'end_date', value: '2026-12-31' });
    expect(edit.ok).toBe(false);
    if (!edit.ok) expect(edit.problems).toEqual([{ path: 'cost_estimate[0].phasing.end_date', message: expect.stringContaining("'Bouwrijp maken'") }]);
    expect(e.modelData.cost_estimate[0]!.phasing.end_date).toBe('2025-12-31');
    expect(e.applyEdit({ kind: 'costField', id: 1, field: 'end_date', value: '2025-06-30' }).ok).toBe(true);
    expect(e.results.ew).toBe(ew);
    e.destroy();
  });

  it("refuses a phase shortened under an entry as the user's change, not when undo restores a model", () => {
    const r = GrexEngine.create(worked());
    if (!r.ok) throw new Error('worked example refused');
    const e = r.engine;
    const shorter = structuredClone(e.modelData);
    shorter.base_parameters.phasing_costs_revenues[0]!.phase_end_date = '2025-06-30';
    const edit = e.setModel(shorter, { asEdit: true });
    expect(edit.ok).toBe(false);
    if (!edit.ok) expect(edit.problems.map((p) => p.path)).toEqual(['cost_estimate[0].phasing.end_date']);
    expect(e.modelData.base_parameters.phasing_costs_revenues[0]!.phase_end_date).toBe('2025-12-31');
    expect(e.setModel(shorter).ok).toBe(true);
    e.destroy();
  });

  it('phases a new entry over its section\'s phase, else over the whole calculation', () => {
    const m = worked();
    expect(newEntryPhasingDates(m, COST_SECTION)).toEqual({ start_date: '2024-01-01', end_date: '2025-12-31' });
    expect(newEntryPhasingDates(m, RESIDENTIAL_SECTION)).toEqual({ start_date: '2026-01-01', end_date: '2026-12-31' });
    m.base_parameters.phasing_costs_revenues = [];
    expect(newEntryPhasingDates(m, RESIDENTIAL_SECTION)).toEqual({ start_date: '2024-01-01', end_date: '2027-12-31' });
  });
});
