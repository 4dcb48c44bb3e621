// The Ruimtegebruik grid's changed cells as space-usage rows: what was typed or pasted, and nothing
// silently lost — a location the list does not know is refused and the row keeps its own.
import type { SpaceUsageRow } from '../model/modelData.ts';
import { type CellChange, LOCATION_OPTIONS, numberOf, optionValue } from './sheets.ts';

const LOCATION_LIST = LOCATION_OPTIONS.map((o) => o.label).join(', ');

/**
 * The rows after the changed cells (columns: Omschrijving, Oppervlakte (m²), Locatie). A text that is no
 * number refuses the whole change (`number`); a location not in the list leaves that cell as it was and is
 * named in `refused`, the other cells are applied.
 */
export function spaceRowsAfter(rows: readonly SpaceUsageRow[], changes: readonly CellChange[]): { rows: SpaceUsageRow[]; refused: string | null } | { number: false } {
  const next: SpaceUsageRow[] = rows.map((r) => ({ ...r }));
  let refused: string | null = null;
  for (const ch of changes) {
    const r = next[ch.row];
    if (!r) continue;
    if (ch.col === 0) r.label = String(ch.value ?? '');
    else if (ch.col === 1) {
      const n = numberOf(ch.value);
      if (n === undefined) return { number: false };
      r.value = n;
    } else {
      const s = String(ch.value ?? '').trim();
      const location = s ? (optionValue(LOCATION_OPTIONS, s) as SpaceUsageRow['location']) : null;
      if (s && !location) refused ??= `Onbekende locatie '${s}'. Kies een van: ${LOCATION_LIST}.`;
      else r.location = location;
    }
  }
  return { rows: next, refused };
}
