import '../admin.css';
import { useState, type FormEvent } from 'react';
import { observer } from 'mobx-react-lite';
import {
  Alert, Button, ButtonGroup, Card, DialogBody, DialogFooter, FormGroup, HTMLTable, InputGroup, NonIdealState, Spinner, TextArea,
} from '@blueprintjs/core';
import { Dialog } from '../../app/Dialog.tsx';
import { useRoot } from '../../app/RootStore.ts';
import { StaffScreen } from './StaffScreen.tsx';
import { XlsxFileInput } from './XlsxFileInput.tsx';
import { useResource } from '../../app/resource.ts';
import { useSubmission } from '../../app/submission.ts';
import { templateReportsApi, type TemplateReport, type TemplateReportFields } from '../../api/templateReports.ts';
import { ResponseError, fieldErrorsOf, messageOf } from '../../api/http.ts';
import { ATTACHMENT_MESSAGES, REPORT_TEMPLATE_MESSAGES as MSG, SAVE_FAILED } from '../../api/contract/messages.ts';

const TITLE = 'Rapportagesjablonen';
type Field = 'name' | 'nModelsMin' | 'nModelsMax' | 'file';
type Errors = Partial<Record<Field, string>>;
/** The form's text: the limits as typed. */
interface Draft { name: string; description: string; nModelsMin: string; nModelsMax: string }

const draftOf = (t?: TemplateReport): Draft => ({
  name: t?.name ?? '', description: t?.description ?? '', nModelsMin: String(t?.nModelsMin ?? 1), nModelsMax: String(t?.nModelsMax ?? 10),
});

/** The server's rules, checked before the call (the server checks them again); the fields or the problems. */
function checked(d: Draft): { fields: TemplateReportFields } | { errors: Errors } {
  const whole = (s: string) => (/^\s*\d+\s*$/.test(s) ? Number(s) : NaN);
  const min = whole(d.nModelsMin);
  const max = whole(d.nModelsMax);
  const errors: Errors = {};
  if (!d.name.trim()) errors.name = MSG.name;
  if (!(min >= 1)) errors.nModelsMin = MSG.min;
  if (!(max >= 1)) errors.nModelsMax = MSG.max;
  else if (max > 1000) errors.nModelsMax = MSG.tooMany;
  else if (min >= 1 && max < min) errors.nModelsMax = MSG.maxBelowMin;
  return Object.keys(errors).length ? { errors } : { fields: { name: d.name.trim(), description: d.description, nModelsMin: min, nModelsMax: max } };
}

/** The field a server refusal belongs to: its 400's first path, or the name for a 409. */
function serverErrors(err: unknown, message: string): Errors {
  if (!(err instanceof ResponseError)) return {};
  const path = fieldErrorsOf(err)[0]?.path;
  const field = ({ file: 'file', name: 'name', n_models_min: 'nModelsMin', n_models_max: 'nModelsMax' } as Record<string, Field>)[path ?? ''];
  return field ? { [field]: message } : err.status === 409 ? { name: message } : {};
}

/** A refused save's toast: the server's Dutch message, also shown under its field; the fields stay as typed. */
const refusal = (setErrors: (errors: Errors) => void) => (err: unknown) => {
  const message = messageOf(err, SAVE_FAILED);
  setErrors(serverErrors(err, message));
  return message;
};

/** Configuratie → Rapportagesjablonen (issue 13; staff): the report templates, their limits, upload, download and delete. */
const TemplateReportsScreen = observer(function TemplateReportsScreen() {
  const { auth } = useRoot();
  return (
    <StaffScreen title={TITLE} allowed={!!auth.user?.canManageReportTemplates} denied="Alleen een super-beheerder kan rapportagesjablonen beheren." className="gs-content gs-stack">
      <TemplateReports />
    </StaffScreen>
  );
});
export default TemplateReportsScreen;

const TemplateReports = observer(function TemplateReports() {
  const { toasts } = useRoot();
  const templates = useResource('Fout bij het laden van de rapportagesjablonen.', () => templateReportsApi.list());
  const [editing, setEditing] = useState<TemplateReport | null>(null);
  const [deleting, setDeleting] = useState<TemplateReport | null>(null);
  const submission = useSubmission();
  const busy = submission.busy;

  const remove = (t: TemplateReport) => {
    setDeleting(null);
    return submission.run(async () => {
      await templateReportsApi.remove(t.id);
      void templates.reload();
    }, { success: `Rapportagesjabloon '${t.name}' verwijderd.`, failure: 'Fout bij het verwijderen van het rapportagesjabloon.' });
  };
  const downloadFile = (t: TemplateReport) =>
    void templateReportsApi.download(t).catch((err: unknown) => toasts.error(messageOf(err, 'Fout bij het downloaden van het rapportagesjabloon.')));

  return (
    <>
      <Card role="region" aria-label={TITLE}>
        <h2>{TITLE}</h2>
        <p>
          Een rapportagesjabloon is een Excel-werkmap met de gegevensbladen <em>Rekenmodellen</em> en <em>Perioden</em>; bij het maken van
          een rapportage vult Grondslag die bladen met de gekozen rekenmodellen (zie de documentatie).
        </p>
        {templates.loading && !templates.value ? <Spinner /> : templates.failed && !templates.value ? (
          <NonIdealState icon="error" description="Fout bij het laden van de rapportagesjablonen." action={<Button text="Opnieuw" onClick={() => void templates.reload()} />} />
        ) : templates.value?.length === 0 ? <NonIdealState description="Nog geen rapportagesjablonen." /> : (
          <HTMLTable compact striped className="gs-wide" aria-label={`Lijst ${TITLE}`}>
            <thead>
              <tr><th>Naam</th><th>Omschrijving</th><th>Minimaal</th><th>Maximaal</th><th aria-label="Acties" /></tr>
            </thead>
            <tbody>
              {templates.value?.map((t) => (
                <tr key={t.id}>
                  <td>{t.name}</td>
                  <td>{t.description ?? ''}</td>
                  <td>{t.nModelsMin}</td>
                  <td>{t.nModelsMax}</td>
                  <td>
                    <ButtonGroup variant="minimal">
                      <Button icon="edit" aria-label={`${t.name} wijzigen`} title="Wijzigen" disabled={busy} onClick={() => setEditing(t)} />
                      <Button icon="download" aria-label={`${t.name} downloaden`} title="Downloaden" disabled={busy} onClick={() => downloadFile(t)} />
                      <Button icon="trash" intent="danger" aria-label={`${t.name} verwijderen`} title="Verwijderen" disabled={busy} onClick={() => setDeleting(t)} />
                    </ButtonGroup>
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        )}
      </Card>
      <Card className="gs-form" role="region" aria-label="Rapportagesjabloon toevoegen">
        <AddTemplate onAdded={() => void templates.reload()} />
      </Card>
      {editing && <EditTemplate template={editing} onClose={(changed) => { setEditing(null); if (changed) void templates.reload(); }} />}
      <Alert isOpen={deleting !== null} intent="danger" icon="trash" confirmButtonText="Verwijderen" cancelButtonText="Annuleren"
        onCancel={() => setDeleting(null)} onConfirm={() => void remove(deleting!)}>
        <p>Weet u zeker dat u het rapportagesjabloon '{deleting?.name}' wilt verwijderen?</p>
      </Alert>
    </>
  );
});

/** Name, description and limits: the fields of the upload and of the change. */
function TemplateFields({ draft, set, errors, disabled, idPrefix }: {
  draft: Draft; set: (d: Draft) => void; errors: Errors; disabled: boolean; idPrefix: string;
}) {
  const intent = (f: Field) => (errors[f] ? 'danger' : 'none');
  return (
    <>
      <FormGroup label="Naam" labelFor={`${idPrefix}-name`} labelInfo="*" intent={intent('name')} helperText={errors.name}>
        <InputGroup id={`${idPrefix}-name`} value={draft.name} disabled={disabled} intent={intent('name')} onValueChange={(name) => set({ ...draft, name })} />
      </FormGroup>
      <FormGroup label="Omschrijving" labelFor={`${idPrefix}-description`}>
        <TextArea id={`${idPrefix}-description`} fill rows={2} value={draft.description} disabled={disabled}
          onChange={(e) => set({ ...draft, description: e.currentTarget.value })} />
      </FormGroup>
      <div className="gs-pair">
        <FormGroup label="Minimaal aantal rekenmodellen" labelFor={`${idPrefix}-min`} labelInfo="*" intent={intent('nModelsMin')} helperText={errors.nModelsMin}>
          <InputGroup id={`${idPrefix}-min`} type="number" min={1} value={draft.nModelsMin} disabled={disabled} intent={intent('nModelsMin')}
            onValueChange={(nModelsMin) => set({ ...draft, nModelsMin })} />
        </FormGroup>
        <FormGroup label="Maximaal aantal rekenmodellen" labelFor={`${idPrefix}-max`} labelInfo="*" intent={intent('nModelsMax')} helperText={errors.nModelsMax}>
          <InputGroup id={`${idPrefix}-max`} type="number" min={1} value={draft.nModelsMax} disabled={disabled} intent={intent('nModelsMax')}
            onValueChange={(nModelsMax) => set({ ...draft, nModelsMax })} />
        </FormGroup>
      </div>
    </>
  );
}

/**
 * The state of a template's form (the upload and the change): the draft as typed, the messages under its
 * fields, the save. `fieldsToSave` answers the checked fields, or null after telling the problems — the
 * fields' own, else `more` (the upload's file) — under their fields, the first in a toast.
 */
function useTemplateForm(template?: TemplateReport) {
  const { toasts } = useRoot();
  const [draft, setDraft] = useState<Draft>(draftOf(template));
  const [errors, setErrors] = useState<Errors>({});
  const submission = useSubmission();
  const fieldsToSave = (more: Errors = {}): TemplateReportFields | null => {
    const c = checked(draft);
    if ('fields' in c && !Object.keys(more).length) return c.fields;
    const found = 'errors' in c ? c.errors : more;
    setErrors(found);
    toasts.error(Object.values(found)[0]!);
    return null;
  };
  return { draft, setDraft, errors, setErrors, submission, saving: submission.busy, fieldsToSave };
}

const AddTemplate = observer(function AddTemplate({ onAdded }: { onAdded: () => void }) {
  const { draft, setDraft, errors, setErrors, submission, saving, fieldsToSave } = useTemplateForm();
  const [file, setFile] = useState<File | null>(null);
  // A new key empties the browser's file input after a successful upload.
  const [fileKey, setFileKey] = useState(0);

  const save = async (e: FormEvent) => {
    e.preventDefault();
    const fields = fieldsToSave(file ? {} : { file: ATTACHMENT_MESSAGES.file });
    if (!fields || !file) return;
    setErrors({});
    await submission.run(async () => {
      await templateReportsApi.create(fields, file);
      setDraft(draftOf());
      setFile(null);
      setFileKey((k) => k + 1);
      onAdded();
    }, { success: 'Rapportagesjabloon succesvol toegevoegd.', failure: refusal(setErrors) });
  };

  return (
    <form onSubmit={(e) => void save(e)} aria-label="Rapportagesjabloon toevoegen">
      <h3>Rapportagesjabloon toevoegen</h3>
      <TemplateFields draft={draft} set={setDraft} errors={errors} disabled={saving} idPrefix="tr" />
      <FormGroup label="Bestand (.xlsx)" labelFor="tr-file" labelInfo="*" intent={errors.file ? 'danger' : 'none'} helperText={errors.file}>
        <XlsxFileInput key={fileKey} id="tr-file" file={file} disabled={saving} onChange={setFile} />
      </FormGroup>
      <Button type="submit" intent="primary" text="Opslaan" loading={saving} />
    </form>
  );
});

const EditTemplate = observer(function EditTemplate({ template, onClose }: { template: TemplateReport; onClose: (changed: boolean) => void }) {
  const { draft, setDraft, errors, setErrors, submission, saving, fieldsToSave } = useTemplateForm(template);

  const save = async (e: FormEvent) => {
    e.preventDefault();
    const fields = fieldsToSave();
    if (!fields) return;
    await submission.run(async () => {
      await templateReportsApi.update(template.id, fields);
      onClose(true);
    }, { success: 'Rapportagesjabloon opgeslagen.', failure: refusal(setErrors) });
  };

  return (
    <Dialog isOpen title={`Rapportagesjabloon '${template.name}' wijzigen`} onClose={() => onClose(false)}>
      <form onSubmit={(e) => void save(e)} aria-label="Rapportagesjabloon wijzigen">
        <DialogBody>
          <TemplateFields draft={draft} set={setDraft} errors={errors} disabled={saving} idPrefix="tr-edit" />
        </DialogBody>
        <DialogFooter actions={<>
          <Button text="Annuleren" onClick={() => onClose(false)} disabled={saving} />
          <Button type="submit" intent="primary" text="Opslaan" loading={saving} />
        </>} />
      </form>
    </Dialog>
  );
});
