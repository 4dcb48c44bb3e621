// A grid's Excel habits (issue 15), as Handsontable settings for <Sheet>: the right-click menu of the
// entry grids, whose every item goes through the store (rows are entries of the model, so undo and the
// engine follow), and a unit cell whose typed text is what counts.
import type Handsontable from 'handsontable/base';
import { DropdownEditor } from 'handsontable/editors';
import { EDITOR_STATE } from 'handsontable/editors/baseEditor';
import type { CopyPaste } from 'handsontable/plugins';

/** What a grid whose rows are entries can do with them (EntrySection gives the store's actions). */
export interface RowActions {
  /** `count` new rows above `row` or below it (as many as the selection has rows, as in Excel). */
  insert(row: number, where: 'above' | 'below', count: number): void;
  remove(rows: number[]): void;
  undo(): void;
  canUndo(): boolean;
  /** A Dutch message for the user (a toast). */
  tell(message: string): void;
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

export const PASTE_REFUSED = 'De browser staat plakken via het menu niet toe. Gebruik Ctrl+V.';

/**
 * The right-click menu: 'Rij invoegen boven', 'Rij invoegen onder', 'Rij verwijderen', 'Knippen',
 * 'Kopiëren', 'Plakken', 'Ongedaan maken'. Cut and paste run the grid's own clipboard path, which hands
 * the cells to the store (Sheet's beforeChange/beforePaste), so they too are one undo step.
 */
export function contextMenuOf(hot: () => Handsontable, rows: () => RowActions | undefined, state: () => { readOnly: boolean; spareRow: number }) {
  const cannotEdit = () => state().readOnly || !rows();
  const active = () => selectedRows(hot(), -1);
  const clipboard = () => hot().getPlugin('copyPaste') as CopyPaste;
  const insert = (where: 'above' | 'below') => {
    const selected = active();
    if (selected.length) rows()?.insert(where === 'above' ? selected[0]! : selected.at(-1)!, where, selected.length);
  };
  return {
    items: {
      gs_row_above: { name: 'Rij invoegen boven', disabled: cannotEdit, callback: () => insert('above') },
      gs_row_below: { name: 'Rij invoegen onder', disabled: cannotEdit, callback: () => insert('below') },
      gs_remove_row: {
        name: 'Rij verwijderen',
        disabled: () => cannotEdit() || selectedRows(hot(), state().spareRow).length === 0,
        callback: () => rows()?.remove(selectedRows(hot(), state().spareRow)),
      },
      gs_sep1: { name: '---------' },
      gs_cut: { name: 'Knippen', disabled: () => state().readOnly, callback: () => clipboard().cut() },
      gs_copy: { name: 'Kopiëren', callback: () => clipboard().copy() },
      gs_paste: {
        name: 'Plakken',
        disabled: () => state().readOnly,
        callback: () => {
          // Reading the clipboard needs the browser's consent; without it Ctrl+V still works.
          const read = navigator.clipboard?.readText?.();
          if (!read) return void rows()?.tell(PASTE_REFUSED);
          read.then((text) => {
            hot().listen();
            clipboard().paste(text);
          }, () => rows()?.tell(PASTE_REFUSED));
        },
      },
      gs_sep2: { name: '---------' },
      gs_undo: { name: 'Ongedaan maken', disabled: () => cannotEdit() || !rows()!.canUndo(), callback: () => rows()?.undo() },
    },
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
