import { HyperFormula } from 'hyperformula';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GrexEngine } from './engine.ts';
import { formulaShapeKey, sameTree, sumBuilder } from './formulaShapeCache.ts';
import { speedUpHyperFormula } from './hyperformulaSpeedups.ts';
import { largeModel } from '../../test/formulas/largeModel.ts';

const at = (col: number, row: number) => ({ sheet: 0, col, row });
const sheets = (name: string) => (name === 'Parametersets' ? 3 : undefined);

describe('formula shape key', () => {
  it('gives formulas that differ only in references with the same offsets one key', () => {
    expect(formulaShapeKey('=B2*Parametersets!B$3', at(1, 2), sheets)).toBe(formulaShapeKey('=C2*Parametersets!C$3', at(2, 2), sheets));
    expect(formulaShapeKey('=B2*$A$1', at(1, 2), sheets)).toBe(formulaShapeKey('=B9*$A$1', at(1, 9), sheets));
  });

  it('tells apart what HyperFormula reads differently', () => {
    const key = formulaShapeKey('=B2*$A$1', at(1, 2), sheets);
    expect(formulaShapeKey('=B2*$A$2', at(1, 2), sheets)).not.toBe(key); // absolute row
    expect(formulaShapeKey('=B3*$A$1', at(1, 2), sheets)).not.toBe(key); // other offset
    expect(formulaShapeKey('=B2*A$1', at(1, 2), sheets)).not.toBe(key); // other markers
    expect(formulaShapeKey('=SUM(B2,$A$1)', at(1, 2), sheets)).not.toBe(key);
  });

  it('keeps string literals, function names with digits and exponents as text', () => {
    expect(formulaShapeKey('="A1"', at(0, 0), sheets)).not.toBe(formulaShapeKey('="A2"', at(0, 1), sheets));
    expect(formulaShapeKey('=DAYS360(A1,B1)', at(2, 0), sheets)).toContain('DAYS360(');
    expect(formulaShapeKey('=LOG10(A1)', at(2, 0), sheets)).toContain('LOG10(');
    expect(formulaShapeKey('=1E5*A1', at(2, 0), sheets)).toContain('1E5*');
  });

  it('refuses what it cannot read exactly', () => {
    expect(formulaShapeKey('=SUM(A:A)', at(2, 0), sheets)).toBeUndefined(); // column range
    expect(formulaShapeKey('=SUM(1:2)', at(2, 0), sheets)).toBeUndefined(); // row range
    expect(formulaShapeKey('=SUM($A1:A$5)', at(2, 0), sheets)).toBeUndefined(); // ends ordered by the address
    expect(formulaShapeKey("='Para sets'!A1", at(2, 0), sheets)).toBeUndefined(); // quoted sheet
    expect(formulaShapeKey('=Onbekend!A1', at(2, 0), sheets)).toBeUndefined(); // sheet not resolved
    expect(formulaShapeKey('={1,2}', at(2, 0), sheets)).toBeUndefined();
    expect(formulaShapeKey('=SUM(A1:B2)', at(2, 0), sheets)).toBeDefined();
  });
});

/**
 * The key as first written, with one regular expression: the specification the scanner is held to.
 * A string literal stays as it is; a reference is HyperFormula's (optional unquoted sheet, `$`,
 * letters, `$`, digits), not inside a name or number and not a function name.
 */
function keyByRegex(text: string, address: { col: number; row: number }, resolveSheet: (name: string) => number | undefined): string | undefined {
  if (!/^=(?:[A-Za-z0-9_$!:+\-*/^().,<>=&% ]|"[^"]*")*$/.test(text)) return undefined;
  const REF = /"[^"]*"|(?<![A-Za-z0-9_.$!])(?:([A-Za-z0-9_]+)!)?(\$?)([A-Za-z]+)(\$?)([0-9]+)(?![A-Za-z0-9_.(!])/g;
  const column = (letters: string) => [...letters.toUpperCase()].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0) - 1;
  let key = '';
  let last = 0;
  let prevEnd = -1;
  let prevMarkers = '';
  for (let m = REF.exec(text); m !== null; m = REF.exec(text)) {
    if (m[3] === undefined) continue;
    const between = text.slice(last, m.index);
    const markers = (m[2] ? 'C' : 'c') + (m[4] ? 'R' : 'r');
    if (between.includes(':') && (between !== ':' || prevEnd !== last || markers !== prevMarkers)) return undefined;
    let sheet = '';
    if (m[1] !== undefined) {
      const id = resolveSheet(m[1]);
      if (id === undefined) return undefined;
      sheet = `#${id}`;
    }
    const col = column(m[3]!);
    const row = Number(m[5]) - 1;
    key += `${between}\u0000${sheet}${m[2] ? `C${col}` : `c${col - address.col}`}${m[4] ? `R${row}` : `r${row - address.row}`}\u0001`;
    last = prevEnd = REF.lastIndex;
    prevMarkers = markers;
  }
  return text.slice(last).includes(':') ? undefined : key + text.slice(last);
}

describe('the key\'s scanner', () => {
  const pieces = [
    'A1', '$B$2', 'c3', 'AB10', '$A1', 'A$1', 'XFD99', 'Blad!A1', 'Sheet_1!B2', 'Onbekend!C3', "'Q'!A1", '2024!A1',
    'Z!B3', 'Z!', 'DAYS360(', 'LOG10(', 'SUM(', 'IF(', '1E5', '1.5', '.5', ':', '+', '-', '*', '/', '^', '&', '=', '<>', '%', '(', ')', ',',
    '"x"', '"A1"', '"a:b"', '""', '"', '_', '.', '!', '$', ' ', 'é', '#', '{', ';', 'A:A', '1:2', 'TRUE()', 'AB', '12', 'a1', 'B',
  ];
  const sheets = (name: string) => ({ Blad: 2, Sheet_1: 3, '2024': 4, Z: 5 })[name];

  it('gives the same key as the regular expression it replaced, on any text', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 12 }), fc.nat(40), fc.nat(400), (parts, col, row) => {
        const text = '=' + parts.join('');
        expect(formulaShapeKey(text, { sheet: 0, col, row }, sheets)).toBe(keyByRegex(text, { col, row }, sheets));
      }),
      { numRuns: 3000, seed: 20261122 },
    );
  });
});

describe('HyperFormula with the shape cache', () => {
  it('is in front of the engine\'s parser', () => {
    const engine = new GrexEngine(largeModel({ costEntries: 4, residentialEntries: 2, longRunningEntries: 1 }));
    expect((engine.hf as unknown as { _parser: { parse: { name: string } } })._parser.parse.name).toBe('parseWithShapeCache');
    engine.destroy();
    expect(speedUpHyperFormula().parser).toBe(true);
  });

  it('computes formulas of one shape at every address, and the ones it refuses, as HyperFormula does', () => {
    speedUpHyperFormula();
    const hf = HyperFormula.buildFromSheets(
      {
        Blad: [
          [1, 2, 3, 4],
          [10, 20, 30, 40],
          ['=A1*A2', '=B1*B2', '=C1*C2', '=D1*D2'],
          ['=SUM(A1:A2)', '=SUM(B1:B2)', '=SUM($A1:A$2)', '=SUM($A1:B$2)'],
          ['="A1"', '="A2"', '=SUM(A:A)', '=SUM(B:B)'],
          ['=Blad!A1+1', '=Blad!B1+1', '=$A$1+A1', '=$A$1+B1'],
          ['=A1+A2+B1', '=B1+B2+C1', '=A1+D2', '=D1+A2+B2+C2+D2'], // sums of references are built, not parsed
        ],
      },
      { licenseKey: 'gpl-v3' },
    );
    expect(hf.getSheetValues(0).slice(2)).toEqual([
      [10, 40, 90, 160],
      [11, 22, 11, 33],
      ['A1', 'A2', 1 + 10 + 10 + 11 + 2 + 13, 2 + 20 + 40 + 22 + 3 + 25], // whole columns A and B
      [2, 3, 2, 3],
      [13, 25, 41, 104],
    ]);
    // A sum changes with what it refers to (its dependencies are the references it names).
    hf.setCellContents({ sheet: 0, col: 3, row: 1 }, 50);
    expect(hf.getSheetValues(0)[6]).toEqual([13, 25, 51, 114]);
    hf.destroy();
  });
});

describe('sums of references', () => {
  it('are built exactly as HyperFormula parses them', () => {
    speedUpHyperFormula();
    const hf = HyperFormula.buildFromSheets({ Blad: [[1]] }, { licenseKey: 'gpl-v3' });
    const parser = (hf as unknown as { _parser: { parse: { unpatched: (text: string, at: object) => unknown } } })._parser;
    const parse = (text: string, address: { sheet: number; col: number; row: number }) =>
      parser.parse.unpatched.call(parser, text, address) as ReturnType<NonNullable<ReturnType<typeof sumBuilder>>>;
    const build = sumBuilder(parse);
    expect(build).not.toBeNull();
    for (const [text, col, row] of [
      ['=A1+B1', 0, 0],
      ['=ME2+ME5+ME9+ME300', 340, 301],
      ['=ZZ1+A100+B3+C4+D5+E6', 3, 2],
    ] as const) {
      expect(sameTree(build!(text, { sheet: 0, col, row }), parse(text, { sheet: 0, col, row }))).toBe(true);
    }
    expect(sameTree(build!('=A1+B1', { sheet: 0, col: 0, row: 0 }), parse('=A1+B2', { sheet: 0, col: 0, row: 0 }))).toBe(false);
    hf.destroy();
  });
});
