import 'leaflet/dist/leaflet.css';
import { useEffect, useMemo } from 'react';
import L from 'leaflet';
import { GeoJSON, MapContainer, ScaleControl, ZoomControl, useMap } from 'react-leaflet';
import type { AreaGeometry } from '../../api/map.ts';
import { textElement } from '../../lib/textElement.ts';

/** How an outline is drawn in the preview: the surrounding ones (as the viewer's CONTEXT_STYLES), the edited one, areas. */
export type PreviewStyle = 'client' | 'subregion' | 'version' | 'other' | 'edit' | 'area';

export interface PreviewLayer {
  key: string;
  geometry: AreaGeometry;
  style: PreviewStyle;
  /** The colour of an area (its function or project type). */
  color?: string;
  label?: string;
  onClick?: () => void;
}

const STYLES: Record<PreviewStyle, L.PathOptions> = {
  client: { color: '#1c2127', weight: 2, dashArray: '6 4', fillOpacity: 0 },
  subregion: { color: '#215db0', weight: 2, dashArray: '4 4', fillOpacity: 0.05 },
  version: { color: '#c87619', weight: 2, fillOpacity: 0.08 },
  other: { color: '#8f99a8', weight: 1, opacity: 0.6, fillOpacity: 0.05 },
  edit: { color: '#2d72d2', weight: 3, fillOpacity: 0.25 },
  area: { weight: 2, fillOpacity: 0.45 },
};

// A GeoJSON layer does not follow new data: a new geometry object gets a new key, so its layer is made anew.
const geometryIds = new WeakMap<object, number>();
let lastGeometryId = 0;
function geometryId(g: AreaGeometry): number {
  let id = geometryIds.get(g);
  if (id === undefined) geometryIds.set(g, (id = ++lastGeometryId));
  return id;
}

/** What the preview zooms to: the outline or areas on screen (and the version region around areas), else all. */
const FOCUS: PreviewStyle[] = ['edit', 'area', 'version'];

/** Fits the map to the outlines whenever they change (the Netherlands when there are none). */
function FitBounds({ layers }: { layers: PreviewLayer[] }) {
  const map = useMap();
  useEffect(() => {
    const bounds = L.latLngBounds([]);
    const focus = layers.filter((l) => FOCUS.includes(l.style));
    for (const l of focus.length ? focus : layers) bounds.extend(L.geoJSON(l.geometry).getBounds());
    if (bounds.isValid()) map.fitBounds(bounds, { padding: [16, 16], maxZoom: 18 });
    else map.setView([52.15, 5.39], 7);
  }, [map, layers]);
  return null;
}

/**
 * The preview beside the frame: the outlines on a plain background (no tiles: it must work without a
 * network) with a scale bar. Drawn on canvas, so the overview's thousands of regions stay fast.
 */
export function MapPreview({ layers, label }: { layers: PreviewLayer[]; label: string }) {
  // Surrounding outlines first, so the edited outline and the areas lie on top and take the clicks.
  const ordered = useMemo(() => {
    const rank: Record<PreviewStyle, number> = { client: 0, subregion: 1, other: 2, version: 3, edit: 4, area: 5 };
    return [...layers].sort((a, b) => rank[a.style] - rank[b.style]);
  }, [layers]);
  return (
    <div className="gs-map-preview" role="region" aria-label={label}>
      <MapContainer center={[52.15, 5.39]} zoom={7} preferCanvas attributionControl={false} zoomControl={false} style={{ height: '100%', width: '100%' }}>
        <ZoomControl zoomInTitle="Inzoomen" zoomOutTitle="Uitzoomen" />
        <ScaleControl imperial={false} position="bottomleft" />
        {ordered.map((l) => (
          <GeoJSON
            key={`${l.key}:${geometryId(l.geometry)}:${l.color ?? ''}`}
            data={l.geometry}
            style={{ ...STYLES[l.style], ...(l.color ? { color: l.color, fillColor: l.color } : {}) }}
            eventHandlers={l.onClick ? { click: l.onClick } : undefined}
            onEachFeature={(_, layer) => l.label && layer.bindTooltip(textElement(l.label), { sticky: true })}
          />
        ))}
        <FitBounds layers={layers} />
      </MapContainer>
    </div>
  );
}
