import { lazy, memo, Suspense } from 'react';
import { Spinner } from '@blueprintjs/core';
import type { SheetProps } from './Sheet.tsx';

// The grids (Handsontable, ≈ half of the tool's JavaScript) are a chunk of their own: opening a model
// needs the engine and the first tab, not a grid. The tool loads this chunk once the first tab is
// shown (preloadSheets); a grid shown before it has arrived shows a spinner meanwhile.

const load = () => import('./Sheet.tsx');
const Grid = lazy(() => load().then((m) => ({ default: m.Sheet })));

export function preloadSheets(): void {
  void load().catch(() => {
    /* the grid's Suspense retries when shown */
  });
}

export const Sheet = memo(function Sheet(props: SheetProps) {
  const height = props.height ?? 420;
  return (
    <Suspense fallback={<div className="gs-sheet gs-sheet-loading" style={{ height }} data-testid={`${props.testId}-loading`}><Spinner size={24} /></div>}>
      <Grid {...props} />
    </Suspense>
  );
});
