import { describe, expect, it } from 'vitest';
import { entitySets, checkQueryOptions, entitySetAnswer, metadataXml } from './biFeed.ts';
import { reportModelColumns, reportPeriodColumns } from '../../src/api/contract/reportData.ts';
import { HttpError } from '../errors.ts';

describe('the OData model', () => {
  it('types every column of the data contract, keys not nullable', () => {
    const [models, periods] = entitySets();
    expect(models.properties.map((p) => p.name)).toEqual(reportModelColumns());
    expect(periods.properties.map((p) => p.name)).toEqual(reportPeriodColumns());
    const type = (set: number, name: string) => entitySets()[set].properties.find((p) => p.name === name);
    expect(type(0, 'rekenmodel_id')).toEqual({ name: 'rekenmodel_id', type: 'Edm.Int32', nullable: false });
    expect(type(0, 'ew')).toEqual({ name: 'ew', type: 'Edm.Decimal', nullable: true, scale: 2 });
    expect(type(1, 'saldo')).toEqual({ name: 'saldo', type: 'Edm.Decimal', nullable: false, scale: 2 });
    expect(type(0, 'poc')).toEqual({ name: 'poc', type: 'Edm.Double', nullable: true }); // a fraction, not money
    expect(type(0, 'startdatum')).toEqual({ name: 'startdatum', type: 'Edm.Date', nullable: true });
    expect(type(0, 'laatst_gewijzigd')).toEqual({ name: 'laatst_gewijzigd', type: 'Edm.DateTimeOffset', nullable: false });
    expect(type(0, 'platform')).toEqual({ name: 'platform', type: 'Edm.String', nullable: false });
    expect(type(1, 'periode')).toEqual({ name: 'periode', type: 'Edm.Int32', nullable: false });
    for (const e of entitySets()) for (const k of e.key) expect(e.properties.find((p) => p.name === k)?.nullable).toBe(false);
    expect(metadataXml()).toContain('<EntitySet Name="Perioden" EntityType="Grondslag.Periode"/>');
  });

  it('refuses unsupported options before any data is read, keeps custom ones', () => {
    const status = (q: Record<string, string>) => {
      try {
        checkQueryOptions(q);
        return 200;
      } catch (e) {
        return (e as HttpError).status;
      }
    };
    expect(status({ $filter: 'ew gt 0', $orderby: 'ew' })).toBe(200); // translated by biQuery.ts
    expect(status({ $expand: 'x' })).toBe(501);
    expect(status({ $format: 'atom' })).toBe(501);
    expect(status({ $format: 'application/json;odata.metadata=minimal' })).toBe(200);
    expect(status({ $wat: '1' })).toBe(400);
    expect(status({ bron: 'excel' })).toBe(200);
  });

  it('pages with $skip and $top after counting all rows', () => {
    const rows = [1, 2, 3, 4].map((i) => ({ rekenmodel_id: i }));
    const def = entitySets()[0];
    expect(entitySetAnswer('r/', def, rows, { $skip: 1, $top: 2, $count: true })).toEqual({
      '@odata.context': 'r/$metadata#Rekenmodellen', '@odata.count': 4, value: [{ rekenmodel_id: 2 }, { rekenmodel_id: 3 }],
    });
  });
});
