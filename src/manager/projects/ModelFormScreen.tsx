import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, Checkbox, HTMLSelect, HTMLTable, Icon } from '@blueprintjs/core';
import { useRoot } from '../../app/RootStore.ts';
import { FileChooser } from '../../app/FileChooser.tsx';
import { useResource } from '../../app/resource.ts';
import { useSubmission, type Submission } from '../../app/submission.ts';
import { modelsApi, type Platform, type SavedModel } from '../../api/models.ts';
import { referenceDataApi } from '../../api/referenceData.ts';
import { messageOf } from '../../api/http.ts';
import { UPLOAD_FAILED, UPLOAD_OK, SAVE_FAILED } from '../../api/contract/messages.ts';
import { ATTACHMENT_MESSAGES } from '../../api/contract/messages.ts';
import { formatDateTime, formatFileSize } from '../../lib/format.ts';
import { CreatedModified, Field, FormScreen, InfoList, NameDescription, ReadOnlyView, SaveCancel, useFormSave } from './FormParts.tsx';
import { REQUIRED_MESSAGE, nameError, numParam, orNull } from './formRules.ts';
import './projects.css';

const PLATFORMS: { value: Platform; label: string }[] = [
  { value: 'spreadsheet', label: 'Spreadsheet' },
  { value: 'online', label: 'Online' },
];
const platformLabel = (p: Platform) => PLATFORMS.find((x) => x.value === p)?.label ?? p;

interface Form { name: string; description: string; platform: Platform; typeModel: number; frozen: boolean }

/** Projects_NewModel and Projects_ModelInfo (spec 1 §2 "New model / model info"). */
const ModelFormScreen = observer(function ModelFormScreen() {
  const { screen, toasts, auth } = useRoot();
  const isNew = screen.screen === 'Projects_NewModel';
  const versionId = isNew ? numParam(screen.params.versionId) : null;
  const modelId = isNew ? null : numParam(screen.params.modelId);

  const [form, setForm] = useState<Form>({ name: '', description: '', platform: 'spreadsheet', typeModel: 0, frozen: false });
  /** The values as loaded: the server refuses a save over someone else's newer change (409 'stale'). */
  const [previous, setPrevious] = useState<{ name: string; description: string | null; frozen: boolean } | undefined>(undefined);
  const [nameProblem, setNameProblem] = useState<string | null>(null);
  const { saving, save: saveForm } = useFormSave('model', setNameProblem);
  const [typeMissing, setTypeMissing] = useState(false);

  const data = useResource(
    'Fout bij het laden van het rekenmodel.',
    () => Promise.all([isNew ? referenceDataApi.templateModels() : [], modelId ? modelsApi.get(modelId) : null]),
    [isNew, modelId],
    ([, m]) => {
      if (!m) return;
      setForm({ name: m.name, description: m.description ?? '', platform: m.modelPlatform, typeModel: m.typeModel ?? 0, frozen: m.frozen });
      setPrevious({ name: m.name, description: m.description, frozen: m.frozen });
    },
  );
  const [templates, model] = data.value ?? [[], null];
  const { loading, failed: loadFailed } = data;

  const editable = isNew || Boolean(model?.canEdit);
  const canFreeze = Boolean(model?.canFreeze);
  /** The platform field is the super-admin's (spec 1 §3). */
  const showPlatform = Boolean(auth.user?.canChoosePlatform);
  const busy = loading || saving;
  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((f) => ({ ...f, [key]: value }));

  const save = async () => {
    const problem = nameError('model', form.name);
    const lacksType = isNew && form.platform === 'spreadsheet' && form.typeModel <= 0;
    setNameProblem(problem && problem !== REQUIRED_MESSAGE ? problem : problem);
    setTypeMissing(lacksType);
    if (problem === REQUIRED_MESSAGE || lacksType) {
      toasts.error(REQUIRED_MESSAGE);
      return;
    }
    if (problem) {
      toasts.error(problem);
      return;
    }
    await saveForm(async () => {
      const saved = isNew
        ? await modelsApi.create({
          name: form.name.trim(),
          description: orNull(form.description),
          version: versionId!,
          typeModel: form.platform === 'spreadsheet' ? form.typeModel : null,
          ...(showPlatform ? { modelPlatform: form.platform } : {}),
        })
        : await modelsApi.update(modelId!, {
          name: form.name.trim(),
          description: orNull(form.description),
          ...(canFreeze ? { frozen: form.frozen } : {}),
          previous,
        });
      return { focus: { projectId: saved.projectId, versionId: saved.versionId } };
    });
  };

  const title = isNew ? 'Nieuw rekenmodel' : 'Rekenmodel info';
  const showType = form.platform === 'spreadsheet';
  const showHistory = !isNew && model !== null && model.canSeeHistory && model.modelPlatform === 'spreadsheet';

  return (
    <FormScreen
      title={title} loading={loading} failed={loadFailed} failedTitle="Het rekenmodel kon niet worden geladen."
      after={showHistory && <History modelId={model.id} manage={model.canManageHistory} />}
    >
      {editable ? (
        <form onSubmit={(e) => { e.preventDefault(); void save(); }}>
          <NameDescription
            prefix="m" nameLabel="Naam rekenmodel" name={form.name} description={form.description} busy={busy}
            error={nameProblem} invalid={!!nameProblem} onName={(v) => set('name', v)} onDescription={(v) => set('description', v)}
          />
          {showPlatform && (isNew ? (
            <Field label="Platform" required id="m-platform">
              <HTMLSelect id="m-platform" fill value={form.platform} disabled={busy} onChange={(e) => set('platform', e.currentTarget.value as Platform)}>
                {PLATFORMS.map((p) => <option key={p.value} value={p.value}>{p.label}</option>)}
              </HTMLSelect>
            </Field>
          ) : <InfoList items={[['Platform', platformLabel(form.platform)]]} />)}
          {showType && (isNew ? (
            <Field label="Type rekenmodel" required id="m-type" error={typeMissing ? REQUIRED_MESSAGE : null}>
              <HTMLSelect id="m-type" fill value={form.typeModel} disabled={busy} onChange={(e) => set('typeModel', Number(e.currentTarget.value))}>
                <option value={0}>Kies een type rekenmodel</option>
                {templates.map((t) => <option key={t.id} value={t.id}>{t.name}</option>)}
              </HTMLSelect>
            </Field>
          ) : <InfoList items={[['Type rekenmodel', model?.typeModelName]]} />)}
          {!isNew && canFreeze && (
            <Checkbox label="Vergrendeld" checked={form.frozen} disabled={busy} onChange={(e) => set('frozen', e.currentTarget.checked)} />
          )}
          {!isNew && !canFreeze && <InfoList items={[['Vergrendeld', form.frozen ? 'Ja' : 'Nee']]} />}
          {model && <CreatedModified row={model} />}
          <SaveCancel busy={busy} saving={saving} onCancel={() => screen.navigate('Projects')} />
        </form>
      ) : model && (
        <ReadOnlyView
          row={model}
          onBack={() => screen.navigate('Projects')}
          items={[
            ['Naam rekenmodel', model.name],
            ['Beschrijving', model.description],
            ...(showPlatform ? [['Platform', platformLabel(model.modelPlatform)] as [string, string]] : []),
            ...(model.modelPlatform === 'spreadsheet' ? [['Type rekenmodel', model.typeModelName] as [string, string | null]] : []),
            ['Vergrendeld', model.frozen ? 'Ja' : 'Nee'],
          ]}
        />
      )}
    </FormScreen>
  );
});
export default ModelFormScreen;

/** History of saved files: listed and downloaded by every project role (readers too, issue 23); `manage` (staff) also uploads and activates. */
const History = observer(function History({ modelId, manage }: { modelId: number; manage: boolean }) {
  const { toasts } = useRoot();
  const history = useResource('Fout bij het laden van de historie.', () => modelsApi.history(modelId), [modelId]);
  const rows = history.value ?? (history.failed ? [] : null);
  // One write at a time across the list and the upload below it.
  const submission = useSubmission();
  const busy = submission.busy;

  const activate = (row: SavedModel) => submission.run(async () => {
    await modelsApi.activateHistory(modelId, row.id);
    await history.reload();
  }, { failure: SAVE_FAILED });

  const activeCell = (r: SavedModel) => {
    if (r.active) return <Icon icon="tick-circle" intent="success" aria-label="Actief" title="Actief" />;
    if (!manage) return null;
    return <Button icon="circle" variant="minimal" size="small" aria-label={`Activeer ${r.filenameOrig}`} title="Activeren" disabled={busy} onClick={() => void activate(r)} />;
  };

  return (
    <div role="group" aria-label="Historie" className="gs-history">
      <h3>Historie</h3>
      {manage && <HistoryUpload modelId={modelId} submission={submission} onUploaded={() => history.reload()} />}
      {rows === null ? <p className="gs-muted">Aan het laden...</p> : rows.length === 0 ? <p className="gs-muted">Geen historie.</p> : (
        <HTMLTable compact striped style={{ width: '100%' }}>
          <thead><tr><th>Datum</th><th>Gebruiker</th><th>Bestandsgrootte</th><th>Actief</th><th>Download</th></tr></thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id}>
                <td>{formatDateTime(r.timestampSave)}</td>
                <td>{r.userSave ?? '-'}</td>
                <td>{formatFileSize(r.filesize)}</td>
                <td>{activeCell(r)}</td>
                <td>
                  <Button
                    icon="download"
                    variant="minimal"
                    size="small"
                    aria-label={`Download ${r.filenameOrig}`}
                    title="Download"
                    onClick={() => modelsApi.downloadHistory(modelId, r.id, r.filenameOrig).catch((e: unknown) => toasts.error(messageOf(e, 'Fout bij het downloaden.')))}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
    </div>
  );
});

/** 'Rekenmodel toevoegen aan historie': the uploaded file becomes the active entry. */
const HistoryUpload = observer(function HistoryUpload({ modelId, submission, onUploaded }: {
  modelId: number; submission: Submission; onUploaded: () => Promise<unknown>;
}) {
  const { toasts } = useRoot();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);

  const upload = async () => {
    if (!file) {
      setFileError(ATTACHMENT_MESSAGES.file);
      toasts.error(ATTACHMENT_MESSAGES.file);
      return;
    }
    setFileError(null);
    await submission.run(async () => {
      await modelsApi.uploadHistory(modelId, file);
      setFile(null);
      await onUploaded();
    }, { success: UPLOAD_OK, failure: () => UPLOAD_FAILED });
  };
  const busy = submission.busy;

  return (
    <Field label="Rekenmodel toevoegen aan historie" id="m-history-file" error={fileError}>
      <div style={{ display: 'flex', gap: 8 }}>
        <FileChooser id="m-history-file" label="Rekenmodel toevoegen aan historie" file={file} disabled={busy} onChange={setFile} />
        <Button icon="upload" text="Uploaden" disabled={busy} onClick={() => void upload()} />
      </div>
    </Field>
  );
});
