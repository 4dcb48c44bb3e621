import { useEffect, useRef, useState } from 'react';
import type { CellContents } from './formulaCells.ts';
import './FormulaBar.css';

// The formula bar above a grid, as Excel's: the selected cell's address and its contents. An input
// cell's formula (or value) is edited here like in the cell — Enter or leaving the field applies it,
// Esc puts it back; a computed cell shows, read-only, how the engine computes it.

export function FormulaBar({ contents, readOnly, onCommit, onDone, onFocus, testId }: {
  contents: CellContents | null;
  readOnly: boolean;
  /** The text typed in the bar, for the cell it was typed for. */
  onCommit: (text: string) => void;
  /** Back to the grid (after Enter or Esc). */
  onDone: () => void;
  /** The bar got the focus: the grid stops taking the keys (they are the bar's). */
  onFocus?: () => void;
  testId: string;
}) {
  const shown = contents?.text ?? '';
  const [text, setText] = useState(shown);
  const editing = useRef(false);
  useEffect(() => {
    if (!editing.current) setText(shown);
  }, [shown, contents?.address]);
  const editable = !!contents?.editable && !readOnly;
  const commit = () => {
    editing.current = false;
    if (text !== shown) onCommit(text);
  };
  return (
    <div className="gs-formula-bar" data-testid={testId}>
      <span className="gs-formula-address" aria-label="Celadres" title={contents ? `Cel ${contents.address}` : undefined}>{contents?.address ?? ''}</span>
      <span className="gs-formula-fx" aria-hidden>fx</span>
      <input
        className="gs-formula-input bp5-input bp5-small"
        aria-label="Formulebalk"
        value={editable ? text : shown}
        readOnly={!editable}
        title={contents && !contents.editable ? 'Berekend door de rekenkern (alleen lezen)' : undefined}
        onFocus={() => {
          editing.current = editable;
          onFocus?.();
        }}
        onChange={(e) => setText(e.target.value)}
        onBlur={() => editing.current && commit()}
        onKeyDown={(e) => {
          // Enter and Esc are the bar's alone: onDone gives the grid its keys back before this key has
          // bubbled up to the document, where the grid would take it too — Enter opened the cell's editor
          // on the formula the engine had not yet replaced (its worker answers later) and closing it stored
          // that old formula again over the one just typed (e2e workbenchFormulas).
          if (e.key === 'Enter' || e.key === 'Escape') e.stopPropagation();
          if (e.key === 'Enter') {
            e.preventDefault();
            commit();
            onDone();
          } else if (e.key === 'Escape') {
            e.preventDefault();
            editing.current = false;
            setText(shown);
            onDone();
          }
        }}
      />
    </div>
  );
}
