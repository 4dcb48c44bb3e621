import { HTMLTable } from '@blueprintjs/core';
import { SPACE_USAGE_LOCATIONS, type SpaceUsageLocation } from '../../model/modelData.ts';
import { LOCATION_TITLES } from '../../formulas/workbookLayout.ts';
import { formatHa, formatM2 } from '../../app/map/AreaFigures.tsx';
import { FUNCTION_COLORS } from '../../mapviewer/texts.ts';

/** The viewer's colour of a function, so an area looks the same in the frame and in the preview. */
export const functionColor = (f: SpaceUsageLocation | null) => (f ? FUNCTION_COLORS[f] : '#8f99a8');
export const functionLabel = (f: SpaceUsageLocation | null) => (f ? LOCATION_TITLES[f] : 'Geen functie');

export interface FeatureRow { name: string; function: SpaceUsageLocation | null; areaM2: number | null }

/** The feature areas (name, function, m²) and the m² per function; drawn areas get their m² when saved. */
export function FeatureTable({ rows, totals }: { rows: FeatureRow[]; totals: Partial<Record<SpaceUsageLocation, number>> | null }) {
  const m2 = (v: number | null | undefined) => (v == null ? '–' : formatM2(v));
  return (
    <>
      <HTMLTable compact striped className="gs-map-table" aria-label="Functiegebieden">
        <thead><tr><th>Naam</th><th>Functie</th><th className="gs-num">m²</th></tr></thead>
        <tbody>
          {rows.length === 0 && <tr><td colSpan={3} className="gs-muted">Geen functiegebieden</td></tr>}
          {rows.map((r, i) => (
            <tr key={i}>
              <td>{r.name || <span className="gs-muted">Naamloos</span>}</td>
              <td><span className="gs-map-swatch" style={{ background: functionColor(r.function) }} />{functionLabel(r.function)}</td>
              <td className="gs-num">{m2(r.areaM2)}</td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
      {totals && Object.keys(totals).length > 0 && (
        <HTMLTable compact className="gs-map-table" aria-label="Totalen per functie">
          <thead><tr><th>Functie</th><th className="gs-num">m²</th><th className="gs-num">ha</th></tr></thead>
          <tbody>
            {SPACE_USAGE_LOCATIONS.filter((f) => totals[f] != null).map((f) => (
              <tr key={f}><td>{functionLabel(f)}</td><td className="gs-num">{formatM2(totals[f]!)}</td><td className="gs-num">{formatHa(totals[f]!)}</td></tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
    </>
  );
}
