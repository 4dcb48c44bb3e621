import { useState, type FormEvent } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, Callout, HTMLTable, InputGroup, NonIdealState, Spinner } from '@blueprintjs/core';
import { PageHeader } from '../../app/PageHeader.tsx';
import { useRoot } from '../../app/RootStore.ts';
import { useResource } from '../../app/resource.ts';
import { useSubmission } from '../../app/submission.ts';
import { biLinksApi } from '../../api/biLinks.ts';
import { modelsApi } from '../../api/models.ts';
import { projectsApi } from '../../api/projects.ts';
import { versionsApi } from '../../api/versions.ts';
import { BI_LINK_MESSAGES, SAVE_FAILED } from '../../api/contract/messages.ts';
import { REQUIRED_MESSAGE } from '../../lib/names.ts';
import { Field, SaveCancel } from '../projects/FormParts.tsx';
import './bilinks.css';

/** A chosen model with the names it is shown by. */
interface Chosen { id: number; project: string; version: string; model: string; platform: string }

/** The screen param `models` ('12,13', from the Reports screen's selection) as ids. */
const idsOf = (param: unknown) => [...new Set(String(param ?? '').split(',').map(Number).filter((n) => Number.isInteger(n) && n > 0))];

/** The chosen models (those the caller can read) with their project and version names, in the chosen order. */
async function chosenModels(ids: number[]): Promise<Chosen[]> {
  if (!ids.length) return [];
  const [models, projects] = await Promise.all([modelsApi.list(), projectsApi.list(true)]);
  const byId = new Map(models.map((m) => [m.id, m]));
  const picked = ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
  const projectIds = [...new Set(picked.map((m) => m.projectId))];
  const versions = new Map((await Promise.all(projectIds.map((p) => versionsApi.list(p)))).flat().map((v) => [v.id, v.name]));
  const projectNames = new Map(projects.map((p) => [p.id, p.name]));
  return picked.map((m) => ({
    id: m.id, model: m.name, project: projectNames.get(m.projectId) ?? '-', version: versions.get(m.versionId) ?? '-',
    platform: m.modelPlatform === 'online' ? 'Online' : 'Spreadsheet',
  }));
}

/**
 * New BI link (spec 1 §2 "BI links", §5): a required description and at least one of the models chosen
 * in Rapportages (screen param `models`); a model can be taken out. Opslaan makes the link and goes to
 * BI links; Annuleren goes back to Rapportages.
 */
const NewBiLinkScreen = observer(function NewBiLinkScreen() {
  const { screen } = useRoot();
  const param = String(screen.params.models ?? '');
  const chosen = useResource<Chosen[]>('Fout bij het laden van de rekenmodellen.', () => chosenModels(idsOf(param)), [param]);
  const [removed, setRemoved] = useState<ReadonlySet<number>>(new Set());
  const [description, setDescription] = useState('');
  const [tried, setTried] = useState(false);
  const submission = useSubmission();
  const saving = submission.busy;

  const models = (chosen.value ?? []).filter((m) => !removed.has(m.id));
  const descriptionError = tried && !description.trim() ? REQUIRED_MESSAGE : null;
  const modelsError = tried && !chosen.loading && !models.length ? BI_LINK_MESSAGES.models : null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (!description.trim() || !models.length) return;
    await submission.run(async () => {
      await biLinksApi.create({ description: description.trim(), models: models.map((m) => m.id) });
      screen.navigate('BiLinks');
    }, { success: 'BI-link aangemaakt.', failure: SAVE_FAILED });
  };

  return (
    <>
      <PageHeader crumbs={[{ text: 'Rapportages', screen: 'Reports' }, { text: 'Nieuwe BI-link' }]} />
      <div className="gs-content">
        <section aria-label="Nieuwe BI-link" className="gs-form" style={{ maxWidth: 820 }}>
          <h2>Nieuwe BI-link</h2>
          <form onSubmit={(e) => void submit(e)} noValidate>
            <Field label="Beschrijving" required id="bilink-description" error={descriptionError}>
              <InputGroup
                id="bilink-description" value={description} disabled={saving} maxLength={500}
                intent={descriptionError ? 'danger' : 'none'} onValueChange={setDescription}
              />
            </Field>
            <h3>Gekozen rekenmodellen</h3>
            {chosen.loading && <div className="gs-muted"><Spinner size={16} /> Aan het laden...</div>}
            {!chosen.loading && chosen.failed && <NonIdealState icon="error" title="Fout bij het laden van de rekenmodellen." />}
            {!chosen.loading && !chosen.failed && models.length > 0 && (
              <HTMLTable compact striped className="gs-bilink-models" aria-label="Gekozen rekenmodellen">
                <thead><tr><th>Project</th><th>Versie</th><th>Rekenmodel</th><th>Platform</th><th /></tr></thead>
                <tbody>
                  {models.map((m) => (
                    <tr key={m.id}>
                      <td>{m.project}</td><td>{m.version}</td><td>{m.model}</td><td>{m.platform}</td>
                      <td>
                        <Button
                          size="small" variant="minimal" icon="cross" aria-label={`${m.model} weglaten`} title="Weglaten" disabled={saving}
                          onClick={() => setRemoved((r) => new Set([...r, m.id]))}
                        />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </HTMLTable>
            )}
            {!chosen.loading && !chosen.failed && !models.length && !modelsError && (
              <p className="gs-muted">Geen rekenmodellen gekozen. Kies ze in Rapportages en gebruik 'Genereer link met selectie'.</p>
            )}
            {modelsError && <Callout intent="danger" compact>{modelsError}</Callout>}
            <SaveCancel busy={saving || chosen.loading} saving={saving} onCancel={() => screen.navigate('Reports')} />
          </form>
        </section>
      </div>
    </>
  );
});
export default NewBiLinkScreen;
