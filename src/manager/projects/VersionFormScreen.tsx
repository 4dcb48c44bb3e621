import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Alert, Button, HTMLSelect, HTMLTable, InputGroup, NonIdealState, Spinner, TextArea } from '@blueprintjs/core';
import { useRoot } from '../../app/RootStore.ts';
import { PageHeader } from '../../app/PageHeader.tsx';
import { useResource } from '../../app/resource.ts';
import { versionsApi, type Version } from '../../api/versions.ts';
import { attachmentsApi, type Attachment } from '../../api/attachments.ts';
import { referenceDataApi } from '../../api/referenceData.ts';
import { messageOf } from '../../api/http.ts';
import { CreatedModified, Field, InfoList } from './FormParts.tsx';
import { REQUIRED_MESSAGE, SAVE_OK, nameError, numParam, orNull, saveErrorMessage } from './formRules.ts';
import { projectsStoreOf } from './ProjectsStore.ts';
import './projects.css';

interface Form { name: string; description: string; phase: number }

/** Projects_NewVersionModel and Projects_VersionModelInfo (spec 1 §2 "New version / version info"). */
const VersionFormScreen = observer(function VersionFormScreen() {
  const root = useRoot();
  const { screen, toasts } = root;
  const isNew = screen.screen === 'Projects_NewVersionModel';
  const projectId = isNew ? numParam(screen.params.projectId) : null;
  const versionId = isNew ? null : numParam(screen.params.versionId);

  const [form, setForm] = useState<Form>({ name: '', description: '', phase: 0 });
  const [saving, setSaving] = useState(false);
  const [nameProblem, setNameProblem] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Attachment | null>(null);
  const [deleteBusy, setDeleteBusy] = useState(false);

  const data = useResource(
    'Fout bij het laden van de versie.',
    () => Promise.all([referenceDataApi.phases(), versionId ? versionsApi.get(versionId) : null]),
    [versionId],
    ([, v]) => v && setForm({ name: v.name, description: v.description ?? '', phase: v.phase }),
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
    setSaving(true);
    try {
      const store = projectsStoreOf(root);
      if (isNew) {
        const created = await versionsApi.create({ ...body, project: projectId! });
        store.focus({ projectId: created.projectId, versionId: created.id });
      } else {
        const updated = await versionsApi.update(versionId!, body);
        store.focus({ projectId: updated.projectId, versionId: updated.id });
      }
      toasts.success(SAVE_OK);
      screen.navigate('Projects');
    } catch (e) {
      toasts.error(saveErrorMessage(e, 'version'));
    } finally {
      setSaving(false);
    }
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
    setDeleteBusy(true);
    try {
      await attachmentsApi.remove(deleting.id);
      toasts.success('Bijlage verwijderd.');
      setDeleting(null);
      await data.reload(); // the attachment list (a reload keeps the form as typed)
    } catch (e) {
      toasts.error(messageOf(e, 'Er ging iets mis tijdens het verwijderen.'));
    } finally {
      setDeleteBusy(false);
    }
  };

  const title = isNew ? 'Nieuwe versie' : 'Versie info';
  const phaseName = (id: number) => (id === 0 ? null : phases.find((p) => p.id === id)?.description ?? version?.phaseName);

  return (
    <>
      <PageHeader crumbs={[{ text: title }]} />
      <div className="gs-content">
        <section aria-label={title} className="gs-form">
          <h2>{title}</h2>
          {loading && !version && <p className="gs-muted">Aan het laden...</p>}
          {!loading && loadFailed && <NonIdealState icon="error" title="De versie kon niet worden geladen." />}
          {!loadFailed && !(loading && !isNew && !version) && (editable ? (
            <form onSubmit={(e) => { e.preventDefault(); void save(); }}>
              <Field label="Versienaam" required id="v-name" error={nameProblem}>
                <InputGroup id="v-name" value={form.name} disabled={busy} onValueChange={(v) => set('name', v)} intent={nameProblem ? 'danger' : 'none'} />
              </Field>
              <Field label="Beschrijving" id="v-description">
                <TextArea id="v-description" fill value={form.description} disabled={busy} onChange={(e) => set('description', e.currentTarget.value)} />
              </Field>
              <Field label="Fase" id="v-phase">
                <HTMLSelect id="v-phase" fill value={form.phase} disabled={busy} onChange={(e) => set('phase', Number(e.currentTarget.value))}>
                  <option value={0}>Geen fase</option>
                  {phases.map((p) => <option key={p.id} value={p.id}>{p.description}</option>)}
                </HTMLSelect>
              </Field>
              {version && <CreatedModified createdAt={version.createdAt} author={version.authorNameFull} modifiedAt={version.timestampLastModified} modifiedBy={version.lastModifiedByNameFull} />}
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
            <>
              <InfoList items={[['Versienaam', version.name], ['Beschrijving', version.description], ['Fase', phaseName(version.phase)]]} />
              <CreatedModified createdAt={version.createdAt} author={version.authorNameFull} modifiedAt={version.timestampLastModified} modifiedBy={version.lastModifiedByNameFull} />
              <Attachments version={version} editable={false} loading={loading} onOpen={openAttachment} onDelete={setDeleting} />
              <div className="gs-actions"><Button text="Terug" onClick={() => screen.navigate('Projects')} /></div>
            </>
          ))}
        </section>
      </div>
      <Alert
        isOpen={deleting !== null}
        intent="danger"
        icon="trash"
        confirmButtonText="Verwijderen"
        cancelButtonText="Annuleren"
        loading={deleteBusy}
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
