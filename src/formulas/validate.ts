import type { ModelData, PeriodItem, SpaceUsageRow } from '../model/modelData.ts';
import { modelDataSchema } from '../model/modelSchema.ts';
import { compareYmd, parseYmd } from './dates.ts';
import { MAX_PERIODS, type Period, countPeriods, generatePeriods, periodIndex } from './periods.ts';
import { FUTURE_INDEX_GROUP, PRICE_LEVEL_GROUP } from '../model/modelConstants.ts';
import { entriesOutsidePhase } from '../model/phaseWindow.ts';
import { SECTIONS, entriesOf, sectionOf } from '../model/sections.ts';
import type { AnyEntry, EntryKind } from '../model/section.ts';
import { formatCount } from '../lib/count.ts';
import type { Problem } from '../model/problem.ts';


export type ValidationResult = { ok: true; data: ModelData } | { ok: false; problems: Problem[] };

export const MSG = {
  emptyName: 'Voer een geldige naam in.',
  duplicateSetName: 'Deze naam bestaat al. Kies een unieke naam',
  spaceUsage: 'Ongeldige invoer. Controleer alstublieft de gegevens en probeer het opnieuw.',
  dates: 'Er is iets mis gegaan met de datums',
} as const;

export {
  PRICE_LEVEL_GROUP, FUTURE_INDEX_GROUP, INTEREST_GROUP, DEFAULT_COST_INDEX, DEFAULT_REVENUE_INDEX, DEFAULT_PRICE_INDEX, DEBIT_SET, CREDIT_SET,
} from '../model/modelConstants.ts';

/** Spec 3 §5: a space-usage row needs a label, a value of at least 0 and a location (else MSG.spaceUsage). */
export function isCompleteSpaceRow(r: SpaceUsageRow): boolean {
  return r.label != null && r.label.trim() !== '' && typeof r.value === 'number' && Number.isFinite(r.value) && r.value >= 0 && r.location != null;
}

function pathOf(parts: readonly PropertyKey[]): string {
  let s = '';
  for (const p of parts) {
    if (typeof p === 'number') s += `[${p}]`;
    else s += s ? `.${String(p)}` : String(p);
  }
  return s;
}

const nlDate = (s: string) => {
  const { y, m, d } = parseYmd(s);
  return `${String(d).padStart(2, '0')}-${String(m).padStart(2, '0')}-${y}`;
};

/**
 * An entry's own phasing window (spec 3 §5): its start not after its end, and every phased value in a
 * period that overlaps it — a value outside would be counted though the window excludes it. Each
 * message names the post, because the engine refuses an edit with it on any path (typing, paste,
 * Ctrl+D, fill, undo), not only the validation of a whole model. `p` is the entry's path.
 */
export function entryPhasingProblems(e: AnyEntry, p: string, periods: readonly Period[]): Problem[] {
  const { start_date: start, end_date: end, phasing_items: items } = e.phasing;
  const a = parseYmd(start);
  const b = parseYmd(end);
  if (compareYmd(a, b) > 0) {
    return [{ path: `${p}.phasing.end_date`, message: `De startdatum van de fasering van de post '${e.label}' (${nlDate(start)}) ligt na de einddatum (${nlDate(end)}); pas de datums aan.` }];
  }
  return items.flatMap((it, j) => {
    const per = periods[periodIndex(it.period) - 1];
    // The period [start, end) must overlap the entry's phasing dates [a, b]; an unknown period is checkItems' problem.
    if (!per || it.value === 0 || (compareYmd(per.end, a) > 0 && compareYmd(per.start, b) <= 0)) return [];
    return [{
      path: `${p}.phasing.phasing_items[${j}].period`,
      message: `Periode ${per.label} valt buiten de faseringsdatums van de post '${e.label}' (${nlDate(start)} t/m ${nlDate(end)}); pas de datums van de post aan of maak de waarde leeg.`,
    }];
  });
}

/** The cross-field rules of spec 3 §5 and calculation.md on shape-valid model data. */
function crossCheck(data: ModelData): Problem[] {
  const problems: Problem[] = [];
  const add = (path: string, message: string) => problems.push({ path, message });
  const bp = data.base_parameters;
  const B = 'base_parameters';
  const S = parseYmd(bp.phasing_calculation_start_date);
  const P = parseYmd(bp.phasing_price_reference_date);
  const N = parseYmd(bp.phasing_net_present_value_date);
  const E = parseYmd(bp.phasing_calculation_end_date);

  // 1. Dates of the model.
  let datesOk = true;
  if (compareYmd(S, E) >= 0) {
    datesOk = false;
    add(`${B}.phasing_calculation_end_date`, 'De einddatum van de berekening moet na de startdatum liggen.');
  }
  if (compareYmd(P, S) < 0 || compareYmd(P, E) > 0) {
    add(`${B}.phasing_price_reference_date`, 'De prijspeildatum moet tussen de start- en einddatum van de berekening liggen.');
  }
  if (compareYmd(N, S) < 0 || compareYmd(N, E) > 0) {
    datesOk = false;
    add(`${B}.phasing_net_present_value_date`, 'De NCW-datum moet tussen de start- en einddatum van de berekening liggen.');
  }
  const n = datesOk ? countPeriods(bp.phasing_calculation_start_date, bp.phasing_calculation_end_date, bp.phasing_period) : 0;
  if (n > MAX_PERIODS) {
    datesOk = false;
    add(
      `${B}.phasing_period`,
      `De looptijd beslaat ${n} perioden; het maximum is ${MAX_PERIODS}. Kies een grovere faseringsperiode of een kortere looptijd.`,
    );
  }
  const periods = datesOk ? generatePeriods(bp.phasing_calculation_start_date, bp.phasing_calculation_end_date, bp.phasing_period) : [];

  // Phases (Fasering tab).
  bp.phasing_costs_revenues.forEach((ph, i) => {
    const p = `${B}.phasing_costs_revenues[${i}]`;
    if (!ph.phase_name.trim()) add(`${p}.phase_name`, MSG.emptyName);
    const a = parseYmd(ph.phase_start_date);
    const b = parseYmd(ph.phase_end_date);
    if (compareYmd(a, b) > 0) add(`${p}.phase_end_date`, 'De startdatum van de fase ligt na de einddatum; pas de datums aan.');
    // The phase is named with both dates, so the user knows which of the two to move (issue 23).
    const name = ph.phase_name.trim();
    if (compareYmd(a, S) < 0) {
      add(`${p}.phase_start_date`, `Fase '${name}' begint op ${nlDate(ph.phase_start_date)}, vóór de startdatum van de berekening (${nlDate(bp.phasing_calculation_start_date)}). Pas de startdatum van de berekening of van de fase aan.`);
    }
    if (compareYmd(b, E) > 0) {
      add(`${p}.phase_end_date`, `Fase '${name}' eindigt op ${nlDate(ph.phase_end_date)}, na de einddatum van de berekening (${nlDate(bp.phasing_calculation_end_date)}). Pas de einddatum van de berekening of van de fase aan.`);
    }
  });

  // 2. Parameter sets.
  const setsByGroup = new Map<string, Set<string>>();
  bp.parameter_sets.forEach((s, i) => {
    const p = `${B}.parameter_sets[${i}]`;
    const name = s.set_name.trim();
    if (!name) {
      add(`${p}.set_name`, MSG.emptyName);
      return;
    }
    const names = setsByGroup.get(s.set_group) ?? new Set<string>();
    setsByGroup.set(s.set_group, names);
    const key = name.toLowerCase();
    if (names.has(key)) add(`${p}.set_name`, MSG.duplicateSetName);
    names.add(key);
    const seen = new Set<string>();
    s.set_values.forEach((v, j) => {
      if (seen.has(v.period_label)) add(`${p}.set_values[${j}].period_label`, `Periode '${v.period_label}' komt meer dan eens voor in deze set.`);
      seen.add(v.period_label);
    });
  });
  const exactSet = (group: string, name: string) => bp.parameter_sets.some((s) => s.set_group === group && s.set_name === name);

  // Space usage.
  bp.space_usage.forEach((r, i) => {
    const p = `${B}.space_usage[${i}]`;
    if (!isCompleteSpaceRow(r)) add(p, MSG.spaceUsage);
  });
  const spaceIds = new Set<number>();
  bp.space_usage.forEach((r, i) => {
    if (spaceIds.has(r.id)) add(`${B}.space_usage[${i}].id`, `Id ${r.id} komt meer dan eens voor.`);
    spaceIds.add(r.id);
  });

  // 3. Entries.
  const checkItems = (items: PeriodItem[], p: string, allowBase: boolean) => {
    const seen = new Set<string>();
    items.forEach((it, j) => {
      const ip = `${p}[${j}]`;
      if (seen.has(it.period)) add(`${ip}.period`, `Periode ${it.period} komt meer dan eens voor.`);
      seen.add(it.period);
      const k = periodIndex(it.period);
      if (k === 0) {
        if (!allowBase) add(`${ip}.period`, 'Periode UITGANGSPUNT kan niet gefaseerd of geboekt worden; kies een periode PER_01 of later.');
        return;
      }
      if (!datesOk) return;
      if (k > periods.length) {
        add(`${ip}.period`, `Periode ${it.period} valt buiten de ${formatCount(periods.length, 'periode', 'perioden')} van het model.`);
        return;
      }
    });
  };
  const checkCommon = (e: AnyEntry, p: string, defaultIndex: string) => {
    if (!e.label.trim()) add(`${p}.label`, MSG.emptyName);
    const std = e.indexing.standard_index ?? defaultIndex;
    if (!exactSet(FUTURE_INDEX_GROUP, std)) add(`${p}.indexing.standard_index`, `De indexset '${std}' bestaat niet (groep Indexing_FutureIndex).`);
    checkItems(e.phasing.phasing_items, `${p}.phasing.phasing_items`, false);
    problems.push(...entryPhasingProblems(e, p, datesOk ? periods : []));
    checkItems(e.bookvalue.bookvalue_items, `${p}.bookvalue.bookvalue_items`, false);
    checkItems(e.indexing.indexing_items, `${p}.indexing.indexing_items`, true);
  };

  for (const section of SECTIONS) {
    const labels = new Set<string>();
    const ids = new Set<number>();
    entriesOf(data, section.kind).forEach((e, i) => {
      const p = `${section.list}[${i}]`;
      if (ids.has(e.id)) add(`${p}.id`, `Id ${e.id} komt meer dan eens voor.`);
      ids.add(e.id);
      const key = e.label.trim().toLowerCase();
      if (section.uniqueLabels && key && labels.has(key)) add(`${p}.label`, `De omschrijving '${e.label}' bestaat al (hoofdletters tellen niet mee).`);
      labels.add(key);
      checkCommon(e, p, section.defaultIndex);
      if (compareYmd(parseYmd(section.priceDateOf(e)), N) > 0) add(`${p}.${section.priceDatePath}`, section.messages.priceDateAfterNcw);
      const it = section.priceIndexOf(e);
      if (!exactSet(PRICE_LEVEL_GROUP, it)) add(`${p}.${section.priceIndexPath}`, `De prijsindex '${it}' bestaat niet (groep Indexing_PriceLevelCorrectionToNCWDate).`);
      for (const problem of section.entryProblems(e)) add(`${p}.${problem.path}`, problem.message);
      const category = e.phasing.phasing_section_type;
      if (!section.categories.some((c) => c.value === category) && !section.legacyCategories.includes(category)) {
        add(`${p}.phasing.phasing_section_type`, `De categorie '${category}' bestaat niet bij ${section.title}; kies uit ${section.categories.map((c) => c.label).join(', ')}.`);
      }
    });
  }
  return problems;
}

/**
 * The entries of a section whose method lacks its values, or has 0 for one (issue 23): the engine counts them with 0, as the
 * workbook does an empty cell, so they block no other change and no save; the workbench names them, one
 * Dutch line each, until they are filled in (Woningbouw and Niet-Woningbouw: the sections with methods).
 */
export function incompleteEntries(data: ModelData, kind: EntryKind): string[] {
  const section = sectionOf(kind);
  return entriesOf(data, kind).flatMap((e) => {
    const missing = section.missingOf(e);
    return missing ? [`Post '${e.label}': ${missing}`] : [];
  });
}

/** Shape (zod) and cross-field validation. Never throws; every problem has a path and a Dutch message. */
export function validateModelData(input: unknown): ValidationResult {
  const parsed = modelDataSchema().safeParse(input);
  if (!parsed.success) {
    return { ok: false, problems: parsed.error.issues.map((i) => ({ path: pathOf(i.path), message: i.message })) };
  }
  let problems: Problem[];
  try {
    problems = crossCheck(parsed.data);
  } catch (err) {
    problems = [{ path: '', message: `Het model kon niet worden gecontroleerd: ${(err as Error).message}` }];
  }
  return problems.length ? { ok: false, problems } : { ok: true, data: parsed.data };
}

/**
 * validateModelData plus the rules a save adds (issue 28: phasing within the section's phase). A model
 * saved before such a rule still opens (the engine builds it, the workbench shows the problem on the row); a
 * save, the server's and the CLI's, refuses it.
 */
export function validateModelDataForSave(input: unknown): ValidationResult {
  const v = validateModelData(input);
  if (!v.ok) return v;
  const problems = entriesOutsidePhase(v.data, SECTIONS);
  return problems.length ? { ok: false, problems } : v;
}

/** The model-data schema with the cross-field and save rules as zod issues (for the server's request validation). */
export const ValidatedModelData = modelDataSchema().superRefine((data, ctx) => {
  for (const p of [...crossCheck(data), ...entriesOutsidePhase(data, SECTIONS)]) {
    ctx.addIssue({ code: 'custom', message: p.message, path: p.path ? p.path.split(/\.|\[|\]\.?/).filter(Boolean).map((s) => (/^\d+$/.test(s) ? Number(s) : s)) : [] });
  }
});
