import type { ModelData } from '../../model/modelData.ts';
import { remapPeriodItems } from '../periodRemap.ts';
import type { EntryKind } from '../../model/sections.ts';

// PLACEHOLDER of branch `annual-engine` (issue 37.2, calculation.md §8.3), which owns this file: the
// product side of the jaarovergang (branch `vastgesteld`) codes against its interface until it lands.
// On merging `annual-engine`, take that branch's file whole. This stand-in only moves the dates and the
// period values by date (the tool's period remap): no opening book value, no realised amounts, no
// re-pricing, no notes.

/** An amount phased but not booked in a period ≤ k*, postponed into new period 1 (§8.3). */
export interface RolloverNote {
  section: EntryKind;
  id: number;
  /** The old period's label ('2024 Q3'). */
  from: string;
  /** Euros (a Financeel sum, re-priced) that land in `to`. */
  postponed: number;
  /** The new period's label ('2025 Q1'). */
  to: string;
}

/** An own index rate (`indexing_items`) of a period ≤ k*, dropped (§8.3). */
export interface DroppedIndexRate {
  section: EntryKind;
  id: number;
  /** The old period's label. */
  period: string;
  rate: number;
}

export interface Rollover {
  model: ModelData;
  notes: RolloverNote[];
  droppedIndexRates: DroppedIndexRate[];
}

const later = (a: string, b: string) => (a > b ? a : b);

/** Why `model` cannot be rolled over to book year `year` (Dutch), or null: §8.3 asks `S < 1-1-Y ≤ E`. */
export function rolloverProblem(model: ModelData, year: number): string | null {
  const bp = model.base_parameters;
  const start = `${year}-01-01`;
  if (!(bp.phasing_calculation_start_date < start && start <= bp.phasing_calculation_end_date)) {
    return `Het boekjaar ${year} valt niet binnen de looptijd van het rekenmodel (na de startdatum, uiterlijk de einddatum).`;
  }
  return null;
}

/** The model rolled over to book year `year` (§8.3); see the file's first comment. */
export function rolloverModel(model: ModelData, year: number): Rollover {
  const next = structuredClone(model);
  const bp = next.base_parameters;
  const start = `${year}-01-01`;
  bp.phasing_calculation_start_date = start;
  bp.phasing_net_present_value_date = later(bp.phasing_net_present_value_date, start);
  bp.phasing_price_reference_date = later(bp.phasing_price_reference_date, start);
  remapPeriodItems(model, next);
  return { model: next, notes: [], droppedIndexRates: [] };
}
