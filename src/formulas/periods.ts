import { MAX_PERIODS, type PeriodCode, type PhasingPeriod } from '../model/modelData.ts';
import { type Ymd, compareYmd, parseYmd, ymdToSerial } from './dates.ts';

export { MAX_PERIODS };

export interface Period {
  /** 1-based index. */
  index: number;
  /** PER_01 … PER_40. */
  code: PeriodCode;
  /** `2025`, `2025 H1`, `2025 Q3`. */
  label: string;
  year: number;
  /** First day of the period. */
  start: Ymd;
  /** First day of the next period (exclusive end); cash flows of the period are taken here. */
  end: Ymd;
  startSerial: number;
  endSerial: number;
}

export function periodsPerYear(p: PhasingPeriod): 1 | 2 | 4 {
  return p === 'Annual' ? 1 : p === 'SemiAnnual' ? 2 : 4;
}

export function periodCode(index: number): PeriodCode {
  return `PER_${String(index).padStart(2, '0')}` as PeriodCode;
}

/** 1-based index of a PER_xx code, 0 for UITGANGSPUNT. */
export function periodIndex(code: PeriodCode): number {
  return code === 'UITGANGSPUNT' ? 0 : Number(code.slice(4));
}

function periodLabel(year: number, sub: number, m: 1 | 2 | 4): string {
  if (m === 1) return String(year);
  return m === 2 ? `${year} H${sub}` : `${year} Q${sub}`;
}

/**
 * Number of calendar-aligned periods from the one containing `start` to the one containing `end`
 * (without building them, so a bad date range cannot allocate much).
 */
export function countPeriods(start: string, end: string, type: PhasingPeriod): number {
  const m = periodsPerYear(type);
  const s = parseYmd(start);
  const e = parseYmd(end);
  if (compareYmd(s, e) > 0) return 0;
  const months = 12 / m;
  const si = s.y * m + Math.floor((s.m - 1) / months);
  const ei = e.y * m + Math.floor((e.m - 1) / months);
  return ei - si + 1;
}

/**
 * The periods of a model: period 1 is the calendar year / half-year / quarter containing the
 * calculation start date, the last one contains the calculation end date. Throws nothing; returns
 * more than 40 periods if the dates ask for it (validation reports that).
 */
export function generatePeriods(start: string, end: string, type: PhasingPeriod, limit = 1000): Period[] {
  const m = periodsPerYear(type);
  const months = 12 / m;
  const s = parseYmd(start);
  const e = parseYmd(end);
  const out: Period[] = [];
  let y = s.y;
  let sub = Math.floor((s.m - 1) / months) + 1;
  while (out.length < limit) {
    const startYmd: Ymd = { y, m: (sub - 1) * months + 1, d: 1 };
    if (out.length > 0 && compareYmd(startYmd, e) > 0) break;
    const ny = sub === m ? y + 1 : y;
    const nsub = sub === m ? 1 : sub + 1;
    const endYmd: Ymd = { y: ny, m: (nsub - 1) * months + 1, d: 1 };
    const index = out.length + 1;
    out.push({
      index,
      code: index <= MAX_PERIODS ? periodCode(index) : (`PER_${index}` as PeriodCode),
      label: periodLabel(y, sub, m),
      year: y,
      start: startYmd,
      end: endYmd,
      startSerial: ymdToSerial(startYmd),
      endSerial: ymdToSerial(endYmd),
    });
    if (compareYmd(endYmd, e) > 0) break;
    y = ny;
    sub = nsub;
  }
  return out;
}

/**
 * Index (0-based) of the period that contains the NCW date, the last one when none does: the workbook's
 * interest chain after withdrawal and the workbench's overview start there. Periods by ISO dates, end exclusive.
 */
export function ncwPeriodIndex(periods: readonly { start: string; end: string }[], ncwDate: string): number {
  const k = periods.findIndex((p) => p.start <= ncwDate && ncwDate < p.end);
  return k < 0 ? periods.length - 1 : k;
}
