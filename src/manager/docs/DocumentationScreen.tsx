import './documentation.css';
import { useState, type FormEvent } from 'react';
import { observer } from 'mobx-react-lite';
import {
  Alert, Button, Card, DialogBody, DialogFooter, FormGroup, HTMLSelect, InputGroup,
  NonIdealState, TextArea,
} from '@blueprintjs/core';
import { Dialog } from '../../app/Dialog.tsx';
import { FileChooser } from '../../app/FileChooser.tsx';
import { useRoot } from '../../app/RootStore.ts';
import { PageHeader } from '../../app/PageHeader.tsx';
import { useResource } from '../../app/resource.ts';
import { useSubmission } from '../../app/submission.ts';
import { PRODUCT_VERSION } from '../../app/version.ts';
import { documentationApi, type DocumentationEntry, type DocumentationType } from '../../api/documentation.ts';
import { fieldErrorsOf, messageOf } from '../../api/http.ts';
import { DOCUMENTATION_MESSAGES as MSG, SAVE_FAILED } from '../../api/contract/messages.ts';
import { videoEmbed } from '../../lib/videoLinks.ts';

const LISTS: { type: DocumentationType; title: string; empty: string }[] = [
  { type: 'manual', title: 'Handleidingen', empty: 'Geen handleidingen.' },
  { type: 'instructional_video', title: "Instructievideo's", empty: "Geen instructievideo's." },
  { type: 'release_note', title: 'Release notes', empty: 'Geen release notes.' },
];
const TYPE_LABEL: Record<DocumentationType, string> = { manual: 'Handleiding', instructional_video: 'Instructievideo', release_note: 'Release notes' };

/**
 * Documentatie (spec 1 §2): manuals and release notes open as PDF in a new tab (a plain link; the list's
 * answer set the cookie that lets it through), videos play in a modal of at most 854×480, the product
 * version at the bottom. Staff (can_manage_documentation) add, change and delete entries.
 */
const DocumentationScreen = observer(function DocumentationScreen() {
  const { auth } = useRoot();
  const mayManage = !!auth.user?.canManageDocumentation;
  const docs = useResource(MSG.loadFailed, () => documentationApi.list());
  const [playing, setPlaying] = useState<DocumentationEntry | null>(null);
  const [editing, setEditing] = useState<DocumentationEntry | 'new' | null>(null);
  const [deleting, setDeleting] = useState<DocumentationEntry | null>(null);
  const deletion = useSubmission();

  /** The question stays open, its button busy, until the server answered: a double click deletes once. */
  const remove = async (d: DocumentationEntry) => {
    if (deletion.busy) return;
    await deletion.run(() => documentationApi.remove(d.id), { success: `'${d.name}' verwijderd.`, failure: 'Verwijderen mislukt.' });
    setDeleting(null);
    void docs.reload();
  };

  return (
    <>
      <PageHeader crumbs={[{ text: 'Documentatie' }]}>
        {mayManage && <Button icon="add" intent="primary" text="Documentatie toevoegen" onClick={() => setEditing('new')} />}
      </PageHeader>
      <div className="gs-content gs-docs">
        {docs.loading && !docs.value ? <p className="gs-docs-state">Aan het laden...</p>
          : docs.failed && !docs.value ? <NonIdealState icon="error" description={MSG.loadFailed} action={<Button text="Opnieuw" onClick={() => void docs.reload()} />} />
          : LISTS.map((l) => {
            const entries = (docs.value ?? []).filter((d) => d.documentationType === l.type);
            return (
              <Card key={l.type} className="gs-docs-list" role="region" aria-label={l.title}>
                <h2>{l.title}</h2>
                {entries.length === 0 ? <p className="gs-docs-empty">{l.empty}</p> : (
                  <ul>
                    {entries.map((d) => (
                      <li key={d.id}>
                        <div className="gs-docs-text">
                          {d.documentationType === 'instructional_video'
                            ? <a href={d.videoUrl ?? undefined} className="gs-docs-name" onClick={(e) => { e.preventDefault(); setPlaying(d); }}>{d.name}</a>
                            : d.pdfPath
                              ? <a href={d.pdfPath} target="_blank" rel="noopener" className="gs-docs-name">{d.name}</a>
                              : <span className="gs-docs-name">{d.name}</span>}
                          {d.description && <span className="gs-docs-description">{d.description}</span>}
                          {d.videoUrl && <a href={d.videoUrl} target="_blank" rel="noopener noreferrer" className="gs-docs-link">{d.videoUrl}</a>}
                        </div>
                        {mayManage && (
                          <div className="gs-docs-actions">
                            <Button icon="edit" variant="minimal" aria-label={`${d.name} wijzigen`} title="Wijzigen" onClick={() => setEditing(d)} />
                            <Button icon="trash" variant="minimal" intent="danger" aria-label={`${d.name} verwijderen`} title="Verwijderen" onClick={() => setDeleting(d)} />
                          </div>
                        )}
                      </li>
                    ))}
                  </ul>
                )}
              </Card>
            );
          })}
        <p className="gs-docs-version">Grondslag versie {PRODUCT_VERSION}</p>
      </div>
      <VideoPlayer entry={playing} onClose={() => setPlaying(null)} />
      {editing !== null && (
        <EntryForm entry={editing === 'new' ? null : editing} onClose={() => setEditing(null)} onSaved={async () => { await docs.reload(); setEditing(null); }} />
      )}
      <Alert isOpen={deleting !== null} intent="danger" icon="trash" confirmButtonText="Verwijderen" cancelButtonText="Annuleren"
        loading={deletion.busy} onConfirm={() => void remove(deleting!)} onCancel={() => setDeleting(null)}>
        <p>Weet u zeker dat u '{deleting?.name}' uit de documentatie wilt verwijderen?</p>
        {deleting?.shipped && <p>Deze documentatie wordt met Grondslag meegeleverd en komt bij de volgende start van de server terug.</p>}
      </Alert>
    </>
  );
});
export default DocumentationScreen;

/** The modal player: YouTube (privacy-enhanced) or Vimeo in a frame of at most 854×480 (spec 1 §9). */
function VideoPlayer({ entry, onClose }: { entry: DocumentationEntry | null; onClose: () => void }) {
  const video = entry?.videoUrl ? videoEmbed(entry.videoUrl) : null;
  return (
    <Dialog isOpen={entry !== null} title={entry?.name} onClose={onClose} className="gs-video-dialog">
      <DialogBody className="gs-video-body">
        {video
          ? <iframe className="gs-video-frame" src={video.embedUrl} title={entry!.name} allow="autoplay; encrypted-media; fullscreen; picture-in-picture" allowFullScreen />
          : <NonIdealState icon="video" description="Deze link kan niet worden afgespeeld." />}
      </DialogBody>
    </Dialog>
  );
}

type Errors = Partial<Record<'name' | 'videoUrl' | 'file', string>>;

/** Add or change an entry (staff): name, description, type, and the PDF or the video link. */
const EntryForm = observer(function EntryForm({ entry, onClose, onSaved }: { entry: DocumentationEntry | null; onClose: () => void; onSaved: () => Promise<void> }) {
  const { toasts } = useRoot();
  const [type, setType] = useState<DocumentationType>(entry?.documentationType ?? 'manual');
  const [name, setName] = useState(entry?.name ?? '');
  const [description, setDescription] = useState(entry?.description ?? '');
  const [videoUrl, setVideoUrl] = useState(entry?.videoUrl ?? '');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const submission = useSubmission();
  const saving = submission.busy;
  const video = type === 'instructional_video';
  const mayReplaceFile = !entry?.shipped;

  /** The form's own checks, with the server's texts; the PDF by its first bytes, as the server checks it. */
  const check = async (): Promise<Errors> => {
    const found: Errors = {};
    if (!name.trim()) found.name = MSG.name;
    if (video) {
      if (!videoUrl.trim()) found.videoUrl = MSG.videoUrl;
      else if (!videoEmbed(videoUrl)) found.videoUrl = MSG.videoLink;
    } else if (!file && !entry) found.file = MSG.file;
    else if (file && new TextDecoder().decode(await file.slice(0, 5).arrayBuffer()) !== '%PDF-') found.file = MSG.notPdf;
    return found;
  };

  const save = async (e: FormEvent) => {
    e.preventDefault();
    const found = await check();
    setErrors(found);
    if (Object.keys(found).length) return toasts.error(Object.values(found)[0]!);
    const fields = { name: name.trim(), description: description.trim() || null };
    await submission.run(async () => {
      if (entry) await documentationApi.update(entry.id, video ? { ...fields, videoUrl: videoUrl.trim() } : fields, file);
      else if (video) await documentationApi.createVideo({ ...fields, videoUrl: videoUrl.trim() });
      else await documentationApi.createPdf(type as Exclude<DocumentationType, 'instructional_video'>, fields, file!);
      // The form closes once the list shows the saved entry, so a click right after opens what was saved.
      await onSaved();
    }, {
      success: 'Opslaan gelukt!',
      failure: (err) => {
        // The server's Dutch message under its field.
        const message = messageOf(err, SAVE_FAILED);
        const path = fieldErrorsOf(err)[0]?.path;
        const field = path === 'video_url' ? 'videoUrl' : path === 'file' || path === 'name' ? path : null;
        setErrors(field ? { [field]: message } : {});
        return message;
      },
    });
  };

  const title = entry ? 'Documentatie wijzigen' : 'Documentatie toevoegen';
  const intent = (k: keyof Errors) => (errors[k] ? 'danger' : 'none');
  return (
    <Dialog isOpen title={title} onClose={onClose} className="gs-docs-dialog">
      <form onSubmit={(e) => void save(e)} aria-label={title}>
        <DialogBody>
          <FormGroup label="Soort" labelFor="doc-type" labelInfo="*">
            <HTMLSelect id="doc-type" fill value={type} disabled={!!entry || saving} onChange={(e) => { setType(e.currentTarget.value as DocumentationType); setErrors({}); }}>
              {LISTS.map((l) => <option key={l.type} value={l.type}>{TYPE_LABEL[l.type]}</option>)}
            </HTMLSelect>
          </FormGroup>
          <FormGroup label="Naam" labelFor="doc-name" labelInfo="*" intent={intent('name')} helperText={errors.name}>
            <InputGroup id="doc-name" value={name} disabled={saving} intent={intent('name')} onValueChange={setName} />
          </FormGroup>
          <FormGroup label="Beschrijving" labelFor="doc-description">
            <TextArea id="doc-description" fill value={description} disabled={saving} onChange={(e) => setDescription(e.currentTarget.value)} />
          </FormGroup>
          {video ? (
            <FormGroup label="Link naar de video (YouTube of Vimeo)" labelFor="doc-url" labelInfo="*" intent={intent('videoUrl')} helperText={errors.videoUrl}>
              <InputGroup id="doc-url" value={videoUrl} disabled={saving} intent={intent('videoUrl')} placeholder="https://www.youtube.com/watch?v=…" onValueChange={setVideoUrl} />
            </FormGroup>
          ) : mayReplaceFile ? (
            <FormGroup label={entry ? 'Nieuw bestand (PDF)' : 'Bestand (PDF)'} labelFor="doc-file" labelInfo={entry ? undefined : '*'} intent={intent('file')}
              helperText={errors.file ?? (entry ? 'Leeg laten om het huidige bestand te houden.' : undefined)}>
              <FileChooser id="doc-file" accept=".pdf,application/pdf" placeholder="Kies een PDF-bestand..." file={file} disabled={saving} onChange={setFile} />
            </FormGroup>
          ) : <p className="gs-docs-note">Het bestand van deze meegeleverde documentatie wordt bij elke nieuwe versie van Grondslag bijgewerkt.</p>}
        </DialogBody>
        <DialogFooter actions={<>
          <Button text="Annuleren" disabled={saving} onClick={onClose} />
          <Button type="submit" intent="primary" text="Opslaan" loading={saving} />
        </>} />
      </form>
    </Dialog>
  );
});
