import { doublePrecision, integer, jsonb, pgTable } from 'drizzle-orm/pg-core';
import { stamp } from './columns.ts';
import { appUser, client, subregion } from './tenancy.ts';

// Outlines of the configuration (issue 14, spec 2): GeoJSON geometry in WGS84 as the contract's
// AreaGeometry, and its area in m² as the server computed it (src/lib/geo.ts). The version's region and
// feature areas are `version_region` and `feature_area` (jobs.ts). No row = no outline.

/** The outline of a subregion (Deelgebied). */
export const subregionOutline = pgTable('subregion_outline', {
  subregionId: integer().primaryKey().references(() => subregion.id, { onDelete: 'cascade' }),
  geometry: jsonb().notNull(),
  areaM2: doublePrecision('area_m2').notNull(),
  updatedAt: stamp(),
  updatedBy: integer().references(() => appUser.id, { onDelete: 'set null' }),
});

/** The outline of the client's region (Klantgebied). */
export const clientRegion = pgTable('client_region', {
  clientId: integer().primaryKey().references(() => client.id, { onDelete: 'cascade' }),
  geometry: jsonb().notNull(),
  areaM2: doublePrecision('area_m2').notNull(),
  updatedAt: stamp(),
  updatedBy: integer().references(() => appUser.id, { onDelete: 'set null' }),
});
