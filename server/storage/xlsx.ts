import { isNotAWorkbook, openXlsx } from '../../src/formulas/xlsxPackage.ts';
import { ZipTooLarge } from '../../src/formulas/zipPackage.ts';
import { WORKBOOK_MESSAGES } from '../../src/api/contract/messages.ts';
import { HttpError } from '../errors.ts';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Why a file is no workbook the server reads: it unpacks beyond the caps (413), or it is no xlsx at all. */
export type XlsxProblem = 'too-large' | 'not-xlsx';

/**
 * Why `data` is not an xlsx workbook, or null when it is one: a zip (its signature) within the unpacked
 * size caps (refused on the sizes it declares, before inflating), whose `[Content_Types].xml` declares the
 * spreadsheetml main part, and whose workbook part opens with its sheets (openXlsx). Only those parts
 * are inflated, so a large workbook costs little.
 */
export async function xlsxProblem(data: Uint8Array): Promise<XlsxProblem | null> {
  try {
    await openXlsx(data);
    return null;
  } catch (e) {
    if (e instanceof ZipTooLarge) return 'too-large';
    if (isNotAWorkbook(e)) return 'not-xlsx';
    throw e;
  }
}

/** The refusal of an uploaded file that is no workbook, on the form's `file` field: 413 too large unpacked, else 400. */
export function fileRefusal(problem: XlsxProblem, notXlsx: string = WORKBOOK_MESSAGES.notXlsx): HttpError {
  const message = problem === 'too-large' ? WORKBOOK_MESSAGES.tooLarge : notXlsx;
  return new HttpError(problem === 'too-large' ? 413 : 400, message, { errors: [{ path: 'file', message }] });
}
