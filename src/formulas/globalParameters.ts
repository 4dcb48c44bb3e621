// Global parameters (spec 2 §2, §4, §5) applied to one online model's data. The server's parameters
// service calls this for every chosen model and writes only what it returns as `ok`.
//
// - The four dates replace the model's; a changed start or end date (or both) moves the entries'
//   period values with the same remap the workbench applies (periodRemap.ts).
// - Per01…Per40 mean the model's own periods after the date change: PerNN is the NN-th period from
//   the calculation start, and its value is written to the set value with that period's label (the
//   engine reads set values by label; a label not yet in the set is added). Periods the model does
//   not have are skipped.
// - Sets are matched by group and name; a missing set is added.
// - Percentages arrive as fractions (0.02 = 2 %) and are stored in the notation of the value they
//   replace (percent.ts), so the engine reads the intended rate either way.
// - The result is validated; a model it would make invalid is refused with the problems.
import type { ParameterChange, ParameterRow, ParameterType } from '../api/contract/parameters.ts';
import { parameterValue, setParameterValue } from '../model/baseParameters.ts';
import { GLOBAL_PARAMETERS, globalParameter } from '../model/globalParameters.ts';
import { MAX_PERIODS, type ModelData, type ParameterSet, type ParameterSetGroup, type PhasingPeriod } from '../model/modelData.ts';
import { remapNotice, remapPeriodItems } from './periodRemap.ts';
import { inNotationOf, pct } from '../model/percent.ts';
import { generatePeriods } from './periods.ts';
import { validateModelData } from './validate.ts';
import type { Problem } from '../model/problem.ts';

type BaseParameters = ModelData['base_parameters'];
type SetTarget = { group: ParameterSetGroup; name: string };
/** The types that set a date or a percentage of the base parameters, or a parameter set (src/model/globalParameters.ts). */
const TARGETS = {
  date: GLOBAL_PARAMETERS.filter((g) => g.kind === 'date' && g.field),
  single: GLOBAL_PARAMETERS.filter((g) => g.kind === 'single' && g.field),
  set: GLOBAL_PARAMETERS.filter((g) => g.set),
};
/** 1-based period number of `Per07`, 0 for the base value (`Uitgangspunt` or none). */
const periodNumber = (p: ParameterRow['period_type']) => (p && p !== 'Uitgangspunt' ? Number(p.slice(3)) : 0);

function setOf(bp: BaseParameters, target: SetTarget, fraction: number): ParameterSet {
  let set = bp.parameter_sets.find((s) => s.set_group === target.group && s.set_name === target.name);
  if (!set) {
    set = { set_name: target.name, set_group: target.group, set_base_value: fraction, set_values: [] };
    bp.parameter_sets.push(set);
  }
  return set;
}

/**
 * What Per01…Per40 stand for in a model that starts on `start` (the global start date) with `phasing`
 * periods: the model's own period labels ('2020', '2020 H2', '2020 Q3'), for the screen that sets them.
 */
export function globalPeriodLabels(start: string, phasing: PhasingPeriod): string[] {
  const end = `${Number(start.slice(0, 4)) + MAX_PERIODS}-12-31`;
  return generatePeriods(start, end, phasing, MAX_PERIODS).map((p) => p.label);
}

type GlobalParametersResult = { ok: true; data: ModelData; notes: string[] } | { ok: false; problems: Problem[] };

/**
 * The model data with the rows applied (the input is not changed), or the problems of the stored data
 * or of the result. User-index types are not model data.
 */
export function applyGlobalParameters(stored: unknown, rows: readonly ParameterRow[]): GlobalParametersResult {
  const before = validateModelData(stored);
  if (!before.ok) return before;
  const data = before.data;
  const next = structuredClone(data);
  const bp = next.base_parameters;
  for (const r of rows) {
    const g = globalParameter(r.parameter_type);
    if (g.kind === 'date' && g.field && r.value_date) setParameterValue(bp, g.field, r.value_date);
  }
  const moved = remapNotice(remapPeriodItems(data, next));

  // Per01…Per40 in the model's periods as they are after the date change.
  const periods = generatePeriods(bp.phasing_calculation_start_date, bp.phasing_calculation_end_date, bp.phasing_period);
  // Base values first, so a set that is added takes its base from the base row, not from a period row.
  const ordered = [...rows].sort((a, b) => Number(periodNumber(a.period_type) > 0) - Number(periodNumber(b.period_type) > 0));
  for (const r of ordered) {
    const fraction = r.value_float;
    if (fraction == null) continue;
    const k = periodNumber(r.period_type);
    const g = globalParameter(r.parameter_type);
    if (g.kind === 'single' && g.field) {
      if (k === 0) setParameterValue(bp, g.field, inNotationOf(fraction, parameterValue(bp, g.field) as number));
      continue;
    }
    const target = g.set;
    if (!target) continue;
    const set = setOf(bp, target, fraction);
    if (k === 0) {
      set.set_base_value = inNotationOf(fraction, set.set_base_value);
      continue;
    }
    const period = periods[k - 1];
    if (!period) continue;
    const value = set.set_values.find((v) => v.period_label === period.label);
    if (value) {
      value.period_value = inNotationOf(fraction, value.period_value);
      value.phasing_period = bp.phasing_period;
    } else {
      set.set_values.push({ phasing_period: bp.phasing_period, period_label: period.label, period_value: inNotationOf(fraction, set.set_base_value) });
    }
  }
  const checked = validateModelData(next);
  return checked.ok ? { ok: true, data: checked.data, notes: moved ? [moved] : [] } : checked;
}

/** Percentages compared as fractions rounded to 1e-10 (0.07 / 100 leaves float noise). */
const rate = (v: number | null | undefined) => (v == null ? null : Math.round(pct(v) * 1e10) / 1e10);

/** What each parameter a global-parameter application sets is in `before` and in `after` (only those that differ). */
export function parameterChanges(before: ModelData, after: ModelData): ParameterChange[] {
  const b = before.base_parameters;
  const a = after.base_parameters;
  const out: ParameterChange[] = [];
  const single = (parameter: ParameterType, x: number | string | null, y: number | string | null) => {
    if (x !== y) out.push({ parameter, from: null, to: null, before: x, after: y });
  };
  for (const g of TARGETS.date) single(g.type, parameterValue(b, g.field!) as string, parameterValue(a, g.field!) as string);
  for (const g of TARGETS.single) single(g.type, rate(parameterValue(b, g.field!) as number), rate(parameterValue(a, g.field!) as number));
  // Each set per period of the model as it is after: the rate the engine reads there (the value with
  // that label, else the base value), in runs of periods with the same change.
  const periods = generatePeriods(a.phasing_calculation_start_date, a.phasing_calculation_end_date, a.phasing_period);
  for (const { type, set: target } of TARGETS.set) {
    const find = (bp: BaseParameters) => bp.parameter_sets.find((s) => s.set_group === target!.group && s.set_name === target!.name);
    const sb = find(b);
    const sa = find(a);
    single(type, rate(sb?.set_base_value), rate(sa?.set_base_value));
    const at = (s: ParameterSet | undefined, label: string) => rate(s?.set_values.find((v) => v.period_label === label)?.period_value ?? s?.set_base_value);
    let run: ParameterChange | null = null;
    for (const p of periods) {
      const x = at(sb, p.label);
      const y = at(sa, p.label);
      if (x === y) {
        run = null;
      } else if (run && run.before === x && run.after === y) {
        run.to = p.label;
      } else {
        run = { parameter: type, from: p.label, to: p.label, before: x, after: y };
        out.push(run);
      }
    }
  }
  return out;
}

/** What applying the rows would do to one model (its stored data), for the preview and the apply alike. */
export type ParameterPlan =
  | { kind: 'refused'; reasons: string[] }
  | { kind: 'unchanged'; before: ModelData }
  | { kind: 'changes'; before: ModelData; data: ModelData; changes: ParameterChange[]; notes: string[] };

/**
 * A model whose parameters already have the values is `unchanged` (nothing to write or audit); a refused
 * one gives each problem once, in the order found (eleven phases outside the new dates are one reason).
 */
export function planGlobalParameters(stored: unknown, rows: readonly ParameterRow[]): ParameterPlan {
  const refused = (problems: Problem[]): ParameterPlan => ({ kind: 'refused', reasons: [...new Set(problems.map((p) => p.message))] });
  const before = validateModelData(stored);
  if (!before.ok) return refused(before.problems);
  const next = applyGlobalParameters(before.data, rows);
  if (!next.ok) return refused(next.problems);
  const changes = parameterChanges(before.data, next.data);
  return changes.length ? { kind: 'changes', before: before.data, data: next.data, changes, notes: next.notes } : { kind: 'unchanged', before: before.data };
}
