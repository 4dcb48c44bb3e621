import { z } from 'zod';
import { HttpError } from '../errors.ts';
import { toCsv, type CsvDialect } from './csv.ts';
import { escapeXml } from '../../src/lib/xml.ts';
import { roundCents } from '../../src/lib/money.ts';
import {
  Money, type ReportData, reportModelColumns, reportModelRow, reportPeriodColumns, reportPeriodRow,
} from '../../src/api/contract/reportData.ts';
import type { ODataQuery } from '../../src/api/contract/biLink.ts';
import { perSections } from '../../src/model/sections.ts';

// The formats of a BI link's feed (docs/bi-links.md): the rows of reportData, money in cents, as CSV (RFC
// 4180 or Dutch Excel's) and as an OData v4 service (CSDL $metadata, service document, the entity sets
// Rekenmodellen and Perioden with $select, $top, $skip, $count; $filter and $orderby in ./biQuery.ts).
// The entity types are read from the zod schemas of the data contract, so a column added there appears
// in all formats, and in the queries, at once.

// ------------------------------------------------------------------------------------- rows, CSV

/** The rows as the feed serves them: every money column (the contract's `Money`) rounded to cents. */
export function onWire(data: ReportData): ReportData {
  const out: Record<string, object[]> = { ...data };
  for (const def of entitySets()) {
    const money = def.properties.filter((p) => p.type === 'Edm.Decimal').map((p) => p.name);
    out[def.data] = data[def.data].map((r) => {
      const row: Record<string, unknown> = { ...r };
      for (const k of money) if (typeof row[k] === 'number') row[k] = roundCents(row[k]);
      return row;
    });
  }
  return out as ReportData;
}

export const csvOf = (data: ReportData, set: 'rekenmodellen' | 'perioden', dialect: CsvDialect) =>
  set === 'perioden' ? toCsv(reportPeriodColumns(), data.perioden, dialect) : toCsv(reportModelColumns(), data.rekenmodellen, dialect);

// -------------------------------------------------------------------------------------- OData model

export const ODATA_NAMESPACE = 'Grondslag';
export const ODATA_JSON = 'application/json;odata.metadata=minimal;odata.streaming=true;IEEE754Compatible=false;charset=utf-8';
export const ODATA_XML = 'application/xml;charset=utf-8';

export type EdmType = 'Edm.Int32' | 'Edm.Double' | 'Edm.Decimal' | 'Edm.String' | 'Edm.Date' | 'Edm.DateTimeOffset';
/** Cents: the Scale of every Edm.Decimal (money) property. */
const MONEY_SCALE = 2;

/**
 * The columns that are dates: yyyy-mm-dd (Edm.Date) and the ISO instant of the last change
 * (Edm.DateTimeOffset). The contract types them as strings; everything else follows from its schema.
 */
const TEMPORAL: Record<string, EdmType> = {
  startdatum: 'Edm.Date', einddatum: 'Edm.Date', ncw_datum: 'Edm.Date', laatst_gewijzigd: 'Edm.DateTimeOffset',
};

export interface EdmProperty { name: string; type: EdmType; nullable: boolean; scale?: number }
export interface EntitySetDef {
  set: 'Rekenmodellen' | 'Perioden';
  /** Its rows in ReportData. */
  data: keyof ReportData;
  type: string;
  key: string[];
  properties: EdmProperty[];
}

function propertiesOf(shape: Record<string, z.ZodType>): EdmProperty[] {
  return Object.entries(shape).map(([name, schema]) => {
    const nullable = schema instanceof z.ZodNullable;
    const inner = nullable ? (schema as z.ZodNullable<z.ZodType>).unwrap() : schema;
    if (inner === Money) return { name, type: 'Edm.Decimal', nullable, scale: MONEY_SCALE };
    let type: EdmType = 'Edm.String';
    if (inner instanceof z.ZodNumber) type = inner.isInt ? 'Edm.Int32' : 'Edm.Double';
    else if (TEMPORAL[name]) type = TEMPORAL[name];
    else if (!(inner instanceof z.ZodString || inner instanceof z.ZodEnum)) throw new Error(`Geen Edm-type voor kolom ${name}`);
    return { name, type, nullable };
  });
}

/** The two entity sets: their type, key and properties, in the contract's column order (again when a section is added). */
export const entitySets = perSections((): readonly EntitySetDef[] => [
  { set: 'Rekenmodellen', data: 'rekenmodellen', type: 'Rekenmodel', key: ['rekenmodel_id'], properties: propertiesOf(reportModelRow().shape) },
  { set: 'Perioden', data: 'perioden', type: 'Periode', key: ['rekenmodel_id', 'periode'], properties: propertiesOf(reportPeriodRow().shape) },
]);

/** The CSDL document ($metadata): one schema with both entity types and the container. */
export function metadataXml(): string {
  const types = entitySets().map((e) => [
    `    <EntityType Name="${e.type}">`,
    `      <Key>${e.key.map((k) => `<PropertyRef Name="${k}"/>`).join('')}</Key>`,
    ...e.properties.map((p) => `      <Property Name="${escapeXml(p.name)}" Type="${p.type}" Nullable="${p.nullable}"${p.scale === undefined ? '' : ` Scale="${p.scale}"`}/>`),
    '    </EntityType>',
  ].join('\n'));
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<edmx:Edmx Version="4.0" xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx">',
    '  <edmx:DataServices>',
    `  <Schema Namespace="${ODATA_NAMESPACE}" xmlns="http://docs.oasis-open.org/odata/ns/edm">`,
    ...types,
    `    <EntityContainer Name="${ODATA_NAMESPACE}">`,
    ...entitySets().map((e) => `      <EntitySet Name="${e.set}" EntityType="${ODATA_NAMESPACE}.${e.type}"/>`),
    '    </EntityContainer>',
    '  </Schema>',
    '  </edmx:DataServices>',
    '</edmx:Edmx>',
    '',
  ].join('\n');
}

/** The service document at the service root. */
export const serviceDocument = (root: string) => ({
  '@odata.context': `${root}$metadata`,
  value: entitySets().map((e) => ({ name: e.set, kind: 'EntitySet', url: e.set })),
});

// ------------------------------------------------------------------------------------ query options

/** System query options OData defines that this service does not implement: 501, never ignored. */
const UNSUPPORTED = new Set(['$expand', '$search', '$apply', '$compute', '$levels', '$skiptoken', '$deltatoken', '$index', '$schemaversion', '$id']);

/** An OData error answer: `{ error: { code, message } }` (the OData JSON format's error body). */
export class ODataError extends HttpError {}

/** The chosen properties of $select (all when absent or `*`); an unknown name → 400. */
function selected(def: EntitySetDef, select: string | undefined): EdmProperty[] | null {
  if (select === undefined || select.trim() === '*') return null;
  const names = select.split(',').map((s) => s.trim()).filter(Boolean);
  if (!names.length) throw new ODataError(400, '$select noemt geen eigenschap.');
  const byName = new Map(def.properties.map((p) => [p.name, p]));
  const unknown = names.filter((n) => !byName.has(n));
  if (unknown.length) throw new ODataError(400, `Onbekende eigenschap in $select: ${unknown.join(', ')}.`);
  // In declared order, each once.
  const chosen = new Set(names);
  return def.properties.filter((p) => chosen.has(p.name));
}

/** Refuses the options the service does not serve before any data is read. */
export function checkQueryOptions(query: ODataQuery): void {
  for (const key of Object.keys(query)) {
    if (!key.startsWith('$')) continue; // custom query options are allowed and ignored (OData 4.0 §5.2)
    if (UNSUPPORTED.has(key)) throw new ODataError(501, `De query-optie ${key} wordt niet ondersteund.`);
    if (!['$select', '$filter', '$orderby', '$top', '$skip', '$count', '$format'].includes(key)) throw new ODataError(400, `Onbekende query-optie ${key}.`);
  }
  const format = query.$format?.toLowerCase();
  if (format !== undefined && format !== 'json' && !format.startsWith('application/json')) {
    throw new ODataError(501, 'Alleen het formaat JSON wordt ondersteund.');
  }
}

/**
 * The entity set's answer: context URL (with the selection), optional count, the page of rows. `rows`
 * are those $filter kept, in $orderby's order (./biQuery.ts).
 */
export function entitySetAnswer(
  root: string, def: EntitySetDef, rows: readonly object[], query: Pick<ODataQuery, '$select' | '$top' | '$skip' | '$count'>,
) {
  const props = selected(def, query.$select);
  const skip = query.$skip ?? 0;
  const page = rows.slice(skip, query.$top === undefined ? undefined : skip + query.$top);
  const value = props
    ? page.map((r) => Object.fromEntries(props.map((p) => [p.name, (r as Record<string, unknown>)[p.name]])))
    : page;
  return {
    '@odata.context': `${root}$metadata#${def.set}${props ? `(${props.map((p) => p.name).join(',')})` : ''}`,
    ...(query.$count ? { '@odata.count': rows.length } : {}),
    value,
  };
}
