import '../admin.css';
import { useState, type FormEvent } from 'react';
import { observer } from 'mobx-react-lite';
import { Alert, Button, Card, InputGroup, NonIdealState, Spinner } from '@blueprintjs/core';
import { useRoot } from '../../app/RootStore.ts';
import { PageHeader } from '../../app/PageHeader.tsx';
import { useResource } from '../../app/resource.ts';
import { useSubmission } from '../../app/submission.ts';
import { isStatus, messageOf } from '../../api/http.ts';
import { nameProblem } from '../../lib/names.ts';
import type { ReferenceKind, ReferenceRow } from './kinds.ts';
import { SAVE_FAILED } from '../../api/contract/messages.ts';


/**
 * One screen for the four reference-data lists (spec 2 §2): inline editable names, a save icon once
 * a name changed, a delete icon, an add row; a delete answered 423 asks before deleting with force.
 */
export const ReferenceListScreen = observer(function ReferenceListScreen({ kind }: { kind: ReferenceKind }) {
  const { toasts } = useRoot();
  const [rows, setRows] = useState<ReferenceRow[] | null>(null);
  const list = useResource(kind.loadError, () => kind.load(), [kind], setRows);
  const reload = () => list.load(() => kind.load(), setRows);
  const [drafts, setDrafts] = useState<Record<number, string>>({});
  const [newName, setNewName] = useState('');
  // One write at a time: Enter disables the field, which may blur it, and that must not save twice.
  const submission = useSubmission();
  const [pending, setPending] = useState<{ row: ReferenceRow; message: string } | null>(null);
  /** The name field whose name is taken (409): a row's id, or 'new' for the add field; marked until it changes. */
  const [taken, setTaken] = useState<number | 'new' | null>(null);

  const saveFailure = (field: number | 'new') => (e: unknown) => {
    if (isStatus(e, 409)) {
      setTaken(field);
      return kind.duplicate;
    }
    return isStatus(e, 400) || isStatus(e, 403) ? messageOf(e, SAVE_FAILED) : SAVE_FAILED;
  };
  const add = (e: FormEvent) => {
    e.preventDefault();
    const problem = nameProblem(newName);
    if (problem) return void toasts.error(problem);
    void submission.run(async () => {
      await kind.create(newName.trim());
      setNewName('');
      await reload();
    }, { success: `${kind.label} succesvol toegevoegd.`, failure: saveFailure('new') });
  };
  const rename = (row: ReferenceRow) => {
    const draft = drafts[row.id] ?? row.name;
    const problem = nameProblem(draft);
    if (problem) return void toasts.error(problem);
    void submission.run(async () => {
      await kind.rename(row.id, draft.trim());
      setDrafts(({ [row.id]: _, ...rest }) => rest);
      await reload();
    }, { success: `${kind.label} succesvol aangepast.`, failure: saveFailure(row.id) });
  };
  const cancelEdit = (row: ReferenceRow) => {
    setDrafts(({ [row.id]: _, ...rest }) => rest);
    if (taken === row.id) setTaken(null);
  };
  /** Moves a row one place up (−1) or down (+1) and stores the whole order; a stale list is reloaded. */
  const move = (index: number, step: -1 | 1) => void submission.run(async () => {
    const ids = rows!.map((r) => r.id);
    [ids[index], ids[index + step]] = [ids[index + step]!, ids[index]!];
    try {
      setRows(await kind.reorder!(ids));
    } catch (err) {
      if (isStatus(err, 409)) await reload();
      throw err;
    }
  }, {
    success: `Volgorde van de ${kind.title.toLowerCase()} opgeslagen.`,
    failure: (err) => (isStatus(err, 409) || isStatus(err, 403) ? messageOf(err, SAVE_FAILED) : SAVE_FAILED),
  });
  const remove = (row: ReferenceRow, force: boolean) => void submission.run(async () => {
    await kind.remove(row.id, force);
    await reload();
  }, {
    success: `${kind.label} succesvol verwijderd.`,
    failure: (err) => {
      // The dialog asks before deleting with force; it is the answer instead of a toast.
      if (!force && kind.forceWarning && isStatus(err, 423)) {
        setPending({ row, message: messageOf(err, '') });
        return null;
      }
      return isStatus(err, 403) ? messageOf(err, kind.deleteError) : kind.deleteError;
    },
  });

  // A list that did not load shows as empty.
  const items = rows ?? (list.failed ? [] : null);
  const busy = submission.busy;
  return (
    <>
      <PageHeader crumbs={[{ text: 'Configuratie' }, { text: kind.title }]} />
      <div className="gs-content">
        <Card className="gs-form" role="region" aria-label={kind.title}>
          <h2>{kind.title}</h2>
          {!items ? <Spinner /> : (
            <ul className="gs-reflist" aria-label={`Lijst ${kind.title}`}>
              {items.length === 0 && <li><NonIdealState description="Nog geen items." /></li>}
              {items.map((row, index) => (
                <ReferenceItem key={row.id} kind={kind} row={row} draft={drafts[row.id] ?? row.name} busy={busy} taken={taken === row.id}
                  first={index === 0} last={index === items.length - 1}
                  onDraft={(v) => {
                    setDrafts((d) => ({ ...d, [row.id]: v }));
                    if (taken === row.id) setTaken(null);
                  }}
                  onRename={() => rename(row)} onCancel={() => cancelEdit(row)}
                  onMove={(step) => move(index, step)} onRemove={() => remove(row, false)} />
              ))}
            </ul>
          )}
          <form onSubmit={add} className="gs-refrow gs-refadd" aria-label={kind.addText}>
            <InputGroup aria-label={kind.newLabel} placeholder={kind.newLabel} value={newName} disabled={busy}
              intent={taken === 'new' ? 'danger' : 'none'} aria-invalid={taken === 'new'} title={taken === 'new' ? kind.duplicate : undefined}
              onValueChange={(v) => {
                setNewName(v);
                if (taken === 'new') setTaken(null);
              }} />
            <Button type="submit" icon="add" text={kind.addText} disabled={busy} />
          </form>
        </Card>
      </div>
      <Alert isOpen={pending !== null} intent="danger" icon="trash" confirmButtonText="Verwijderen" cancelButtonText="Annuleren"
        onCancel={() => setPending(null)}
        onConfirm={() => {
          const row = pending!.row;
          setPending(null);
          remove(row, true);
        }}>
        <p>Weet u zeker dat u {kind.label.toLowerCase()} '{pending?.row.name}' wilt verwijderen?</p>
        {pending?.message && <p>{pending.message}</p>}
        <p><strong>{kind.forceWarning}</strong></p>
      </Alert>
    </>
  );
});

interface ReferenceItemProps {
  kind: ReferenceKind;
  row: ReferenceRow;
  draft: string;
  busy: boolean;
  /** The server said this name is taken (409). */
  taken: boolean;
  first: boolean;
  last: boolean;
  onDraft(name: string): void;
  onRename(): void;
  onCancel(): void;
  onMove(step: -1 | 1): void;
  onRemove(): void;
}

/** One row of the list: its name field, the save icon once the name changed, order, map and delete icons. */
function ReferenceItem({ kind, row, draft, busy, taken, first, last, onDraft, onRename, onCancel, onMove, onRemove }: ReferenceItemProps) {
  const { screen } = useRoot();
  const changed = draft !== row.name && draft.trim() !== '';
  return (
    <li className="gs-refrow">
      <InputGroup aria-label={`Naam ${row.name}`} value={draft} readOnly={row.protected} disabled={busy}
        intent={taken ? 'danger' : 'none'} aria-invalid={taken}
        onValueChange={onDraft}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && draft !== row.name) onRename();
          if (e.key === 'Escape') onCancel();
        }}
        // Tab or a click elsewhere saves a changed name as Enter does (issue 25.5).
        onBlur={() => draft !== row.name && onRename()}
        title={row.protected ? 'Deze naam kan niet worden gewijzigd.' : taken ? kind.duplicate : undefined} />
      {changed && <Button icon="floppy-disk" intent="primary" aria-label={`${row.name} opslaan`} title="Opslaan" disabled={busy}
          onMouseDown={(e) => e.preventDefault()} /* the field keeps the focus: its blur would save a second time */
          onClick={onRename} />}
      {kind.reorder && (
        <>
          <Button icon="arrow-up" variant="minimal" aria-label={`${row.name} omhoog`} title="Omhoog" disabled={busy || first}
            onClick={() => onMove(-1)} />
          <Button icon="arrow-down" variant="minimal" aria-label={`${row.name} omlaag`} title="Omlaag" disabled={busy || last}
            onClick={() => onMove(1)} />
        </>
      )}
      {kind.hasMap && (
        <Button icon="map" variant="minimal" aria-label={`Kaart van ${row.name} bewerken`} title="Kaart bewerken" disabled={busy}
          onClick={() => row.outlineUri && screen.navigate('MapViewer_Subregion', { id: row.id })} />
      )}
      {!row.protected && (
        <Button icon="trash" variant="minimal" intent="danger" aria-label={`${row.name} verwijderen`} title="Verwijderen"
          onClick={onRemove} disabled={busy} />
      )}
    </li>
  );
}
