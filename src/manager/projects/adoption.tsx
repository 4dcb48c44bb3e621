import { Callout } from '@blueprintjs/core';
import type { Version } from '../../api/versions.ts';
import { formatDutchDate } from '../../lib/dutchNumber.ts';
import { formatDateTime } from '../../lib/format.ts';

// How a vastgestelde version is shown in the version list and its info (issue 37.4); the dialogs that
// mark it are in AnnualDialogs.tsx.

/** The mark of a vastgestelde version as a line of text: 'Vastgesteld door de raad op 12-03-2025'. */
export const adoptedText = (v: Pick<Version, 'adoptedOn'>) => (v.adoptedOn ? `Vastgesteld door de raad op ${formatDutchDate(v.adoptedOn)}` : null);

/** The version info's lines of the vaststelling: date, note, and who marked it when (nothing when not vastgesteld). */
export function AdoptionInfo({ version }: { version: Version }) {
  if (!version.adoptedOn) return null;
  return (
    <Callout role="group" aria-label="Vastgesteld door de raad" intent="success" icon="endorsed" className="gs-adopted">
      <strong>{adoptedText(version)}</strong>
      {version.adoptedNote && <p>{version.adoptedNote}</p>}
      <p className="gs-muted">Vastgelegd door {version.adoptedByNameFull ?? '-'} op {formatDateTime(version.adoptedAt)}</p>
    </Callout>
  );
}
