import { describe, expect, it } from 'vitest';
import { columnTotalFormula } from './workbookRefs.ts';
import { BLOCKS, type EntrySheetLayout, type RawCell } from './workbookLayout.ts';

/** An entry sheet of `entries` rows, every one with a nominal cell in period 1, and set rows below its Totaal row. */
function sheet(entries: number, setRows: number): { lay: EntrySheetLayout; rows: RawCell[][] } {
  const blockStart = Object.fromEntries(BLOCKS.map((b, i) => [b, i])) as EntrySheetLayout['blockStart'];
  const totalsRow = entries + 1;
  const rows: RawCell[][] = Array.from({ length: totalsRow + 1 + setRows }, () => new Array<RawCell>(BLOCKS.length).fill(null));
  for (let r = 1; r < totalsRow; r++) rows[r]![blockStart.nominal] = '=1';
  const groups = Array.from({ length: setRows }, (_, i) => ({ setRow: i, row: totalsRow + 1 + i, members: [] }));
  for (const g of groups) rows[g.row]![blockStart.nominal] = '=2';
  const lay = { sheet: 'Kostenraming', col: {}, blockStart, rowOf: new Map(), ids: [], width: BLOCKS.length, factor: new Map(), totalsRow, groups, groupOfRow: new Map(), ncwPeriod: 0 } satisfies EntrySheetLayout;
  return { lay, rows };
}

describe('the Totaal row of an entry sheet', () => {
  it('adds the entries\' and the set rows\' nominal cells one by one', () => {
    const { lay, rows } = sheet(2, 1);
    expect(columnTotalFormula(lay, rows, 'nominal', 1)).toBe('=I2+I3+I5');
  });

  it('above 1.000 cells adds the entries as one range and still every set row below the Totaal row', () => {
    const { lay, rows } = sheet(1200, 2);
    expect(columnTotalFormula(lay, rows, 'nominal', 1)).toBe('=SUM(I2:I1201)+I1203+I1204');
  });
});
