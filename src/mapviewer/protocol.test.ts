import { describe, expect, it } from 'vitest';
import { AreaGeometry } from '../api/contract/map.ts';
import { acceptParentMessage } from './origin.ts';
import { isAreaGeometry, mapViewerUrl, parseParentMessage, parseViewerMessage, postToViewer, viewerMessageFrom } from './protocol.ts';

const square: AreaGeometry = { type: 'Polygon', coordinates: [[[5, 52], [5.01, 52], [5.01, 52.01], [5, 52]]] };
const ORIGIN = 'https://grondslag.example.nl';
const parent = { name: 'parent' };
const self = { name: 'viewer' };
const load = { type: 'load', mode: 'region', editable: true, geometry: square, context: [] };

describe('isAreaGeometry (the fast check of posted geometry)', () => {
  const ring = [[5, 52], [5.01, 52], [5.01, 52.01], [5, 52]];
  const samples: unknown[] = [
    square, { type: 'Polygon', coordinates: [ring, ring] }, { type: 'MultiPolygon', coordinates: [[ring], [ring, ring]] },
    { type: 'Polygon', coordinates: [[[5, 52, 3], [5.01, 52, 3], [5.01, 52.01, 3], [5, 52, 3]]] },
    null, 'Polygon', [], { type: 'Polygon' }, { type: 'Polygon', coordinates: [] }, { type: 'Polygon', coordinates: [[]] },
    { type: 'Polygon', coordinates: [ring.slice(1)] }, { type: 'Polygon', coordinates: ring },
    { type: 'Polygon', coordinates: [[[5, 52], [5.01, 52], [5.01, 52.01], [5]]] },
    { type: 'Polygon', coordinates: [[[5, 52], [5.01, 52], [5.01, 52.01], ['5', 52]]] },
    { type: 'Polygon', coordinates: [[[5, 52], [5.01, 52], [5.01, 52.01], [5, 52, 'hoog']]] },
    { type: 'Polygon', coordinates: [[[181, 52], [5.01, 52], [5.01, 52.01], [181, 52]]] },
    { type: 'Polygon', coordinates: [[[5, -91], [5.01, 52], [5.01, 52.01], [5, -91]]] },
    { type: 'Polygon', coordinates: [[[Number.NaN, 52], [5.01, 52], [5.01, 52.01], [5, 52]]] },
    { type: 'MultiPolygon', coordinates: [] }, { type: 'MultiPolygon', coordinates: [ring] }, { type: 'MultiPolygon', coordinates: [[]] },
    { type: 'Point', coordinates: [5, 52] }, { type: 'LineString', coordinates: ring },
  ];
  it('agrees with the map contract on every sample', () => {
    for (const g of samples) expect([g, isAreaGeometry(g)]).toEqual([g, AreaGeometry.safeParse(g).success]);
  });
});

describe('parseParentMessage', () => {
  it('reads each load mode, with context defaulting to none', () => {
    expect(parseParentMessage({ type: 'load', mode: 'client', editable: false, geometry: null })).toEqual({
      type: 'load', mode: 'client', editable: false, geometry: null, context: [],
    });
    expect(parseParentMessage({ type: 'load', mode: 'features', editable: true, features: [
      { type: 'Feature', geometry: square, properties: { name: 'Park', function: 'public_space_green' } },
    ] })?.mode).toBe('features');
    expect(parseParentMessage({ type: 'load', mode: 'overview', overview: [
      { projectId: 1, name: 'P', typeName: 'Woningbouw', color: '#aabbcc', geometry: square },
    ], context: [{ geometry: square, style: 'client', label: 'Klantgebied' }] })?.mode).toBe('overview');
  });
  it('ignores anything else instead of throwing', () => {
    for (const data of [null, 'load', {}, { type: 'load' }, { ...load, mode: 'satellite' }, { ...load, geometry: { type: 'Point', coordinates: [5, 52] } },
      { type: 'load', mode: 'features', editable: true, features: [{ type: 'Feature', geometry: square, properties: { name: 'x', function: 'mars' } }] },
      { type: 'load', mode: 'overview', overview: [{ projectId: 1, name: 'P', typeName: 'T', color: 'red', geometry: square }] },
      { ...load, context: [{ geometry: square, style: 'neon' }] }]) {
      expect(parseParentMessage(data)).toBeNull();
    }
  });
});

describe('acceptParentMessage (viewer side)', () => {
  it('accepts a load from its parent on its own origin', () => {
    expect(acceptParentMessage({ origin: ORIGIN, source: parent, data: load }, parent, self, ORIGIN)?.type).toBe('load');
  });
  it('ignores another origin, another window, a page not in a frame, and an opaque origin', () => {
    expect(acceptParentMessage({ origin: 'https://evil.example', source: parent, data: load }, parent, self, ORIGIN)).toBeNull();
    expect(acceptParentMessage({ origin: ORIGIN, source: { other: true }, data: load }, parent, self, ORIGIN)).toBeNull();
    expect(acceptParentMessage({ origin: ORIGIN, source: self, data: load }, self, self, ORIGIN)).toBeNull();
    expect(acceptParentMessage({ origin: ORIGIN, source: parent, data: load }, null, self, ORIGIN)).toBeNull();
    expect(acceptParentMessage({ origin: 'null', source: parent, data: load }, parent, self, 'null')).toBeNull();
  });
});

describe('app side', () => {
  const frame = { name: 'frame' };
  it('accepts the viewer messages only from the frame on its own origin', () => {
    const changed = { type: 'changed', mode: 'region', geometry: square, problems: [] };
    expect(viewerMessageFrom({ origin: ORIGIN, source: frame, data: changed }, frame, ORIGIN)).toEqual(changed);
    expect(viewerMessageFrom({ origin: ORIGIN, source: frame, data: { type: 'select-project', projectId: 7 } }, frame, ORIGIN))
      .toEqual({ type: 'select-project', projectId: 7 });
    expect(viewerMessageFrom({ origin: 'https://evil.example', source: frame, data: changed }, frame, ORIGIN)).toBeNull();
    expect(viewerMessageFrom({ origin: ORIGIN, source: {}, data: changed }, frame, ORIGIN)).toBeNull();
    expect(viewerMessageFrom({ origin: ORIGIN, source: frame, data: changed }, null, ORIGIN)).toBeNull();
    expect(viewerMessageFrom({ origin: ORIGIN, source: frame, data: { type: 'changed', problems: 'geen' } }, frame, ORIGIN)).toBeNull();
  });
  it('posts only to its own origin', () => {
    const sent: unknown[][] = [];
    postToViewer({ postMessage: (...args: unknown[]) => void sent.push(args) } as unknown as Window, load as never, ORIGIN);
    expect(sent).toEqual([[load, ORIGIN]]);
  });
  it('reads every viewer message kind', () => {
    expect(parseViewerMessage({ type: 'ready' })).toEqual({ type: 'ready' });
    expect(parseViewerMessage({ type: 'drawn', ms: 12.5, count: 3 })).toEqual({ type: 'drawn', ms: 12.5, count: 3 });
    expect(parseViewerMessage({ type: 'changed', mode: 'features', problems: [], features: [
      { type: 'Feature', geometry: square, properties: { name: '', function: null } },
    ] })?.type).toBe('changed');
  });
  it('builds the frame address, with the base layer when configured', () => {
    expect(mapViewerUrl()).toBe('/mapviewer.html');
    expect(mapViewerUrl({ tiles: 'none' })).toBe('/mapviewer.html?tiles=none');
    expect(mapViewerUrl({ tiles: 'https://t.example/{z}/{x}/{y}.png' })).toBe('/mapviewer.html?tiles=https%3A%2F%2Ft.example%2F%7Bz%7D%2F%7Bx%7D%2F%7By%7D.png');
  });
});
