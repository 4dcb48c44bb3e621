// The built-in map viewer page (mapviewer.html): Leaflet in RD New with the PDOK base layer, geoman for
// drawing. It knows nothing of the API: the embedding screen sends `load` and receives `changed` through
// postMessage (protocol.ts; docs/map.md says why).
import L from 'leaflet'; // the UMD build: it also sets window.L, which geoman and proj4leaflet extend
import 'proj4leaflet';
import '@geoman-io/leaflet-geoman-free';
import 'leaflet/dist/leaflet.css';
import '@geoman-io/leaflet-geoman-free/dist/leaflet-geoman.css';
import './mapviewer.css';
import type { AreaGeometry } from '../api/contract/map.ts';
import type { SpaceUsageLocation } from '../model/modelData.ts';
import { formatNumber } from '../lib/nlFormat.ts';
import { textElement } from '../lib/textElement.ts';
import {
  areaRd, featureProblems, geometryPolygons, geometryProblems, latLngsToPolygons, type NestedLatLngs, polygonToLatLngs,
  polygonsToGeometry,
} from './geometry.ts';
import { acceptParentMessage } from './origin.ts';
import type { ContextOutline, DrawnFeature, OverviewRegion, ParsedParentMessage, ViewerMessage, ViewerMode } from './protocol.ts';
import {
  AMERSFOORT_LATLNG, PDOK_BOUNDS, PDOK_MAX_NATIVE_ZOOM, PDOK_ORIGIN, PDOK_RESOLUTIONS, RD_PROJ4, tileTemplate,
} from './rd.ts';
import { FUNCTION_COLORS, FUNCTION_OPTIONS, VIEWER_TEXTS } from './texts.ts';

const ownOrigin = window.location.origin;
const embedded = window.parent !== window;

function post(message: ViewerMessage): void {
  // Only ever to our own origin: a parent elsewhere never receives the outlines.
  if (embedded) window.parent.postMessage(message, ownOrigin);
}

// --- the map -------------------------------------------------------------------------------------------

const crs = new L.Proj.CRS('EPSG:28992', RD_PROJ4, {
  origin: PDOK_ORIGIN,
  resolutions: PDOK_RESOLUTIONS,
  bounds: L.bounds(PDOK_BOUNDS[0], PDOK_BOUNDS[1]),
});

const map = L.map('map', {
  crs,
  center: AMERSFOORT_LATLNG,
  zoom: 2,
  minZoom: 0,
  maxZoom: PDOK_RESOLUTIONS.length - 1,
  attributionControl: true,
  zoomControl: false,
});
L.control.zoom({ zoomInTitle: 'Inzoomen', zoomOutTitle: 'Uitzoomen' }).addTo(map); // Leaflet's own says 'Zoom in'
map.attributionControl.setPrefix('<a href="https://leafletjs.com" target="_blank" rel="noopener">Leaflet</a>');
L.control.scale({ imperial: false, maxWidth: 160 }).addTo(map);

const tiles = tileTemplate(window.location.search);
if (tiles) {
  L.tileLayer(tiles, {
    minZoom: 0,
    maxZoom: PDOK_RESOLUTIONS.length - 1,
    maxNativeZoom: PDOK_MAX_NATIVE_ZOOM,
    attribution: 'Kaart: <a href="https://www.pdok.nl" target="_blank" rel="noopener">PDOK</a> © Kadaster',
    // Without network the tiles fail; Leaflet keeps failed tiles hidden, so the plain background shows.
    errorTileUrl: '',
  }).addTo(map);
}

// geoman's Dutch, with the product's words for what the buttons do here.
map.pm.setLang('nl', {
  tooltips: { finishPoly: 'Klik op het eerste punt om het gebied te sluiten' },
  buttonTitles: {
    drawPolyButton: 'Teken een gebied', drawRectButton: 'Teken een rechthoek', editButton: 'Hoekpunten bewerken',
    dragButton: 'Gebied verplaatsen', cutButton: 'Gat of deel wegknippen', deleteButton: 'Gebied verwijderen',
  },
}, 'nl');

const contextGroup = L.featureGroup().addTo(map);
const editGroup = L.featureGroup().addTo(map);
const overviewGroup = L.featureGroup().addTo(map);
/** Overview regions share one canvas: 2,000 SVG paths would be slow to draw and to pan. */
const overviewRenderer = L.canvas({ padding: 0.3 });

const problemsBox = element('div', 'mv-problems');
problemsBox.setAttribute('role', 'alert');
const legendBox = element('div', 'mv-legend');
const panel = element('aside', 'mv-panel');
document.body.append(problemsBox, legendBox, panel);

// --- state of the loaded message -------------------------------------------------------------------------

let mode: ViewerMode | null = null;
let editable = false;
interface FeatureProps { id?: number; name: string; function: SpaceUsageLocation | null }
const featureProps = new Map<L.Polygon, FeatureProps>();
const featureRows = new Map<L.Polygon, { row: HTMLElement; area: HTMLElement; name: HTMLInputElement }>();

const CONTEXT_STYLE: Record<ContextOutline['style'], L.PathOptions> = {
  client: { color: '#37474f', weight: 2, dashArray: '8 6', fill: false },
  subregion: { color: '#1565c0', weight: 2, dashArray: '4 4', fillOpacity: 0.04 },
  version: { color: '#ef6c00', weight: 2, fillOpacity: 0.08 },
  other: { color: '#78909c', weight: 1, opacity: 0.6, fillOpacity: 0.05 },
};
const OUTLINE_STYLE: L.PathOptions = { color: '#c62828', weight: 3, fillOpacity: 0.15 };

function geometryLatLngs(geometry: AreaGeometry): L.LatLngExpression[][] | L.LatLngExpression[][][] {
  return geometry.type === 'Polygon' ? polygonToLatLngs(geometry.coordinates) : geometry.coordinates.map(polygonToLatLngs);
}

/** `started`: when the message arrived, so `drawn` includes checking it. */
function load(message: ParsedParentMessage, started: number): void {
  reset();
  mode = message.mode;
  editable = message.mode !== 'overview' && message.editable;
  document.body.dataset.mode = mode;

  for (const c of message.context) {
    const layer = L.polygon(geometryLatLngs(c.geometry), { ...CONTEXT_STYLE[c.style], interactive: false, pmIgnore: true, snapIgnore: false });
    contextGroup.addLayer(layer);
  }
  performance.mark('mv:checked');
  if (message.mode === 'overview') drawOverview(message.overview);
  else if (message.mode === 'features') {
    for (const f of message.features) {
      const layer = addEditable(L.polygon(geometryLatLngs(f.geometry)));
      featureProps.set(layer, { id: f.id, name: f.properties.name, function: f.properties.function });
      styleFeature(layer);
    }
  } else if (message.geometry) {
    // Each polygon of a multipolygon is its own layer, so each can be edited, dragged and removed.
    for (const polygon of geometryPolygons(message.geometry)) addEditable(L.polygon(polygonToLatLngs(polygon)));
  }
  performance.mark('mv:layers');
  renderLegend(message);
  if (mode === 'features') renderFeaturePanel();
  // The feature panel takes room from the map: Leaflet must measure again before fitting.
  map.invalidateSize({ animate: false });
  setControls();
  fitView();
  renderProblems(currentProblems());

  // Drawn = after the renderers' next frame (the canvas redraws on requestAnimationFrame).
  requestAnimationFrame(() => requestAnimationFrame(() => {
    const count = message.mode === 'overview' ? message.overview.length : editGroup.getLayers().length;
    performance.mark('mv:drawn');
    post({ type: 'drawn', ms: performance.now() - started, count });
  }));
}

function reset(): void {
  // Only modes that are on: geoman warns when a mode that never started is switched off.
  if (map.pm.globalDrawModeEnabled()) map.pm.disableDraw();
  if (map.pm.globalEditModeEnabled()) map.pm.disableGlobalEditMode();
  if (map.pm.globalRemovalModeEnabled()) map.pm.disableGlobalRemovalMode();
  if (map.pm.globalDragModeEnabled()) map.pm.disableGlobalDragMode();
  if (map.pm.globalCutModeEnabled()) map.pm.disableGlobalCutMode();
  contextGroup.clearLayers();
  editGroup.clearLayers();
  overviewGroup.clearLayers();
  overviewRegions.clear();
  featureProps.clear();
  featureRows.clear();
  panel.replaceChildren();
  legendBox.replaceChildren();
  problemsBox.replaceChildren();
}

function setControls(): void {
  map.pm.removeControls();
  if (!editable) return;
  map.pm.addControls({
    position: 'topleft',
    drawMarker: false, drawCircleMarker: false, drawPolyline: false, drawCircle: false, drawText: false,
    drawPolygon: true, drawRectangle: true, editMode: true, dragMode: true, cutPolygon: true, removalMode: true,
    rotateMode: false,
  });
  map.pm.setGlobalOptions({
    layerGroup: editGroup,
    // Drawing a self-intersecting outline is allowed, so the viewer can say why it cannot be saved.
    allowSelfIntersection: true,
    snappable: true,
    templineStyle: { color: '#c62828' },
    hintlineStyle: { color: '#c62828', dashArray: '5 5' },
    pathOptions: OUTLINE_STYLE,
  });
}

function addEditable(layer: L.Polygon): L.Polygon {
  layer.setStyle(OUTLINE_STYLE);
  if (!editable) layer.options.pmIgnore = true;
  editGroup.addLayer(layer);
  watch(layer);
  return layer;
}

function watch(layer: L.Polygon): void {
  layer.on('pm:edit', changed);
  if (mode === 'features') layer.on('click', () => focusFeature(layer));
}

function fitView(): void {
  const bounds = L.latLngBounds([]);
  for (const group of [editGroup, contextGroup, overviewGroup]) {
    const b = group.getBounds();
    if (b.isValid()) bounds.extend(b);
  }
  if (bounds.isValid()) map.fitBounds(bounds, { padding: [24, 24], maxZoom: 14, animate: false });
  else map.setView(AMERSFOORT_LATLNG, 2, { animate: false });
}

// --- edits -----------------------------------------------------------------------------------------------

map.on('pm:create', (e) => {
  if (!(e.layer instanceof L.Polygon)) return;
  const layer = e.layer;
  if (!editGroup.hasLayer(layer)) editGroup.addLayer(layer);
  watch(layer);
  if (mode === 'features') {
    featureProps.set(layer, { name: '', function: null });
    styleFeature(layer);
    renderFeaturePanel();
    focusFeature(layer);
  }
  changed();
});

map.on('pm:cut', (e) => {
  // A cut replaces the layer by a new one (with the hole, or split): it keeps the original's name and function.
  const layer = e.layer as L.Polygon;
  const original = e.originalLayer as L.Polygon;
  editGroup.removeLayer(original);
  if (!editGroup.hasLayer(layer)) editGroup.addLayer(layer);
  watch(layer);
  const props = featureProps.get(original);
  featureProps.delete(original);
  if (mode === 'features' && props) {
    featureProps.set(layer, props);
    styleFeature(layer);
    renderFeaturePanel();
  }
  changed();
});

map.on('pm:remove', (e) => {
  const layer = e.layer as L.Polygon;
  editGroup.removeLayer(layer);
  if (featureProps.delete(layer)) renderFeaturePanel();
  changed();
});

function layerPolygons(layer: L.Polygon) {
  return latLngsToPolygons(layer.getLatLngs() as NestedLatLngs);
}

function currentFeatures(): DrawnFeature[] {
  const out: DrawnFeature[] = [];
  for (const layer of editGroup.getLayers() as L.Polygon[]) {
    const geometry = polygonsToGeometry(layerPolygons(layer));
    const props = featureProps.get(layer);
    if (!geometry || !props) continue;
    out.push({
      type: 'Feature',
      ...(props.id !== undefined ? { id: props.id } : {}),
      geometry,
      properties: { name: props.name.trim(), function: props.function },
    });
  }
  return out;
}

function currentOutline(): AreaGeometry | null {
  return polygonsToGeometry((editGroup.getLayers() as L.Polygon[]).flatMap(layerPolygons));
}

function currentProblems(): string[] {
  if (mode === 'features') return featureProblems(currentFeatures());
  if (mode === 'overview' || mode === null) return [];
  return geometryProblems(currentOutline());
}

/** After every edit: tell the app the whole state, and show the problems. */
function changed(): void {
  if (mode === 'features') {
    const features = currentFeatures();
    const problems = featureProblems(features);
    post({ type: 'changed', mode: 'features', features, problems });
    renderProblems(problems);
    updateFeatureAreas();
  } else if (mode && mode !== 'overview') {
    const geometry = currentOutline();
    const problems = geometryProblems(geometry);
    post({ type: 'changed', mode, geometry, problems });
    renderProblems(problems);
  }
}

function renderProblems(problems: string[]): void {
  problemsBox.replaceChildren(...problems.map((p) => element('div', 'mv-problem', p)));
  problemsBox.hidden = problems.length === 0;
}

// --- feature areas: name and function per polygon ---------------------------------------------------------

function styleFeature(layer: L.Polygon): void {
  const fn = featureProps.get(layer)?.function;
  const color = fn ? FUNCTION_COLORS[fn] : '#616161';
  layer.setStyle({ color, fillColor: color, weight: 2, fillOpacity: 0.3, dashArray: fn ? undefined : '6 4' });
}

function renderFeaturePanel(): void {
  featureRows.clear();
  const list = element('ol', 'mv-features');
  const layers = (editGroup.getLayers() as L.Polygon[]).filter((l) => featureProps.has(l));
  layers.forEach((layer, i) => {
    const props = featureProps.get(layer)!;
    const row = element('li', 'mv-feature');
    const head = element('div', 'mv-feature-head');
    const swatch = element('span', 'mv-swatch');
    swatch.style.background = props.function ? FUNCTION_COLORS[props.function] : 'transparent';
    const area = element('span', 'mv-area');
    head.append(swatch, element('span', 'mv-feature-number', `${i + 1}.`), area);

    const name = document.createElement('input');
    name.type = 'text';
    name.value = props.name;
    name.maxLength = 200;
    name.placeholder = VIEWER_TEXTS.name;
    name.setAttribute('aria-label', `${VIEWER_TEXTS.name} functiegebied ${i + 1}`);
    name.disabled = !editable;
    name.addEventListener('input', () => { props.name = name.value; changed(); });

    const select = document.createElement('select');
    select.setAttribute('aria-label', `${VIEWER_TEXTS.function} functiegebied ${i + 1}`);
    select.disabled = !editable;
    select.append(new Option(VIEWER_TEXTS.chooseFunction, ''));
    for (const o of FUNCTION_OPTIONS) select.append(new Option(o.label, o.value));
    select.value = props.function ?? '';
    select.addEventListener('change', () => {
      props.function = (select.value || null) as SpaceUsageLocation | null;
      swatch.style.background = props.function ? FUNCTION_COLORS[props.function] : 'transparent';
      styleFeature(layer);
      changed();
    });

    row.addEventListener('mouseenter', () => layer.setStyle({ weight: 4 }));
    row.addEventListener('mouseleave', () => layer.setStyle({ weight: 2 }));
    row.append(head, name, select);
    list.append(row);
    featureRows.set(layer, { row, area, name });
  });
  const title = element('h2', 'mv-panel-title', VIEWER_TEXTS.featuresTitle);
  panel.replaceChildren(title, layers.length ? list : element('p', 'mv-empty', editable ? VIEWER_TEXTS.noFeatures : '—'));
  updateFeatureAreas();
}

function updateFeatureAreas(): void {
  for (const [layer, { area }] of featureRows) {
    const geometry = polygonsToGeometry(layerPolygons(layer));
    area.textContent = geometry ? `≈ ${formatNumber(areaRd(geometry), 0)} m²` : '';
  }
}

function focusFeature(layer: L.Polygon): void {
  const row = featureRows.get(layer);
  if (!row) return;
  for (const r of featureRows.values()) r.row.classList.toggle('mv-selected', r === row);
  row.row.scrollIntoView({ block: 'nearest' });
  if (editable) row.name.focus();
}

// --- overview --------------------------------------------------------------------------------------------

/** The region of each overview layer; one tooltip and one click handler on the group serve them all. */
const overviewRegions = new Map<L.Layer, OverviewRegion>();
overviewGroup.bindTooltip((layer) => {
  const r = overviewRegions.get(layer as L.Layer);
  return textElement(r ? `${r.name} — ${r.typeName}` : '');
}, { sticky: true });
overviewGroup.on('click', (e) => {
  const r = overviewRegions.get(e.propagatedFrom as L.Layer);
  if (r) post({ type: 'select-project', projectId: r.projectId });
});

function drawOverview(regions: OverviewRegion[]): void {
  const layers = regions.map((r) => {
    const layer = L.polygon(geometryLatLngs(r.geometry), {
      renderer: overviewRenderer, color: r.color, fillColor: r.color, weight: 1.5, fillOpacity: 0.35, pmIgnore: true,
    });
    overviewRegions.set(layer, r);
    return layer;
  });
  for (const layer of layers) overviewGroup.addLayer(layer);
}

function renderLegend(message: ParsedParentMessage): void {
  const entries = new Map<string, L.PathOptions & { dashed?: boolean }>();
  if (message.mode === 'overview') for (const r of message.overview) entries.set(r.typeName, { color: r.color });
  for (const c of message.context) if (c.label) entries.set(c.label, CONTEXT_STYLE[c.style]);
  legendBox.hidden = entries.size === 0;
  if (entries.size === 0) return;
  const rows = [...entries].map(([label, style]) => {
    const row = element('div', 'mv-legend-row');
    const swatch = element('span', 'mv-swatch');
    swatch.style.borderColor = style.color ?? '#000';
    swatch.style.background = style.fill === false ? 'transparent' : `${style.color}55`;
    if (style.dashArray) swatch.style.borderStyle = 'dashed';
    row.append(swatch, element('span', '', label));
    return row;
  });
  legendBox.replaceChildren(element('div', 'mv-legend-title', VIEWER_TEXTS.legend), ...rows);
}

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  if (className) el.className = className;
  if (text !== undefined) el.textContent = text;
  return el;
}

// --- messages --------------------------------------------------------------------------------------------

window.addEventListener('message', (event) => {
  const started = performance.now();
  // Marks of the steps (received → checked → layers → drawn), for the bench and the browser's profiler.
  performance.clearMarks();
  performance.mark('mv:received');
  const message = acceptParentMessage(event, embedded ? window.parent : null, window, ownOrigin);
  if (message?.type === 'load') load(message, started);
});
renderProblems([]);
legendBox.hidden = true;
post({ type: 'ready' });
