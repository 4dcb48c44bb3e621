// Display formatting shared by browser and server (spec 1 §1, §5): nl-NL, Europe/Amsterdam.
// No React, DOM or Node imports.

const TIME_ZONE = 'Europe/Amsterdam';

const sizeNumber = new Intl.NumberFormat('nl-NL', { maximumFractionDigits: 2 });

/** A file size in Bytes/KB/MB/GB with the decimal thresholds 1e3, 1e6, 1e9 (spec 1 §5). */
export function formatFileSize(bytes: number | null | undefined): string {
  if (bytes == null || !Number.isFinite(bytes)) return '-';
  const abs = Math.abs(bytes);
  if (abs < 1e3) return `${sizeNumber.format(bytes)} Bytes`;
  if (abs < 1e6) return `${sizeNumber.format(bytes / 1e3)} KB`;
  if (abs < 1e9) return `${sizeNumber.format(bytes / 1e6)} MB`;
  return `${sizeNumber.format(bytes / 1e9)} GB`;
}

const dateTime = new Intl.DateTimeFormat('nl-NL', {
  timeZone: TIME_ZONE, day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit',
});
const dateOnly = new Intl.DateTimeFormat('nl-NL', { timeZone: TIME_ZONE, day: '2-digit', month: '2-digit', year: 'numeric' });
const timeOnly = new Intl.DateTimeFormat('nl-NL', { timeZone: TIME_ZONE, hour: '2-digit', minute: '2-digit', second: '2-digit' });

function toDate(value: string | Date | null | undefined): Date | null {
  if (value == null || value === '') return null;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** '22-11-2026 20:16' in Amsterdam time; '-' when empty. */
export function formatDateTime(value: string | Date | null | undefined): string {
  const d = toDate(value);
  return d ? dateTime.format(d).replace(',', '') : '-';
}

/** '22-11-2026'; '-' when empty. */
export function formatDate(value: string | Date | null | undefined): string {
  const d = toDate(value);
  return d ? dateOnly.format(d) : '-';
}

/** '20:16:05'; '-' when empty. */
export function formatTime(value: string | Date | null | undefined): string {
  const d = toDate(value);
  return d ? timeOnly.format(d) : '-';
}

const wallClock = new Intl.DateTimeFormat('en-CA', {
  timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
});

/** Amsterdam wall-clock time of an instant: `yyyy-mm-dd` and the seconds since midnight (a report's file name and date cells). */
export function localDateAndSeconds(value: string | Date): { date: string; seconds: number } {
  const p = Object.fromEntries(wallClock.formatToParts(new Date(value)).map((x) => [x.type, x.value]));
  return { date: `${p.year}-${p.month}-${p.day}`, seconds: Number(p.hour) * 3600 + Number(p.minute) * 60 + Number(p.second) };
}
