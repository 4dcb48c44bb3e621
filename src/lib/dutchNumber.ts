// Parsing of Dutch (nl-NL) numbers and dates as users type and paste them (from Excel or the tool
// itself): '1.234,56', '12,5%', '€ 1.000', '-1.234', '(1.234,56)', '31-12-2025'. No DOM, no Node.

interface ParsedNumber {
  value: number;
  /** The text carried a % sign (the value is as written: '12,5%' → 12.5). */
  percent: boolean;
}

const SPACES = /[\s\u00a0\u202f']/g;
/** Thousands grouped by one kind of space (or the Swiss '), then decimals: '1 234 567,89'. */
const SPACE_GROUPS = /^[1-9]\d{0,2}([ \u00a0\u202f'])\d{3}(?:\1\d{3})*(?:[.,]\d+)?$/;

/**
 * A Dutch number, or null when the text is not one. Dots are thousand separators and the comma is
 * the decimal mark. Text from other sources is read sensibly too: with both marks the last one is the
 * decimal mark ('1,234.56'); a single dot followed by other than exactly three digits is a decimal
 * point ('1234.5' from a plain copy); several commas are thousand separators. A group of thousands
 * never starts with a lone 0: '0.125' has a decimal point and '0.125.000' is no number. The two texts
 * left that mean one thing in Dutch and another in English ('1.234', '1,234') are read as Dutch; a
 * pasted block decides that for all its cells (`blockNotation`, `fromEnglishNotation`).
 */
export function parseDutchNumber(input: string | number | null | undefined): ParsedNumber | null {
  if (typeof input === 'number') return Number.isFinite(input) ? { value: input, percent: false } : null;
  if (input == null) return null;
  let s = String(input).trim();
  if (!s) return null;
  let negative = false;
  if (/^\(.*\)$/.test(s)) {
    negative = true;
    s = s.slice(1, -1);
  }
  s = s.replace(/[−–]/g, '-');
  // Spaces may stand around the sign, € and %, but inside the digits only as a thousands separator
  // ('1 234,56'): '390.000 25%' or '450<Tab>575' is a typo, not 390,00025 or 450.575 (issue 35).
  const digits = /\d[\d.,\s\u00a0\u202f']*\d/.exec(s)?.[0];
  if (digits && /[\s\u00a0\u202f']/.test(digits) && !SPACE_GROUPS.test(digits)) return null;
  s = s.replace(SPACES, '');
  let percent = false;
  if (s.endsWith('%')) {
    percent = true;
    s = s.slice(0, -1);
  }
  s = s.replace(/^(-?)(€|eur|EUR)/, '$1').replace(/^(€|eur|EUR)/, '').replace(/(€|eur|EUR)$/, '');
  if (s.startsWith('-')) {
    negative = !negative;
    s = s.slice(1);
  } else if (s.startsWith('+')) s = s.slice(1);
  if (s.endsWith('-')) {
    negative = !negative;
    s = s.slice(0, -1);
  }
  const normal = plainDigits(s);
  if (normal === null) return null;
  const value = Number(normal);
  if (!Number.isFinite(value)) return null;
  return { value: negative ? -value : value, percent };
}

export type Notation = 'nl' | 'en';

/** Thousands grouped by `sep`: 1 to 3 digits that do not start with 0, then groups of three. */
const grouped = (sep: string) => `[1-9]\\d{0,2}(?:\\${sep}\\d{3})+`;
const DOT_GROUPS = new RegExp(`^${grouped('.')}$`);
const COMMA_GROUPS = new RegExp(`^${grouped(',')}$`);
const DOT_GROUPS_COMMA_DECIMALS = new RegExp(`^${grouped('.')},\\d*$`);
const COMMA_GROUPS_DOT_DECIMALS = new RegExp(`^${grouped(',')}\\.\\d*$`);

/** Digits and marks (no sign, currency or %) → the number as JavaScript reads it, or null. */
function plainDigits(s: string): string | null {
  if (!/^[\d.,]+$/.test(s) || !/\d/.test(s)) return null;
  const dots = (s.match(/\./g) ?? []).length;
  const commas = (s.match(/,/g) ?? []).length;
  let normal: string;
  if (dots && commas) {
    if (s.lastIndexOf(',') > s.lastIndexOf('.')) {
      if (!DOT_GROUPS_COMMA_DECIMALS.test(s)) return null;
      normal = s.replace(/\./g, '').replace(',', '.');
    } else {
      if (!COMMA_GROUPS_DOT_DECIMALS.test(s)) return null;
      normal = s.replace(/,/g, '');
    }
  } else if (commas > 1) {
    if (!COMMA_GROUPS.test(s)) return null;
    normal = s.replace(/,/g, '');
  } else if (commas) normal = s.replace(',', '.');
  else if (DOT_GROUPS.test(s)) normal = s.replace(/\./g, '');
  else if (dots > 1) return null;
  else normal = s;
  if (normal.startsWith('.')) normal = `0${normal}`;
  if (normal.endsWith('.')) normal = normal.slice(0, -1);
  return normal;
}

/** '1,234.56' → '1.234,56': a text in English notation as the Dutch parser reads it. */
export const fromEnglishNotation = (s: string) => s.replace(/[.,]/g, (m) => (m === '.' ? ',' : '.'));

/**
 * The notation of a pasted block of numbers: 'en' when some cell can only be English ('12.5',
 * '1,234.56', '1,234,567') and none can only be Dutch ('12,5', '1.234,56', '1.234.567'); else 'nl'.
 * So '1.234' beside '12.5' (a copy from an English Excel) is 1,234 rather than a silent 1.234 × 1.000.
 */
export function blockNotation(texts: Iterable<unknown>): Notation {
  let english = false;
  for (const t of texts) {
    if (typeof t !== 'string' || t.trim().startsWith('=')) continue;
    // A typo ('390.000 25%') is no number in either notation: it is refused, and says nothing of the block's.
    if (!parseDutchNumber(t) && !parseDutchNumber(fromEnglishNotation(t))) continue;
    const core = /[\d.,]*\d[\d.,]*/.exec(t.replace(SPACES, ''))?.[0];
    const last = core ? Math.max(core.lastIndexOf('.'), core.lastIndexOf(',')) : -1;
    if (!core || last < 0 || /^[1-9]\d{0,2}[.,]\d{3}$/.test(core)) continue; // no mark, or '1.234' / '1,234'
    // The last mark is the decimal mark when it occurs once; more often, it separates thousands.
    const mark = core[last]!;
    const once = core.indexOf(mark) === last;
    if ((mark === ',') === once) return 'nl';
    english = true;
  }
  return english ? 'en' : 'nl';
}

/** The value only (the % sign, if any, is ignored: '12,5%' → 12.5). */
export function parseDutchValue(input: string | number | null | undefined): number | null {
  return parseDutchNumber(input)?.value ?? null;
}

const pad = (n: number, l = 2) => String(n).padStart(l, '0');

function valid(y: number, m: number, d: number): boolean {
  const t = new Date(Date.UTC(y, m - 1, d));
  return y >= 1900 && y <= 9999 && t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
}

/**
 * A date as `yyyy-mm-dd`, or null. Reads '31-12-2025', '31/12/2025', '31.12.2025', '1-1-25'
 * (two-digit years are 20xx) and '2025-12-31'.
 */
export function parseDutchDate(input: string | null | undefined): string | null {
  if (input == null) return null;
  const s = String(input).trim();
  let y: number;
  let m: number;
  let d: number;
  let match = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(s);
  if (match) {
    [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  } else {
    match = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{2}|\d{4})$/.exec(s);
    if (!match) return null;
    [d, m, y] = [Number(match[1]), Number(match[2]), Number(match[3])];
    if (match[3]!.length === 2) y += 2000;
  }
  return valid(y, m, d) ? `${pad(y, 4)}-${pad(m)}-${pad(d)}` : null;
}

/** The message of a date that parseDutchDate cannot read, in the tool and in the administration. */
export const INVALID_DATE = 'Ongeldige datum (dd-mm-jjjj)';

/** yyyy-mm-dd → dd-mm-jjjj. */
export function formatDutchDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return m ? `${m[3]}-${m[2]}-${m[1]}` : iso;
}

/**
 * A number as a user types it back: no thousand separators, comma as decimal mark ('1234,56'), never
 * an exponent. The text reads back as exactly the same number, so a cell opened and left with Enter,
 * or copied and pasted back, keeps its value (JavaScript's shortest text of a number: 261110782,09
 * stays that; rounding to ten decimals made it 261110782,09000003 and 0,00000000002 nil).
 */
export function toDutchEditText(v: number | null | undefined): string {
  if (v == null || !Number.isFinite(v)) return '';
  return plainDecimal(v).replace('.', ',');
}

/** String(v) without its exponent (1e-7 → '0.0000001', 1e21 → '1000000000000000000000'). */
function plainDecimal(v: number): string {
  const s = String(v);
  const m = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(s);
  if (!m) return s;
  const [, sign, first, rest = '', e] = m;
  const exp = Number(e);
  return exp < 0 ? `${sign}0.${'0'.repeat(-exp - 1)}${first}${rest}` : `${sign}${first}${rest}${'0'.repeat(exp - rest.length)}`;
}
