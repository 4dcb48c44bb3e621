import { isNotAWorkbook, openXlsx } from '../../src/formulas/xlsxPackage.ts';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Whether `data` is an xlsx workbook: a zip (its signature) whose `[Content_Types].xml` declares the
 * spreadsheetml main part, and whose workbook part opens with its sheets (openXlsx). Only those parts
 * are inflated, so a large workbook costs little.
 */
export async function isXlsxWorkbook(data: Uint8Array): Promise<boolean> {
  try {
    await openXlsx(data);
    return true;
  } catch (e) {
    if (isNotAWorkbook(e)) return false;
    throw e;
  }
}
