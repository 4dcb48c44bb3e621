import JSZip from 'jszip';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The main part's content type of an xlsx workbook (a macro-enabled .xlsm has another, and is not one). */
const WORKBOOK_MAIN_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml';

/**
 * Whether `data` is an xlsx workbook: a zip (its signature) whose `[Content_Types].xml` declares the
 * spreadsheetml main part. Only that one entry is inflated, so a large workbook costs little.
 */
export async function isXlsxWorkbook(data: Uint8Array): Promise<boolean> {
  if (data.byteLength < 4 || data[0] !== 0x50 || data[1] !== 0x4b || data[2] !== 0x03 || data[3] !== 0x04) return false;
  try {
    const zip = await JSZip.loadAsync(data);
    const types = await zip.file('[Content_Types].xml')?.async('string');
    return types?.includes(WORKBOOK_MAIN_TYPE) ?? false;
  } catch {
    return false; // not a readable zip
  }
}
