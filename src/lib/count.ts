// A count as the user reads it, for browser and server alike. Imports nothing, so the message texts
// (src/api/contract/messages.ts, first bundle) can use it.

const countNumber = new Intl.NumberFormat('nl-NL', { maximumFractionDigits: 0 });

/** A count with its noun in the right number: '1 rekenmodel', '0 rekenmodellen', '1.200 rekenmodellen'. */
export function formatCount(n: number, one: string, many: string): string {
  return `${countNumber.format(n)} ${n === 1 ? one : many}`;
}
