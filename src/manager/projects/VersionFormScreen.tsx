import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Alert, Button, HTMLSelect, HTMLTable } from '@blueprintjs/core';
import { useRoot } from '../../app/RootStore.ts';
import { useResource } from '../../app/resource.ts';
import { useSubmission } from '../../app/submission.ts';
import { versionsApi, type Version } from '../../api/versions.ts';
import { attachmentsApi, type Attachment } from '../../api/attachments.ts';
import { referenceDataApi } from '../../api/referenceData.ts';
import { messageOf } from '../../api/http.ts';
import { CreatedModified, Field, FormScreen, NameDescription, ReadOnlyView, useFormSave } from './FormParts.tsx';
import { REQUIRED_MESSAGE, nameError, numParam, orNull } from './formRules.ts';
import { AdoptionInfo } from './adoption.tsx';
import './projects.css';

interface Form { name: string; description: string; phase: number }

/** Projects_NewVersionModel and Projects_VersionModelInfo (spec 1 §2 "New version / version info"). */
const VersionFormScreen = observer(function VersionFormScreen() {
  const { screen, toasts } = useRoot();
  const isNew = screen.screen === 'Projects_NewVersionModel';
  const projectId = isNew ? numParam(screen.params.projectId) : null;
  const versionId = isNew ? null : numParam(screen.params.versionId);

  const [form, setForm] = useState<Form>({ name: '', description: '', phase: 0 });
  /** The values as first loaded (a reload keeps the form, so it keeps these too): a save over a newer change is refused. */
  const [previous, setPrevious] = useState<{ name: string; description: string | null; phase: number } | undefined>(undefined);
  const [nameProblem, setNameProblem] = useState<string | null>(null);
  const { saving, save: saveForm } = useFormSave('version', setNameProblem);
  const [deleting, setDeleting] = useState<Attachment | null>(null);
  const attachmentRemoval = useSubmission();

  const data = useResource(
    'Fout bij het laden van de versie.',
    () => Promise.all([referenceDataApi.phases(), versionId ? versionsApi.get(versionId) : null]),
    [versionId],
    ([, v]) => {
      if (!v) return;
      setForm({ name: v.name, description: v.description ?? '', phase: v.phase });
      setPrevious({ name: v.name, description: v.description, phase: v.phase });
    },
  );
  const [phases, version] = data.value ?? [[], null];
  const { loading, failed: loadFailed } = data;

  const editable = isNew || Boolean(version?.canEdit);
  const busy = loading || saving;
  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((f) => ({ ...f, [key]: value }));

  const save = async () => {
    const problem = nameError('version', form.name);
    setNameProblem(problem);
    if (problem || form.phase < 0) {
      toasts.error(problem ?? REQUIRED_MESSAGE);
      return;
    }
    const body = { name: form.name.trim(), description: orNull(form.description), phase: form.phase };
    await saveForm(async () => {
      const saved = isNew ? await versionsApi.create({ ...body, project: projectId! }) : await versionsApi.update(versionId!, { ...body, previous });
      return { focus: { projectId: saved.projectId, versionId: saved.id } };
    });
  };

  const openAttachment = (a: Attachment) => {
    if (a.attachmentType === 'LINK') {
      if (a.urlLink) window.open(a.urlLink, '_blank', 'noopener,noreferrer');
      return;
    }
    attachmentsApi.download(a).catch((e: unknown) => toasts.error(messageOf(e, 'Fout bij het downloaden van de bijlage.')));
  };

  const removeAttachment = async () => {
    if (!deleting || !versionId) return;
    const attachment = deleting;
    await attachmentRemoval.run(async () => {
      await attachmentsApi.remove(attachment.id);
      setDeleting(null);
      await data.reload(); // the attachment list (a reload keeps the form as typed)
    }, { success: 'Bijlage verwijderd.', failure: 'Er ging iets mis tijdens het verwijderen.' });
  };

  const title = isNew ? 'Nieuwe versie' : 'Versie info';
  const phaseName = (id: number) => (id === 0 ? null : phases.find((p) => p.id === id)?.description ?? version?.phaseName);

  return (
    <>
      {/* A reload after deleting an attachment keeps the form on screen. */}
      <FormScreen title={title} loading={loading && !version} failed={loadFailed} failedTitle="De versie kon niet worden geladen.">
        {editable ? (
          <form onSubmit={(e) => { e.preventDefault(); void save(); }}>
            <NameDescription
              prefix="v" nameLabel="Versienaam" name={form.name} description={form.description} busy={busy}
              error={nameProblem} invalid={!!nameProblem} onName={(v) => set('name', v)} onDescription={(v) => set('description', v)}
            />
            <Field label="Fase" id="v-phase">
              <HTMLSelect id="v-phase" fill value={form.phase} disabled={busy} onChange={(e) => set('phase', Number(e.currentTarget.value))}>
                <option value={0}>Geen fase</option>
                {phases.map((p) => <option key={p.id} value={p.id}>{p.description}</option>)}
              </HTMLSelect>
            </Field>
            {version && <CreatedModified row={version} />}
            {version && <AdoptionInfo version={version} />}
            {version && <Attachments version={version} editable loading={loading} onOpen={openAttachment} onDelete={setDeleting} />}
            <div className="gs-actions">
              {version && (
                <>
                  <Button icon="polygon-filter" text="Gebied bewerken" onClick={() => version.outlineUri && screen.navigate('MapViewer_VersionRegion', { versionId: version.id })} />
                  <Button icon="layers" text="Functiegebieden bewerken" onClick={() => version.editorUri && screen.navigate('MapViewer_Feature', { versionId: version.id })} />
                  <Button icon="paperclip" text="Bijlage toevoegen" onClick={() => screen.navigate('Projects_VersionModelInfo_NewAttachment', { versionId: version.id })} />
                </>
              )}
              <Button type="submit" intent="primary" text="Opslaan" disabled={busy} loading={saving} />
              <Button text="Annuleren" onClick={() => screen.navigate('Projects')} />
            </div>
          </form>
        ) : version && (
          <ReadOnlyView
            row={version}
            onBack={() => screen.navigate('Projects')}
            items={[['Versienaam', version.name], ['Beschrijving', version.description], ['Fase', phaseName(version.phase)]]}
          >
            <AdoptionInfo version={version} />
            <Attachments version={version} editable={false} loading={loading} onOpen={openAttachment} onDelete={setDeleting} />
          </ReadOnlyView>
        )}
      </FormScreen>
      <Alert
        isOpen={deleting !== null}
        intent="danger"
        icon="trash"
        confirmButtonText="Verwijderen"
        cancelButtonText="Annuleren"
        loading={attachmentRemoval.busy}
        onConfirm={() => void removeAttachment()}
        onCancel={() => setDeleting(null)}
      >
        <p>Weet u zeker dat u bijlage '{deleting?.name}' wilt verwijderen?</p>
      </Alert>
    </>
  );
});
export default VersionFormScreen;

function Attachments({ version, editable, loading, onOpen, onDelete }: {
  version: Version; editable: boolean; loading: boolean; onOpen: (a: Attachment) => void; onDelete: (a: Attachment) => void;
}) {
  return (
    <div role="group" aria-label="Bijlagen" className="gs-attachments">
      <h3>Bijlagen</h3>
      {loading ? <p className="gs-muted">Aan het laden...</p> : version.attachments.length === 0 ? (
        <p className="gs-muted">Geen bijlagen toegevoegd</p>
      ) : (
        <HTMLTable compact striped style={{ width: '100%' }}>
          <thead><tr><th>Naam</th><th>Bijlagecategorie</th>{editable && <th aria-label="Verwijderen" />}</tr></thead>
          <tbody>
            {version.attachments.map((a) => (
              <tr key={a.id}>
                <td>
                  <a
                    href={a.attachmentType === 'LINK' ? a.urlLink ?? '#' : '#'}
                    target={a.attachmentType === 'LINK' ? '_blank' : undefined}
                    rel="noopener noreferrer"
                    onClick={(e) => {
                      e.preventDefault();
                      onOpen(a);
                    }}
                  >
                    {a.name}
                  </a>
                </td>
                <td>{a.categoryName}</td>
                {editable && (
                  <td style={{ width: 40 }}>
                    <Button icon="trash" variant="minimal" size="small" aria-label={`Bijlage ${a.name} verwijderen`} title="Verwijderen" onClick={() => onDelete(a)} />
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
    </div>
  );
}
