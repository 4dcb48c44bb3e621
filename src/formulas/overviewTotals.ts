// The model's Overzicht (calculation.md §3b.6): totals per section and per category, and the
// space-usage checks. Derived from the section descriptors and the engine's entry results, so a new
// section shows here without a change; the workbench only renders what this returns.
import type { ModelData, SpaceUsageLocation } from '../model/modelData.ts';
import { formatNumber } from '../lib/nlFormat.ts';
import { type EntrySummary, type ResultsSummary, nominalTotal } from '../model/results.ts';
import { SECTIONS, entriesOf, sectionOf } from '../model/sections.ts';
import type { EntryKind } from '../model/section.ts';
import { LOCATION_TITLES } from './workbookLayout.ts';

export interface Totals {
  /** Raming at the entries' price dates. */
  estimate: number;
  amountAtNcw: number;
  totalBooked: number;
  /** Sum of the nominal amounts over the periods. */
  nominal: number;
  /** Number of entries added up. */
  count: number;
}

export interface CategoryTotals extends Totals {
  /** `phasing.phasing_section_type` as stored. */
  category: string;
  /** The Dutch word (a legacy value is shown as it is). */
  label: string;
}

export interface SectionTotals extends Totals {
  kind: EntryKind;
  title: string;
  direction: 'in' | 'out';
  /** The categories that hold entries, in the descriptor's order (legacy values after). */
  categories: CategoryTotals[];
}

const zero = (): Totals => ({ estimate: 0, amountAtNcw: 0, totalBooked: 0, nominal: 0, count: 0 });
const round2 = (x: number) => Math.round(x * 100) / 100;

function add(t: Totals, e: EntrySummary): void {
  t.estimate += e.estimate;
  t.amountAtNcw += e.amountAtNcw;
  t.totalBooked += e.totalBooked;
  t.nominal += nominalTotal(e);
  t.count++;
}
/** Sums to the cent, as the entry cells are shown (floating-point sums of many cents drift). */
function rounded<T extends Totals>(t: T): T {
  return { ...t, estimate: round2(t.estimate), amountAtNcw: round2(t.amountAtNcw), totalBooked: round2(t.totalBooked), nominal: round2(t.nominal) };
}

/** Per section and per category: estimate, amount at NCW date, booked and nominal totals. */
export function sectionTotals(m: ModelData, r: ResultsSummary): SectionTotals[] {
  return SECTIONS.map((s) => {
    const categoryOf = new Map(entriesOf(m, s.kind).map((e) => [e.id, e.phasing.phasing_section_type as string]));
    const section = zero();
    const byCategory = new Map<string, Totals>();
    for (const e of r.entries[s.kind]!) {
      add(section, e);
      const c = categoryOf.get(e.id) ?? s.defaultCategory;
      if (!byCategory.has(c)) byCategory.set(c, zero());
      add(byCategory.get(c)!, e);
    }
    const order = s.categories.map((c) => c.value);
    const rank = (c: string) => (order.includes(c) ? order.indexOf(c) : order.length);
    const categories = [...byCategory.entries()]
      .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))
      .map(([category, t]) => rounded({ ...t, category, label: s.categories.find((c) => c.value === category)?.label ?? category }));
    return rounded({ ...section, kind: s.kind, title: s.title, direction: s.direction, categories });
  });
}

export interface SpaceUsageCheck {
  kind: EntryKind;
  location: SpaceUsageLocation;
  /** m² of the section's Prijs-per-m² entries (amount × m²). */
  entriesM2: number;
  /** m² of the Ruimtegebruik rows at the location. */
  spaceM2: number;
  /** entriesM2 − spaceM2. */
  difference: number;
  /** The warning in Dutch. */
  message: string;
}


/**
 * §3b.6: the m² of a section's Prijs-per-m² entries against its Ruimtegebruik location; a difference is a
 * warning (returned), equal areas none. A section without Prijs-per-m² entries is not checked: the area of
 * plots priced per plot or by quote is not in the model (docs/decisions.md, "The model's Overzicht").
 */
export function spaceUsageChecks(m: ModelData, r: Pick<ResultsSummary, 'spaceUsage'>): SpaceUsageCheck[] {
  const out: SpaceUsageCheck[] = [];
  for (const { kind, marketableLand: location } of SECTIONS) {
    if (!location) continue;
    const perM2 = entriesOf(m, kind).filter((e) => 'calculation_method' in e && e.calculation_method === 'PricePerSquareMeter');
    if (!perM2.length) continue;
    const entriesM2 = round2(perM2.reduce((s, e) => s + ('price_per_square_meter_data' in e ? e.amount * (e.price_per_square_meter_data?.square_meters ?? 0) : 0), 0));
    const spaceM2 = round2(r.spaceUsage.byLocation[location] ?? 0);
    const difference = round2(entriesM2 - spaceM2);
    if (Math.abs(difference) < 0.005) continue;
    out.push({
      kind, location, entriesM2, spaceM2, difference,
      message: `${sectionOf(kind).title}: de posten met prijs per m² tellen ${formatNumber(entriesM2)} m², Ruimtegebruik '${LOCATION_TITLES[location]}' ` +
        `${formatNumber(spaceM2)} m² (verschil ${formatNumber(difference)} m²).`,
    });
  }
  return out;
}
