// The cost estimate's units (spec 3 §3 Enumerations, the contract's Unit) as a modeller types them.
// One pure reading for the grid's unit cells, so what is typed is either a unit or refused — never
// the dropdown's half-matched first choice (typing 'm2' quickly used to store 'm').
import type { CostEntry } from '../model/modelData.ts';
import { UNIT_LABELS } from '../model/codeLabels.ts';

export type Unit = CostEntry['estimate']['unit'];

/** The units with the label the grid shows (codeLabels.ts: m, m², Ha, …, Post for Item). */
export const UNIT_OPTIONS = (Object.entries(UNIT_LABELS) as [Unit, string][]).map(([value, label]) => ({ value, label }));

/** What else a modeller types for a unit (lower case, without spaces); labels and wire values count too. */
const ALIASES: Record<Unit, string[]> = {
  Meter: ['meter', 'meters', 'm1', 'mtr'],
  SquareMeter: ['m2', 'vierkantemeter', 'vierkantemeters'],
  Hectare: ['hectare', 'hectares'],
  CubicMeter: ['m3', 'kubiekemeter', 'kubiekemeters'],
  Pieces: ['st', 'st.', 'stuk', 'stuks', 'pieces'],
  Item: ['posten'],
  Percentage: ['%', 'procent'],
  Euro: ['€', 'eur'],
  Hours: ['uur', 'u', 'hours'],
};

const byText = new Map<string, Unit>();
for (const o of UNIT_OPTIONS) {
  for (const t of [o.value, o.label, ...ALIASES[o.value]]) byText.set(normal(t), o.value);
}

function normal(s: string): string {
  return s.toLowerCase().replace(/\s+/g, '');
}

/** The units as the refusal lists them: 'm, m², Ha, …'. */
export const UNIT_LIST = UNIT_OPTIONS.map((o) => o.label).join(', ');

/** A typed or pasted unit ('m2', 'M²', 'stuks', '€', …) as the contract's unit, or the Dutch refusal. */
export function parseUnit(input: unknown): { unit: Unit } | { error: string } {
  const text = typeof input === 'string' ? input.trim() : input == null ? '' : String(input);
  if (!text) return { error: `Voer een eenheid in: ${UNIT_LIST}.` };
  const unit = byText.get(normal(text));
  return unit ? { unit } : { error: `Onbekende eenheid '${text}'. Kies een van: ${UNIT_LIST}.` };
}
