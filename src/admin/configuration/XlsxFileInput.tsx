import { FileInput } from '@blueprintjs/core';

/** The file field of a workbook upload (model and report templates): xlsx only, the chosen name shown. */
export function XlsxFileInput({ id, file, disabled, onChange }: {
  id: string; file: File | null; disabled: boolean; onChange: (file: File | null) => void;
}) {
  return (
    <FileInput
      fill
      disabled={disabled}
      text={file ? file.name : 'Kies een bestand...'}
      buttonText="Bladeren"
      hasSelection={file !== null}
      inputProps={{ id, accept: '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }}
      onInputChange={(e) => onChange(e.currentTarget.files?.[0] ?? null)}
    />
  );
}
