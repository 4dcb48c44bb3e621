// Issue 34 finding 7: which cells LibreOffice actually runs as formulas when a user opens the feed's CSV
// with "Evaluate formulas" on, with and without "Trim spaces"; toCsv's output must give it none. The
// same texts unneutralised (quoted only where toCsv quotes: LibreOffice trims only unquoted fields) show which of them LibreOffice would run (so the check can fail).
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureProgram } from '../../scripts/ensure.ts';
import { importCsvWithLibreOffice } from '../../test/formulas/libreoffice.ts';
import { toCsv } from './csv.ts';

const HOSTILE = [
  '=1+1', ' =1+1', '  =1+1', '\n=1+1', '\r\n=1+1', '\u00A0=1+1', '\u3000=1+1', '\uFF1D1+1',
  '+1+1', ' +1+1', '-1+1', ' -1+1', '@SUM(1)', ' @SUM(1)', '\uFF0B1+1', '\t=1+1',
];

/** The rows' texts written as the CSV with or without neutralising, and the cells LibreOffice made formulas of. */
async function formulasOf(neutralise: boolean, trimSpaces: boolean): Promise<string[]> {
  const rows = HOSTILE.map((t, i) => ({ n: i, t }));
  const csv = neutralise
    ? toCsv(['n', 't'], rows)
    : `n,t\r\n${rows.map((r) => `${r.n},${/[\r\n]/.test(r.t) ? `"${r.t}"` : r.t}`).join('\r\n')}\r\n`; // quoted as toCsv would
  const cells = await importCsvWithLibreOffice(csv, trimSpaces);
  return HOSTILE.filter((_, i) => cells.get(`B${i + 2}`)?.formula !== undefined);
}

describe('the CSV feed opened in LibreOffice', () => {
  beforeAll(() => void ensureProgram('soffice'));

  it('runs none of the neutralised cells as a formula, with or without "Trim spaces", where it runs the plain ones', async () => {
    expect(await formulasOf(false, false)).toContain('=1+1');
    expect(await formulasOf(false, true)).toEqual(expect.arrayContaining(['=1+1', ' =1+1', '  =1+1']));
    expect(await formulasOf(true, false)).toEqual([]);
    expect(await formulasOf(true, true)).toEqual([]);
  });
});
