// The base parameters of a model, one descriptor each (issue 36): the field, its one Dutch label, how it is
// kept and entered, its place on Uitgangspunten (the list's order; a percentage brings its fraction row),
// the tab that shows it, what a change reshapes, the global parameter that sets it (also the template's
// defined name) and its value in a new model. The workbook (workbookLayout.ts, workbook.ts), the engine's
// edits, the global parameters (globalParameters.ts beside this file), the spreadsheet template, the
// parameter screens and the workbench's Uitgangspunten follow from this list. The tables derived from
// it live with their users, not here, so a test that adds a descriptor (baseParameters.test.ts) finds it in
// all of them. The schema of the fields is modelData.ts.
import { formatDutchDate } from '../lib/dutchNumber.ts';
import { INTEREST_METHOD_LABELS, PERIOD_TYPE_LABELS } from './codeLabels.ts';
import type { ModelData } from './modelData.ts';

type BaseParametersData = ModelData['base_parameters'];
export type ProjectInfoField = keyof BaseParametersData['project_info'];
/** The scalar fields of base_parameters (the lists — phases, sets, space usage — have screens of their own). */
export type BaseParameterField = { [K in keyof BaseParametersData]-?: BaseParametersData[K] extends string | number | boolean | null | undefined ? K : never }[keyof BaseParametersData];

/**
 * The global parameter types (spec 2 §3), in the spec's order: the screen's list and the audit text follow it.
 * Each is one descriptor's `global` below or one entry of globalParameters.ts (the sets and user indexes).
 */
export const PARAMETER_TYPES = [
  'RentepercentageNegatiefSaldo', 'RentepercentagePositiefSaldo', 'RekenrenteContanteWaardeDisconteringsvoet',
  'Kostenstijging', 'Opbrengstenstijging', 'BtwPercentage', 'StartdatumGrondexploitatieBoekwaardeVanaf',
  'NcwDatum', 'Prijspeildatum', 'Eindwaardedatum', 'ToekomstigeIndexGebruiker', 'HistorischeIndexGebruiker',
] as const;
export type ParameterType = (typeof PARAMETER_TYPES)[number];

/**
 * info: project data, read-only text; date: yyyy-mm-dd; choice: a code of `options`; percent: in the
 * model's notation (2.0 or 0.02, percent.ts); flag: yes or no; amount: euros.
 */
export type BaseParameterKind = 'info' | 'date' | 'choice' | 'percent' | 'flag' | 'amount';
/** The workbench's tabs of Uitgangspunten that show base parameters. */
export type BaseParameterTab = 'project' | 'phasing' | 'interest' | 'other';

export interface BaseParameter {
  /** The field of base_parameters; of base_parameters.project_info for kind 'info'. */
  key: string;
  /** The one Dutch label: the row title on Uitgangspunten, the tab's field, the global parameter, the template's Invoer. */
  label: string;
  kind: BaseParameterKind;
  tab: BaseParameterTab;
  /** Kind 'choice': the codes with their Dutch words. */
  options?: Readonly<Record<string, string>>;
  /** Kind 'percent': the title of the row below it on Uitgangspunten that holds the fraction the formulas use. */
  fraction?: string;
  /**
   * What a change reshapes: 'periods' the period grid (period values move to the period of their date),
   * 'workbook' formulas the workbook is built with (both rebuild it); absent: only its own cell changes.
   */
  reshapes?: 'periods' | 'workbook';
  /** The global parameter that sets it, which is also its defined name in the spreadsheet template; its default on the screen (spec 2 §9: a fraction, yyyy-mm-dd). */
  global?: { type: ParameterType; default: number | string };
  /** Its value in a new model (modelDefaults.ts); absent: the field is left out (optional fields) or comes from the project (kind 'info'). */
  default?: string | number | boolean;
  /** The field may be absent (an amount then counts as 0); an edit with no value removes it. */
  optional?: true;
  /** The tab's label when it names the model's own value ('Boekwaarde per 01-01-2025'); else `label`. */
  labelIn?: (bp: BaseParametersData) => string;
  /** What the tab says under the field. */
  help?: string;
}

// (each keeps its key's literal type, so the tables derived from the list have exactly its keys)
const info = <K extends ProjectInfoField>(key: K, label: string): BaseParameter & { key: K } => ({ key, label, kind: 'info', tab: 'project' });
const param = <K extends BaseParameterField>(key: K, d: Omit<BaseParameter, 'key'>): BaseParameter & { key: K } => ({ key, ...d });
/** A date of the Fasering tab that a global parameter sets (`global`: its type and the screen's default). */
const date = <K extends BaseParameterField>(key: K, label: string, reshapes: BaseParameter['reshapes'], value: string, [type, dflt]: [ParameterType, string]) =>
  param(key, { label, kind: 'date', tab: 'phasing', reshapes, default: value, global: { type, default: dflt } });
/** A percentage a global parameter sets, with the title of its fraction row; the screen's default is a fraction. */
const percent = <K extends BaseParameterField>(key: K, label: string, fraction: string, tab: BaseParameterTab, value: number, [type, dflt]: [ParameterType, number]) =>
  param(key, { label, kind: 'percent', fraction, tab, default: value, global: { type, default: dflt } });

/** In the order of Uitgangspunten (rows from 2, each percentage followed by its fraction row). */
export const BASE_PARAMETERS = [
  info('project_name', 'Projectnaam'),
  info('project_description', 'Omschrijving'),
  info('project_number', 'Projectnummer'),
  info('subregion', 'Deelgebied'),
  info('organisation_name', 'Organisatie'),
  info('version_name', 'Versie'),
  info('model_name', 'Model'),
  date('phasing_calculation_start_date', 'Startdatum berekening', 'periods', '2025-01-01', ['StartdatumGrondexploitatieBoekwaardeVanaf', '2020-01-01']),
  date('phasing_price_reference_date', 'Prijspeildatum', 'workbook', '2025-01-01', ['Prijspeildatum', '2025-01-01']),
  date('phasing_net_present_value_date', 'NCW-datum', 'workbook', '2025-01-01', ['NcwDatum', '2025-01-01']),
  date('phasing_calculation_end_date', 'Einddatum berekening', 'periods', '2030-12-31', ['Eindwaardedatum', '2030-12-31']),
  param('phasing_period', { label: 'Faseringsperiode', kind: 'choice', options: PERIOD_TYPE_LABELS, tab: 'phasing', reshapes: 'periods', default: 'Annual' }),
  percent('interest_discount_rate_percentage', 'Rente- en disconteringsvoet', 'Disconteringsvoet (fractie)', 'interest', 2.0, ['RekenrenteContanteWaardeDisconteringsvoet', 0.02]),
  percent('vat_rate_percentage', 'Btw-percentage', 'Btw (fractie)', 'other', 21.0, ['BtwPercentage', 0.21]),
  param('interest_calculation_method', {
    label: 'Renteberekeningsmethode', kind: 'choice', options: INTEREST_METHOD_LABELS, tab: 'interest', reshapes: 'workbook', default: 'BBV',
  }),
  param('profit_withdrawal_to_ncw_date', { label: 'Winstneming naar NCW-datum', kind: 'flag', tab: 'interest', reshapes: 'workbook', default: false }),
  // calculation.md §8.1 (issue 37): B(0), the balance at the start date
  param('opening_book_value', {
    label: 'Boekwaarde per startdatum', kind: 'amount', tab: 'phasing', optional: true,
    labelIn: (bp) => `Boekwaarde per ${formatDutchDate(bp.phasing_calculation_start_date)}`,
    help: 'Het saldo van de grondexploitatie op de startdatum volgens de boekhouding: gerealiseerde kosten min opbrengsten, plus de bijgeschreven rente. Leeg is 0.',
  }),
] as const;
/** The key of a descriptor; `EditableParameterKey` those the engine edits (not the project data). */
export type ParameterKey = (typeof BASE_PARAMETERS)[number]['key'];
export type EditableParameterKey = Exclude<ParameterKey, ProjectInfoField>;

type ParameterValue = string | number | boolean | null | undefined;
const fieldsOf = (bp: BaseParametersData, p: BaseParameter) => (p.kind === 'info' ? bp.project_info : bp) as Record<string, ParameterValue>;

/** The value of a base parameter in the model's base parameters. */
export const parameterValue = (bp: BaseParametersData, p: BaseParameter): ParameterValue => fieldsOf(bp, p)[p.key];
/** Sets a base parameter in the model's base parameters (a copy being changed: validate it after). */
export function setParameterValue(bp: BaseParametersData, p: BaseParameter, value: ParameterValue): void {
  if (value === undefined) delete fieldsOf(bp, p)[p.key];
  else fieldsOf(bp, p)[p.key] = value;
}
