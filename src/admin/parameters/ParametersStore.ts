import { makeAutoObservable, runInAction, toJS } from 'mobx';
import { PARAMETER_DATE_PATTERN, PERIOD_TYPES, type ParameterType, type PeriodType } from '../../api/contract/parameters.ts';
import { GLOBAL_PARAMETERS, type GlobalParameterKind, globalParameter } from '../../model/globalParameters.ts';
import { percentDown } from '../../lib/nlFormat.ts';
import { formatCount } from '../../lib/count.ts';
import { modelsSelected } from '../../api/contract/messages.ts';
import { formatDutchDate, parseDutchDate, toDutchEditText } from '../../lib/dutchNumber.ts';
import { pct } from '../../model/percent.ts';
import { globalPeriodLabels } from '../../formulas/globalParameters.ts';
import type {
  parametersApi, ModelRow, ParameterPreviewModel, ParameterSaveResult, ParameterValue, ProjectItem, VersionItem,
} from '../../api/parameters.ts';
import type { AreaStoreFactory } from '../../app/RootStore.ts';

/** The calls of the global-parameters screen (the RootStore passes the client module; tests pass fakes). */
export type ParametersStoreApi = typeof parametersApi;

export const MAX_INDEX_COLUMNS = 1000;
const PERIODS = PERIOD_TYPES.slice(1) as PeriodType[]; // Per01..Per40
export const YEARS = Array.from({ length: 40 }, (_, i) => 2000 + i);

/** series: a base value and Per01..Per40; editing the base copies it to every period (spec 2 §4). */
export const kindOf = (t: ParameterType) => globalParameter(t).kind;
const typesOf = (kind: GlobalParameterKind) => GLOBAL_PARAMETERS.filter((g) => g.kind === kind);

/**
 * The defaults of spec 2 §9 as the screen shows them: dates as every date in the app, DD-MM-JJJJ (issue 25);
 * percentages as typed in the tool (issue 15): 2 is 2 %, and 0,02 too (≤ 1 is a fraction).
 */
const defaultText = (t: ParameterType) => {
  const d = globalParameter(t).default;
  return typeof d === 'string' ? formatDutchDate(d) : toDutchEditText(Math.round(d * 100 * 1e8) / 1e8);
};
const defaults = (kind: GlobalParameterKind, value: (t: ParameterType) => unknown) => Object.fromEntries(typesOf(kind).map((g) => [g.type, value(g.type)]));
/** A new column of a user-index table: its periods (future) or years (historic), each at the default. */
const newColumn = (type: ParameterType): string[] => Array(kindOf(type) === 'future' ? PERIODS.length : YEARS.length).fill(defaultText(type));
/** The types in the screen's order. */
const TYPES = GLOBAL_PARAMETERS.map((g) => g.type);

/**
 * The fraction (0..1, spec 2 §5) of a percentage typed as in the tool (`pct`: 2 and 0,02 are 2 %), with a
 * Dutch or English decimal separator; null = empty, NaN = invalid (not a number, or above 100 %).
 */
export function parseFraction(text: string): number | null {
  const t = text.trim();
  if (t === '') return null;
  if (!/^\d*([.,]\d+)?$/.test(t)) return Number.NaN;
  const v = pct(Number(t.replace(',', '.')));
  return v >= 0 && v <= 1 ? v : Number.NaN;
}
export const isValidFraction = (text: string) => !Number.isNaN(parseFraction(text));
/**
 * A date typed as in the rest of the app ('31-12-2025', '31/12/2025', '1-1-25', also '2025-12-31'; the
 * tool's parser) as yyyy-mm-dd, or null when it is no date or its year does not begin with 1 to 3 (spec 2 §5).
 */
export function parseParameterDate(text: string): string | null {
  const iso = parseDutchDate(text);
  return iso && PARAMETER_DATE_PATTERN.test(iso) ? iso : null;
}
export const isValidDate = (text: string) => parseParameterDate(text) !== null;

/** The warning after applying when some models were refused (each says why in the review). */
export const refusedMessage = (refused: number, total: number) => (total === 1
  ? 'Het rekenmodel is niet aangepast; de reden staat bij het rekenmodel.'
  : `${refused} van de ${formatCount(total, 'rekenmodel', 'rekenmodellen')} ${refused === 1 ? 'is' : 'zijn'} niet aangepast; de reden staat bij het rekenmodel.`);

/** A pasted block of cells (Excel: tab between cells, a line per row), or null for a single value. */
export function pastedCells(text: string): string[][] | null {
  const lines = text.replace(/\r\n?/g, '\n').replace(/\n$/, '').split('\n');
  if (lines.length === 1 && !lines[0].includes('\t')) return null;
  return lines.map((line) => line.split('\t').map((cell) => cell.trim()));
}

/** What the typed value means: the fraction ×100, rounded down to 2 decimals, in Dutch notation (spec 2 §5). */
export function percentText(text: string): string {
  const v = parseFraction(text);
  return v === null || Number.isNaN(v) ? '' : `${percentDown(v)} %`;
}

/**
 * Per01…Per40 as the user reads them: the years of a model starting on the global start date (yearly
 * periods, the usual case), with the other phasings in the title; 'Periode n' while that date is invalid.
 */
export function periodRows(start: string): { label: string; title: string }[] {
  const n = PERIODS.length;
  const iso = parseParameterDate(start);
  if (!iso) return PERIODS.map((_, i) => ({ label: `Periode ${i + 1}`, title: `Periode ${i + 1}` }));
  const [years, halves, quarters] = (['Annual', 'SemiAnnual', 'Quarterly'] as const).map((p) => globalPeriodLabels(iso, p));
  return Array.from({ length: n }, (_, i) => ({
    label: years[i],
    title: `Periode ${i + 1}: ${years[i]} bij jaarlijkse fasering, ${halves[i]} bij halfjaarlijkse, ${quarters[i]} bij kwartalen`,
  }));
}

export type SortKey = 'name' | 'number' | 'modified';

/** The values of page 0 as typed. */
type Values = Pick<ParametersStore, 'series' | 'single' | 'dates' | 'future' | 'historic'>;
/** What the last apply did: the values (as typed), the parameters the administrator left alone, and per model its outcome. */
export interface Applied {
  values: Values;
  untouched: ParameterType[];
  models: { name: string; path: string; status: 'Doorgevoerd' | 'Vastgelegd' | 'Geen wijziging' | 'Niet aangepast' }[];
}
const copyValues = (v: Values): Values =>
  structuredClone({ series: toJS(v.series), single: toJS(v.single), dates: toJS(v.dates), future: toJS(v.future), historic: toJS(v.historic) });

/** Both pages of the global-parameters screen (spec 2 §2, §4). */
export class ParametersStore {
  page: 0 | 1 = 0;
  selectedType: ParameterType = TYPES[0]!;
  /** Series: index 0 = Uitgangspunt, 1..40 = Per01..Per40. */
  series = defaults('series', (t) => Array(PERIOD_TYPES.length).fill(defaultText(t))) as Record<string, string[]>;
  single = defaults('single', defaultText) as Record<string, string>;
  dates = defaults('date', defaultText) as Record<string, string>;
  /** User index tables: columns (row index 0..999) × 40 rows (periods or years). */
  future: string[][] = [newColumn(typesOf('future')[0]!.type)];
  historic: string[][] = [newColumn(typesOf('historic')[0]!.type)];

  // page 1
  projects: ProjectItem[] | null = null;
  typeFilter = '';
  subregionFilter = '';
  sort: SortKey = 'name';
  currentProject: number | null = null;
  currentVersion: number | null = null;
  versions = new Map<number, VersionItem[]>();
  models = new Map<number, ModelRow[]>();
  /** Selected model id → its project and version. */
  selected = new Map<number, { projectId: number; versionId: number }>();
  allSelected = false;

  /**
   * The parameter types the administrator changed on page 0. Every type is applied (spec 2 §4), so the
   * preview marks the others: their values are the screen's, perhaps never looked at (issue 35).
   */
  touched = new Set<ParameterType>();
  /** The last apply of this session: the screen shows its values and models instead of the defaults (issue 35). */
  applied: Applied | null = null;

  constructor(private readonly api: ParametersStoreApi, private readonly onError: (message: string) => void, applied: Applied | null = null) {
    makeAutoObservable<ParametersStore, 'api' | 'onError'>(this, { api: false, onError: false });
    if (applied) {
      Object.assign(this, copyValues(applied.values));
      this.applied = applied;
    }
  }

  /** The types applied without a change on the screen. */
  get untouched(): ParameterType[] {
    return TYPES.filter((t) => !this.touched.has(t));
  }

  // ---- page 0 ----
  /** The labels of Per01…Per40 for the start date as typed. */
  get periodRows() {
    return periodRows(this.dates.StartdatumGrondexploitatieBoekwaardeVanaf);
  }
  setSeries(type: ParameterType, index: number, text: string) {
    this.touched.add(type);
    const rows = this.series[type];
    if (index === 0) rows.fill(text); // the base value is copied to Per01..Per40
    else rows[index] = text;
  }
  setSingle(type: ParameterType, text: string) {
    this.touched.add(type);
    this.single[type] = text;
  }
  setDate(type: ParameterType, text: string) {
    this.touched.add(type);
    this.dates[type] = text;
  }
  table(type: ParameterType) {
    return kindOf(type) === 'future' ? this.future : this.historic;
  }
  setIndex(type: ParameterType, column: number, row: number, text: string) {
    this.touched.add(type);
    this.table(type)[column][row] = text;
  }
  /**
   * A block pasted from Excel into a period grid, from the cell pasted into: a line's cells fill the
   * following periods, further lines the following rows (index columns). Each cell keeps its text as
   * typed (Dutch numbers, read as percentages as in the tool); what falls outside the grid is dropped.
   * Returns the number of cells filled. `row` is the grid row: for a series always 0.
   */
  paste(type: ParameterType, row: number, period: number, cells: string[][]): number {
    this.touched.add(type);
    let filled = 0;
    cells.forEach((line, r) => {
      // A series is one row: lines below it have nowhere to go.
      const values = kindOf(type) === 'series' ? (r === 0 ? this.series[type] : undefined) : this.table(type)[row + r];
      if (!values) return;
      line.forEach((text, c) => {
        if (period + c < values.length) {
          values[period + c] = text;
          filled++;
        }
      });
    });
    return filled;
  }
  addColumn(type: ParameterType) {
    const t = this.table(type);
    this.touched.add(type);
    if (t.length < MAX_INDEX_COLUMNS) t.push(newColumn(type));
  }
  /** Columns above row index 0 can be removed; later ones shift down. */
  removeColumn(type: ParameterType, column: number) {
    if (column > 0) {
      this.touched.add(type);
      this.table(type).splice(column, 1);
    }
  }

  invalidTypes(): ParameterType[] {
    return TYPES.filter((t) => {
      switch (kindOf(t)) {
        case 'date': return !isValidDate(this.dates[t]);
        case 'series': return !this.series[t].every(isValidFraction);
        case 'single': return !isValidFraction(this.single[t]);
        default: return !this.table(t).every((col) => col.every(isValidFraction));
      }
    });
  }

  /** The save payload's rows; empty percentage fields are left out. */
  payload(): ParameterValue[] {
    const out: ParameterValue[] = [];
    const push = (parameterType: ParameterType, text: string, at: Partial<ParameterValue>) => {
      const v = parseFraction(text);
      if (v === null || Number.isNaN(v)) return;
      out.push({ parameterType, rowIndex: null, periodType: null, year: null, valueFloat: v, valueDate: null, ...at });
    };
    for (const t of TYPES) {
      switch (kindOf(t)) {
        case 'date':
          out.push({ parameterType: t, rowIndex: null, periodType: 'Uitgangspunt', year: null, valueFloat: null, valueDate: parseParameterDate(this.dates[t]) });
          break;
        case 'single':
          push(t, this.single[t], { periodType: 'Uitgangspunt' });
          break;
        case 'series':
          this.series[t].forEach((text, i) => push(t, text, { periodType: PERIOD_TYPES[i] }));
          break;
        case 'future':
          this.future.forEach((col, rowIndex) => col.forEach((text, i) => push(t, text, { rowIndex, periodType: PERIODS[i] })));
          break;
        case 'historic':
          this.historic.forEach((col, rowIndex) => col.forEach((text, i) => push(t, text, { rowIndex, year: YEARS[i] })));
          break;
      }
    }
    return out;
  }

  next(): boolean {
    if (this.invalidTypes().length) return false;
    this.page = 1;
    if (!this.projects) void this.loadProjects();
    return true;
  }
  previous() {
    this.page = 0;
  }
  selectType(t: ParameterType) {
    this.selectedType = t;
  }

  // ---- page 1 ----
  async loadProjects() {
    try {
      const projects = await this.api.projects();
      runInAction(() => (this.projects = projects));
    } catch {
      runInAction(() => (this.projects = []));
      this.onError('Fout bij het laden van de projecten.');
    }
  }

  get typeOptions() {
    const m = new Map<number, string>();
    for (const p of this.projects ?? []) m.set(p.typeProject, p.typeProjectName);
    return [...m].sort((a, b) => a[1].localeCompare(b[1], 'nl'));
  }
  get subregionOptions() {
    const m = new Map<number, string>();
    for (const p of this.projects ?? []) m.set(p.subregion, p.subregionName);
    return [...m].sort((a, b) => a[1].localeCompare(b[1], 'nl'));
  }
  get visibleProjects(): ProjectItem[] {
    const list = (this.projects ?? []).filter((p) =>
      (!this.typeFilter || String(p.typeProject) === this.typeFilter) && (!this.subregionFilter || String(p.subregion) === this.subregionFilter));
    const by: Record<SortKey, (a: ProjectItem, b: ProjectItem) => number> = {
      name: (a, b) => a.name.localeCompare(b.name, 'nl'),
      number: (a, b) => (a.number ?? '').localeCompare(b.number ?? '', 'nl', { numeric: true }),
      modified: (a, b) => b.timestampLastModified.localeCompare(a.timestampLastModified),
    };
    return list.sort(by[this.sort]);
  }
  setFilter(which: 'typeFilter' | 'subregionFilter', value: string) {
    this[which] = value;
  }
  setSort(sort: SortKey) {
    this.sort = sort;
  }

  get count() {
    return this.selected.size;
  }
  get countText() {
    return modelsSelected(this.count);
  }
  projectSelected(projectId: number) {
    for (const s of this.selected.values()) if (s.projectId === projectId) return true;
    return false;
  }
  versionSelected(versionId: number) {
    for (const s of this.selected.values()) if (s.versionId === versionId) return true;
    return false;
  }

  private async versionsOf(projectId: number): Promise<VersionItem[]> {
    const known = this.versions.get(projectId);
    if (known) return known;
    const list = await this.api.versions(projectId);
    runInAction(() => this.versions.set(projectId, list));
    return list;
  }
  private async modelsOf(versionId: number): Promise<ModelRow[]> {
    const known = this.models.get(versionId);
    if (known) return known;
    const list = await this.api.models(versionId);
    runInAction(() => this.models.set(versionId, list));
    return list;
  }
  private async guard(f: () => Promise<void>) {
    try {
      await f();
    } catch {
      this.onError('Fout bij het laden van de versies en rekenmodellen.');
    }
  }

  /** Showing a project resets the version to its first one and loads that version's models. */
  showProject(projectId: number) {
    this.currentProject = projectId;
    this.currentVersion = null;
    return this.guard(async () => {
      const versions = await this.versionsOf(projectId);
      if (this.currentProject !== projectId) return;
      const first = versions[0];
      runInAction(() => (this.currentVersion = first?.id ?? null));
      if (first) await this.modelsOf(first.id);
    });
  }
  showVersion(versionId: number) {
    this.currentVersion = versionId;
    return this.guard(async () => void (await this.modelsOf(versionId)));
  }

  toggleModel(m: ModelRow) {
    if (this.selected.has(m.id)) this.selected.delete(m.id);
    else this.selected.set(m.id, { projectId: m.projectId, versionId: m.versionId });
  }
  /** A not-yet-selected project or version selects its first model after loading; otherwise its models are cleared. */
  toggleProject(projectId: number) {
    if (this.projectSelected(projectId)) {
      for (const [id, s] of [...this.selected]) if (s.projectId === projectId) this.selected.delete(id);
      return Promise.resolve();
    }
    return this.guard(async () => {
      const versions = await this.versionsOf(projectId);
      for (const v of versions) {
        const models = await this.modelsOf(v.id);
        if (models[0]) {
          runInAction(() => this.selected.set(models[0].id, { projectId, versionId: v.id }));
          return;
        }
      }
    });
  }
  toggleVersion(projectId: number, versionId: number) {
    if (this.versionSelected(versionId)) {
      for (const [id, s] of [...this.selected]) if (s.versionId === versionId) this.selected.delete(id);
      return Promise.resolve();
    }
    return this.guard(async () => {
      const models = await this.modelsOf(versionId);
      if (models[0]) runInAction(() => this.selected.set(models[0].id, { projectId, versionId }));
    });
  }
  /**
   * Select all: for each visible project the most recently modified model in its most recently
   * modified version; toggling again clears the selection.
   */
  toggleAll() {
    if (this.allSelected) {
      this.selected.clear();
      this.allSelected = false;
      return Promise.resolve();
    }
    return this.guard(async () => {
      const all = await this.api.models();
      const visible = new Set(this.visibleProjects.map((p) => p.id));
      const best = new Map<number, ModelRow>();
      for (const m of all) {
        if (!visible.has(m.projectId)) continue;
        const cur = best.get(m.projectId);
        const key = (x: ModelRow) => `${x.versionTimestampLastModified}|${x.modelTimestampLastModified}`;
        if (!cur || key(m) > key(cur)) best.set(m.projectId, m);
      }
      runInAction(() => {
        this.selected.clear();
        for (const m of best.values()) this.selected.set(m.id, { projectId: m.projectId, versionId: m.versionId });
        this.allSelected = true;
      });
    });
  }

  // ---- preview and apply (issue 23) ----
  /** The confirmation dialog: what applying would do per model, then (after 'Doorvoeren') the result. */
  review: { models: ParameterPreviewModel[]; result: ParameterSaveResult | null } | null = null;

  /** POST parameter/preview/ with the values of page 0 and the selected models; opens the confirmation. */
  async preview(): Promise<void> {
    const { models } = await this.api.preview(this.payload(), [...this.selected.keys()]);
    runInAction(() => (this.review = { models, result: null }));
  }

  /** The confirmed apply (POST parameter/); the dialog then shows the result per model. */
  async apply(): Promise<ParameterSaveResult> {
    const review = this.review;
    if (!review) throw new Error('Geen voorbeeld');
    const values = copyValues(this);
    const result = await this.api.save(this.payload(), review.models.map((m) => m.model));
    runInAction(() => {
      review.result = result;
      const status = (id: number): Applied['models'][number]['status'] =>
        result.applied.includes(id) ? 'Doorgevoerd' : result.recordedOnly.includes(id) ? 'Vastgelegd' : result.unchanged.includes(id) ? 'Geen wijziging' : 'Niet aangepast';
      this.applied = {
        values,
        untouched: this.untouched,
        models: review.models.map((m) => ({ name: m.name, path: `${m.projectName} › ${m.versionName}`, status: status(m.model) })),
      };
      this.touched = new Set();
    });
    return result;
  }

  closeReview() {
    this.review = null;
  }
}

/** The last visit's store per app (root) and user: its apply is shown on the next visit of the screen. */
const lastVisit = new WeakMap<object, { userId: number | undefined; store: ParametersStore }>();

/**
 * A new store for each visit of the screen: at the values of the last apply in this session (and it
 * says which models got them), else at the defaults.
 */
export const makeParametersStore: AreaStoreFactory<ParametersStore> = (root, api) => {
  const userId = root.auth.user?.id;
  const last = lastVisit.get(root);
  const store = new ParametersStore(api.parameters, (message) => root.toasts.error(message), last && last.userId === userId ? last.store.applied : null);
  lastVisit.set(root, { userId, store });
  return store;
};
