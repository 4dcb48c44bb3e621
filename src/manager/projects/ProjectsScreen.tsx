import { useEffect, useState, type ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { Alert, Button, DialogBody, DialogFooter, Icon, Menu, MenuItem, Popover } from '@blueprintjs/core';
import { Dialog } from '../../app/Dialog.tsx';
import { useRoot } from '../../app/RootStore.ts';
import { PageHeader } from '../../app/PageHeader.tsx';
import { anticipateScreen } from '../../app/screenRegistry.tsx';
import type { Model } from '../../api/models.ts';
import type { Version } from '../../api/versions.ts';
import { adoptedText } from './adoption.tsx';
import { ProjectFilterBar } from '../shared/ProjectFilterBar.tsx';
import { Column } from '../shared/Column.tsx';
import { projectsStoreOf, type ProjectsStore } from './ProjectsStore.ts';
import { EndSessionWarning, OpenModelDialogs } from './OpenModelDialogs.tsx';
import './projects.css';

/** The annual cycle's dialogs, a chunk of their own: loaded when one is chosen, not with the Projects screen. */
type AnnualDialogs = typeof import('./AnnualDialogs.tsx');
/** A chunk that cannot load (the server was updated meanwhile, the network gone): said, and the screen stays. */
const DIALOG_NOT_LOADED = 'Het venster kon niet worden geladen. Vernieuw de pagina en probeer het opnieuw.';

/** Projects overview (spec 1 §2): search, filters, sort and the three columns. */
const ProjectsScreen = observer(function ProjectsScreen() {
  const root = useRoot();
  const store = projectsStoreOf(root);
  // Every visit reloads, also a click on Projecten while on Projects (fresh lists; a session that
  // ended elsewhere, e.g. a blocked account, is noticed at once).
  const visit = root.screen.visit;
  useEffect(() => {
    void store.load();
  }, [store, visit]);
  return (
    <>
      <PageHeader crumbs={[]}>
        <Button icon="map" text="Bekijk op kaart" onClick={() => root.screen.navigate('MapViewer_Overview')} />
      </PageHeader>
      <div className="gs-content gs-projects">
        <ProjectFilterBar filter={store.list} typeProjects={store.typeProjects} subregions={store.subregions} />
        <div className="gs-columns">
          <ProjectsColumn store={store} />
          <VersionsColumn store={store} />
          <ModelsColumn store={store} />
        </div>
      </div>
      <MoveDialog store={store} />
      <ConfirmAlert store={store} />
      <OpenModelDialogs store={store.opening} />
    </>
  );
});
export default ProjectsScreen;

function Row({ name, sub, selected, icons, onClick, onInfo, menu }: {
  name: string; sub?: string; selected: boolean; icons?: ReactNode; onClick: () => void; onInfo: () => void; menu: ReactNode;
}) {
  return (
    <li aria-label={name} aria-current={selected ? 'true' : undefined} className={selected ? 'gs-row gs-row-selected' : 'gs-row'}>
      <button type="button" className="gs-row-main" onClick={onClick}>
        <span className="gs-row-name">{name}</span>
        {sub && <span className="gs-row-sub">{sub}</span>}
      </button>
      {icons}
      <Button icon="info-sign" variant="minimal" size="small" aria-label="Meer info" title="Meer info" onClick={onInfo} />
      <Popover content={<Menu>{menu}</Menu>} placement="bottom-end">
        <Button icon="more" variant="minimal" size="small" aria-label="Submenu" title="Submenu" />
      </Popover>
    </li>
  );
}

const ProjectsColumn = observer(function ProjectsColumn({ store }: { store: ProjectsStore }) {
  const { screen } = useRoot();
  const list = store.visibleProjects;
  return (
    <Column
      title="Projecten"
      addLabel="Project toevoegen"
      onAdd={store.canAddProject ? () => screen.navigate('Projects_NewProject') : undefined}
      loading={store.loadingProjects}
      empty={store.loaded && list.length === 0 ? 'Geen projecten gevonden.' : null}
    >
      {list.map((p) => {
        const edit = p.canEdit;
        const info = () => screen.navigate('Projects_ProjectInfo', { projectId: p.id });
        return (
          <Row
            key={p.id}
            name={p.name}
            sub={[p.number, p.hidden ? 'verborgen' : null].filter(Boolean).join(' · ') || undefined}
            selected={p.id === store.selectedProjectId}
            onClick={() => void store.selectProject(p.id)}
            onInfo={info}
            menu={(
              <>
                <MenuItem text="Meer info" onClick={info} />
                <MenuItem text="Dupliceren" disabled={!edit} onClick={() => void store.duplicate('project', p.id)} />
                <MenuItem text="Verwijderen" intent="danger" disabled={!edit} onClick={() => store.askDelete('project', p.id, p.name)} />
              </>
            )}
          />
        );
      })}
    </Column>
  );
});

const VersionsColumn = observer(function VersionsColumn({ store }: { store: ProjectsStore }) {
  const { screen, toasts } = useRoot();
  const edit = store.canEditSelected;
  const project = store.selectedProject;
  const [annual, setAnnual] = useState<{ kind: 'adopt' | 'rollover'; version: Version; dialogs: AnnualDialogs } | null>(null);
  const openAnnual = (kind: 'adopt' | 'rollover', version: Version) => {
    import('./AnnualDialogs.tsx').then((dialogs) => setAnnual({ kind, version, dialogs }), () => toasts.error(DIALOG_NOT_LOADED));
  };
  const done = (versionId: number) => {
    setAnnual(null);
    store.focus({ projectId: project?.id, versionId });
    void store.load();
  };
  return (
    <>
      <Column
        title="Versies"
        addLabel="Versie toevoegen"
        onAdd={edit && project ? () => screen.navigate('Projects_NewVersionModel', { projectId: project.id }) : undefined}
        loading={store.loadingVersions}
        empty={!project ? 'Selecteer een project.' : !store.loadingVersions && store.versions.length === 0 ? 'Geen versies.' : null}
      >
        {store.versions.map((v) => {
          const info = () => screen.navigate('Projects_VersionModelInfo', { versionId: v.id });
          return (
            <Row
              key={v.id}
              name={v.name}
              sub={[v.phaseName, v.adoptedOn ? adoptedText(v) : null].filter(Boolean).join(' · ') || undefined}
              selected={v.id === store.selectedVersionId}
              icons={(
                <>
                  {v.adoptedOn && <Icon icon="endorsed" intent="success" aria-label={adoptedText(v)!} title={adoptedText(v)!} />}
                  {v.frozen && <Icon icon="lock" aria-label="Vergrendeld" title="Vergrendeld" />}
                </>
              )}
              onClick={() => void store.selectVersion(v.id)}
              onInfo={info}
              menu={(
                <>
                  <MenuItem text="Meer info" onClick={info} />
                  <MenuItem text="Dupliceren" disabled={!v.canEdit} onClick={() => void store.duplicate('version', v.id)} />
                  <MenuItem text="Verplaatsen" disabled={!v.canEdit} onClick={() => store.openMove('version', v)} />
                  {v.canRollOver && <MenuItem text="Jaarovergang…" onClick={() => openAnnual('rollover', v)} />}
                  {v.canAdopt && <MenuItem text="Vastgesteld door de raad…" onClick={() => openAnnual('adopt', v)} />}
                  <MenuItem text="Verwijderen" intent="danger" disabled={!v.canEdit} onClick={() => store.askDelete('version', v.id, v.name)} />
                </>
              )}
            />
          );
        })}
      </Column>
      {annual?.kind === 'adopt' && <annual.dialogs.AdoptDialog version={annual.version} onClose={() => setAnnual(null)} onDone={() => done(annual.version.id)} />}
      {annual?.kind === 'rollover' && <annual.dialogs.RolloverDialog version={annual.version} onClose={() => setAnnual(null)} onDone={done} />}
    </>
  );
});

const platformLabel = (m: Model) => m.typeModelName ?? (m.modelPlatform === 'online' ? 'Online' : 'Spreadsheet');

const ModelsColumn = observer(function ModelsColumn({ store }: { store: ProjectsStore }) {
  const { screen } = useRoot();
  const edit = store.canEditSelected;
  const version = store.selectedVersion;
  // An online model listed may be opened next: the tool's engine can get ready meanwhile (each list asks again).
  const models = store.models;
  useEffect(() => {
    if (models.some((m) => m.modelPlatform === 'online')) anticipateScreen('GrexOnline_Overview');
  }, [models]);
  return (
    <Column
      title="Rekenmodellen"
      addLabel="Rekenmodel toevoegen"
      onAdd={edit && version ? () => screen.navigate('Projects_NewModel', { versionId: version.id }) : undefined}
      loading={store.loadingModels}
      empty={!version ? 'Selecteer een versie.' : !store.loadingModels && store.models.length === 0 ? 'Geen rekenmodellen.' : null}
    >
      {store.models.map((m) => {
        const info = () => screen.navigate('Projects_ModelInfo', { modelId: m.id });
        const mayEnd = m.alreadyOpen && m.canEndSession;
        return (
          <Row
            key={m.id}
            name={m.name}
            sub={platformLabel(m)}
            selected={false}
            icons={(
              <>
                {m.alreadyOpen && (
                  // Open by the user themself is information, not a warning (issue 25 item 14).
                  <Button
                    icon={m.openByCurrentUser ? 'info-sign' : 'warning-sign'}
                    intent={m.openByCurrentUser ? 'primary' : 'warning'}
                    variant="minimal"
                    size="small"
                    aria-label="Sessie beëindigen"
                    title={m.openByCurrentUser ? 'Geopend door u' : 'Geopend door een andere gebruiker'}
                    disabled={!mayEnd}
                    onClick={() => void store.askEndSession(m)}
                  />
                )}
                {m.frozen && <Icon icon="lock" aria-label="Vergrendeld" title="Vergrendeld" />}
              </>
            )}
            onClick={() => store.openModel(m)}
            onInfo={info}
            menu={(
              <>
                <MenuItem text="Meer info" onClick={info} />
                {m.modelPlatform === 'online' && (
                  <MenuItem text="Verschillenanalyse" onClick={() => screen.navigate('Projects_ModelVariance', { modelId: m.id })} />
                )}
                <MenuItem text="Beëindig sessie" disabled={!mayEnd} onClick={() => void store.askEndSession(m)} />
                <MenuItem text="Dupliceren" disabled={!m.canEdit} onClick={() => void store.duplicate('model', m.id)} />
                <MenuItem text="Verplaatsen" disabled={!m.canMove} onClick={() => store.openMove('model', m)} />
                <MenuItem text="Verwijderen" intent="danger" disabled={!m.canEdit} onClick={() => store.askDelete('model', m.id, m.name)} />
              </>
            )}
          />
        );
      })}
    </Column>
  );
});

const MoveDialog = observer(function MoveDialog({ store }: { store: ProjectsStore }) {
  const isModel = store.move === 'MoveModel';
  const title = isModel ? 'Rekenmodel verplaatsen' : 'Versie verplaatsen';
  const projectStep = !isModel || store.moveStep === 'project';
  return (
    <Dialog isOpen={store.move !== 'Hidden'} title={title} onClose={() => store.closeMove()}>
      <DialogBody>
        <p>
          {projectStep ? 'Kies het project' : 'Kies de versie'} waarnaar <strong>{store.moveSubject?.name}</strong> verplaatst wordt.
        </p>
        {projectStep ? (
          <Menu aria-label="Doelproject" className="gs-move-list">
            {store.moveTargetProjects.map((p) => (
              <MenuItem key={p.id} text={p.name} active={store.moveTargetProjectId === p.id} onClick={() => store.chooseMoveProject(p.id)} />
            ))}
            {store.moveTargetProjects.length === 0 && <MenuItem disabled text="Geen projecten beschikbaar." />}
          </Menu>
        ) : (
          <Menu aria-label="Doelversie" className="gs-move-list">
            {store.moveTargetVersions.map((v) => (
              <MenuItem key={v.id} text={v.name} active={store.moveTargetVersionId === v.id} onClick={() => store.chooseMoveVersion(v.id)} />
            ))}
            {store.moveTargetVersions.length === 0 && <MenuItem disabled text="Geen versies beschikbaar." />}
          </Menu>
        )}
      </DialogBody>
      <DialogFooter
        actions={(
          <>
            {isModel && !projectStep && <Button text="Terug" icon="arrow-left" onClick={() => store.backMoveStep()} />}
            <Button text="Annuleren" onClick={() => store.closeMove()} />
            <Button text="Verplaatsen" intent="primary" disabled={!store.canConfirmMove} loading={store.busy} onClick={() => void store.confirmMove()} />
          </>
        )}
      />
    </Dialog>
  );
});

const CONFIRM_TEXT = {
  deleteProject: (n: string) => `Weet u zeker dat u project '${n}' wilt verwijderen? Alle versies en rekenmodellen van dit project worden ook verwijderd.`,
  deleteVersion: (n: string) => `Weet u zeker dat u versie '${n}' wilt verwijderen? Alle rekenmodellen van deze versie worden ook verwijderd.`,
  deleteModel: (n: string) => `Weet u zeker dat u rekenmodel '${n}' wilt verwijderen?`,
};

const ConfirmAlert = observer(function ConfirmAlert({ store }: { store: ProjectsStore }) {
  const c = store.confirm;
  const session = c?.kind === 'endSession';
  return (
    <Alert
      isOpen={c !== null}
      intent={session ? 'warning' : 'danger'}
      icon={session ? 'warning-sign' : 'trash'}
      confirmButtonText={session ? 'Beëindig sessie' : 'Verwijderen'}
      cancelButtonText="Annuleren"
      loading={store.busy}
      onConfirm={() => void store.confirmAction()}
      onCancel={() => store.closeConfirm()}
    >
      {c && (c.kind === 'endSession' ? <EndSessionWarning name={c.name} email={c.email} /> : <p>{CONFIRM_TEXT[c.kind](c.name)}</p>)}
    </Alert>
  );
});
