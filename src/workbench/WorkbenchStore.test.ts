import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatMoney } from '../lib/nlFormat.ts';
import { WorkbenchStore } from './WorkbenchStore.ts';
import { MSG, type WorkbenchApi, type BackupStorage } from './workbenchContract.ts';
import type { ModelData } from '../model/modelData.ts';
import type { WorkbenchModel, ModelMeta, StoredToolResults } from '../api/contract/workbench.ts';
import { onlineModelResults } from '../formulas/modelResults.ts';
import { ResponseError } from '../api/http.ts';
import { inProcessEngine } from './testing.ts';

const example = JSON.parse(readFileSync(new URL('../formulas/examples/worked-example.model.json', import.meta.url), 'utf8')) as ModelData;

class FakeServer implements WorkbenchApi {
  data: ModelData = structuredClone(example);
  version = 3;
  saves = 0;
  fail: number | null = null;
  hasMapData = false;
  /** The version's m² per function (the map viewer's totals); an Error is thrown. */
  totals: Record<string, number> | Error = {};
  totalsAsked: number[] = [];
  meta(): ModelMeta {
    return {
      model_id: 7, model_name: 'Online', version_id: 2, version_name: 'Versie 1', project_id: 1, project_name: 'Plan', frozen: false,
      can_edit: true, data_version: this.version, session: null, read_only_reason: null, has_map_data: this.hasMapData, has_version_region: this.region !== null,
    };
  }
  /** What the GET carries of the stored results (as the server sends them: JSON). */
  stored: StoredToolResults | null = null;
  async load(): Promise<WorkbenchModel> {
    return { ...structuredClone(this.data), ...this.meta(), stored_results: structuredClone(this.stored) };
  }
  async save(_id: number, data: ModelData, v: number): Promise<WorkbenchModel> {
    if (this.fail) throw Object.assign(new Error('Response returned an error code'), { status: this.fail });
    if (v !== this.version) throw Object.assign(new Error('Response returned an error code'), { status: 409 });
    this.saves++;
    this.version++;
    this.data = structuredClone(data);
    return this.load();
  }
  async openSession() {
    return { held: true, session: null, read_only_reason: null, message: '' };
  }
  async closeSession() {
    return { held: false, session: null, read_only_reason: null, message: '' };
  }
  /** The version region's m² (issue 23: taken over as the gross area). */
  region: number | null = null;
  async mapRegionArea() {
    return this.region;
  }
  async mapTotals(versionId: number) {
    this.totalsAsked.push(versionId);
    if (this.totals instanceof Error) throw this.totals;
    return this.totals;
  }
}

function memoryStorage(): BackupStorage & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return { map, getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: (k) => void map.delete(k) };
}

function setup(server = new FakeServer(), storage = memoryStorage()) {
  const toasts: string[] = [];
  const t = { success: (m: string) => toasts.push(m), error: (m: string) => toasts.push(m), warning: (m: string) => toasts.push(m) };
  const store = new WorkbenchStore(7, { api: server, toasts: t, storage, userId: 1, backupDelayMs: 0, engine: inProcessEngine });
  return { store, server, storage, toasts };
}

describe('WorkbenchStore', () => {
  it('loads the worked example into one engine with the CLI figures', async () => {
    const { store } = setup();
    await store.load();
    expect(store.status).toBe('ready');
    expect(store.results!.ew).toBeCloseTo(-106120.8, 2);
    expect(store.results!.ncw).toBeCloseTo(-98039.22, 2);
    expect(store.dirty).toBe(false);
    expect(store.dataVersion).toBe(3);
  });

  it("undoing back to the saved state makes the model clean again, so 'Opslaan' is off (issue 35 item 9)", async () => {
    const { store } = setup();
    await store.load();
    const price = (value: number) => store.applyEdits([{ kind: 'entryField', entry: 'cost', id: 1, field: 'price', value }]);
    price(2_000_000);
    store.undo();
    expect(store.dirty).toBe(false);
    store.redo();
    expect(store.dirty).toBe(true);
    expect(await store.save()).toBe(true);
    price(3_000_000);
    expect(store.dirty).toBe(true);
    store.undo();
    expect(store.dirty).toBe(false); // the saved 2.000.000
    store.undo();
    expect(store.dirty).toBe(true); // the loaded 1.000.000, no longer what is saved
    store.redo();
    expect(store.dirty).toBe(false);
  });

  it('an edit marks the model dirty and recalculates; undo and redo cross the whole model', async () => {
    const { store } = setup();
    await store.load();
    const ew = store.results!.ew;
    store.applyEdits([{ kind: 'entryField', entry: 'cost', id: 1, field: 'price', value: 2_000_000 }]);
    expect(store.dirty).toBe(true);
    expect(store.results!.entries.cost![0]!.amountAtNcw).toBe(2_000_000);
    store.applyEdits([{ kind: 'parameter', field: 'vat_rate_percentage', value: 9 }]);
    store.applyEdits([{ kind: 'entryItem', entry: 'cost', id: 1, list: 'phasing', period: 'PER_02', value: 1000 }]);
    expect(store.undoStack).toHaveLength(3);
    store.undo();
    store.undo();
    store.undo();
    expect(store.results!.ew).toBeCloseTo(ew, 6);
    expect(store.model!.cost_estimate[0]!.phasing.phasing_items.find((i) => i.period === 'PER_02')?.value).toBe(500_000);
    store.redo();
    expect(store.results!.entries.cost![0]!.amountAtNcw).toBe(2_000_000);
    expect(store.canRedo).toBe(true);
  });

  it('changing the period type regenerates the periods (one undo step)', async () => {
    const { store } = setup();
    await store.load();
    expect(store.results!.periods).toHaveLength(4);
    const lay = store.layoutRevision;
    expect(store.setPeriodParameter('phasing_period', 'Quarterly')).toBeNull();
    // 2026 (annual PER_03) → 2026 Q1 (PER_09); the figures stay (cash flows move to the quarter's end).
    expect(store.model!.residential_construction[0]!.phasing.phasing_items).toEqual([{ period: 'PER_09', value_type: 'Procentueel', value: 100 }]);
    expect(store.results!.periods).toHaveLength(16);
    expect(store.results!.periods[0]!.label).toBe('2024 Q1');
    expect(store.layoutRevision).toBeGreaterThan(lay);
    store.undo();
    expect(store.results!.periods.map((p) => p.label)).toEqual(['2024', '2025', '2026', '2027']);
  });

  it('a period change that cannot keep a value on its date says so (two own rates in one year)', async () => {
    const { store, toasts } = setup();
    await store.load();
    expect(store.setPeriodParameter('phasing_period', 'Quarterly')).toBeNull();
    toasts.length = 0; // the years' values now in their first quarter: said (issue 35.4, the test below)
    const rate = (period: string, value: number) => ({ kind: 'entryItem', entry: 'cost', id: store.model!.cost_estimate[0]!.id, list: 'indexing', period, value, valueType: 'Procentueel' }) as const;
    expect(store.applyEdits([rate('PER_05', 2), rate('PER_06', 3)])).toBeNull();
    expect(store.setPeriodParameter('phasing_period', 'Annual')).toBeNull();
    expect(store.model!.cost_estimate[0]!.indexing.indexing_items).toEqual([{ period: 'PER_02', value_type: 'Procentueel', value: 2 }]);
    expect(toasts).toEqual(['Perioden aangepast: 1 eigen indexwaarde viel in dezelfde periode als een eerdere en is vervallen. EW € -105.874,02 → € -106.120,80. Ongedaan maken (Ctrl+Z) zet ze terug.']);
    store.undo();
    expect(store.model!.cost_estimate[0]!.indexing.indexing_items.map((i) => i.value)).toEqual([2, 3]);
  });

  it('Kwartalen → Jaarlijks → Kwartalen says what was merged and moved, with EW before → after, and Ctrl+Z restores (issue 35.4)', async () => {
    const { store, toasts } = setup();
    await store.load();
    expect(store.setPeriodParameter('phasing_period', 'Quarterly')).toBeNull();
    toasts.length = 0;
    // 2025's € 500.000 spread over its four quarters (PER_05 … PER_08)
    const quarter = (period: string, value: number | null) => ({ kind: 'entryItem', entry: 'cost', id: 1, list: 'phasing', period, value, valueType: 'Financeel' }) as const;
    expect(store.applyEdits([quarter('PER_05', 125_000), quarter('PER_06', 125_000), quarter('PER_07', 125_000), quarter('PER_08', 125_000)])).toBeNull();
    const spread = store.model!.cost_estimate[0]!.phasing.phasing_items;
    const ewQuarters = store.results!.ew;
    expect(store.setPeriodParameter('phasing_period', 'Annual')).toBeNull();
    expect(store.model!.cost_estimate[0]!.phasing.phasing_items).toEqual([{ period: 'PER_01', value_type: 'Financeel', value: 500_000 }, { period: 'PER_02', value_type: 'Financeel', value: 500_000 }]);
    const ewAnnual = store.results!.ew;
    expect(toasts).toEqual([`Perioden aangepast: 4 periodewaarden vielen samen in 1 nieuwe periode en zijn daar opgeteld. EW ${formatMoney(ewQuarters)} → ${formatMoney(ewAnnual)}. Ongedaan maken (Ctrl+Z) zet ze terug.`]);
    expect(store.setPeriodParameter('phasing_period', 'Quarterly')).toBeNull();
    expect(store.model!.cost_estimate[0]!.phasing.phasing_items.map((i) => i.period)).toEqual(['PER_01', 'PER_05']);
    expect(toasts[1]).toMatch(/^Perioden aangepast: \d+ periodewaarden besloegen meer dan één nieuwe periode en staan nu geheel in de eerste daarvan\. EW .* → .*\. Ongedaan maken \(Ctrl\+Z\) zet ze terug\.$/);
    store.undo();
    store.undo();
    expect(store.model!.cost_estimate[0]!.phasing.phasing_items).toEqual(spread);
    expect(store.results!.ew).toBeCloseTo(ewQuarters, 6);
  });

  it('removing a row that a formula reads turns the formula into its value, and says so (one undo step)', async () => {
    const { store, toasts } = setup();
    await store.load();
    expect(store.insertEntry('cost', 1, 'Plankosten')).toBeNull();
    const [first, second] = store.model!.cost_estimate;
    expect(store.applyEdits([{ kind: 'formula', entry: 'cost', id: second!.id, field: 'price', text: `=[cost:${first!.id}:price]/10` }])).toBeNull();
    expect(store.model!.cost_estimate[1]!.estimate.price).toBe(100_000);
    expect(store.deleteEntries('cost', [first!.id])).toBeNull();
    expect(store.model!.cost_estimate.map((e) => [e.label, e.estimate.price, e.formulas])).toEqual([['Plankosten', 100_000, undefined]]);
    expect(toasts).toEqual(['1 formule verwees naar een verwijderde rij en is nu een vaste waarde. Ongedaan maken (Ctrl+Z) zet ze terug.']);
    store.undo();
    expect(store.model!.cost_estimate[1]!.formulas).toEqual({ price: `=[cost:${first!.id}:price]/10` });
    // a row whose own formula goes with it is no news
    toasts.length = 0;
    expect(store.deleteEntries('cost', [second!.id])).toBeNull();
    expect(toasts).toEqual([]);
  });

  it('a refused date edit changes nothing and reports the problems', async () => {
    const { store } = setup();
    await store.load();
    const problems = await store.applyEdits([{ kind: 'parameter', field: 'phasing_net_present_value_date', value: '2030-01-01' }]);
    expect(problems?.length).toBeGreaterThan(0);
    expect(store.dirty).toBe(false);
    expect(store.model!.base_parameters.phasing_net_present_value_date).toBe('2024-01-01');
  });

  it('saves: the flag resets, data_version moves, the success toast shows', async () => {
    const { store, server, toasts } = setup();
    await store.load();
    store.applyEdits([{ kind: 'entryField', entry: 'cost', id: 1, field: 'amount', value: 2 }]);
    expect(await store.save()).toBe(true);
    expect(store.dirty).toBe(false);
    expect(store.dataVersion).toBe(4);
    expect(server.data.cost_estimate[0]!.estimate.amount).toBe(2);
    expect(toasts).toContain(MSG.saved);
  });

  it('a save is written through a Submission: a second save while the first is under way is refused and sends nothing (issue 33)', async () => {
    const { store, server, toasts } = setup();
    await store.load();
    store.applyEdits([{ kind: 'entryField', entry: 'cost', id: 1, field: 'amount', value: 2 }]);
    let answer!: () => void;
    const save = server.save.bind(server);
    server.save = (id, data, v) => new Promise<void>((resolve) => (answer = resolve)).then(() => save(id, data, v));
    const first = store.save();
    expect(store.saving).toBe(true);
    expect(await store.save()).toBe(false);
    answer();
    expect(await first).toBe(true);
    expect(store.saving).toBe(false);
    expect(server.saves).toBe(1);
    expect(toasts).toEqual([MSG.saved]);
  });

  it("a save the server refuses keeps the user's work on screen and names the first problem's entry and field message (issue 24)", async () => {
    const server = new FakeServer();
    server.data = JSON.parse(readFileSync(new URL('../formulas/examples/full-exploitation.model.json', import.meta.url), 'utf8')) as ModelData;
    const { store, toasts } = setup(server);
    await store.load();
    expect(store.applyEdits([{ kind: 'entryField', entry: 'non_residential', id: 1, field: 'unit_price', value: 160 }])).toBeNull();
    const ew = store.results!.ew;
    const errors = [{ path: 'non_residential_construction[0].price_per_square_meter_data.square_meters', message: 'Het aantal m² kan niet negatief zijn.' }];
    server.save = async () => {
      throw new ResponseError(400, MSG.invalid, { message: MSG.invalid, errors });
    };
    expect(await store.save()).toBe(false);
    expect(toasts).toEqual([MSG.invalid, "Niet-Woningbouw, post 'Bedrijfskavels': Het aantal m² kan niet negatief zijn."]);
    expect(store.dirty).toBe(true);
    expect(store.model!.non_residential_construction![0]!.price_per_square_meter_data!.unit_price).toBe(160);
    expect(store.results!.ew).toBe(ew);
    expect(store.canUndo).toBe(true);
  });

  it('a stale save opens the conflict question; 400 and other errors give the spec toasts', async () => {
    const { store, server, toasts } = setup();
    await store.load();
    store.applyEdits([{ kind: 'entryField', entry: 'cost', id: 1, field: 'amount', value: 2 }]);
    server.version = 9;
    expect(await store.save()).toBe(false);
    expect(store.conflictOpen).toBe(true);
    expect(store.dirty).toBe(true);
    server.fail = 400;
    await store.save();
    expect(toasts).toContain(MSG.invalid);
    server.fail = 500;
    await store.save();
    expect(toasts).toContain(MSG.saveFailed);
    server.fail = null;
    await store.reloadFromServer();
    expect(store.dirty).toBe(false);
    expect(store.dataVersion).toBe(9);
  });

  it('an incomplete space-usage row blocks save with the spec message, the engine keeps calculating', async () => {
    const { store, toasts, server } = setup();
    await store.load();
    store.setSpace([...store.space, { id: 2, label: 'Groen', value: null, location: 'public_space_green' }]);
    expect(store.dirty).toBe(true);
    expect(await store.save()).toBe(false);
    expect(toasts).toContain(MSG.space);
    expect(server.saves).toBe(0);
    store.setSpace(store.space.map((r) => (r.id === 2 ? { ...r, value: 100 } : r)));
    expect(store.results!.spaceUsage.publicSpace).toBe(100);
    expect(await store.save()).toBe(true);
    expect(server.data.base_parameters.space_usage).toHaveLength(2);
    store.undo();
    expect(store.space.find((r) => r.id === 2)!.value).toBeNull();
  });

  it("'Overnemen uit kaart' shows model, map and difference per location, and takes the map's m² over as one undo step", async () => {
    const server = new FakeServer();
    server.hasMapData = true;
    server.totals = { net_area_marketable_residential: 6200.5, public_space_green: 800 };
    const { store, toasts } = setup(server);
    await store.load();
    expect(store.mapTakeoverBlocked).toBeNull();
    const before = store.workingCopy();
    const undoDepth = store.undoStack.length;

    await store.startMapTakeover();
    expect(server.totalsAsked).toEqual([2]); // the model's version
    expect(store.mapTakeover).toEqual({
      step: 'confirm', totals: server.totals,
      diff: [
        { location: 'public_space_green', model: 0, map: 800, difference: 800 },
        { location: 'net_area_marketable_residential', model: 5000, map: 6200.5, difference: 1200.5 },
      ],
      gross: null,
    });
    expect(store.dirty).toBe(false); // nothing changes before the confirmation

    store.confirmMapTakeover();
    expect(store.mapTakeover).toEqual({ step: 'closed' });
    expect(toasts).toContain(MSG.mapTaken);
    expect(store.dirty).toBe(true);
    expect(store.undoStack.length).toBe(undoDepth + 1);
    expect(store.space).toEqual([
      { id: 1, label: 'Woningbouw uitgeefbaar', value: 6200.5, location: 'net_area_marketable_residential' },
      { id: 2, label: 'Openbare ruimte groen', value: 800, location: 'public_space_green' },
    ]);
    expect(store.results!.spaceUsage.marketable).toBe(6200.5);
    expect(store.results!.spaceUsage.publicSpace).toBe(800);

    store.undo(); // one step restores everything
    expect(store.workingCopy()).toEqual(before);
    expect(store.results!.spaceUsage.marketable).toBe(5000);
    store.redo();
    expect(store.results!.spaceUsage.publicSpace).toBe(800);
    expect(await store.save()).toBe(true);
    expect(server.data.base_parameters.space_usage).toHaveLength(2);

    // Cancelled: nothing changes.
    await store.startMapTakeover();
    store.cancelMapTakeover();
    expect(store.mapTakeover).toEqual({ step: 'closed' });
    expect(store.dirty).toBe(false);
  });

  it("'Overnemen uit kaart' takes the drawn version region over as the gross area (issue 23): the space-usage check follows it", async () => {
    const server = new FakeServer();
    server.hasMapData = true;
    server.totals = { net_area_marketable_residential: 6200.5, public_space_green: 800 };
    server.region = 7000.5;
    const { store } = setup(server);
    await store.load();
    const grossBefore = store.results!.spaceUsage.gross;
    expect(grossBefore).toBe(store.results!.spaceUsage.mainStructure); // nothing taken over: the main structure
    await store.startMapTakeover();
    expect(store.mapTakeover).toMatchObject({ step: 'confirm', gross: { model: grossBefore, map: 7000.5 } });
    store.confirmMapTakeover();
    expect(store.results!.spaceUsage.gross).toBe(7000.5);
    expect(store.results!.spaceUsage.difference).toBeCloseTo(6200.5 + 800 + store.results!.spaceUsage.excluded - 7000.5, 6);
    expect(store.workingCopy().base_parameters.gross_area).toBe(7000.5);
    store.undo();
    expect(store.results!.spaceUsage.gross).toBe(grossBefore);
    store.redo();
    expect(await store.save()).toBe(true);
    expect(server.data.base_parameters.gross_area).toBe(7000.5);
  });

  it("'Overnemen uit kaart' with only a drawn version region (no feature areas) takes the gross area over and leaves the rows (issue 23)", async () => {
    const server = new FakeServer();
    server.region = 7000.5; // no feature areas: hasMapData false, totals {}
    const { store } = setup(server);
    await store.load();
    expect(store.mapTakeoverBlocked).toBeNull();
    const rows = structuredClone(store.workingCopy().base_parameters.space_usage);
    await store.startMapTakeover();
    expect(store.mapTakeover).toMatchObject({ step: 'confirm', diff: [], gross: { map: 7000.5 } });
    store.confirmMapTakeover();
    expect(store.results!.spaceUsage.gross).toBe(7000.5);
    expect(store.workingCopy().base_parameters.space_usage).toEqual(rows);
    store.undo();
    expect(store.workingCopy().base_parameters.gross_area ?? null).toBeNull();
  });

  it("'Overnemen uit kaart' is blocked without map data, for readers, and tells when the map cannot be read", async () => {
    const server = new FakeServer();
    const { store, toasts } = setup(server);
    await store.load();
    expect(store.mapTakeoverBlocked).toBe(MSG.noMapData);
    await store.startMapTakeover();
    expect(server.totalsAsked).toEqual([]);

    server.hasMapData = true;
    await store.load();
    server.totals = {}; // the feature areas went since the model was loaded
    await store.startMapTakeover();
    expect(store.mapTakeover).toEqual({ step: 'closed' });
    expect(toasts).toContain(MSG.mapEmpty);
    server.totals = Object.assign(new Error('Response returned an error code'), { status: 404 });
    await store.startMapTakeover();
    expect(store.mapTakeover).toEqual({ step: 'closed' });
    expect(toasts).toContain(MSG.mapLoadFailed);
    expect(store.dirty).toBe(false);

    const reader = new FakeServer();
    reader.hasMapData = true;
    reader.meta = () => ({ ...FakeServer.prototype.meta.call(reader), can_edit: false, read_only_reason: 'role' });
    const ro = setup(reader).store;
    await ro.load();
    expect(ro.mapTakeoverBlocked).toBe('Alleen lezen.');
  });

  it('structural changes (add an entry) are one undo step', async () => {
    const { store } = setup();
    await store.load();
    store.replaceModel((m) => {
      const e = structuredClone(m.cost_estimate[0]!);
      e.id = 2;
      e.label = 'Sloop';
      m.cost_estimate.push(e);
    });
    expect(store.results!.entries.cost!).toHaveLength(2);
    store.undo();
    expect(store.results!.entries.cost!).toHaveLength(1);
  });

  it('keeps the working copy while unsaved and offers it back after a killed tab', async () => {
    const storage = memoryStorage();
    const server = new FakeServer();
    const a = setup(server, storage).store;
    await a.load();
    a.applyEdits([{ kind: 'entryField', entry: 'cost', id: 1, field: 'price', value: 1_500_000 }]);
    a.writeBackup();
    expect(storage.map.size).toBe(1);
    // The tab dies; a new one opens the model.
    const b = setup(server, storage).store;
    await b.load();
    expect(b.restoreOffer).not.toBeNull();
    expect(b.restoreBackup()).toBe(true);
    expect(b.model!.cost_estimate[0]!.estimate.price).toBe(1_500_000);
    expect(b.dirty).toBe(true);
    expect(await b.save()).toBe(true);
    expect(storage.map.size).toBe(0);
    const c = setup(server, storage).store;
    await c.load();
    expect(c.restoreOffer).toBeNull();
  });

  describe('first paint from the stored results (issue 26)', () => {
    /** The server's stored results of the loaded data, for the save `dataVersion`, as JSON. */
    const storedOf = (data: ModelData, dataVersion: number): StoredToolResults => {
      const { tool } = JSON.parse(JSON.stringify(onlineModelResults(data))) as ReturnType<typeof onlineModelResults>;
      return { data_version: dataVersion, format: tool!.format, results: tool!.results };
    };
    /** Holds the engine's build (the e2e hook) until `release` is called. */
    function holdEngine() {
      let release!: () => void;
      const g = globalThis as { __grondslagHoldEngine?: Promise<unknown> };
      g.__grondslagHoldEngine = new Promise<void>((r) => (release = r));
      return () => {
        delete g.__grondslagHoldEngine;
        release();
      };
    }

    it('shows the stored results of the loaded save while the engine is built, and the engine agrees afterwards', async () => {
      const server = new FakeServer();
      server.stored = storedOf(server.data, server.version);
      const { store } = setup(server);
      const release = holdEngine();
      const loading = store.load();
      await new Promise((r) => setTimeout(r, 20));
      expect(store.engine).toBeNull();
      expect(store.status).toBe('ready');
      const shown = JSON.parse(JSON.stringify(store.results));
      expect(shown.ew).toBeCloseTo(-106120.8, 2);
      release();
      await loading;
      expect(store.engine).not.toBeNull();
      expect(store.results!.ew).toBe(shown.ew);
      expect(store.results!.ncw).toBe(shown.ncw);
      expect(store.results!.entries.cost!.map((e) => [e.id, e.estimate, e.amountAtNcw, e.residualToPhase]))
        .toEqual(shown.entries.cost!.map((e: { id: number; estimate: number; amountAtNcw: number; residualToPhase: number }) => [e.id, e.estimate, e.amountAtNcw, e.residualToPhase]));
    });

    it('never shows stored results of another save, nor of a format it does not read', async () => {
      for (const stored of [{ ...storedOf(example, 2) }, { ...storedOf(example, 3), format: 99 }]) {
        const server = new FakeServer();
        server.stored = stored;
        const { store } = setup(server);
        const release = holdEngine();
        const loading = store.load();
        await new Promise((r) => setTimeout(r, 20));
        expect(store.status).toBe('ready');
        expect(store.results).toBeNull();
        release();
        await loading;
        expect(store.results!.ew).toBeCloseTo(-106120.8, 2);
      }
    });

    it('a change made while the engine is built waits for it and is applied then, in order; a refused one answers its problems then', async () => {
      const server = new FakeServer();
      server.stored = storedOf(server.data, server.version);
      const { store, toasts } = setup(server);
      const release = holdEngine();
      const loading = store.load();
      await new Promise((r) => setTimeout(r, 20));
      const estimate = store.results!.entries.cost!.find((e) => e.id === 1)!.estimate;
      const first = store.applyEdits([{ kind: 'entryField', entry: 'cost', id: 1, field: 'price', value: 2_000_000 }]);
      const second = store.applyEdits([{ kind: 'entryField', entry: 'cost', id: 1, field: 'price', value: 3_000_000 }]);
      const refused = store.applyEdits([{ kind: 'parameter', field: 'phasing_net_present_value_date', value: '2030-01-01' }]);
      expect([first, second, refused].every((a) => a instanceof Promise)).toBe(true);
      expect(store.dirty).toBe(false);
      release();
      await loading;
      expect(await first).toBeNull();
      expect(await second).toBeNull();
      expect(await refused).toEqual(store.lastProblems);
      expect(store.model!.cost_estimate.find((e) => e.id === 1)!.estimate.price).toBe(3_000_000);
      expect(store.results!.entries.cost!.find((e) => e.id === 1)!.estimate).not.toBe(estimate);
      expect(store.dirty).toBe(true);
      expect(store.undoStack).toHaveLength(2);
      expect(store.model!.base_parameters.phasing_net_present_value_date).toBe('2024-01-01');
      expect(store.lastProblems.length).toBeGreaterThan(0);
      // The store says nothing itself: the field or grid that made the change says it, as at once.
      expect(toasts).toEqual([]);
    });
  });
});
