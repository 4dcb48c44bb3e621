import '../admin.css';
import { useState, type FormEvent } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, Card, FormGroup, InputGroup, NonIdealState, Spinner } from '@blueprintjs/core';
import { useRoot } from '../../app/RootStore.ts';
import { StaffScreen } from './StaffScreen.tsx';
import { XlsxFileInput } from './XlsxFileInput.tsx';
import { useResource } from '../../app/resource.ts';
import { useSubmission } from '../../app/submission.ts';
import { configurationApi } from '../../api/configuration.ts';
import { fieldErrorsOf, isStatus, messageOf } from '../../api/http.ts';
import { ATTACHMENT_MESSAGES, SAVE_FAILED } from '../../api/contract/messages.ts';
import { nameProblem } from '../../lib/names.ts';

const TITLE = 'Rekenmodeltypen';
type Errors = Partial<Record<'name' | 'file', string>>;

/** Configuratie → Rekenmodeltypen (issue 12; staff): the spreadsheet-model templates and the upload of another. */
const TemplateModelsScreen = observer(function TemplateModelsScreen() {
  const { auth } = useRoot();
  return (
    <StaffScreen title={TITLE} allowed={!!auth.user?.canManageModelTemplates} denied="Alleen een super-beheerder kan rekenmodeltypen beheren.">
      <TemplateModels />
    </StaffScreen>
  );
});
export default TemplateModelsScreen;

const TemplateModels = observer(function TemplateModels() {
  const { toasts } = useRoot();
  const templates = useResource('Fout bij het laden van de rekenmodeltypen.', () => configurationApi.templateModels());
  const [name, setName] = useState('');
  const [file, setFile] = useState<File | null>(null);
  // A new key empties the browser's file input after a successful upload.
  const [fileKey, setFileKey] = useState(0);
  const [errors, setErrors] = useState<Errors>({});
  const submission = useSubmission();
  const saving = submission.busy;

  const fail = (found: Errors) => {
    setErrors(found);
    toasts.error(Object.values(found)[0]!);
  };
  const save = async (e: FormEvent) => {
    e.preventDefault();
    const problem = nameProblem(name);
    if (problem) return fail({ name: problem });
    if (!file) return fail({ file: ATTACHMENT_MESSAGES.file });
    setErrors({});
    await submission.run(async () => {
      await configurationApi.createTemplateModel(name.trim(), file);
      setName('');
      setFile(null);
      setFileKey((k) => k + 1);
      void templates.reload();
    }, {
      success: 'Rekenmodeltype succesvol toegevoegd.',
      failure: (err) => {
        // Name and file stay as chosen; the server's Dutch message under its field (a 409 is the name's).
        const message = messageOf(err, SAVE_FAILED);
        const field = fieldErrorsOf(err)[0]?.path === 'file' ? 'file' : isStatus(err, 409) ? 'name' : null;
        setErrors(field ? { [field]: message } : {});
        return message;
      },
    });
  };

  return (
    <Card className="gs-form" role="region" aria-label={TITLE}>
      <h2>{TITLE}</h2>
      {templates.loading && !templates.value ? <Spinner /> : (
        <ul className="gs-reflist" aria-label={`Lijst ${TITLE}`}>
          {templates.value?.length === 0 && <li><NonIdealState description="Nog geen rekenmodeltypen." /></li>}
          {templates.value?.map((t) => <li key={t.id}>{t.name}</li>)}
        </ul>
      )}
      <form onSubmit={(e) => void save(e)} className="gs-refadd" aria-label="Rekenmodeltype toevoegen">
        <h3>Rekenmodeltype toevoegen</h3>
        <FormGroup label="Naam" labelFor="tm-name" labelInfo="*" intent={errors.name ? 'danger' : 'none'} helperText={errors.name}>
          <InputGroup id="tm-name" value={name} disabled={saving} onValueChange={setName} intent={errors.name ? 'danger' : 'none'} />
        </FormGroup>
        <FormGroup label="Bestand (.xlsx)" labelFor="tm-file" labelInfo="*" intent={errors.file ? 'danger' : 'none'} helperText={errors.file}>
          <XlsxFileInput key={fileKey} id="tm-file" file={file} disabled={saving} onChange={setFile} />
        </FormGroup>
        <Button type="submit" intent="primary" text="Opslaan" loading={saving} />
      </form>
    </Card>
  );
});
