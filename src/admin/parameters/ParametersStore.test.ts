import { describe, expect, it, vi } from 'vitest';
import { ParameterSaveBody } from '../../api/contract/parameters.ts';
import { snakify } from '../../api/case.ts';
import type { ModelRow, ProjectItem, VersionItem } from '../../api/parameters.ts';
import {
  MAX_INDEX_COLUMNS, ParametersStore, makeParametersStore, parseFraction, pastedCells, percentText, periodRows, refusedMessage, type ParametersStoreApi,
} from './ParametersStore.ts';

/** The project area as page 1 sees it: project 1 with versions 11 (no models) and 12 (models 121, 122). */
function fakeApi() {
  const model = (id: number, versionId: number) => ({ id, projectId: 1, versionId }) as ModelRow;
  return {
    save: vi.fn(async () => ({ refused: [] })),
    projects: vi.fn(async () => [{ id: 1, name: 'Centrum' }] as ProjectItem[]),
    versions: vi.fn(async () => [{ id: 11 }, { id: 12 }] as VersionItem[]),
    models: vi.fn(async (versionId?: number) => (versionId === 12 ? [model(121, 12), model(122, 12)] : [])),
  };
}

const store = (api = fakeApi(), onError = () => {}) => new ParametersStore(api as unknown as ParametersStoreApi, onError);

describe('global parameter inputs (spec 2 §5)', () => {
  it('takes a percentage as the tool does (2 and 0,02 are 2 %) with a Dutch or English separator, as a fraction 0..1', () => {
    expect(parseFraction('2')).toBe(0.02);
    expect(parseFraction('3,5')).toBe(0.035);
    expect(parseFraction('0,02')).toBe(0.02);
    expect(parseFraction('0.5')).toBe(0.5);
    expect(parseFraction(' 1 ')).toBe(1);
    expect(parseFraction('100')).toBe(1);
    expect(parseFraction('')).toBeNull();
    for (const bad of ['150', '100,5', '-0,1', 'abc', '0,0,1', '2 %']) expect(parseFraction(bad)).toBeNaN();
  });

  it('shows what the value means: the fraction ×100 rounded down to two decimals, in Dutch', () => {
    expect(percentText('2')).toBe('2,00 %');
    expect(percentText('21')).toBe('21,00 %');
    expect(percentText('1')).toBe('100,00 %');
    expect(percentText('0,02')).toBe('2,00 %');
    expect(percentText('0,29')).toBe('29,00 %'); // 0.29 * 100 is 28.999… in floating point
    expect(percentText('0,123456')).toBe('12,34 %');
    expect(percentText('0,99999')).toBe('99,99 %');
    expect(percentText('x')).toBe('');
  });
});

describe('period rows (issue 15)', () => {
  it('label Per01…Per40 with the years from the start date, the other phasings in the title', () => {
    const rows = periodRows('2020-01-01');
    expect(rows).toHaveLength(40);
    expect(rows.map((r) => r.label).slice(0, 3)).toEqual(['2020', '2021', '2022']);
    expect(rows[39].label).toBe('2059');
    expect(rows[1].title).toBe('Periode 2: 2021 bij jaarlijkse fasering, 2020 H2 bij halfjaarlijkse, 2020 Q2 bij kwartalen');
  });

  it('follow the start date as typed, and fall back to period numbers while it is invalid', () => {
    const s = store();
    s.setDate('StartdatumGrondexploitatieBoekwaardeVanaf', '01-07-2031');
    expect(s.periodRows[0].label).toBe('2031');
    s.setDate('StartdatumGrondexploitatieBoekwaardeVanaf', '2032-07-01');
    expect(s.periodRows[0].label).toBe('2032');
    s.setDate('StartdatumGrondexploitatieBoekwaardeVanaf', '2031-13-01');
    expect(s.periodRows[0]).toEqual({ label: 'Periode 1', title: 'Periode 1' });
  });
});

describe('ParametersStore', () => {
  it('starts at the defaults of spec 2 §9', () => {
    const s = store();
    expect(s.series.Kostenstijging.every((v) => v === '2')).toBe(true);
    expect(s.single.BtwPercentage).toBe('21');
    // Dates as everywhere in the app (issue 25).
    expect(s.dates).toMatchObject({ StartdatumGrondexploitatieBoekwaardeVanaf: '01-01-2020', NcwDatum: '01-01-2025', Prijspeildatum: '01-01-2025', Eindwaardedatum: '31-12-2030' });
    expect(s.invalidTypes()).toEqual([]);
  });

  it('copies a changed base value to Per01..Per40; a period value stays its own', () => {
    const s = store();
    s.setSeries('RentepercentagePositiefSaldo', 3, '0,05');
    s.setSeries('RentepercentagePositiefSaldo', 0, '0,03');
    expect(new Set(s.series.RentepercentagePositiefSaldo)).toEqual(new Set(['0,03']));
    s.setSeries('RentepercentagePositiefSaldo', 40, '0,04');
    expect(s.series.RentepercentagePositiefSaldo[39]).toBe('0,03');
    expect(s.series.RentepercentagePositiefSaldo[40]).toBe('0,04');
  });

  it('adds user-index columns up to 1000 (new ones 0,02) and removes columns above 0, later ones shifting down', () => {
    const s = store();
    s.addColumn('ToekomstigeIndexGebruiker');
    s.addColumn('ToekomstigeIndexGebruiker');
    s.setIndex('ToekomstigeIndexGebruiker', 2, 0, '0,5');
    s.removeColumn('ToekomstigeIndexGebruiker', 0);
    expect(s.future).toHaveLength(3);
    s.removeColumn('ToekomstigeIndexGebruiker', 1);
    expect(s.future).toHaveLength(2);
    expect(s.future[1][0]).toBe('0,5');
    for (let i = 0; i < 2000; i++) s.addColumn('HistorischeIndexGebruiker');
    expect(s.historic).toHaveLength(MAX_INDEX_COLUMNS);
  });

  it('refuses page 1 while a value is invalid', () => {
    const s = store();
    s.setDate('NcwDatum', '4025-01-01');
    expect(s.invalidTypes()).toEqual(['NcwDatum']);
    s.setDate('NcwDatum', '2026-02-30');
    expect(s.invalidTypes()).toEqual(['NcwDatum']);
    s.setDate('NcwDatum', '30-02-2026');
    expect(s.invalidTypes()).toEqual(['NcwDatum']);
    s.setDate('NcwDatum', '03-02-4026');
    expect(s.invalidTypes()).toEqual(['NcwDatum']);
    s.setDate('NcwDatum', '03-02-2026');
    s.setSingle('BtwPercentage', '121');
    expect(s.invalidTypes()).toEqual(['BtwPercentage']);
  });

  it('builds a payload the server contract accepts, leaving empty values out', () => {
    const s = store();
    s.setSingle('RekenrenteContanteWaardeDisconteringsvoet', '');
    s.addColumn('HistorischeIndexGebruiker');
    s.setDate('NcwDatum', '3/2/2026');
    const rows = s.payload();
    expect(rows.find((r) => r.parameterType === 'NcwDatum')?.valueDate).toBe('2026-02-03');
    expect(rows.find((r) => r.parameterType === 'Eindwaardedatum')?.valueDate).toBe('2030-12-31');
    expect(rows.filter((r) => r.parameterType === 'RekenrenteContanteWaardeDisconteringsvoet')).toEqual([]);
    expect(rows.filter((r) => r.parameterType === 'Kostenstijging')).toHaveLength(41);
    expect(rows.filter((r) => r.parameterType === 'HistorischeIndexGebruiker' && r.rowIndex === 1 && r.year === 2039)).toHaveLength(1);
    const parsed = ParameterSaveBody.safeParse(snakify({ parameters: rows, models: [1] }));
    expect(parsed.success, JSON.stringify(parsed.error?.issues.slice(0, 3))).toBe(true);
  });

  it('fills consecutive periods from a row pasted from Excel, rows below for a user index, nothing past period 40 (issue 25)', () => {
    expect(pastedCells('2,5')).toBeNull();
    expect(pastedCells('2,5\t3\t3,25\r\n')).toEqual([['2,5', '3', '3,25']]);
    const s = store();
    expect(s.paste('Kostenstijging', 0, 2, pastedCells('2,5\t3\t3,25\n1\t1')!)).toBe(3);
    expect(s.series.Kostenstijging.slice(0, 6)).toEqual(['2', '2', '2,5', '3', '3,25', '2']);
    expect(s.payload().filter((r) => r.parameterType === 'Kostenstijging' && r.periodType === 'Per04').map((r) => r.valueFloat)).toEqual([0.0325]); // index 0 is the base value
    expect(s.paste('Kostenstijging', 0, 39, [['4', '5', '6']])).toBe(2);
    expect(s.series.Kostenstijging).toHaveLength(41);
    s.addColumn('ToekomstigeIndexGebruiker');
    expect(s.paste('ToekomstigeIndexGebruiker', 0, 0, [['1', '2'], ['3'], ['4']])).toBe(3);
    expect([s.future[0].slice(0, 2), s.future[1][0]]).toEqual([['1', '2'], '3']);
    s.paste('HistorischeIndexGebruiker', 0, 0, [['x']]);
    expect(s.invalidTypes()).toEqual(['HistorischeIndexGebruiker']); // pasted text that is no percentage is shown as invalid, not dropped
  });

  it('counts the selection in words', () => {
    const s = store();
    expect(s.countText).toBe('0 rekenmodellen geselecteerd.');
    s.selected.set(1, { projectId: 1, versionId: 1 });
    expect(s.countText).toBe('1 rekenmodel geselecteerd.');
    s.selected.set(2, { projectId: 1, versionId: 1 });
    expect(s.countText).toBe('2 rekenmodellen geselecteerd.');
  });

  it('says how many models were refused, in the singular for one', () => {
    expect(refusedMessage(1, 1)).toBe('Het rekenmodel is niet aangepast; de reden staat bij het rekenmodel.');
    expect(refusedMessage(1, 3)).toBe('1 van de 3 rekenmodellen is niet aangepast; de reden staat bij het rekenmodel.');
    expect(refusedMessage(2, 3)).toBe('2 van de 3 rekenmodellen zijn niet aangepast; de reden staat bij het rekenmodel.');
  });
});

describe('ParametersStore page 1 (spec 2 §4)', () => {
  it('selects the first model of the first version that has one when a project is ticked, and asks each list once', async () => {
    const api = fakeApi();
    const s = store(api);
    await s.toggleProject(1);
    expect([...s.selected.keys()]).toEqual([121]);
    await s.showProject(1);
    expect(s.currentVersion).toBe(11);
    expect(api.versions).toHaveBeenCalledTimes(1);
    expect(api.models.mock.calls.map(([v]) => v)).toEqual([11, 12]);
  });

  it('says in Dutch when the versions and models cannot be loaded', async () => {
    const api = fakeApi();
    api.versions.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const onError = vi.fn();
    await store(api, onError).showProject(1);
    expect(onError).toHaveBeenCalledWith('Fout bij het laden van de versies en rekenmodellen.');
  });
});

describe('after Parameters doorvoeren (issue 35 item 8)', () => {
  const previewModel = { model: 121, name: 'Grex 2026', projectName: 'Centrum', versionName: 'Begroting', outcome: 'changes', changes: [], problems: [], notes: [], ew: null, ncw: null };
  const api = () => ({
    ...fakeApi(),
    preview: vi.fn(async () => ({ models: [previewModel] })),
    save: vi.fn(async () => ({ applied: [121], recordedOnly: [], unchanged: [], refused: [] })),
  });
  const root = (id: number) => ({ auth: { user: { id } }, toasts: { error: () => {} } });
  const make = (r: object, a: ReturnType<typeof api>) => makeParametersStore(r as never, { parameters: a } as never);

  it('marks the parameters the administrator left alone, and the screen then shows what was applied to which models, also on the next visit', async () => {
    const r = root(7);
    const a = api();
    const s = make(r, a);
    expect(s.applied).toBeNull();
    s.setSingle('BtwPercentage', '9');
    s.setSeries('Kostenstijging', 0, '3');
    expect(s.untouched).not.toContain('BtwPercentage');
    expect(s.untouched).toContain('RentepercentagePositiefSaldo');
    expect(s.untouched).toHaveLength(10);
    s.selected.set(121, { projectId: 1, versionId: 12 });
    await s.preview();
    await s.apply();
    expect(s.applied!.models).toEqual([{ name: 'Grex 2026', path: 'Centrum › Begroting', status: 'Doorgevoerd' }]);
    expect(s.applied!.untouched).toHaveLength(10);
    // the next visit starts at the applied values, not the defaults, and says where they went
    const next = make(r, a);
    expect(next.single.BtwPercentage).toBe('9');
    expect(next.series.Kostenstijging[5]).toBe('3');
    expect(next.applied!.models[0]!.status).toBe('Doorgevoerd');
    next.setSingle('BtwPercentage', '10');
    expect(make(r, a).single.BtwPercentage).toBe('9'); // what was applied, not what was typed since
    // another user signed in on the same app starts at the defaults
    expect(make({ ...r }, a).single.BtwPercentage).toBe('21');
    const other = root(8);
    make(other, a);
    expect(make(other, a).applied).toBeNull();
  });
});
