// Export of the model as xlsx in the browser, with the engine's own export (src/formulas/export.ts):
// the same sheets, Excel-compatible formulas and their computed results as the tool and the CLI.
// The file is made in the engine's worker (engineWorker.ts), which loads the export module (and exceljs) only then.
import type { EngineClient } from './engineClient.ts';

export async function exportModelXlsx(engine: EngineClient): Promise<Blob> {
  const bytes = await engine.exportXlsx();
  return new Blob([bytes as BlobPart], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
}
