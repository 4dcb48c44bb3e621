// A grid's Excel habits (issue 15), as Handsontable settings for <Sheet>: the right-click menu of the
// entry grids, whose every item goes through the store (rows are entries of the model, so undo and the
// engine follow), and a unit cell whose typed text is what counts.
import type Handsontable from 'handsontable/base';
import { DropdownEditor } from 'handsontable/editors';
import { EDITOR_STATE } from 'handsontable/editors/baseEditor';
import { MENU_SEPARATOR, type ActionRegistry } from './actions.ts';

/** What a grid whose rows are entries can do with them (EntrySection gives the store's actions). */
export interface RowActions {
  /** `count` new rows above `row` or below it (as many as the selection has rows, as in Excel). */
  insert(row: number, where: 'above' | 'below', count: number): void;
  remove(rows: number[]): void;
}

/** The rows covered by the selection (all its ranges), ascending, without the empty last row. */
export function selectedRows(hot: Handsontable, spareRow: number): number[] {
  const rows = new Set<number>();
  for (const r of hot.getSelectedRange() ?? []) {
    const from = Math.max(0, Math.min(r.from.row ?? 0, r.to.row ?? 0));
    const to = Math.max(r.from.row ?? 0, r.to.row ?? 0);
    for (let i = from; i <= to; i++) if (i !== spareRow) rows.add(i);
  }
  return [...rows].sort((a, b) => a - b);
}

/**
 * The right-click menu of the entry grids, from the tool's action registry (the menu actions: 'Rij invoegen
 * boven', 'Rij invoegen onder', 'Rij verwijderen', 'Knippen', 'Kopiëren', 'Plakken', 'Ongedaan maken'),
 * so an item has the label and enabled rule of its button and shortcut. The actions work on the active
 * grid, which the right click has made this one.
 */
export function contextMenuOf(actions: ActionRegistry) {
  let separators = 0;
  return {
    items: Object.fromEntries(actions.menu().map((a) => (a === MENU_SEPARATOR
      ? [`gs_sep${++separators}`, { name: '---------' }]
      : [`gs_${a.id}`, { name: a.label, disabled: () => !a.enabled(), callback: () => a.run() }]))),
  };
}

/**
 * The grid's dropdown. Its list is searched 10–20 ms after each key, and the search ends by focusing the
 * editor's own text field. Once the editor has closed (Tab to the next cell), a search still due must do
 * nothing: on a busy machine it ran after the next cell's first key and took the focus from that cell's
 * editor, so the rest of the number was lost (85,50 stored as 8; issue 23). Likewise the list's focus
 * after a scroll.
 */
export class QuietDropdownEditor extends DropdownEditor {
  override updateChoicesList(choices: unknown[]) {
    if (this.isOpened()) super.updateChoicesList(choices);
  }

  override focus() {
    if (this.state === EDITOR_STATE.EDITING) super.focus();
  }
}

/**
 * A dropdown whose typed text is the value: Enter takes what was typed, not the list's highlighted
 * first match (that match lags the typing: 'm2' typed quickly was stored as 'm', 'Prijs per m²' as
 * 'Kavelprijs' on a busy machine). A choice picked with the arrow keys or the mouse still counts. The
 * column's parse then accepts or refuses the text.
 */
export class TypedDropdownEditor extends QuietDropdownEditor {
  private picked = false;

  override open() {
    this.picked = false;
    super.open();
    this.addHook('beforeKeyDown', (e: KeyboardEvent) => {
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') this.picked = true;
      else if (e.key.length === 1 || e.key === 'Backspace' || e.key === 'Delete') this.picked = false;
    });
  }

  /** What the typed text stands for when nothing was picked from the list. */
  protected typedValue(text: string): string {
    return text;
  }

  override finishEditing(restoreOriginalValue?: boolean, ctrlDown?: boolean, callback?: () => void) {
    if (!this.picked) {
      this.htEditor?.deselectCell();
      if (!restoreOriginalValue) this.setValue(this.typedValue(String(this.getValue() ?? '')));
    }
    super.finishEditing(restoreOriginalValue, ctrlDown, callback);
  }
}

/**
 * A fixed choice list (no parse of its own): the typed text completes to its choice at once, from the
 * list itself rather than from the lagging highlight: the choice it names exactly, else the first that
 * starts with it, as the list shows once it has caught up. Text that names no choice stays, and
 * the column refuses it with a message.
 */
export class ChoiceDropdownEditor extends TypedDropdownEditor {
  protected override typedValue(text: string): string {
    return completeChoice((this.cellProperties.source as string[] | undefined) ?? [], text);
  }
}

export function completeChoice(choices: readonly string[], text: string): string {
  const t = text.trim().toLowerCase();
  if (!t) return text;
  return choices.find((c) => c.toLowerCase() === t) ?? choices.find((c) => c.toLowerCase().startsWith(t)) ?? text;
}
