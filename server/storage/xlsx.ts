import type { XlsxProblem } from '../../src/formulas/xlsxPackage.ts';
import { WORKBOOK_MESSAGES } from '../../src/api/contract/messages.ts';
import { HttpError } from '../errors.ts';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The refusal of an uploaded file that is no workbook, on the form's `file` field: 413 too large unpacked, else 400. */
export function fileRefusal(problem: XlsxProblem, notXlsx: string = WORKBOOK_MESSAGES.notXlsx): HttpError {
  const message = problem === 'too-large' ? WORKBOOK_MESSAGES.tooLarge : notXlsx;
  return new HttpError(problem === 'too-large' ? 413 : 400, message, { errors: [{ path: 'file', message }] });
}
