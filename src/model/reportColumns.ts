// The columns of reports and BI feeds that come from the sections (issue 24 item 9): each revenue
// section's revenue and each cost category's costs, per model (`Rekenmodellen`) and per period
// (`Perioden`). Derived from the section descriptors (sections.ts), so a new section or category is a
// new column everywhere at once: stored results, report data sheets, the shipped templates, JSON, CSV
// and OData. The amounts are what Overzicht adds up: a period's cash flow is nominal + booked
// (workbook.ts, periodCashFlowFormula), so the cost columns add up to `kosten` and the revenue columns
// to `opbrengsten`.
import type { ModelData } from './modelData.ts';
import type { Results } from './results.ts';
import { SECTIONS, entriesOf, perSections, revenueSections } from './sections.ts';
import type { EntryKind } from './section.ts';

/** A section column's key: the data sheets' header, the JSON key, the CSV header and the OData property. */
export type SectionColumnKey = `opbrengsten_${string}` | `kosten_${string}`;

export interface SectionColumn {
  key: SectionColumnKey;
  /** The Dutch words a template shows for it. */
  title: string;
  kind: EntryKind;
  /** A revenue section's column (its per-period revenues); false for a cost category. */
  revenue: boolean;
  /** The cost category (`phasing.phasing_section_type`); null for a revenue section. */
  category: string | null;
}

/** `Opbrengsten niet-woningbouw` → `niet_woningbouw`: lower case, no accents, words joined by `_`, the prefix word left out. */
export function word(title: string, prefix = ''): string {
  return title.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase()
    .split(/[^a-z0-9]+/).filter((w) => w && w !== prefix).join('_');
}

/**
 * The section columns, in the descriptors' order: the revenue sections, then the cost categories (those
 * offered, then the values older models may hold, under their own name as Overzicht shows them).
 */
export const sectionColumns = perSections((): readonly SectionColumn[] => [
  ...revenueSections().map((s) => ({
    key: `opbrengsten_${word(s.revenue!.title, 'opbrengsten')}` as const, title: s.revenue!.title, kind: s.kind, revenue: true, category: null,
  })),
  ...SECTIONS.filter((s) => s.direction === 'out').flatMap((s) => [
    ...s.categories.map((c) => ({ value: c.value, name: c.label, title: c.label })),
    ...s.legacyCategories.map((value) => ({ value, name: value, title: `${value} (oude categorie)` })),
  ].map(({ value, name, title }) => ({ key: `kosten_${word(name, 'kosten')}` as const, title, kind: s.kind, revenue: false, category: value }))),
]);

export type SectionAmounts = Record<SectionColumnKey, number | null>;

const round2 = (x: number) => Math.round(x * 100) / 100;

/** Every section column null: a model whose results are unknown, or a spreadsheet model (its workbook names no sections). */
export const noSectionAmounts = (): SectionAmounts => Object.fromEntries(sectionColumns().map((c) => [c.key, null])) as SectionAmounts;

/**
 * The section columns of a computed model: per period, and per model (the sum over the periods, as
 * `totale_kosten` is). Cost categories add the entries' cash flows of the period, to the cent.
 */
export function sectionAmounts(m: ModelData, r: Pick<Results, 'periods' | 'entries'>): { model: SectionAmounts; periods: SectionAmounts[] } {
  const byCategory = new Map<string, number[]>();
  for (const s of SECTIONS.filter((x) => x.direction === 'out')) {
    const categoryOf = new Map(entriesOf(m, s.kind).map((e) => [e.id, e.phasing.phasing_section_type as string]));
    for (const e of r.entries[s.kind]!) {
      const c = categoryOf.get(e.id) ?? s.defaultCategory;
      const sums = byCategory.get(c) ?? byCategory.set(c, r.periods.map(() => 0)).get(c)!;
      r.periods.forEach((_, k) => { sums[k]! += e.nominal[k]! + e.booked[k]!; });
    }
  }
  const periods = r.periods.map((p, k) => Object.fromEntries(sectionColumns().map((c) => [
    c.key, c.revenue ? p.sectionRevenues[c.kind]! : round2(byCategory.get(c.category!)?.[k] ?? 0),
  ])) as SectionAmounts);
  const model = Object.fromEntries(sectionColumns().map((c) => [c.key, round2(periods.reduce((s, p) => s + p[c.key]!, 0))])) as SectionAmounts;
  return { model, periods };
}
