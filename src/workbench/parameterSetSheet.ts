// The grids of the base parameters' sets (Indexering, Rente, Prijsindex): one row per set, one column per
// period label, and the rules for a new or renamed set.
import type { ModelData, ParameterSet, ParameterSetGroup } from '../model/modelData.ts';
import { setLabel } from '../model/codeLabels.ts';
import { CREDIT_SET, DEBIT_SET, PRICE_LEVEL_GROUP } from '../formulas/validate.ts';
import type { WorkbookLayout } from '../formulas/workbookLayout.ts';
import { percentInput } from './percentInput.ts';
import { type Col, INVALID_NUMBER, type SheetDef } from './sheets.ts';
import type { WorkbenchStore } from './WorkbenchStore.ts';

/** The labels a set of the group has values for: the calendar years of Prijsindex, else the period labels. */
function setLabels(L: WorkbookLayout, group: ParameterSetGroup): string[] {
  return group === PRICE_LEVEL_GROUP
    ? Array.from({ length: L.priceYears.last - L.priceYears.first + 1 }, (_, i) => String(L.priceYears.first + i))
    : L.periods.map((p) => p.label);
}

/** A grid of parameter sets of one group: name, base value, one column per period label. */
export function parameterSetSheet(store: WorkbenchStore, group: ParameterSetGroup): SheetDef {
  const m = store.model!;
  const sets = m.base_parameters.parameter_sets.filter((s) => s.set_group === group);
  const labels = setLabels(store.engine!.layout, group);
  const cols: Col[] = [
    { key: 'name', title: 'Naam', kind: 'text', width: 200, readOnly: true },
    { key: 'base', title: 'Basiswaarde', kind: 'pct', width: 100 },
    ...labels.map((l): Col => ({ key: `p:${l}`, title: l, kind: 'pct', width: 80 })),
  ];
  const valueAt = (s: ParameterSet, label: string) => s.set_values.find((v) => v.period_label === label)?.period_value ?? null;
  const data = sets.map((s) => cols.map((c) => (c.key === 'name' ? setLabel(s.set_name) : c.key === 'base' ? s.set_base_value : valueAt(s, c.key.slice(2)))));
  return {
    id: `sets-${group}`,
    columns: cols,
    fixedCols: 1,
    data,
    toEdits(row, c, value) {
      const s = sets[row];
      const col = cols[c];
      if (!s || !col || col.readOnly) return [];
      const existing = data[row]![c];
      const n = percentInput(value, typeof existing === 'number' ? existing : null);
      if (n === undefined) return { error: INVALID_NUMBER };
      if (col.key === 'base') {
        if (n === null) return { error: INVALID_NUMBER };
        return [{ kind: 'setValue', group, name: s.set_name, label: null, value: n }];
      }
      return [{ kind: 'setValue', group, name: s.set_name, label: col.key.slice(2), value: n }];
    },
  };
}

/**
 * Said beside the interest sets when a set does not count: conform BBV the interest is the balance on
 * 1 January times the debit rate, whatever its sign (calculation.md), so the credit set has no effect (issue 35).
 */
export function interestSetNote(m: ModelData): string | null {
  if (m.base_parameters.interest_calculation_method !== 'BBV') return null;
  return `Conform BBV wordt de rente berekend over het saldo op 1 januari met '${setLabel(DEBIT_SET)}', ook bij een positief saldo; '${setLabel(CREDIT_SET)}' telt dan niet mee.`;
}

/** A new parameter set: spec 3 §9 default 2,0 for the base value and every period. */
export function newParameterSet(store: WorkbenchStore, group: ParameterSetGroup, name: string): ParameterSet {
  const m = store.model!;
  const labels = setLabels(store.engine!.layout, group);
  const phasing_period = group === PRICE_LEVEL_GROUP ? 'Annual' : m.base_parameters.phasing_period;
  return { set_name: name.trim(), set_group: group, set_base_value: 2.0, set_values: labels.map((l) => ({ phasing_period, period_label: l, period_value: 2.0 })) };
}

/** Spec 3 §5 name rules for a new or renamed parameter set. */
export function setNameProblem(m: ModelData, group: ParameterSetGroup, name: string, except?: string): string | null {
  const t = name.trim();
  if (!t) return 'Voer een geldige naam in.';
  const dup = m.base_parameters.parameter_sets.some((s) => s.set_group === group && s.set_name !== except && s.set_name.trim().toLowerCase() === t.toLowerCase());
  return dup ? 'Deze naam bestaat al. Kies een unieke naam' : null;
}
