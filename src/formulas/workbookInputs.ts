import type { ParameterRow } from '../api/contract/parameters.ts';
import type { SpaceUsageLocation } from '../api/contract/modelData.ts';

// What the open-model job writes into a spreadsheet model before it is opened: the global parameters
// and the version's space usage, into the template's named input cells (sheet `Invoer`,
// docs/spreadsheet-models.md). Implemented in issue 12's template part.

export interface WorkbookInputs {
  /** The global parameters that apply to the model (the latest value per parameter key). */
  parameters: ParameterRow[];
  /** m² per space-usage location from the version's feature areas; null: leave the cells as they are. */
  spaceUsage: Partial<Record<SpaceUsageLocation, number>> | null;
}

export declare function writeWorkbookInputs(xlsx: Uint8Array, inputs: WorkbookInputs): Promise<Uint8Array>;
