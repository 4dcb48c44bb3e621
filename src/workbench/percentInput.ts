// Percentages as they are typed into a "(%)" field or cell. The stored notation stays the spec's
// (percent.ts: a value ≤ 1 is a fraction, 1 = 100 %); what changes is that nothing typed is misread
// silently: '1 %' says percent outright, and a bare number ≤ 1 gets a note with the other reading.
import { inNotationOf, pct } from '../model/percent.ts';
import { percentDown } from '../lib/nlFormat.ts';
import { parseDutchNumber, toDutchEditText } from '../lib/dutchNumber.ts';

/**
 * The stored value for what was typed into a percentage field or cell: a bare number as typed (the
 * spec's rule reads it), a number with a % sign as that percentage, in the notation of the value it
 * replaces ('1%' → 0.01; '12,5%' over a stored 2 → 12.5). null clears; undefined: not a number.
 */
export function percentInput(input: unknown, existing: number | null | undefined): number | null | undefined {
  if (input === null || input === undefined || (typeof input === 'string' && input.trim() === '')) return null;
  const p = parseDutchNumber(input as string | number);
  if (!p) return undefined;
  return p.percent ? inNotationOf(hundredth(p.value), existing) : p.value;
}

/**
 * The text of a "(%)" field for a stored percentage: the percentage itself, in either notation (2 and
 * 0.02 show '2'; 0.005 shows '0,5'), so after 'Bedoelt u 0,5 %?' the field shows what the user meant
 * (issue 23), and the field's label says how to read it.
 */
export const percentFieldText = (stored: number): string => toDutchEditText(Number((pct(stored) * 100).toPrecision(12)));

/** A percentage as a fraction: division by 100 leaves float noise (0.07 / 100 = 0.0007000000000000001). */
export const hundredth = (x: number) => Number((x / 100).toPrecision(12));

export interface PercentNote {
  /** The number as typed and stored. */
  typed: number;
  /** How the model reads it: '100,00%'. */
  reading: string;
  /** The other reading, offered in one click: 'Bedoelt u 1 %?'. */
  question: string;
  /** The stored value of the other reading (1 → 0.01). */
  alternative: number;
}

/**
 * The note for a value typed into a percentage field or cell: only for a bare number ≤ 1 other than 0
 * (there the two readings differ); a number written with % or above 1 is unambiguous.
 */
export function percentNote(input: unknown): PercentNote | null {
  if (typeof input !== 'string' && typeof input !== 'number') return null;
  const p = parseDutchNumber(input);
  if (!p || p.percent || p.value > 1 || p.value === 0) return null;
  const typed = p.value;
  return {
    typed,
    reading: `${percentDown(pct(typed))}%`,
    question: `Bedoelt u ${toDutchEditText(typed)} %?`,
    alternative: inNotationOf(hundredth(typed), typed),
  };
}
