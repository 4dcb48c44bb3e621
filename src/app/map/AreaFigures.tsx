import { formatNumber } from '../../lib/nlFormat.ts';
import { MAP_MESSAGES } from '../../lib/mapMessages.ts';

/** The load failure of every map screen and preview (spec 1 §8 'Fout bij het laden van ...'). */
export const MAP_LOAD_FAILED = MAP_MESSAGES.loadFailed;

/** '12.345 m²' */
export const formatM2 = (m2: number) => `${formatNumber(m2, 0)} m²`;
/** '1,23 ha' */
export const formatHa = (m2: number) => `${formatNumber(m2 / 10_000, 2)} ha`;

// Distinct colours that read on a white background; functions and project types pick by index.
const PALETTE = ['#2d72d2', '#238551', '#c87619', '#cd4246', '#7961db', '#00a396', '#d1980b', '#db2c6f', '#5f6b7c', '#147eb3', '#8eb125', '#935610'];
export const paletteColor = (i: number) => PALETTE[((i % PALETTE.length) + PALETTE.length) % PALETTE.length];

/** The area of an outline as the server computed it (m² and ha); a drawing not yet saved has none. */
export function AreaFigures({ label, m2, dirty }: { label: string; m2: number | null | undefined; dirty: boolean }) {
  return (
    <dl className="gs-map-figures" aria-label="Oppervlakte">
      <dt>{label}</dt>
      <dd>
        {m2 == null ? <span className="gs-muted">Geen gebied</span> : <><strong>{formatM2(m2)}</strong> <span className="gs-muted">({formatHa(m2)})</span></>}
      </dd>
      {dirty && <dd className="gs-map-dirty">Gewijzigd, nog niet opgeslagen</dd>}
    </dl>
  );
}
