// The per-entry Nominaal block of an exported workbook (issue 38, "fewer cells"). The live workbook has
// nominal cells only for the entries with an own index chain: the others' nominal amounts are their
// set's factor times the sum on the set's row below the Totaal row, and the tool reads each entry's
// nominal amount as phased × factor (resultsReader.ts). A modeller checking the file wants every
// entry's nominal amount as a formula, and that they add up to the totals: the export writes the
// entries' nominal cells as the workbook had them before, and a check row under the sets' rows that is
// 0 in every period where they do.
import type { CellValue } from 'hyperformula';
import type { EntryResult } from '../model/results.ts';
import { text, type EntrySheetLayout, type RawCell, type SheetSpec, type WorkbookLayout } from './workbookLayout.ts';
import { entryNominalCell, nominalCheckFormula } from './workbookRefs.ts';

export const NOMINAL_CHECK_TITLE = 'Controle: Nominaal per post − Totaal (0 = sluit)';

/** Which periods get the entries' nominal cells and which the check (1-based, inclusive from). */
export interface AuditPeriods {
  cellsFrom: number;
  checkFrom: number;
}

/**
 * An entry sheet's rows with the audit: a nominal cell for every phased amount of an entry without an
 * own chain from `cellsFrom`, and the check row after the last row from `checkFrom`. With the engine's
 * results (`values`), the cells' computed values as well (the export writes them as cached results).
 */
export function withNominalAudit(
  sheet: SheetSpec,
  lay: EntrySheetLayout,
  setCols: WorkbookLayout['setCols'],
  n: number,
  at: AuditPeriods,
  values?: { entries: EntryResult[]; cells: CellValue[][] },
): { spec: SheetSpec; cells?: CellValue[][] } {
  const rows = sheet.rows.map((r) => r.slice());
  const cells = values?.cells.map((r) => r.slice());
  lay.ids.forEach((id, i) => {
    const src = lay.factor.get(id)!;
    const r = lay.rowOf.get(id)!;
    if (src.own) return;
    for (let k = at.cellsFrom; k <= n; k++) {
      const nominal = entryNominalCell(lay, rows[r]!, r, k, src, setCols);
      if (nominal === null) continue;
      const c = lay.blockStart.nominal + k - 1;
      rows[r]![c] = nominal;
      if (cells) (cells[r] ??= [])[c] = values!.entries[i]!.nominal[k - 1]!;
    }
  });
  const check: RawCell[] = new Array(lay.width).fill(null);
  check[lay.col.label!] = text(NOMINAL_CHECK_TITLE);
  const checkRow = rows.length;
  rows.push(check);
  for (let k = at.checkFrom; k <= n; k++) {
    const c = lay.blockStart.nominal + k - 1;
    check[c] = nominalCheckFormula(lay, rows, k);
    if (cells) {
      let sum = 0;
      for (let r = 1; r < lay.totalsRow; r++) if (rows[r]![c] != null) sum += Number(cells[r]?.[c] ?? 0);
      (cells[checkRow] ??= [])[c] = sum - Number(cells[lay.totalsRow]?.[c] ?? 0);
    }
  }
  return { spec: { ...sheet, rows }, cells };
}
