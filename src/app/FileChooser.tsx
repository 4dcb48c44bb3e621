import { FileInput } from '@blueprintjs/core';

/**
 * The file field of an upload, one file: Blueprint's FileInput with Dutch texts and the chosen file shown
 * (Blueprint shows only the placeholder). `accept` narrows the browser's choice; the server checks the file.
 */
export function FileChooser({ id, file, disabled, onChange, accept, label, placeholder = 'Kies een bestand...', describe = (f) => f.name }: {
  id: string;
  file: File | null;
  disabled: boolean;
  onChange: (file: File | null) => void;
  accept?: string;
  /** An accessible name of its own (else the label `for` the id names it). */
  label?: string;
  placeholder?: string;
  /** How the chosen file is shown. */
  describe?: (file: File) => string;
}) {
  return (
    <FileInput
      fill
      disabled={disabled}
      text={file ? describe(file) : placeholder}
      buttonText="Bladeren"
      hasSelection={file !== null}
      inputProps={{ id, accept, 'aria-label': label }}
      onInputChange={(e) => onChange(e.currentTarget.files?.[0] ?? null)}
    />
  );
}
