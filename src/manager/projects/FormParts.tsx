import type { ReactNode } from 'react';
import { Button, FormGroup } from '@blueprintjs/core';
import { formatDateTime } from '../../lib/format.ts';
import { orDash } from './formRules.ts';

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

/** Aangemaakt op/door, Laatst gewijzigd op/door. */
export function CreatedModified({ createdAt, author, modifiedAt, modifiedBy }: {
  createdAt: string | null | undefined; author: string | null | undefined; modifiedAt: string | null | undefined; modifiedBy: string | null | undefined;
}) {
  return (
    <InfoList
      items={[
        ['Aangemaakt op', createdAt ? formatDateTime(createdAt) : null],
        ['Aangemaakt door', author],
        ['Laatst gewijzigd op', modifiedAt ? formatDateTime(modifiedAt) : null],
        ['Laatst gewijzigd door', modifiedBy],
      ]}
    />
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
