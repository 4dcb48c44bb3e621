import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Checkbox, HTMLSelect, HTMLTable, InputGroup, Spinner } from '@blueprintjs/core';
import { useRoot } from '../../app/RootStore.ts';
import { useResource } from '../../app/resource.ts';
import { projectsApi } from '../../api/projects.ts';
import { referenceDataApi, type SubregionRole } from '../../api/referenceData.ts';
import { CreatedModified, Field, FormScreen, NameDescription, ReadOnlyView, SaveCancel, useFormSave } from './FormParts.tsx';
import { PROJECT_UPDATED, REQUIRED_MESSAGE, nameError, numParam, orNull } from './formRules.ts';
import { PERMISSION_LABELS, roleOptions } from '../../api/contract/roles.ts';
import './projects.css';

type Role = SubregionRole['role'];
type ProjectPrevious = NonNullable<Parameters<typeof projectsApi.update>[1]['previous']>;
const ROLE_OPTIONS = roleOptions(PERMISSION_LABELS);

interface Form {
  name: string;
  description: string;
  number: string;
  typeProject: number;
  subregion: number;
  organisation: string;
  projectmanager: string;
  hidden: boolean;
}

const EMPTY: Form = { name: '', description: '', number: '', typeProject: 0, subregion: 0, organisation: '', projectmanager: '', hidden: false };

/** The project's fields as the create and update calls take them. */
const fieldsOf = (form: Form) => ({
  name: form.name.trim(),
  number: orNull(form.number),
  description: orNull(form.description),
  organisation: orNull(form.organisation),
  projectmanager: orNull(form.projectmanager),
  subregion: form.subregion,
  typeProject: form.typeProject,
});

/** Projects_NewProject and Projects_ProjectInfo (spec 1 §2 "New project / project info"). */
const ProjectFormScreen = observer(function ProjectFormScreen() {
  const { screen, toasts } = useRoot();
  const isNew = screen.screen === 'Projects_NewProject';
  const projectId = isNew ? null : numParam(screen.params.projectId);

  const [form, setForm] = useState<Form>(EMPTY);
  const [roles, setRoles] = useState<SubregionRole[]>([]);
  /** The values as loaded: the server refuses a save over someone else's newer change (409 'stale'). */
  const [previous, setPrevious] = useState<ProjectPrevious | undefined>(undefined);
  const [nameProblem, setNameProblem] = useState<string | null>(null);
  const { saving, save: saveForm } = useFormSave('project', setNameProblem);
  const [missing, setMissing] = useState(false);

  const data = useResource(
    'Fout bij het laden van het project.',
    () => Promise.all([referenceDataApi.typeProjects(), referenceDataApi.subregions(), projectId ? projectsApi.get(projectId) : null]),
    [projectId],
    ([t, , d]) => {
      if (d) {
        setForm({
          name: d.name, description: d.description ?? '', number: d.number ?? '', typeProject: d.typeProject, subregion: d.subregion,
          organisation: d.organisation ?? '', projectmanager: d.projectmanager ?? '', hidden: d.hidden,
        });
        setRoles(d.roles ?? []);
        setPrevious({
          name: d.name, number: d.number, description: d.description, organisation: d.organisation, projectmanager: d.projectmanager,
          subregion: d.subregion, typeProject: d.typeProject, hidden: d.hidden, ...(d.roles ? { roles: d.roles.map((r) => ({ id: r.id, role: r.role })) } : {}),
        });
      } else {
        setForm({ ...EMPTY, typeProject: t.find((x) => x.isDefault)?.id ?? 0 });
      }
    },
  );
  const [types, subregions, detail] = data.value ?? [[], [], null];
  const { loading, failed: loadFailed } = data;
  const subregionRoles = useResource<SubregionRole[]>('Fout bij het laden van de rechten.');
  const rolesLoading = subregionRoles.loading;

  const editable = isNew || Boolean(detail?.canEdit);
  const showRights = isNew || (Boolean(detail?.canSeeRights) && detail?.roles != null);
  const busy = loading || rolesLoading || saving;

  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((f) => ({ ...f, [key]: value }));

  /** Spec: the role list of the chosen subregion is loaded when the subregion is chosen. */
  const chooseSubregion = (id: number) => {
    set('subregion', id);
    if (!id || !showRights) return;
    void subregionRoles.load(() => referenceDataApi.subregionRoles(id), setRoles);
  };

  const save = async () => {
    const problem = nameError('project', form.name);
    const lacks = form.typeProject <= 0 || form.subregion <= 0 || (isNew && roles.length === 0);
    setNameProblem(problem && problem !== REQUIRED_MESSAGE ? problem : null);
    setMissing(problem === REQUIRED_MESSAGE || lacks);
    if (problem === REQUIRED_MESSAGE || lacks) {
      toasts.error(REQUIRED_MESSAGE);
      return;
    }
    if (problem) {
      toasts.error(problem);
      return;
    }
    const fields = fieldsOf(form);
    const roleRows = roles.map((r) => ({ id: r.id, role: r.role }));
    await saveForm(async () => {
      if (isNew) {
        const created = await projectsApi.create({ ...fields, roles: roleRows });
        return { focus: { projectId: created.id } };
      }
      const updated = await projectsApi.update(projectId!, { ...fields, hidden: form.hidden, ...(showRights ? { roles: roleRows } : {}), previous });
      return { focus: { projectId: updated.id }, message: PROJECT_UPDATED };
    });
  };

  const title = isNew ? 'Nieuw project' : 'Project info';
  const req = (empty: boolean) => (missing && empty ? REQUIRED_MESSAGE : null);

  return (
    <FormScreen title={title} loading={loading} failed={loadFailed} failedTitle="Het project kon niet worden geladen.">
      {editable ? (
        <form onSubmit={(e) => { e.preventDefault(); void save(); }}>
          <NameDescription
            prefix="p" nameLabel="Projectnaam" name={form.name} description={form.description} busy={busy}
            error={nameProblem ?? req(form.name.trim() === '')} invalid={!!nameProblem}
            onName={(v) => set('name', v)} onDescription={(v) => set('description', v)}
          />
          <Field label="Projectnummer" id="p-number">
            <InputGroup id="p-number" value={form.number} disabled={busy} onValueChange={(v) => set('number', v)} />
          </Field>
          <Field label="Projecttype" required id="p-type" error={req(form.typeProject <= 0)}>
            <HTMLSelect id="p-type" fill value={form.typeProject} disabled={busy} onChange={(e) => set('typeProject', Number(e.currentTarget.value))}>
              <option value={0}>Kies een projecttype</option>
              {types.map((t) => <option key={t.id} value={t.id}>{t.description}</option>)}
            </HTMLSelect>
          </Field>
          <Field label="Deelgebied" required id="p-subregion" error={req(form.subregion <= 0)}>
            <HTMLSelect id="p-subregion" fill value={form.subregion} disabled={busy} onChange={(e) => chooseSubregion(Number(e.currentTarget.value))}>
              <option value={0}>Kies een deelgebied</option>
              {subregions.map((s) => <option key={s.id} value={s.id}>{s.description}</option>)}
            </HTMLSelect>
          </Field>
          <Field label="Gemeente / organisatie" id="p-organisation">
            <InputGroup id="p-organisation" value={form.organisation} disabled={busy} onValueChange={(v) => set('organisation', v)} />
          </Field>
          <Field label="Projectmanager" id="p-manager">
            <InputGroup id="p-manager" value={form.projectmanager} disabled={busy} onValueChange={(v) => set('projectmanager', v)} />
          </Field>
          {!isNew && (
            <Checkbox label="Verbergen" checked={form.hidden} disabled={busy} onChange={(e) => set('hidden', e.currentTarget.checked)} />
          )}
          {showRights && (
            <ProjectRoles roles={roles} loading={rolesLoading} subregionChosen={form.subregion > 0} busy={busy}
              onRole={(userId, role) => setRoles((rs) => rs.map((r) => (r.id === userId ? { ...r, role } : r)))} />
          )}
          {detail && <CreatedModified row={detail} />}
          <SaveCancel busy={busy} saving={saving} onCancel={() => screen.navigate('Projects')} />
        </form>
      ) : detail && (
        <ReadOnlyView
          row={detail}
          onBack={() => screen.navigate('Projects')}
          items={[
            ['Projectnaam', detail.name],
            ['Beschrijving', detail.description],
            ['Projectnummer', detail.number],
            ['Projecttype', types.find((t) => t.id === form.typeProject)?.description ?? detail.typeProjectName],
            ['Deelgebied', subregions.find((s) => s.id === form.subregion)?.description ?? detail.subregionName],
            ['Gemeente / organisatie', detail.organisation],
            ['Projectmanager', detail.projectmanager],
            ['Verborgen', detail.hidden ? 'Ja' : 'Nee'],
          ]}
        />
      )}
    </FormScreen>
  );
});
export default ProjectFormScreen;

/** The project's users and their rights (the subregion's list for a new project); the signed-in user's own row stays Beheren. */
const ProjectRoles = observer(function ProjectRoles({ roles, loading, subregionChosen, busy, onRole }: {
  roles: SubregionRole[]; loading: boolean; subregionChosen: boolean; busy: boolean; onRole: (userId: number, role: Role) => void;
}) {
  const { auth } = useRoot();
  return (
    <div aria-label="Rechten" role="group">
      {loading && <Spinner size={16} />}
      {subregionChosen || roles.length > 0 ? (
        <HTMLTable compact striped className="gs-rights">
          <thead><tr><th>Naam</th><th>Rechten</th></tr></thead>
          <tbody>
            {roles.map((r) => (
              <tr key={r.id}>
                <td>{r.nameFull}</td>
                <td>
                  <HTMLSelect
                    aria-label={`Rechten ${r.nameFull}`}
                    value={r.id === auth.user?.id ? 'ADM' : r.role}
                    disabled={busy || r.id === auth.user?.id}
                    onChange={(e) => onRole(r.id, e.currentTarget.value as Role)}
                  >
                    {ROLE_OPTIONS.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
                  </HTMLSelect>
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      ) : <p className="gs-muted">Kies een deelgebied om de rechten te laden.</p>}
    </div>
  );
});
