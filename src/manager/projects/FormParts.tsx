import type { ReactNode } from 'react';
import { Button, FormGroup, InputGroup, NonIdealState, Spinner, TextArea } from '@blueprintjs/core';
import { useRoot } from '../../app/RootStore.ts';
import { PageHeader } from '../../app/PageHeader.tsx';
import { useSubmission } from '../../app/submission.ts';
import type { NamedKind } from '../../lib/names.ts';
import { formatDateTime } from '../../lib/format.ts';
import { SAVE_OK, isStaleEdit, orDash, saveErrorMessage } from './formRules.ts';
import { isStatus } from '../../api/http.ts';
import { projectsStoreOf } from './ProjectsStore.ts';

/**
 * The frame of the project, version and model forms: header, title, a spinner until there is something to
 * show, the failed state, then the form or the read-only view; `after` shows below it either way.
 */
export function FormScreen({ title, loading, failed, failedTitle, children, after }: {
  title: string; loading: boolean; failed: boolean; failedTitle: string; children: ReactNode; after?: ReactNode;
}) {
  return (
    <>
      <PageHeader crumbs={[{ text: title }]} />
      <div className="gs-content">
        <section aria-label={title} className="gs-form">
          <h2>{title}</h2>
          {loading && <Spinner size={24} />}
          {!loading && failed && <NonIdealState icon="error" title={failedTitle} />}
          {!loading && !failed && children}
          {after}
        </section>
      </div>
    </>
  );
}

/** The name (required) and Beschrijving fields that open every form here; `invalid` marks the name input red. */
export function NameDescription({ prefix, nameLabel, name, description, busy, error, invalid, onName, onDescription }: {
  prefix: string; nameLabel: string; name: string; description: string; busy: boolean; error: string | null; invalid: boolean;
  onName: (v: string) => void; onDescription: (v: string) => void;
}) {
  return (
    <>
      <Field label={nameLabel} required id={`${prefix}-name`} error={error}>
        <InputGroup id={`${prefix}-name`} value={name} disabled={busy} onValueChange={onName} intent={invalid ? 'danger' : 'none'} />
      </Field>
      <Field label="Beschrijving" id={`${prefix}-description`}>
        <TextArea id={`${prefix}-description`} fill value={description} disabled={busy} onChange={(e) => onDescription(e.currentTarget.value)} />
      </Field>
    </>
  );
}

/** What a saved form tells the overview: the row to select on return, and the toast (Opslaan gelukt! unless said). */
interface Saved {
  focus: { projectId?: number; versionId?: number };
  message?: string;
}

/**
 * Saving a form here (spec 1 §2, §8): while `saving`, the write runs; on success a toast, the overview
 * selects the saved row and opens; a failure says why in the kind's words, and a taken name (409) is
 * also told to `onNameTaken`, which marks the name field.
 */
export function useFormSave(kind: NamedKind, onNameTaken: (message: string) => void) {
  const root = useRoot();
  const submission = useSubmission();
  const save = (write: () => Promise<Saved>) => submission.run(async () => {
    const saved = await write();
    projectsStoreOf(root).focus(saved.focus);
    root.screen.navigate('Projects');
    return saved;
  }, {
    success: ({ message = SAVE_OK }) => message,
    failure: (e) => {
      const message = saveErrorMessage(e, kind);
      if (isStatus(e, 409) && !isStaleEdit(e)) onNameTaken(message);
      return message;
    },
  });
  return { saving: submission.busy, save };
}

/** A labelled field; `error` shows under the input in red. */
export function Field({ label, required, id, error, children }: {
  label: string; required?: boolean; id: string; error?: string | null; children: ReactNode;
}) {
  return (
    <FormGroup label={label} labelFor={id} labelInfo={required ? '*' : undefined} intent={error ? 'danger' : 'none'} helperText={error ?? undefined}>
      {children}
    </FormGroup>
  );
}

/** Read-only label/value pairs, '-' for empty values. */
export function InfoList({ items }: { items: [string, string | null | undefined][] }) {
  return (
    <dl className="gs-info-grid">
      {items.map(([label, value]) => (
        <div key={label} style={{ display: 'contents' }}>
          <dt>{label}</dt>
          <dd aria-label={label}>{orDash(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The stamps every project, version and model row carries. */
interface Stamped {
  createdAt: string | null | undefined;
  authorNameFull: string | null | undefined;
  timestampLastModified: string | null | undefined;
  lastModifiedByNameFull: string | null | undefined;
}

/** Aangemaakt op/door, Laatst gewijzigd op/door. */
export function CreatedModified({ row }: { row: Stamped }) {
  return (
    <InfoList
      items={[
        ['Aangemaakt op', row.createdAt ? formatDateTime(row.createdAt) : null],
        ['Aangemaakt door', row.authorNameFull],
        ['Laatst gewijzigd op', row.timestampLastModified ? formatDateTime(row.timestampLastModified) : null],
        ['Laatst gewijzigd door', row.lastModifiedByNameFull],
      ]}
    />
  );
}

/** What a reader sees instead of the form: the fields, the stamps, anything the screen adds, and Terug. */
export function ReadOnlyView({ items, row, onBack, children }: {
  items: [string, string | null | undefined][]; row: Stamped; onBack: () => void; children?: ReactNode;
}) {
  return (
    <>
      <InfoList items={items} />
      <CreatedModified row={row} />
      {children}
      <div className="gs-actions"><Button text="Terug" onClick={onBack} /></div>
    </>
  );
}

/** Opslaan (submits the form; disabled while loading) and Annuleren, the action bar of every form here. */
export function SaveCancel({ busy, saving, onCancel }: { busy: boolean; saving: boolean; onCancel: () => void }) {
  return (
    <div className="gs-actions">
      <Button type="submit" intent="primary" text="Opslaan" disabled={busy} loading={saving} />
      <Button text="Annuleren" onClick={onCancel} />
    </div>
  );
}
