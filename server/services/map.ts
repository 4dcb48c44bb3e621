import { asc, eq, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { AppContext, UserRow } from '../context.ts';
import type { DbOrTx } from '../db/index.ts';
import { clientRegion, featureArea, subregionOutline, versionRegion } from '../db/schema/index.ts';
import { HttpError } from '../errors.ts';
import { assertCanEditConfigurationOutline, assertCanReadConfigurationOutline } from '../policies/map.ts';
import { readableRoleSql, requireRead } from '../policies/projects.ts';
import { command, type Command } from './command.ts';
import { cachedAnswer } from './answerCache.ts';
import { capabilityKey } from '../policies/capabilities.ts';
import { ownSubregion } from './configuration.ts';
import { editableVersion } from './editAccess.ts';
import { clientRegionOutlineUri, mapViewerOf, overviewUri } from './mapviewerUris.ts';
import { versionAccess } from './projectRows.ts';
import { stampOf, touch } from './projectTree.ts';
import { MAX_VERTICES, checkOutline, vertexCount } from '../../src/lib/geo.ts';
import { MAP_MESSAGES } from '../../src/lib/mapMessages.ts';
import type {
  AreaGeometry, FeatureAreasAnswer, FeatureAreasBody, OutlineAnswer, OutlineFeature, OverviewRegions,
} from '../../src/api/contract/map.ts';
import type { SpaceUsageLocation } from '../../src/model/modelData.ts';

// The map data (issue 14, docs/map.md): a version's region and feature areas, a subregion's outline and
// the client region. Geometry in WGS84 as the contract's AreaGeometry; the rules and the area (m², RD
// New) are src/lib/geo.ts', computed here on every save: an area from the browser is never trusted.

/** The outline's first broken rule as a 400, else its area in m². */
function checkedArea(g: AreaGeometry, inFeature?: string): number {
  const checked = checkOutline(g);
  if ('area' in checked) return checked.area;
  throw new HttpError(400, inFeature === undefined ? checked.problem : MAP_MESSAGES.inFeature(inFeature, checked.problem));
}

type StoredOutline = { geometry: unknown; areaM2: number } | undefined;
const outlineOut = (row: StoredOutline): OutlineAnswer =>
  row ? { type: 'Feature', geometry: row.geometry as AreaGeometry, properties: { area_m2: row.areaM2 } } : null;

type OutlineTable = typeof versionRegion | typeof subregionOutline | typeof clientRegion;

/**
 * Replaces, or with null removes, the one outline row of its owner: `key` is the row's key column and
 * value (the version, subregion or client). The three tables have the same outline columns; drizzle
 * cannot type an insert into a union of tables, hence the one cast.
 */
async function saveOutline(
  c: Command, table: OutlineTable, key: { column: PgColumn; value: Record<string, number> },
  feature: OutlineFeature | null, user: UserRow,
): Promise<OutlineAnswer> {
  await c.tx.delete(table).where(eq(key.column, Object.values(key.value)[0]));
  if (!feature) return null;
  const area = checkedArea(feature.geometry);
  const row = { ...key.value, geometry: feature.geometry, areaM2: area, updatedAt: c.now, updatedBy: user.id };
  await c.tx.insert(table).values(row as typeof versionRegion.$inferInsert);
  return outlineOut({ geometry: feature.geometry, areaM2: area });
}

// ---------- version region ----------

async function readableVersion(db: DbOrTx, user: UserRow, id: number) {
  const access = await versionAccess(db, user, id);
  requireRead(access?.role);
  return access!;
}

export async function getVersionRegion(ctx: AppContext, user: UserRow, id: number): Promise<OutlineAnswer> {
  await readableVersion(ctx.db, user, id);
  const [row] = await ctx.db.select().from(versionRegion).where(eq(versionRegion.versionId, id));
  return outlineOut(row);
}

export const putVersionRegion = (ctx: AppContext, user: UserRow, id: number, body: OutlineFeature | null, ip: string) =>
  command(ctx, { user, ip }, async (c) => {
    const access = await editableVersion(c, user, id);
    const answer = await saveOutline(c, versionRegion, { column: versionRegion.versionId, value: { versionId: id } }, body, user);
    await touch(c.tx, stampOf(c, user), { projectId: access.projectId, versionId: id });
    await c.audit(`Gebied van versie '${access.versionName}' in project '${access.name}' ${answer ? 'opgeslagen' : 'verwijderd'}`);
    return answer;
  });

// ---------- feature areas ----------

async function featureAreas(db: DbOrTx, versionId: number): Promise<FeatureAreasAnswer> {
  const rows = await db.select().from(featureArea).where(eq(featureArea.versionId, versionId)).orderBy(asc(featureArea.id));
  const totals: Partial<Record<SpaceUsageLocation, number>> = {};
  for (const r of rows) totals[r.function] = (totals[r.function] ?? 0) + r.areaM2;
  return {
    type: 'FeatureCollection',
    features: rows.map((r) => ({
      type: 'Feature', id: r.id, geometry: r.geometry as AreaGeometry,
      properties: { name: r.name, function: r.function, area_m2: r.areaM2 },
    })),
    totals,
  };
}

export async function getFeatureAreas(ctx: AppContext, user: UserRow, id: number): Promise<FeatureAreasAnswer> {
  await readableVersion(ctx.db, user, id);
  return featureAreas(ctx.db, id);
}

/** Replaces all of the version's feature areas; at most MAX_VERTICES corners in all of them together. */
export const putFeatureAreas = (ctx: AppContext, user: UserRow, id: number, body: FeatureAreasBody, ip: string) =>
  command(ctx, { user, ip }, async (c) => {
    const access = await editableVersion(c, user, id);
    const corners = body.features.reduce((n, f) => n + vertexCount(f.geometry), 0);
    if (corners > MAX_VERTICES) throw new HttpError(400, MAP_MESSAGES.tooManyVertices(corners, MAX_VERTICES));
    const rows = body.features.map((f) => ({
      versionId: id, name: f.properties.name, function: f.properties.function, geometry: f.geometry,
      areaM2: checkedArea(f.geometry, f.properties.name), updatedAt: c.now,
    }));
    await c.tx.delete(featureArea).where(eq(featureArea.versionId, id));
    if (rows.length) await c.tx.insert(featureArea).values(rows);
    await touch(c.tx, stampOf(c, user), { projectId: access.projectId, versionId: id });
    await c.audit(`Functiegebieden van versie '${access.versionName}' in project '${access.name}' opgeslagen (${rows.length})`);
    return featureAreas(c.tx, id);
  });

// ---------- subregion outline ----------

export async function getSubregionOutline(ctx: AppContext, user: UserRow, id: number): Promise<OutlineAnswer> {
  assertCanReadConfigurationOutline(user);
  const s = await ownSubregion(ctx.db, user, id);
  const [row] = await ctx.db.select().from(subregionOutline).where(eq(subregionOutline.subregionId, s.id));
  return outlineOut(row);
}

export const putSubregionOutline = (ctx: AppContext, user: UserRow, id: number, body: OutlineFeature | null, ip: string) => {
  assertCanEditConfigurationOutline(user);
  return command(ctx, { user, ip }, async (c) => {
    const s = await ownSubregion(c.tx, user, id);
    const answer = await saveOutline(c, subregionOutline, { column: subregionOutline.subregionId, value: { subregionId: s.id } }, body, user);
    await c.audit(`Gebied van deelgebied '${s.description}' ${answer ? 'opgeslagen' : 'verwijderd'}`);
    return answer;
  });
};

// ---------- client region ----------

export async function getClientRegionOutline(ctx: AppContext, user: UserRow): Promise<OutlineAnswer> {
  assertCanReadConfigurationOutline(user);
  const [row] = await ctx.db.select().from(clientRegion).where(eq(clientRegion.clientId, user.clientId));
  return outlineOut(row);
}

export const putClientRegionOutline = (ctx: AppContext, user: UserRow, body: OutlineFeature | null, ip: string) => {
  assertCanEditConfigurationOutline(user);
  return command(ctx, { user, ip }, async (c) => {
    const answer = await saveOutline(c, clientRegion, { column: clientRegion.clientId, value: { clientId: user.clientId } }, body, user);
    await c.audit(`Klantgebied ${answer ? 'opgeslagen' : 'verwijderd'}`);
    return answer;
  });
};

/** GET mapviewer/client_region/ (spec 1 §7). */
export async function clientRegionAddress(ctx: AppContext, user: UserRow) {
  assertCanReadConfigurationOutline(user);
  return { outline_uri: clientRegionOutlineUri(user, await mapViewerOf(ctx.db, user.clientId)) };
}

/** GET mapviewer/overview/ (spec 1 §7). */
export async function overviewAddress(ctx: AppContext, user: UserRow) {
  assertCanReadConfigurationOutline(user);
  return { viewer_uri: overviewUri(await mapViewerOf(ctx.db, user.clientId)) };
}

// ---------- overview ----------

/** Overview positions to 6 decimals (~0,1 m): plenty to draw, and the answer for 2,000 projects half as long. */
const round6 = (x: number) => Math.round(x * 1e6) / 1e6;
const rounded = (g: AreaGeometry): AreaGeometry => (g.type === 'Polygon'
  ? { type: 'Polygon', coordinates: g.coordinates.map((r) => r.map((p) => [round6(p[0]), round6(p[1])])) }
  : { type: 'MultiPolygon', coordinates: g.coordinates.map((rings) => rings.map((r) => r.map((p) => [round6(p[0]), round6(p[1])]))) });

/**
 * GET mapviewer/overview/regions/: per project the caller reads (hidden ones too, as the overview has no
 * filter) the region of its most recently changed version that has one; one query, the JSON text cached
 * at the client's data revision (version_region raises it, server/db/revision.ts) like the project list.
 */
export const overviewRegions = (ctx: AppContext, user: UserRow, revision: number) =>
  cachedAnswer(ctx.db, `overview:${capabilityKey(user)}`, revision, async () => JSON.stringify(await overviewRegionRows(ctx.db, user)));

async function overviewRegionRows(db: DbOrTx, user: UserRow): Promise<OverviewRegions> {
  const { rows } = await db.execute<{
    project_id: number; project_name: string; type_project: number; type_project_name: string;
    version_id: number; version_name: string; geometry: AreaGeometry; area_m2: number;
  }>(sql`
    SELECT DISTINCT ON (p.id) p.id AS project_id, p.name AS project_name, p.type_project_id AS type_project,
      tp.description AS type_project_name, v.id AS version_id, v.name AS version_name, r.geometry, r.area_m2
    FROM project p
    JOIN project_role pr ON pr.project_id = p.id AND pr.user_id = ${user.id} AND ${readableRoleSql(sql`pr.role`)}
    JOIN type_project tp ON tp.id = p.type_project_id
    JOIN version_model v ON v.project_id = p.id
    JOIN version_region r ON r.version_id = v.id
    WHERE p.client_id = ${user.clientId}
    ORDER BY p.id, v.timestamp_last_modified DESC, v.id DESC`);
  return {
    type: 'FeatureCollection',
    features: rows.map((r) => ({
      type: 'Feature', id: r.project_id, geometry: rounded(r.geometry),
      properties: {
        project_id: r.project_id, project_name: r.project_name, type_project: r.type_project, type_project_name: r.type_project_name,
        version_id: r.version_id, version_name: r.version_name, area_m2: r.area_m2,
      },
    })),
  };
}
