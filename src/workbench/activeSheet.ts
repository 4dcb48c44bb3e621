import type Handsontable from 'handsontable/base';

/** A grid as the toolbar and the keyboard shortcuts see it. */
interface ActiveSheet {
  fillDown(): void;
  fillRight(): void;
  /** Grids whose rows are entries: a row above the selection, the selected rows deleted (Ctrl+Shift+=, Ctrl+-). */
  insertRows?(): void;
  deleteRows?(): void;
  hot: Handsontable;
}

/** The grid that last had the focus: Ctrl+D / Ctrl+R and the toolbar act on it. (Its own module: the
 * grids load with Handsontable after the tool has opened; the tool's frame needs only this.) */
export let activeSheet: ActiveSheet | null = null;

export function setActiveSheet(sheet: ActiveSheet | null): void {
  activeSheet = sheet;
}
