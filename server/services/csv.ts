// Every CSV the product writes goes through toCsv (docs/decisions.md "BI links for Power BI and Excel"):
// RFC 4180 or the Dutch Excel dialect, and text that a spreadsheet would run as a formula neutralised.

/**
 * `rfc4180`: comma, decimal point, no BOM (Power Query, scripts, English Excel). `nl`: what Dutch Excel
 * opens in columns on a double click: semicolon, decimal comma, UTF-8 byte order mark.
 */
export type CsvDialect = 'rfc4180' | 'nl';

const DIALECTS: Record<CsvDialect, { separator: string; decimal: string; bom: string }> = {
  rfc4180: { separator: ',', decimal: '.', bom: '' },
  nl: { separator: ';', decimal: ',', bom: '\uFEFF' },
};

/**
 * OWASP's rule against CSV (formula) injection, widened to what a spreadsheet reads past (issue 34
 * finding 7): text whose first visible character is =, +, -, @ or their full-width forms ＝ ＋ － ＠,
 * after any leading white space or line breaks (LibreOffice's "trim spaces" import evaluates ' =1+1';
 * full-width signs because Excel's East Asian input takes them as formula signs), or that begins with a
 * tab or carriage return, is prefixed with a single quote, so Excel and LibreOffice show it instead of
 * running it. Only text: a number (a negative amount) is written as the number it is.
 */
const FORMULA_START = /^(?:[\s\u200B]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]|[\t\r])/;
export const neutralised = (text: string) => (FORMULA_START.test(text) ? `'${text}` : text);

function field(v: unknown, d: (typeof DIALECTS)[CsvDialect]): string {
  if (v === null || v === undefined) return '';
  // String(number) never has a thousands separator or an exponent below 1e21: only its point changes.
  const s = typeof v === 'number' ? String(v).replace('.', d.decimal) : neutralised(String(v));
  const quote = s.includes(d.separator) || /["\r\n]/.test(s);
  return quote ? `"${s.replaceAll('"', '""')}"` : s;
}

/** A header line of the column names and one line per row, CRLF after every line (RFC 4180); null is empty. */
export function toCsv<T extends object>(columns: readonly (keyof T & string)[], rows: readonly T[], dialect: CsvDialect = 'rfc4180'): string {
  const d = DIALECTS[dialect];
  const line = (values: readonly unknown[]) => `${values.map((v) => field(v, d)).join(d.separator)}\r\n`;
  return d.bom + line(columns) + rows.map((r) => line(columns.map((c) => r[c]))).join('');
}
