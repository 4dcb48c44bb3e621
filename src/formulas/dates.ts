// Date helpers shared by the engine, the validation and the reference implementation.
// Dates are handled as Excel serial numbers (days since 1899-12-30), which is also what the
// workbook cells hold, so HyperFormula, Excel and LibreOffice all see the same numbers.

const MS_PER_DAY = 86_400_000;
const EPOCH_OFFSET = 25_569; // serial of 1970-01-01

export interface Ymd {
  y: number;
  m: number; // 1..12
  d: number; // 1..31
}

/** A `yyyy-mm-dd` date (the wire format, validated before it gets here). */
export function parseYmd(s: string): Ymd {
  return { y: Number(s.slice(0, 4)), m: Number(s.slice(5, 7)), d: Number(s.slice(8, 10)) };
}

export function ymdToSerial({ y, m, d }: Ymd): number {
  return Math.round(Date.UTC(y, m - 1, d) / MS_PER_DAY) + EPOCH_OFFSET;
}

export function toSerial(s: string): number {
  return ymdToSerial(parseYmd(s));
}

function serialToYmd(serial: number): Ymd {
  const t = new Date((serial - EPOCH_OFFSET) * MS_PER_DAY);
  return { y: t.getUTCFullYear(), m: t.getUTCMonth() + 1, d: t.getUTCDate() };
}

export function serialToIso(serial: number): string {
  const { y, m, d } = serialToYmd(serial);
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** DAYS360(a, b, TRUE): the European 30E/360 day count (day 31 counts as 30). */
function days360e(a: Ymd, b: Ymd): number {
  const da = Math.min(a.d, 30);
  const db = Math.min(b.d, 30);
  return (b.y - a.y) * 360 + (b.m - a.m) * 30 + (db - da);
}

/** Year fraction yf(a, b) = DAYS360(a, b, TRUE) / 360; negative when b < a. */
export function yf(a: Ymd, b: Ymd): number {
  return days360e(a, b) / 360;
}

export function compareYmd(a: Ymd, b: Ymd): number {
  return a.y - b.y || a.m - b.m || a.d - b.d;
}

/**
 * ROUND(x, 2) as the workbook writes it: `ROUND(x + SIGN(x)*0.0000001, 2)`. The tiny nudge makes a
 * binary near-tie (1.005 is stored as 1.00499…) round half away from zero in HyperFormula, Excel,
 * LibreOffice and here alike (HyperFormula alone would give 1.00, LibreOffice 1.01).
 */
export function round2(x: number): number {
  const n = x + Math.sign(x) * 1e-7;
  return (Math.sign(n) * Math.floor(Math.abs(n) * 100 + 0.5)) / 100;
}
