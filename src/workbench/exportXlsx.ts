// Export of the model as xlsx in the browser, with the engine's own export (src/formulas/export.ts):
// the same sheets, Excel-compatible formulas and their computed results as the tool and the CLI.
// The export module (and exceljs) is loaded only when the user exports.
import type { GrexEngine } from '../formulas/engine.ts';

export async function exportModelXlsx(engine: GrexEngine): Promise<Blob> {
  const { exportXlsx } = await import('../formulas/export.ts');
  const bytes = await exportXlsx(engine);
  return new Blob([bytes as BlobPart], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
}
