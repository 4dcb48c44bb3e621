import type { ClipboardEvent, ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { HTMLTable } from '@blueprintjs/core';
import { isValidFraction, pastedCells, percentText } from './ParametersStore.ts';
import { INVALID_INPUT } from '../../api/contract/messages.ts';

export interface GridColumn { label: string; title?: string }
export interface GridRow {
  /** What the row header shows (a parameter, or 'Index 2'), with optional extra content (a remove button). */
  header: ReactNode;
  /** The accessible name of the cell in column `i`. */
  cellName: (i: number) => string;
  values: string[];
  onChange: (i: number, text: string) => void;
}

/**
 * The periods side by side (years as columns, parameters as rows), as a modeller reads them in Excel
 * (issue 25): a row copied from Excel and pasted into a cell fills that cell and the ones after it,
 * further lines the rows below. `meaning` adds a line under a single row with what each value means.
 */
export const PeriodGrid = observer(function PeriodGrid({ label, corner, columns, rows, meaning, onPaste }: {
  label: string;
  corner: string;
  columns: GridColumn[];
  rows: GridRow[];
  meaning?: boolean;
  onPaste: (row: number, column: number, cells: string[][]) => void;
}) {
  const paste = (row: number, column: number) => (e: ClipboardEvent<HTMLInputElement>) => {
    const cells = pastedCells(e.clipboardData.getData('text/plain'));
    if (!cells) return; // one value: the input takes it as typed
    e.preventDefault();
    onPaste(row, column, cells);
  };
  const invalid = rows.some((r) => !r.values.every(isValidFraction));
  return (
    <>
      <div className="gs-period-grid">
        <HTMLTable compact aria-label={label}>
          <thead>
            <tr>
              <th>{corner}</th>
              {columns.map((c, i) => <th key={i} title={c.title}>{c.label}</th>)}
            </tr>
          </thead>
          <tbody>
            {rows.map((r, ri) => (
              <tr key={ri}>
                <th scope="row">{r.header}</th>
                {r.values.map((value, i) => {
                  const ok = isValidFraction(value);
                  return (
                    <td key={i}>
                      <input className={`bp6-input bp6-small${ok ? '' : ' bp6-intent-danger'}`} aria-label={r.cellName(i)} value={value}
                        title={ok ? percentText(value) : INVALID_INPUT} onChange={(e) => r.onChange(i, e.currentTarget.value)} onPaste={paste(ri, i)} />
                    </td>
                  );
                })}
              </tr>
            ))}
            {meaning && rows.length === 1 && (
              <tr className="gs-muted">
                <th scope="row">Betekent</th>
                {rows[0].values.map((value, i) => <td key={i}>{percentText(value)}</td>)}
              </tr>
            )}
          </tbody>
        </HTMLTable>
      </div>
      {invalid && <p className="bp6-text-danger">{INVALID_INPUT}</p>}
    </>
  );
});
