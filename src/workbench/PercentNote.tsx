import { useEffect, useLayoutEffect, useState } from 'react';
import { Button } from '@blueprintjs/core';
import type Handsontable from 'handsontable/base';
import { percentDown } from '../lib/nlFormat.ts';
import { pct } from '../model/percent.ts';
import { type PercentNote, percentNote } from './percentInput.ts';
import { CommitField, type Committed } from './common.tsx';
import './excel.css';

// The note beside a percentage typed as a bare number ≤ 1 (issue 15): what the model reads it as
// ('100,00%') and the other reading in one click ('Bedoelt u 1 %?').

function NoteBody({ note, onPick, onClose }: { note: PercentNote; onPick: () => void; onClose: () => void }) {
  return (
    <>
      <span>Gelezen als {note.reading}.</span>
      {/* mousedown would take the focus from the field or grid (a field would commit its text first) */}
      <Button size="small" variant="outlined" text={note.question} onMouseDown={(e) => e.preventDefault()} onClick={onPick} />
      <Button size="small" variant="minimal" icon="cross" aria-label="Melding sluiten" onMouseDown={(e) => e.preventDefault()} onClick={onClose} />
    </>
  );
}

/**
 * A percentage field of the base parameters ("(%)"): the value, beside it the spec's reading
 * (value × 100), and while a bare number ≤ 1 typed there stands, the note with the other reading.
 */
export function PercentField({ id, label, value, disabled, onCommit }: {
  id: string;
  label: string;
  value: number;
  disabled?: boolean;
  onCommit: (v: number) => Committed;
}) {
  // The text as the user last typed it (null: nothing typed since the value was shown).
  const [typed, setTyped] = useState<string | null>(null);
  const note = typed === null ? null : percentNote(typed);
  // Undo, a reload or the other reading replace the value: the note of the old text goes.
  useEffect(() => {
    if (note && value !== note.typed) setTyped(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);
  return (
    <>
      <CommitField id={id} label={label} kind="percent" disabled={disabled} value={value} onCommit={(v) => onCommit(v as number)} onText={setTyped} />
      <span className="gs-wb-pct" data-testid={`${id}-reading`}>{percentDown(pct(value))}%</span>
      {note && !disabled && (
        <span className="gs-pct-note gs-wb-field-note" role="status" data-testid={`${id}-note`}>
          <NoteBody note={note} onPick={() => {
            setTyped(null);
            onCommit(note.alternative);
          }} onClose={() => setTyped(null)} />
        </span>
      )}
    </>
  );
}

/** The note under a grid cell where a percentage was just typed; `onPick` stores the other reading. */
export function GridPercentNote({ hot, wrap, row, col, note, onPick, onClose }: {
  hot: Handsontable;
  /** The positioned element around the grid the note is placed in. */
  wrap: HTMLElement;
  row: number;
  col: number;
  note: PercentNote;
  onPick: () => void;
  onClose: () => void;
}) {
  const [at, setAt] = useState<{ top: number; left: number } | null>(null);
  useLayoutEffect(() => {
    const place = () => {
      const td = hot.getCell(row, col);
      if (!td) return setAt(null);
      const r = td.getBoundingClientRect();
      const w = wrap.getBoundingClientRect();
      setAt({ top: r.bottom - w.top + 2, left: r.left - w.left });
    };
    place();
    // The cell moves when the grid scrolls.
    hot.addHook('afterScrollVertically', place);
    hot.addHook('afterScrollHorizontally', place);
    return () => {
      hot.removeHook('afterScrollVertically', place);
      hot.removeHook('afterScrollHorizontally', place);
    };
  }, [hot, wrap, row, col]);
  if (!at) return null;
  return (
    <div className="gs-pct-note" role="status" data-testid="pct-note" style={at}>
      <NoteBody note={note} onPick={onPick} onClose={onClose} />
    </div>
  );
}
