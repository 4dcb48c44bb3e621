import { describe, expect, it } from 'vitest';
import type { SpaceUsageRow } from '../model/modelData.ts';
import { spaceRowsAfter } from './spaceRows.ts';

const rows: SpaceUsageRow[] = [
  { id: 1, label: 'Woningbouw', value: 5_000, location: 'net_area_marketable_residential' },
  { id: 2, label: 'Wegen', value: 1_200, location: 'main_structure_paving' },
];

describe('the Ruimtegebruik grid: typed and pasted cells as rows', () => {
  it('a location the list does not know is refused with a message, and the row keeps its own', () => {
    // a block pasted from Excel: the first row's location misspelt, the second one known
    const r = spaceRowsAfter(rows, [
      { row: 0, col: 1, value: '5.500' }, { row: 0, col: 2, value: 'Uitgeefbaar woningen' },
      { row: 1, col: 2, value: 'openbare ruimte verharding' },
    ]);
    expect(r).toEqual({
      rows: [
        { id: 1, label: 'Woningbouw', value: 5_500, location: 'net_area_marketable_residential' },
        { id: 2, label: 'Wegen', value: 1_200, location: 'public_space_paving' },
      ],
      refused: expect.stringMatching(/^Onbekende locatie 'Uitgeefbaar woningen'\. Kies een van: Niet in exploitatie \/ te handhaven, Hoofdstructuur verharding, .*Uitgeefbaar niet-wonen\.$/),
    });
  });

  it('an emptied location is cleared (the row then blocks the save, as an incomplete row does); a text that is no number refuses the change', () => {
    expect(spaceRowsAfter(rows, [{ row: 1, col: 2, value: null }])).toEqual({ rows: [rows[0], { ...rows[1], location: null }], refused: null });
    expect(spaceRowsAfter(rows, [{ row: 1, col: 1, value: 'veel' }])).toEqual({ number: false });
  });

  it("an area with a '%' or a space inside is no number (issue 35): not 12,5 m² or 450.575 m²", () => {
    for (const value of ['12,5%', '450\t575']) expect(spaceRowsAfter(rows, [{ row: 1, col: 1, value }])).toEqual({ number: false });
  });
});
