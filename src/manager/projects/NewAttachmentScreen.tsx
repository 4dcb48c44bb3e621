import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { HTMLSelect, InputGroup, Radio, RadioGroup } from '@blueprintjs/core';
import { useRoot } from '../../app/RootStore.ts';
import { PageHeader } from '../../app/PageHeader.tsx';
import { FileChooser } from '../../app/FileChooser.tsx';
import { useResource } from '../../app/resource.ts';
import { useSubmission } from '../../app/submission.ts';
import { attachmentsApi } from '../../api/attachments.ts';
import { referenceDataApi } from '../../api/referenceData.ts';
import type { AttachmentType } from '../../api/contract/attachment.ts';
import { ATTACHMENT_MESSAGES, SAVE_FAILED } from '../../api/contract/messages.ts';
import { Field, SaveCancel } from './FormParts.tsx';
import { SAVE_OK, numParam } from './formRules.ts';
import { formatFileSize } from '../../lib/format.ts';
import { REQUIRED_MESSAGE } from '../../lib/names.ts';
import './projects.css';

/** Projects_VersionModelInfo_NewAttachment (spec 1 §2 "New attachment"). */
const NewAttachmentScreen = observer(function NewAttachmentScreen() {
  const { screen, toasts } = useRoot();
  const versionId = numParam(screen.params.versionId) ?? undefined;
  const [category, setCategory] = useState(0);
  const [type, setType] = useState<AttachmentType | ''>('');
  const [file, setFile] = useState<File | null>(null);
  const [url, setUrl] = useState('');
  const [name, setName] = useState('');
  const submission = useSubmission();
  const saving = submission.busy;
  const [error, setError] = useState<{ field: string; message: string } | null>(null);
  const categoryList = useResource('Fout bij het laden van de bijlagecategorieën.', () => referenceDataApi.categoryAttachments());
  const categories = categoryList.value ?? [];

  const back = () => screen.navigate('Projects_VersionModelInfo', { versionId });

  const validate = (): { field: string; message: string } | null => {
    if (category <= 0) return { field: 'category', message: ATTACHMENT_MESSAGES.category };
    if (type === '') return { field: 'type', message: REQUIRED_MESSAGE };
    if (type === 'FILE') return file ? null : { field: 'file', message: ATTACHMENT_MESSAGES.file };
    if (url.trim() === '') return { field: 'url', message: ATTACHMENT_MESSAGES.link };
    if (!/^https?:\/\/\S+$/i.test(url.trim())) return { field: 'url', message: ATTACHMENT_MESSAGES.linkScheme };
    if (name.trim() === '') return { field: 'name', message: ATTACHMENT_MESSAGES.name };
    return null;
  };

  const save = async () => {
    const problem = validate();
    setError(problem);
    if (problem) {
      toasts.error(problem.message);
      return;
    }
    await submission.run(async () => {
      if (type === 'FILE') await attachmentsApi.createFile({ version: versionId!, categoryAttachment: category }, file!);
      else await attachmentsApi.createLink({ version: versionId!, categoryAttachment: category, name: name.trim(), urlLink: url.trim() });
      back();
    }, { success: SAVE_OK, failure: SAVE_FAILED });
  };

  const busy = categoryList.loading || saving;
  const err = (field: string) => (error?.field === field ? error.message : null);

  return (
    <>
      <PageHeader crumbs={[{ text: 'Versie info', screen: 'Projects_VersionModelInfo', params: { versionId } }, { text: 'Nieuwe bijlage' }]} />
      <div className="gs-content">
        <section aria-label="Nieuwe bijlage" className="gs-form">
          <h2>Nieuwe bijlage</h2>
          <form onSubmit={(e) => { e.preventDefault(); void save(); }}>
            <Field label="Bijlagecategorie" required id="a-category" error={err('category')}>
              <HTMLSelect id="a-category" fill value={category} disabled={busy} onChange={(e) => setCategory(Number(e.currentTarget.value))}>
                <option value={0}>Kies een bijlagecategorie</option>
                {categories.map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
              </HTMLSelect>
            </Field>
            <RadioGroup
              label="Type bijlage *"
              name="a-type"
              inline
              disabled={busy}
              selectedValue={type}
              onChange={(e) => {
                setType(e.currentTarget.value as AttachmentType);
                setError(null);
              }}
            >
              <Radio label="Bestand" value="FILE" />
              <Radio label="Link" value="LINK" />
            </RadioGroup>
            {type === 'FILE' && (
              <Field label="Bestand" required id="a-file" error={err('file')}>
                <FileChooser id="a-file" label="Bestand" file={file} disabled={busy} onChange={setFile}
                  describe={(f) => `${f.name} (${formatFileSize(f.size)})`} />
              </Field>
            )}
            {type === 'LINK' && (
              <>
                <Field label="Link URL" required id="a-url" error={err('url')}>
                  <InputGroup id="a-url" value={url} disabled={busy} placeholder="https://" onValueChange={setUrl} />
                </Field>
                <Field label="Zichtbare naam" required id="a-name" error={err('name')}>
                  <InputGroup id="a-name" value={name} disabled={busy} onValueChange={setName} />
                </Field>
              </>
            )}
            <SaveCancel busy={busy} saving={saving} onCancel={back} />
          </form>
        </section>
      </div>
    </>
  );
});
export default NewAttachmentScreen;
