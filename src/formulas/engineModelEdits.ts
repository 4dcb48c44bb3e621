// The edits of the calculation engine and how each changes the model copy, split from engine.ts
// (the HyperFormula session) so the session and the per-edit rules can be read apart.
import type { ModelData, ParameterSetGroup, PeriodCode, PeriodItem, SpaceUsageLocation, ValueType } from '../model/modelData.ts';
import { WIRE_DATE } from '../api/contract/common.ts';
import { INVALID_INPUT } from '../api/contract/messages.ts';
import { cloneData } from '../lib/cloneData.ts';
import { parseYmd } from './dates.ts';
import { periodIndex } from './periods.ts';
import type { ResultsReader } from './resultsReader.ts';
import { SECTIONS, editableField, entriesOf, entryPath, sectionOf } from '../model/sections.ts';
import type { AnyEntry, EntryKind, FieldValue, OlderFieldEdit } from '../model/section.ts';
import type { Problem } from '../model/problem.ts';
import { MSG, PRICE_LEVEL_GROUP, entryPhasingProblems } from './validate.ts';
import { entryOutsidePhase } from '../model/phaseWindow.ts';
import {
  PARAMETER_ROWS,
  SHEET,
  text,
  type Block,
  type EntrySheetLayout,
  type FactorSource,
  type RawCell,
  type WorkbookSpec,
} from './workbookLayout.ts';
import { bookedFormula, nominalFormula, parameterCell, phasedFormula } from './workbookRefs.ts';
import { BASE_PARAMETERS, type EditableParameterKey, parameterValue, setParameterValue } from '../model/baseParameters.ts';
import { fieldCell } from './entrySheets.ts';

const isWireDate = (v: unknown): v is string => typeof v === 'string' && WIRE_DATE.test(v);
const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const problem = (path: string, message: string): Problem => ({ path, message });
/** The descriptor of an editable base parameter (project data is not edited here). */
const parameterOf = (field: string) => BASE_PARAMETERS.find((p) => p.key === field && p.kind !== 'info');
/**
 * An own index value that changes the shape of the entry's index chain: the first one (the chain
 * appears), a base value added or removed, or a value before the chain's first period.
 */
const indexingReshapes = (src: FactorSource, k: number, value: number | null): boolean =>
  !src.own || (k === 0 && (value === null) === src.hasBase) || (value !== null && k >= 1 && k + 1 < src.from);

/** One edit of an input. Dates are `yyyy-mm-dd`; `null` clears a period value. */
export type Edit =
  | {
      kind: 'entryItem';
      entry: EntryKind;
      id: number;
      list: 'phasing' | 'bookvalue' | 'indexing';
      period: PeriodCode;
      value: number | null;
      /** Defaults to the existing item's type, else Financeel (phasing/bookvalue) or Procentueel (indexing). */
      valueType?: ValueType;
    }
  /** A field of an entry (its section's `fields`, section.ts), by key. */
  | { kind: 'entryField'; entry: EntryKind; id: number; field: string; value: FieldValue }
  /** The same, as callers of the engine spelled it for the first two sections before `entryField` (the engine reads it as one). */
  | { kind: OlderFieldEdit; id: number; field: string; value: FieldValue }
  /** A base parameter (src/model/baseParameters.ts) other than the project data. */
  | { kind: 'parameter'; field: EditableParameterKey; value: string | number | boolean | null }
  /** A parameter-set value: `label` null edits the base value (periods without a value follow it). */
  | { kind: 'setValue'; group: ParameterSetGroup; name: string; label: string | null; value: number | null }
  | { kind: 'space'; id: number; field: 'label' | 'value' | 'location'; value: string | number | null }
  /** The formula of an entry's input cell (cellFormulas.ts); null removes it. The batch then computes its value. */
  | { kind: 'formula'; entry: EntryKind; id: number; field: string; text: string | null };

/** The edit of an entry's scalar field. */
export function fieldEdit(entry: EntryKind, id: number, field: string, value: FieldValue): Edit {
  return { kind: 'entryField', entry, id, field, value };
}

/** An edit in the engine's own spelling: an older field edit (`costField`) as the `entryField` of its section. */
export function currentEdit(e: Edit): Exclude<Edit, { kind: OlderFieldEdit }> {
  const section = SECTIONS.find((s) => s.olderFieldEdit === e.kind);
  if (!section) return e as Exclude<Edit, { kind: OlderFieldEdit }>;
  const older = e as Extract<Edit, { kind: OlderFieldEdit }>;
  return { kind: 'entryField', entry: section.kind, id: older.id, field: older.field, value: older.value };
}

/**
 * The edits that change an entry's phasing method: the method decides how every phasing value of the
 * row is read, so each value is stamped with the method's value type in the same batch.
 */
export function phasingMethodEdits(entry: EntryKind, e: AnyEntry, method: 'Financeel' | 'percentage'): Edit[] {
  const valueType: ValueType = method === 'percentage' ? 'Procentueel' : 'Financeel';
  return [
    fieldEdit(entry, e.id, 'phasing_method', method),
    ...e.phasing.phasing_items.map((it): Edit => ({ kind: 'entryItem', entry, id: e.id, list: 'phasing', period: it.period, value: it.value, valueType })),
  ];
}

/** One cell to write: a value, a `'` text or an `=` formula. */
export type CellWrite = { sheet: string; row: number; col: number; raw: RawCell };

/** What applying one edit to the model copy asks for: cell writes done, a regenerated workbook, or a refusal. */
type Applied = 'ok' | 'sync' | Problem;

/**
 * The engine's model copy and the edits to it: each edit changes the copy, records its inverse and
 * pushes the cells to write (or asks for a rebuilt workbook). GrexEngine, the HyperFormula session,
 * extends it and supplies the workbook the edits read.
 */
export abstract class EngineModelEdits {
  protected abstract model: ModelData;
  protected abstract spec: WorkbookSpec;
  protected abstract reader: ResultsReader;
  protected abstract refreshWarnings(): void;
  protected abstract sheetRows(name: string): RawCell[][];

  /** The inverse of each edit of the batch so far, in the order applied (applyToModel records them). */
  protected inverse: Edit[] = [];

  /**
   * Copies of the parts of the model data a batch changes: an entry, a set, a space-usage row, a base
   * parameter. None contains another, so restoring them puts the model back whatever the order.
   */
  protected journal: { container: Record<string | number, unknown>; key: string | number; saved: unknown }[] = [];
  protected readonly journaled = new Map<object, Set<string | number>>();
  /** The entries whose phasing window or phased values the batch changed: checked whole at its end (windowProblems). */
  protected phasingTouched = new Map<EntryKind, Set<number>>();
  private touchPhasing(kind: EntryKind, id: number): void {
    const ids = this.phasingTouched.get(kind) ?? new Set<number>();
    this.phasingTouched.set(kind, ids.add(id));
  }
  /**
   * The phasing-window problems of the entries the batch changed (validate.ts entryPhasingProblems): checked
   * after the whole batch, so a pasted start and end date that move a window together are one change.
   */
  protected windowProblems(): Problem[] {
    const problems: Problem[] = [];
    for (const [kind, ids] of this.phasingTouched) {
      const list = entriesOf(this.model, kind);
      for (const id of ids) {
        const idx = this.indexOf(list, id);
        if (idx >= 0) problems.push(...entryPhasingProblems(list[idx]!, entryPath(kind, idx), this.spec.layout.periods));
      }
    }
    return problems;
  }
  /** Keep a copy of container[key] before the batch's first change to it. */
  private touch(container: object, key: string | number): void {
    let keys = this.journaled.get(container);
    if (!keys) this.journaled.set(container, (keys = new Set()));
    if (keys.has(key)) return;
    keys.add(key);
    const c = container as Record<string | number, unknown>;
    this.journal.push({ container: c, key, saved: cloneData(c[key]) });
  }
  /** Undo a refused batch (labels of earlier edits were written to the results too). */

  protected entryCol(lay: EntrySheetLayout, block: Block, k: number): number {
    return lay.blockStart[block] + k - 1;
  }

  /** Position of an entry in its list (a paste edits thousands of cells of a few hundred entries). */
  protected indexOf(list: readonly { id: number }[], id: number): number {
    let byId = this.entryIndex.get(list);
    let i = byId?.get(id);
    if (i === undefined || list[i]?.id !== id) {
      byId = new Map(list.map((x, j) => [x.id, j]));
      this.entryIndex.set(list, byId);
      i = byId.get(id);
    }
    return i ?? -1;
  }
  private readonly entryIndex = new WeakMap<readonly { id: number }[], Map<number, number>>();

  /**
   * Update the model copy; push cell writes, or return 'sync' when the layout must be regenerated.
   * Each method first records the edit that puts back what it overwrites (`this.inverse`).
   */
  protected applyToModel(edit: Edit, writes: CellWrite[]): Applied {
    const e = currentEdit(edit);
    switch (e.kind) {
      case 'entryItem': return this.applyEntryItem(e, writes);
      case 'entryField': return this.applyEntryField(e, writes);
      case 'parameter': return this.applyParameter(e, writes);
      case 'setValue': return this.applySetValue(e, writes);
      case 'space': return this.applySpace(e, writes);
      case 'formula': return this.applyFormula(e);
    }
  }

  private applyEntryItem(e: Extract<Edit, { kind: 'entryItem' }>, writes: CellWrite[]): Applied {
    const L = this.spec.layout;
    const list = entriesOf(this.model, e.entry);
    const idx = this.indexOf(list, e.id);
    const lay = L.sections[e.entry];
    if (idx < 0) return problem(entryPath(e.entry, idx), `Post ${e.id} bestaat niet.`);
    if (e.value !== null && !isNum(e.value)) return problem(entryPath(e.entry, idx), 'Voer een getal in.');
    const entry = list[idx]!;
    this.touch(list, idx);
    if (e.list === 'phasing' && e.value !== null) this.touchPhasing(e.entry, e.id);
    const items: PeriodItem[] =
      e.list === 'phasing' ? entry.phasing.phasing_items : e.list === 'bookvalue' ? entry.bookvalue.bookvalue_items : entry.indexing.indexing_items;
    const k = periodIndex(e.period);
    if (k > L.n || (k === 0 && e.list !== 'indexing')) return problem(`${entryPath(e.entry, idx)}.${e.list}`, `Periode ${e.period} bestaat niet in dit model.`);
    const at = items.findIndex((it) => it.period === e.period);
    const old = items[at];
    this.inverse.push(old ? { ...e, value: old.value, valueType: old.value_type } : { ...e, value: null, valueType: undefined });
    const valueType: ValueType = e.valueType ?? old?.value_type ?? (e.list === 'indexing' ? 'Procentueel' : 'Financeel');
    if (e.value === null) {
      if (at >= 0) items.splice(at, 1);
    } else if (at >= 0) items[at] = { period: e.period, value_type: valueType, value: e.value };
    else items.push({ period: e.period, value_type: valueType, value: e.value });
    const row = lay.rowOf.get(e.id)!;
    const src = lay.factor.get(e.id)!;
    const sheetRows = this.sheetRows(lay.sheet);
    if (e.list === 'indexing') {
      if (indexingReshapes(src, k, e.value)) return 'sync';
      const col = k === 0 ? lay.col.indexBase! : this.entryCol(lay, 'indexOverride', k);
      writes.push({ sheet: lay.sheet, row, col, raw: e.value });
      return 'ok';
    }
    const [fb, pb, out]: [Block, Block, Block] = e.list === 'phasing' ? ['phasingF', 'phasingP', 'phased'] : ['bookedF', 'bookedP', 'booked'];
    const isPercentage = valueType === 'Procentueel';
    writes.push({ sheet: lay.sheet, row, col: this.entryCol(lay, fb, k), raw: e.value !== null && !isPercentage ? e.value : null });
    writes.push({ sheet: lay.sheet, row, col: this.entryCol(lay, pb, k), raw: e.value !== null && isPercentage ? e.value : null });
    const oc = this.entryCol(lay, out, k);
    if (e.value === null) return 'ok'; // the formulas stay; over empty inputs they are 0
    if (e.list === 'bookvalue') {
      // A Financeel value is the booked amount; a Procentueel one needs its booked cell.
      if (isPercentage && sheetRows[row]![oc] == null) writes.push({ sheet: lay.sheet, row, col: oc, raw: bookedFormula(lay, row, k) });
      return 'ok';
    }
    if (src.own && k > src.last) return 'sync'; // own chain too short
    if (k <= lay.ncwPeriod) {
      // up to the NCW period the nominal amount is the phased amount: no nominal cell
      if (isPercentage && sheetRows[row]![oc] == null) writes.push({ sheet: lay.sheet, row, col: oc, raw: phasedFormula(lay, row, k) });
      return 'ok';
    }
    // Same cells as a fresh build: a phased cell where a Procentueel value is (once there, it stays;
    // over an empty input it is 0), and for an entry with an own chain a nominal cell where a value is.
    // The other entries' nominal amounts are their index-set row's, which writeCells rewrites.
    const hasPhased = sheetRows[row]![oc] != null;
    if (isPercentage && !hasPhased) writes.push({ sheet: lay.sheet, row, col: oc, raw: phasedFormula(lay, row, k) });
    if (src.own) writes.push({ sheet: lay.sheet, row, col: this.entryCol(lay, 'nominal', k), raw: nominalFormula(lay, row, k, src, L.setCols, hasPhased || isPercentage) });
    return 'ok';
  }

  /** A field of an entry (its section's descriptor says where it lives and what it takes). */
  private applyEntryField(e: Extract<Edit, { kind: 'entryField' }>, writes: CellWrite[]): Applied {
    const L = this.spec.layout;
    const kind = e.entry;
    const section = sectionOf(kind);
    const list = entriesOf(this.model, kind);
    const idx = this.indexOf(list, e.id);
    const path = `${entryPath(kind, idx)}.${e.field}`;
    if (idx < 0) return problem(section.list, `Post ${e.id} bestaat niet.`);
    const def = editableField(section, e.field);
    if (!def) return problem(path, 'Onbekend veld.');
    const v = e.value;
    const fits = def.type === 'number' ? isNum(v) : def.type === 'date' ? isWireDate(v) : def.type === 'boolean' ? typeof v === 'boolean' : typeof v === 'string';
    if (v === null ? !def.nullable : !fits) {
      return problem(path, def.type === 'number' ? 'Voer een getal in.' : def.type === 'date' ? 'Ongeldige datum' : INVALID_INPUT);
    }
    const entry = list[idx]!;
    this.touch(list, idx);
    this.inverse.push({ ...e, value: def.get(entry) } as Edit);
    def.set!(entry, v);
    // A phasing date is a plain cell, so the model is not validated as a whole: its phase bound is checked here.
    const outside = (e.field === 'start_date' || e.field === 'end_date') && entryOutsidePhase(this.model, section, idx);
    if (outside) return outside;
    if (e.field === 'start_date' || e.field === 'end_date') this.touchPhasing(kind, e.id);
    const shown = this.reader.results.entries[kind]![idx]!;
    if (e.field === 'label') shown.label = v as string;
    shown.warning = section.warningOf(entry, this.model.base_parameters);
    if (def.reshapes === 'always' || (def.reshapes === 'priceDate' && parseYmd(v as string).y < L.priceYears.first)) return 'sync';
    const lay = L.sections[kind]!;
    writes.push({ sheet: lay.sheet, row: lay.rowOf.get(e.id)!, col: lay.col[e.field]!, raw: fieldCell(def.type, v) });
    return 'ok';
  }

  private applyParameter(e: Extract<Edit, { kind: 'parameter' }>, writes: CellWrite[]): Applied {
    const p = parameterOf(e.field);
    if (!p) return problem(`base_parameters.${e.field}`, INVALID_INPUT);
    const bp = this.model.base_parameters;
    this.touch(bp, e.field);
    this.inverse.push({ ...e, value: (parameterValue(bp, p) ?? null) as string | number | boolean | null });
    if (p.reshapes) {
      // the whole model is validated when the workbook is rebuilt
      setParameterValue(bp, p, e.value);
      return 'sync';
    }
    // one cell: a percentage or an amount; an optional one may be cleared
    const cleared = e.value === null && p.optional;
    if (!isNum(e.value) && !cleared) return problem(`base_parameters.${e.field}`, 'Voer een getal in.');
    setParameterValue(bp, p, cleared ? undefined : e.value);
    if (e.field === 'vat_rate_percentage') this.refreshWarnings(); // a residual value excl. VAT changes with it
    writes.push({ sheet: SHEET.params, row: PARAMETER_ROWS[e.field], col: 1, raw: parameterCell(p, e.value) });
    return 'ok';
  }

  private applySetValue(e: Extract<Edit, { kind: 'setValue' }>, writes: CellWrite[]): Applied {
    const L = this.spec.layout;
    const idx = this.model.base_parameters.parameter_sets.findIndex((s) => s.set_group === e.group && s.set_name === e.name);
    const path = `base_parameters.parameter_sets[${idx}]`;
    if (idx < 0) return problem('base_parameters.parameter_sets', `De set '${e.name}' bestaat niet.`);
    if (e.value !== null && !isNum(e.value)) return problem(path, 'Voer een getal in.');
    const set = this.model.base_parameters.parameter_sets[idx]!;
    this.touch(this.model.base_parameters.parameter_sets, idx);
    const price = e.group === PRICE_LEVEL_GROUP;
    const row = price ? L.priceSetRow.get(e.name)! : L.setRow.get(`${e.group}|${e.name}`)!;
    const sheet = price ? SHEET.priceIndex : SHEET.sets;
    if (e.label === null) {
      if (e.value === null) return problem(`${path}.set_base_value`, 'Voer een getal in.');
      this.inverse.push({ ...e, value: set.set_base_value });
      set.set_base_value = e.value;
      writes.push({ sheet, row, col: price ? L.priceCols.base : L.setCols.base, raw: e.value });
      return 'ok';
    }
    const at = set.set_values.findIndex((v) => v.period_label === e.label);
    this.inverse.push({ ...e, value: at >= 0 ? set.set_values[at]!.period_value : null });
    if (e.value === null) {
      if (at >= 0) set.set_values.splice(at, 1);
    } else if (at >= 0) set.set_values[at]!.period_value = e.value;
    else set.set_values.push({ phasing_period: this.model.base_parameters.phasing_period, period_label: e.label, period_value: e.value });
    if (price) {
      const y = /^\d{4}$/.test(e.label) ? Number(e.label) : NaN;
      if (y >= L.priceYears.first && y <= L.priceYears.last) writes.push({ sheet, row, col: L.priceCols.firstValue + y - L.priceYears.first, raw: e.value });
    } else {
      const p = L.periods.find((x) => x.label === e.label);
      if (p) writes.push({ sheet, row, col: L.setCols.firstValue + p.index - 1, raw: e.value });
    }
    return 'ok';
  }

  private applySpace(e: Extract<Edit, { kind: 'space' }>, writes: CellWrite[]): Applied {
    const L = this.spec.layout;
    const idx = this.model.base_parameters.space_usage.findIndex((s) => s.id === e.id);
    const path = `base_parameters.space_usage[${idx}].${e.field}`;
    if (idx < 0) return problem('base_parameters.space_usage', `Rij ${e.id} bestaat niet.`);
    const rowSpec = this.model.base_parameters.space_usage[idx]!;
    this.touch(this.model.base_parameters.space_usage, idx);
    this.inverse.push({ ...e, value: rowSpec[e.field] ?? null });
    const row = L.spaceRow.get(e.id)!;
    if (e.field === 'value') {
      if (e.value !== null && !isNum(e.value)) return problem(path, MSG.spaceUsage);
      rowSpec.value = e.value as number | null;
      writes.push({ sheet: SHEET.space, row, col: 2, raw: e.value });
    } else {
      if (e.value !== null && typeof e.value !== 'string') return problem(path, INVALID_INPUT);
      if (e.field === 'label') rowSpec.label = e.value;
      else rowSpec.location = e.value as SpaceUsageLocation | null;
      writes.push({ sheet: SHEET.space, row, col: e.field === 'label' ? 1 : 3, raw: text(e.value) });
    }
    return 'ok';
  }

  /** A formula is model data only: its value arrives through the batch's settle step. */
  private applyFormula(e: Extract<Edit, { kind: 'formula' }>): Applied {
    const list = entriesOf(this.model, e.entry);
    const idx = this.indexOf(list, e.id);
    if (idx < 0) return problem(entryPath(e.entry, idx), `Post ${e.id} bestaat niet.`);
    const entry = list[idx]!;
    this.touch(list, idx);
    this.inverse.push({ ...e, text: entry.formulas?.[e.field] ?? null });
    if (e.text !== null) (entry.formulas ??= {})[e.field] = e.text;
    else if (entry.formulas) {
      delete entry.formulas[e.field];
      if (Object.keys(entry.formulas).length === 0) delete entry.formulas;
    }
    return 'ok';
  }

  /**
   * The workbook cell that holds an entry's input value: a scalar field's column, or the period
   * block the value's type writes (Fasering € or %, Boekwaarde € or %, Eigen index). Null when the
   * entry or the period is not in the workbook.
   */
}
