import { FileChooser } from '../../app/FileChooser.tsx';

/** The file field of a workbook upload (model and report templates): the browser offers xlsx files only. */
export function XlsxFileInput(props: { id: string; file: File | null; disabled: boolean; onChange: (file: File | null) => void }) {
  return <FileChooser {...props} accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" />;
}
