import type Handsontable from 'handsontable/base';

/** A grid as the toolbar, the keyboard shortcuts and the right-click menu see it. */
interface ActiveSheet {
  fillDown(): void;
  fillRight(): void;
  /** Grids whose rows are entries: as many rows as are selected, above or below the selection (Ctrl+Shift+=: above). */
  insertRows?(where: 'above' | 'below'): void;
  /** The selected rows deleted (Ctrl+-); `canDeleteRows` is false while only the empty last row is selected. */
  deleteRows?(): void;
  canDeleteRows?(): boolean;
  /** The grid's own clipboard path, which hands the cells to the store, so each is one undo step. */
  cut(): void;
  copy(): void;
  /** Rejects when the browser does not let the page read the clipboard (Ctrl+V still works). */
  paste(): Promise<void>;
  hot: Handsontable;
}

export const PASTE_REFUSED = 'De browser staat plakken via het menu niet toe. Gebruik Ctrl+V.';

/** The grid that last had the focus: Ctrl+D / Ctrl+R and the toolbar act on it. (Its own module: the
 * grids load with Handsontable after the tool has opened; the tool's frame needs only this.) */
export let activeSheet: ActiveSheet | null = null;

export function setActiveSheet(sheet: ActiveSheet | null): void {
  activeSheet = sheet;
}
