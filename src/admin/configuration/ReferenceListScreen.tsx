import '../admin.css';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { observer } from 'mobx-react-lite';
import { Alert, Button, Card, InputGroup, NonIdealState, Spinner } from '@blueprintjs/core';
import { useRoot } from '../../app/RootStore.ts';
import { PageHeader } from '../../app/PageHeader.tsx';
import { isStatus, messageOf } from '../../api/http.ts';
import { nameProblem } from '../../lib/names.ts';
import type { ReferenceKind, ReferenceRow } from './kinds.ts';
import { SAVE_FAILED } from '../../api/contract/messages.ts';


/**
 * One screen for the four reference-data lists (spec 2 §2): inline editable names, a save icon once
 * a name changed, a delete icon, an add row; a delete answered 423 asks before deleting with force.
 */
export const ReferenceListScreen = observer(function ReferenceListScreen({ kind }: { kind: ReferenceKind }) {
  const { screen, toasts } = useRoot();
  const [rows, setRows] = useState<ReferenceRow[] | null>(null);
  const [drafts, setDrafts] = useState<Record<number, string>>({});
  const [newName, setNewName] = useState('');
  const [busy, setBusy] = useState(false);
  const [pending, setPending] = useState<{ row: ReferenceRow; message: string } | null>(null);
  /** The name field whose name is taken (409): a row's id, or 'new' for the add field; marked until it changes. */
  const [taken, setTaken] = useState<number | 'new' | null>(null);

  const load = async () => {
    try {
      setRows(await kind.load());
    } catch {
      setRows([]);
      toasts.error(kind.loadError);
    }
  };
  useEffect(() => {
    setRows(null);
    setDrafts({});
    setNewName('');
    void load();
  }, [kind]); // eslint-disable-line react-hooks/exhaustive-deps

  const saveError = (e: unknown, field: number | 'new') => {
    if (isStatus(e, 409)) {
      toasts.error(kind.duplicate);
      setTaken(field);
    } else if (isStatus(e, 400) || isStatus(e, 403)) toasts.error(messageOf(e, SAVE_FAILED));
    else toasts.error(SAVE_FAILED);
  };
  /** One write at a time: Enter disables the field, which may blur it, and that must not save twice. */
  const writing = useRef(false);
  const run = async (f: () => Promise<void>) => {
    if (writing.current) return;
    writing.current = true;
    setBusy(true);
    try {
      await f();
    } finally {
      writing.current = false;
      setBusy(false);
    }
  };

  const add = (e: FormEvent) => {
    e.preventDefault();
    const problem = nameProblem(newName);
    if (problem) return void toasts.error(problem);
    void run(async () => {
      try {
        await kind.create(newName.trim());
        setNewName('');
        toasts.success(`${kind.label} succesvol toegevoegd.`);
        await load();
      } catch (err) {
        saveError(err, 'new');
      }
    });
  };
  const rename = (row: ReferenceRow) => {
    const draft = drafts[row.id] ?? row.name;
    const problem = nameProblem(draft);
    if (problem) return void toasts.error(problem);
    void run(async () => {
      try {
        await kind.rename(row.id, draft.trim());
        setDrafts(({ [row.id]: _, ...rest }) => rest);
        toasts.success(`${kind.label} succesvol aangepast.`);
        await load();
      } catch (err) {
        saveError(err, row.id);
      }
    });
  };
  /** Tab or a click elsewhere saves a changed name as Enter does (issue 25.5). */
  const renameOnBlur = (row: ReferenceRow) => {
    if ((drafts[row.id] ?? row.name) !== row.name) rename(row);
  };
  const cancelEdit = (row: ReferenceRow) => {
    setDrafts(({ [row.id]: _, ...rest }) => rest);
    if (taken === row.id) setTaken(null);
  };
  /** Moves a row one place up (−1) or down (+1) and stores the whole order; a stale list is reloaded. */
  const move = (index: number, step: -1 | 1) => void run(async () => {
    const ids = rows!.map((r) => r.id);
    [ids[index], ids[index + step]] = [ids[index + step]!, ids[index]!];
    try {
      setRows(await kind.reorder!(ids));
      toasts.success(`Volgorde van de ${kind.title.toLowerCase()} opgeslagen.`);
    } catch (err) {
      toasts.error(isStatus(err, 409) || isStatus(err, 403) ? messageOf(err, SAVE_FAILED) : SAVE_FAILED);
      if (isStatus(err, 409)) await load();
    }
  });
  const remove = (row: ReferenceRow, force: boolean) => void run(async () => {
    try {
      await kind.remove(row.id, force);
      toasts.success(`${kind.label} succesvol verwijderd.`);
      await load();
    } catch (err) {
      if (!force && kind.forceWarning && isStatus(err, 423)) setPending({ row, message: messageOf(err, '') });
      else if (isStatus(err, 403)) toasts.error(messageOf(err, kind.deleteError));
      else toasts.error(kind.deleteError);
    }
  });

  return (
    <>
      <PageHeader crumbs={[{ text: 'Configuratie' }, { text: kind.title }]} />
      <div className="gs-content">
        <Card className="gs-form" role="region" aria-label={kind.title}>
          <h2>{kind.title}</h2>
          {!rows ? <Spinner /> : (
            <ul className="gs-reflist" aria-label={`Lijst ${kind.title}`}>
              {rows.length === 0 && <li><NonIdealState description="Nog geen items." /></li>}
              {rows.map((row, index) => {
                const draft = drafts[row.id] ?? row.name;
                const changed = draft !== row.name && draft.trim() !== '';
                return (
                  <li key={row.id} className="gs-refrow">
                    <InputGroup aria-label={`Naam ${row.name}`} value={draft} readOnly={row.protected} disabled={busy}
                      intent={taken === row.id ? 'danger' : 'none'} aria-invalid={taken === row.id}
                      onValueChange={(v) => {
                        setDrafts((d) => ({ ...d, [row.id]: v }));
                        if (taken === row.id) setTaken(null);
                      }}
                      onKeyDown={(e) => {
                        if (e.key === 'Enter' && draft !== row.name) rename(row);
                        if (e.key === 'Escape') cancelEdit(row);
                      }}
                      onBlur={() => renameOnBlur(row)}
                      title={row.protected ? 'Deze naam kan niet worden gewijzigd.' : taken === row.id ? kind.duplicate : undefined} />
                    {changed && <Button icon="floppy-disk" intent="primary" aria-label={`${row.name} opslaan`} title="Opslaan" disabled={busy}
                        onMouseDown={(e) => e.preventDefault()} /* the field keeps the focus: its blur would save a second time */
                        onClick={() => rename(row)} />}
{kind.reorder && (
                      <>
                        <Button icon="arrow-up" variant="minimal" aria-label={`${row.name} omhoog`} title="Omhoog" disabled={busy || index === 0}
                          onClick={() => move(index, -1)} />
                        <Button icon="arrow-down" variant="minimal" aria-label={`${row.name} omlaag`} title="Omlaag" disabled={busy || index === rows.length - 1}
                          onClick={() => move(index, 1)} />
                      </>
                    )}
                    {kind.hasMap && (
                      <Button icon="map" variant="minimal" aria-label={`Kaart van ${row.name} bewerken`} title="Kaart bewerken" disabled={busy}
                        onClick={() => row.outlineUri && screen.navigate('MapViewer_Subregion', { id: row.id })} />
                    )}
                    {!row.protected && (
                      <Button icon="trash" variant="minimal" intent="danger" aria-label={`${row.name} verwijderen`} title="Verwijderen"
                        onClick={() => remove(row, false)} disabled={busy} />
                    )}
                  </li>
                );
              })}
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

