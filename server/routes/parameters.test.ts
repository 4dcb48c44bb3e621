import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/server/app.ts';
import { bearer, createTenant, type Tenant } from '../../test/server/fixtures.ts';
import { auditLog, model, parameterApplication, project, projectRole, versionModel } from '../db/schema/index.ts';
import type { ModelData } from '../../src/model/modelData.ts';
import { GrexEngine } from '../../src/formulas/engine.ts';
import type { Edit } from '../../src/formulas/engineModelEdits.ts';
import { emptyRemapReport, remapPeriodItems } from '../../src/formulas/periodRemap.ts';
import { pct } from '../../src/model/percent.ts';

// Global parameters applied to online models (issue 11, defect 1): values land in the period with the
// label the engine reads, dates move the period values like the tool does, percentages keep their
// meaning, an invalid result is refused per model, and the online tool then opens each model with
// the numbers the engine computes from the stored data — the same numbers as the tool's own edits give.

const example = JSON.parse(readFileSync(new URL('../../src/formulas/examples/worked-example.model.json', import.meta.url), 'utf8')) as ModelData;
const clone = <T>(x: T): T => structuredClone(x);
const set = (d: ModelData, name: string) => d.base_parameters.parameter_sets.find((s) => s.set_name === name)!;

let t: TestApp;
let a: Tenant;
beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t.db, 'gparams');
});
afterAll(() => t.close());

async function onlineModel(name: string, data: ModelData) {
  const [p] = await t.db.insert(project).values({ createdAt: new Date(), timestampLastModified: new Date(), clientId: a.clientId, name, subregionId: a.subregionId, typeProjectId: a.typeProjectId }).returning();
  const [v] = await t.db.insert(versionModel).values({ createdAt: new Date(), timestampLastModified: new Date(), projectId: p.id, name: 'Versie 1' }).returning();
  const [m] = await t.db.insert(model).values({ createdAt: new Date(), timestampLastModified: new Date(), versionId: v.id, name, modelPlatform: 'online', modelData: data }).returning();
  await t.db.insert(projectRole).values({ projectId: p.id, userId: a.staff.id, role: 'ADM' }).onConflictDoNothing();
  return m.id;
}
const stored = async (id: number) => (await t.db.select().from(model).where(eq(model.id, id)))[0]!;
const apply = async (parameters: object[], models: number[], url = '/api/manager/parameter/') =>
  t.app.inject({ method: 'POST', url, headers: await bearer(t.app, a.staff), payload: { parameters, models } });
const preview = (parameters: object[], models: number[]) => apply(parameters, models, '/api/manager/parameter/preview/');

/** The model as the online tool opens it, computed by the engine. */
async function toolResults(id: number) {
  const res = await t.app.inject({ method: 'GET', url: `/api/grexonline/model/${id}/`, headers: await bearer(t.app, a.staff) });
  expect(res.statusCode).toBe(200);
  const built = GrexEngine.create(res.json());
  if (!built.ok) throw new Error(JSON.stringify(built.problems));
  return built.engine.results;
}
function engineResults(data: unknown, edits: Edit[] = []) {
  const built = GrexEngine.create(data);
  if (!built.ok) throw new Error(JSON.stringify(built.problems));
  if (edits.length) expect(built.engine.applyEdits(edits).ok).toBe(true);
  return built.engine.results;
}
const numbers = (r: ReturnType<typeof engineResults>) => ({ ew: r.ew, ncw: r.ncw, periods: r.periods, errors: r.errors });

describe('POST parameter/ on online models', () => {
  // A model whose Kostenstijging values were entered in the tool out of order, with gaps.
  const sparse = clone(example);
  set(sparse, 'Kostenstijging').set_values = [
    { phasing_period: 'Annual', period_label: '2027', period_value: 4.0 },
    { phasing_period: 'Annual', period_label: '2024', period_value: 1.0 },
    { phasing_period: 'Annual', period_label: '2026', period_value: 3.0 },
  ];
  // A model made quarterly in the tool after annual values were entered: the annual labels stay in the
  // set (the engine no longer reads them), the periods are now 2024 Q1 … 2027 Q4.
  const quarterly = clone(example);
  set(quarterly, 'Kostenstijging').set_values = ['2024', '2025', '2026', '2027'].map((y, i) => ({ phasing_period: 'Annual' as const, period_label: y, period_value: 2 + i }));
  quarterly.base_parameters.phasing_period = 'Quarterly';
  remapPeriodItems(example, quarterly);

  it('writes each period value to the set value with that period\'s label, in the models\' own periods', async () => {
    const sparseId = await onlineModel('Verspreid', sparse);
    const quarterlyId = await onlineModel('Kwartalen', quarterly);
    const res = await apply([
      { parameter_type: 'Kostenstijging', period_type: 'Per02', value_float: 0.035 },
      { parameter_type: 'RentepercentageNegatiefSaldo', period_type: 'Per03', value_float: 0.045 },
    ], [sparseId, quarterlyId]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Parameters succesvol opgeslagen.', applied: [sparseId, quarterlyId], recorded_only: [] });

    const s = (await stored(sparseId)).modelData as ModelData;
    expect(set(s, 'Kostenstijging').set_values.map((v) => [v.period_label, v.period_value]))
      .toEqual([['2027', 4], ['2024', 1], ['2026', 3], ['2025', 3.5]]);
    expect(set(s, 'RentepercentageNegatiefSaldo').set_values.map((v) => [v.period_label, v.period_value])).toEqual([['2026', 4.5]]);
    const q = (await stored(quarterlyId)).modelData as ModelData;
    expect(set(q, 'Kostenstijging').set_values.map((v) => [v.period_label, v.period_value]))
      .toEqual([['2024', 2], ['2025', 3], ['2026', 4], ['2027', 5], ['2024 Q2', 3.5]]);
    expect(set(q, 'RentepercentageNegatiefSaldo').set_values.map((v) => [v.period_label, v.period_value])).toEqual([['2024 Q3', 4.5]]);
    expect(res.json().refused).toEqual([]);

    // The tool opens both with the engine's numbers of the stored data, which are the numbers of the
    // same values typed into the tool's cells for those periods.
    for (const [id, before, label2, label3] of [[sparseId, sparse, '2025', '2026'], [quarterlyId, quarterly, '2024 Q2', '2024 Q3']] as const) {
      const opened = await toolResults(id);
      expect(numbers(opened)).toEqual(numbers(engineResults((await stored(id)).modelData)));
      expect(numbers(opened)).toEqual(numbers(engineResults(before, [
        { kind: 'setValue', group: 'Indexing_FutureIndex', name: 'Kostenstijging', label: label2, value: 3.5 },
        { kind: 'setValue', group: 'Interest_Percentage', name: 'RentepercentageNegatiefSaldo', label: label3, value: 4.5 },
      ])));
      expect(numbers(opened)).not.toEqual(numbers(engineResults(before)));
    }
  });

  it('a new calculation start moves the period values to the periods holding their dates, as the tool does', async () => {
    const id = await onlineModel('Eerder begin', clone(example));
    const res = await apply([{ parameter_type: 'StartdatumGrondexploitatieBoekwaardeVanaf', period_type: 'Uitgangspunt', value_date: '2023-01-01' }], [id]);
    expect(res.json().applied).toEqual([id]);
    const d = (await stored(id)).modelData as ModelData;
    expect(d.cost_estimate[0]!.phasing.phasing_items.map((i) => i.period)).toEqual(['PER_02', 'PER_03']);
    const tool = clone(example);
    tool.base_parameters.phasing_calculation_start_date = '2023-01-01';
    expect(remapPeriodItems(example, tool)).toEqual(emptyRemapReport());
    expect(d).toEqual(tool);
    // Nothing happens in the added year 2023, so the cash flows and results are those of before.
    const opened = await toolResults(id);
    expect(opened.ew).toBeCloseTo(engineResults(example).ew, 6);
    expect(opened.ncw).toBeCloseTo(engineResults(example).ncw, 6);
  });

  it('percentages keep their meaning in either notation of the model', async () => {
    const data = clone(example);
    set(data, 'Opbrengstenstijging').set_base_value = 0.02; // fraction notation
    const id = await onlineModel('Procenten', data);
    await apply([
      { parameter_type: 'RekenrenteContanteWaardeDisconteringsvoet', period_type: 'Uitgangspunt', value_float: 0.005 },
      { parameter_type: 'BtwPercentage', period_type: 'Uitgangspunt', value_float: 0.09 },
      { parameter_type: 'Kostenstijging', period_type: 'Uitgangspunt', value_float: 0.025 },
      { parameter_type: 'Opbrengstenstijging', period_type: 'Uitgangspunt', value_float: 0.03 },
      { parameter_type: 'Opbrengstenstijging', period_type: 'Per02', value_float: 0.04 },
    ], [id]);
    const bp = ((await stored(id)).modelData as ModelData).base_parameters;
    expect(pct(bp.interest_discount_rate_percentage)).toBe(0.005); // 0,5 % stays a fraction, 0.5 would read as 50 %
    expect(bp.vat_rate_percentage).toBe(9); // the model writes 21.0 for 21 %
    expect(bp.parameter_sets.find((s) => s.set_name === 'Kostenstijging')!.set_base_value).toBe(2.5);
    const revenue = bp.parameter_sets.find((s) => s.set_name === 'Opbrengstenstijging')!;
    expect([revenue.set_base_value, revenue.set_values[0]!.period_value]).toEqual([0.03, 0.04]);
  });

  it('a model the result would make invalid is refused and reported, the others are applied', async () => {
    const good = await onlineModel('Kort genoeg', { ...clone(example), base_parameters: { ...clone(example).base_parameters, phasing_costs_revenues: [] } });
    const bad = await onlineModel('Fase te lang', clone(example));
    const res = await apply([{ parameter_type: 'Eindwaardedatum', period_type: 'Uitgangspunt', value_date: '2026-06-30' }], [good, bad]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Niet alle rekenmodellen zijn aangepast.', applied: [good],
      refused: [{ model: bad, name: 'Fase te lang', problems: ["Fase 'Uitgifte' eindigt op 31-12-2026, na de einddatum van de berekening (30-06-2026). Pas de einddatum van de berekening of van de fase aan."] }],
    });
    const row = await stored(bad);
    expect(row.modelData).toEqual(example);
    expect(row.dataVersion).toBe(0);
    expect((await stored(good)).dataVersion).toBe(1);
  });
});

describe('POST parameter/preview/ and the honest apply (issue 23)', () => {
  // What the screen sends: every type, dates included.
  const screen = (start: string, end: string, ncw = start) => [
    { parameter_type: 'StartdatumGrondexploitatieBoekwaardeVanaf', period_type: 'Uitgangspunt', value_date: start },
    { parameter_type: 'NcwDatum', period_type: 'Uitgangspunt', value_date: ncw },
    { parameter_type: 'Prijspeildatum', period_type: 'Uitgangspunt', value_date: ncw },
    { parameter_type: 'Eindwaardedatum', period_type: 'Uitgangspunt', value_date: end },
    { parameter_type: 'BtwPercentage', period_type: 'Uitgangspunt', value_float: 0.21 },
    { parameter_type: 'RekenrenteContanteWaardeDisconteringsvoet', period_type: 'Uitgangspunt', value_float: 0.02 },
    { parameter_type: 'Kostenstijging', period_type: 'Uitgangspunt', value_float: 0.02 },
    { parameter_type: 'RentepercentageNegatiefSaldo', period_type: 'Per03', value_float: 0.03 },
    { parameter_type: 'RentepercentageNegatiefSaldo', period_type: 'Per04', value_float: 0.03 },
  ];
  const audits = async () => (await t.db.select().from(auditLog).where(eq(auditLog.userId, a.staff.id))).map((x) => x.description);

  it('shows per model each parameter old → new, dates included, and EW and NCW before → after by the engine, writing nothing', async () => {
    const moved = await onlineModel('Verschoven', clone(example));
    const same = await onlineModel('Al gelijk', clone(example));
    const before = await audits();
    // Moved: start 2024 → 2023 and a higher debit interest in 2025–2026; same: already has these values.
    const moving = screen('2023-01-01', '2027-12-31', '2024-01-01');
    const res = await preview(moving, [moved]);
    expect(res.statusCode).toBe(200);
    const [m] = res.json().models;
    expect(m).toMatchObject({ model: moved, name: 'Verschoven', project_name: 'Verschoven', version_name: 'Versie 1', outcome: 'changes', problems: [], notes: [] });
    expect(m.changes).toEqual([
      { parameter: 'StartdatumGrondexploitatieBoekwaardeVanaf', from: null, to: null, before: '2024-01-01', after: '2023-01-01' },
      { parameter: 'RentepercentageNegatiefSaldo', from: '2025', to: '2026', before: 0.02, after: 0.03 },
    ]);
    // The engine's numbers of the data the apply will write.
    const expected = structuredClone(example);
    expected.base_parameters.phasing_calculation_start_date = '2023-01-01';
    remapPeriodItems(example, expected);
    set(expected, 'RentepercentageNegatiefSaldo').set_values = [
      { phasing_period: 'Annual', period_label: '2025', period_value: 3 }, { phasing_period: 'Annual', period_label: '2026', period_value: 3 },
    ];
    const was = engineResults(example);
    const will = engineResults(expected);
    expect(m.ew.before).toBeCloseTo(was.ew, 6);
    expect(m.ncw.before).toBeCloseTo(was.ncw, 6);
    expect(m.ew.after).toBeCloseTo(will.ew, 6);
    expect(m.ncw.after).toBeCloseTo(will.ncw, 6);
    expect(m.ew.after).not.toBeCloseTo(m.ew.before, 2);
    // Nothing written, nothing audited.
    expect((await stored(moved)).dataVersion).toBe(0);
    expect(await audits()).toEqual(before);

    const unchanged = (await preview(screen('2024-01-01', '2027-12-31').slice(0, 7), [same])).json().models[0];
    expect(unchanged).toMatchObject({ outcome: 'unchanged', changes: [] });
    expect(unchanged.ew.after).toBe(unchanged.ew.before);

    // The apply writes what the preview showed.
    await apply(moving, [moved]);
    const after = await toolResults(moved);
    expect(after.ew).toBeCloseTo(m.ew.after, 6);
    expect(after.ncw).toBeCloseTo(m.ncw.after, 6);
  });

  it('says what a shorter calculation does to period values that cannot stay on their date', async () => {
    const rates = clone(example);
    rates.cost_estimate[0]!.indexing.indexing_items = [
      { period: 'PER_03', value_type: 'Procentueel', value: 2 }, { period: 'PER_04', value_type: 'Procentueel', value: 3 },
    ];
    const id = await onlineModel('Korter', rates);
    // 2027 goes: its rate lands in 2026, which has one already.
    const [m] = (await preview(screen('2024-01-01', '2026-12-31'), [id])).json().models;
    expect(m.outcome).toBe('changes');
    expect(m.notes).toEqual(['Perioden aangepast: 1 periodewaarde lag buiten de nieuwe perioden en staat nu in de eerste of laatste periode (bedragen daar opgeteld); '
      + '1 eigen indexwaarde viel in dezelfde periode als een eerdere en is vervallen.']);
  });

  it('reports a refused model once with its reasons once each, audits and records only the models that changed', async () => {
    const changed = await onlineModel('Wordt aangepast', clone(example));
    const unchanged = await onlineModel('Blijft gelijk', clone(example));
    // Two phases named alike that both start before the new start: one reason, not two.
    const twice = clone(example);
    twice.base_parameters.phasing_costs_revenues = [
      { phase_name: 'Fase 1', phase_group: 'Cost', phase_start_date: '2024-01-01', phase_end_date: '2025-12-31' },
      { phase_name: 'Fase 1', phase_group: 'Revenue', phase_start_date: '2024-06-01', phase_end_date: '2026-12-31' },
    ];
    const refused = await onlineModel('Fase te vroeg', twice);
    const preAudits = await audits();
    const preApps = (await t.db.select().from(parameterApplication)).length;
    const later = screen('2025-01-01', '2027-12-31');
    const reason = "Fase 'Fase 1' begint op 01-01-2024, vóór de startdatum van de berekening (01-01-2025). Pas de startdatum van de berekening of van de fase aan.";

    const shown = (await preview(later, [refused])).json().models[0];
    expect(shown).toMatchObject({ outcome: 'refused', problems: [reason, reason.replace('01-01-2024', '01-06-2024')], ew: null, ncw: null });

    // 'Wordt aangepast' has no phases, so the later start is valid there; 'Blijft gelijk' gets only values it has.
    const noPhases = clone(example);
    noPhases.base_parameters.phasing_costs_revenues = [];
    await t.db.update(model).set({ modelData: noPhases }).where(eq(model.id, changed));
    const res = await apply(later, [changed, refused]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'Niet alle rekenmodellen zijn aangepast.', applied: [changed], unchanged: [], recorded_only: [],
      refused: [{ model: refused, name: 'Fase te vroeg', problems: [reason, reason.replace('01-01-2024', '01-06-2024')] }],
    });
    const same = await apply(screen('2024-01-01', '2027-12-31').slice(0, 7), [unchanged]);
    expect(same.json()).toEqual({ message: 'Parameters succesvol opgeslagen.', applied: [], unchanged: [unchanged], recorded_only: [], refused: [] });
    expect((await stored(unchanged)).dataVersion).toBe(0);
    expect((await stored(refused)).dataVersion).toBe(0);
    expect((await stored(changed)).dataVersion).toBe(1);
    // One audit row, naming only the model that changed; the unchanged apply wrote none.
    expect((await audits()).slice(preAudits.length)).toEqual([expect.stringMatching(/; in 1 rekenmodel\(len\): 'Wordt aangepast' \(versie 'Versie 1'\)$/)]);
    const apps = await t.db.select().from(parameterApplication);
    expect(apps.slice(preApps).map((x) => x.modelIds)).toEqual([[changed]]);
  });

  it('is staff only and 404 for a model of another client, like the apply', async () => {
    const id = await onlineModel('Alleen staf', clone(example));
    const asAdmin = await t.app.inject({ method: 'POST', url: '/api/manager/parameter/preview/', headers: await bearer(t.app, a.adm), payload: { parameters: [], models: [id] } });
    expect(asAdmin.statusCode).toBe(403);
    const other = await createTenant(t.db, 'gparams-b');
    const foreign = await t.app.inject({ method: 'POST', url: '/api/manager/parameter/preview/', headers: await bearer(t.app, other.staff), payload: { parameters: [], models: [id] } });
    expect(foreign.statusCode).toBe(404);
    const none = await preview([], []);
    expect(none.json().errors.map((e: { message: string }) => e.message)).toEqual(['Selecteer minstens één rekenmodel']);
  });
});

describe('global parameters reach the sections of issue 24 (item 10)', () => {
  it("Opbrengstenstijging moves a non-residential entry's and an indexed other revenue's nominal figures; a revenue not indexed stays as granted", async () => {
    const full = JSON.parse(readFileSync(new URL('../../src/formulas/examples/full-exploitation.model.json', import.meta.url), 'utf8')) as ModelData;
    const granted = full.other_revenues![0]!;
    expect(granted.indexed).toBe(false);
    // A second other revenue, indexed, phased as the subsidy (2025).
    full.other_revenues!.push({ ...clone(granted), id: 2, label: 'Bijdrage derden', indexed: true, phasing: { ...clone(granted.phasing), phasing_section_type: 'BijdrageDerden' } });
    const id = await onlineModel('Hele grondexploitatie', full);
    const before = engineResults(full);
    const res = await apply([
      { parameter_type: 'Opbrengstenstijging', period_type: 'Uitgangspunt', value_float: 0.05 },
      { parameter_type: 'Opbrengstenstijging', period_type: 'Per02', value_float: 0.06 },
    ], [id]);
    expect(res.json()).toMatchObject({ applied: [id], refused: [] });

    const after = await toolResults(id);
    const nominal = (r: typeof after) => ({
      nonResidential: r.entries.non_residential![0]!.nominal,
      indexed: r.entries.other_revenue!.find((e) => e.id === 2)!.nominal,
      granted: r.entries.other_revenue!.find((e) => e.id === 1)!.nominal,
    });
    const [b, a] = [nominal(before), nominal(after)];
    expect(a.nonResidential).not.toEqual(b.nonResidential);
    expect(a.indexed).not.toEqual(b.indexed);
    expect(a.granted).toEqual(b.granted);
    expect(a.granted[1]).toBe(200_000);
    // The figures are those of the same values typed into Opbrengstenstijging in the tool.
    expect(nominal(engineResults(full, [
      { kind: 'setValue', group: 'Indexing_FutureIndex', name: 'Opbrengstenstijging', label: null, value: 5 },
      { kind: 'setValue', group: 'Indexing_FutureIndex', name: 'Opbrengstenstijging', label: '2025', value: 6 },
    ]))).toEqual(a);
    // A period's amount is indexed over the periods before it (2024 at 5 %, 2025 at 6 %; the price date is 2024).
    expect(a.nonResidential[2]).toBeCloseTo(750_000 * 1.05 * 1.06, 2);
    expect(a.indexed[1]).toBeCloseTo(200_000 * 1.05, 2);
  });
});
