import { useEffect, type ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import {
  Button, Callout, Card, Checkbox, DialogBody, DialogFooter, FormGroup, HTMLSelect, Tag, TextArea,
} from '@blueprintjs/core';
import { Dialog } from '../../app/Dialog.tsx';
import { useRoot } from '../../app/RootStore.ts';
import { PageHeader } from '../../app/PageHeader.tsx';
import type { Model } from '../../api/models.ts';
import { ProjectFilterBar } from '../shared/ProjectFilterBar.tsx';
import { Column } from '../shared/Column.tsx';
import { TaskProgress } from '../shared/TaskProgress.tsx';
import { LOADING_TEXT } from '../shared/taskPoll.ts';
import { modelsSelected, reportLimits } from '../../api/contract/messages.ts';
import { reportsStoreOf, type ReportsStore } from './ReportsStore.ts';
import './reports.css';

/**
 * Reports (spec 1 §2 "Reports"): the project list with search, filters and sort, three lists whose
 * clicks toggle the selected models, select-all, the count line, the spreadsheet report (template, limits,
 * 'Maak rapportage', the error text area) and the BI part.
 */
const ReportsScreen = observer(function ReportsScreen() {
  const root = useRoot();
  const store = reportsStoreOf(root);
  const visit = root.screen.visit;
  useEffect(() => {
    void store.load();
  }, [store, visit]);
  return (
    <>
      <PageHeader crumbs={[{ text: 'Rapportages' }]} />
      <div className="gs-content gs-reports">
        <ProjectFilterBar filter={store.list} typeProjects={store.typeProjects} subregions={store.subregions}>
          <Button
            icon="multi-select"
            text="Selecteer alles"
            active={store.allSelected}
            aria-pressed={store.allSelected}
            disabled={!store.loaded}
            onClick={() => store.toggleAll()}
          />
        </ProjectFilterBar>
        <div className="gs-reports-body">
          <div>
            <div className="gs-columns">
              <ProjectsList store={store} />
              <VersionsList store={store} />
              <ModelsList store={store} />
            </div>
            <p className="gs-report-count" role="status">{modelsSelected(store.count)}</p>
          </div>
          <div className="gs-report-side">
            <SpreadsheetReport store={store} />
            <BiReport store={store} />
          </div>
        </div>
      </div>
      <ReportDialog store={store} />
    </>
  );
});
export default ReportsScreen;

/** A row of a list: a checkbox for its membership in the selection; the focused row is highlighted. */
function Row({ name, sub, tag, checked, focused, onToggle }: {
  name: string; sub?: string; tag?: ReactNode; checked: boolean; focused: boolean; onToggle: () => void;
}) {
  return (
    <li aria-label={name} aria-current={focused ? 'true' : undefined} className={focused ? 'gs-row gs-row-selected' : 'gs-row'}>
      <Checkbox
        className="gs-report-check"
        checked={checked}
        onChange={onToggle}
        aria-label={name}
        labelElement={(
          <span className="gs-row-main">
            <span className="gs-row-name">{name}{tag}</span>
            {sub && <span className="gs-row-sub">{sub}</span>}
          </span>
        )}
      />
    </li>
  );
}

const selectedText = (n: number) => (n ? `${n} geselecteerd` : null);
const join = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(' · ') || undefined;

const ProjectsList = observer(function ProjectsList({ store }: { store: ReportsStore }) {
  const list = store.visibleProjects;
  return (
    <Column
      title="Projecten"
      loading={store.loading}
      empty={!store.loaded ? (store.loadError ?? LOADING_TEXT) : list.length === 0 ? 'Geen projecten gevonden.' : null}
    >
      {list.map((p) => {
        const n = store.selectedIn('project', p.id);
        return (
          <Row
            key={p.id}
            name={p.name}
            sub={join(p.number, p.hidden ? 'verborgen' : null, selectedText(n))}
            checked={n > 0}
            focused={p.id === store.focusProjectId}
            onToggle={() => void store.toggleProject(p.id)}
          />
        );
      })}
    </Column>
  );
});

const VersionsList = observer(function VersionsList({ store }: { store: ReportsStore }) {
  const project = store.focusProject;
  return (
    <Column
      title="Versies"
      loading={store.loadingVersions}
      empty={!project ? 'Selecteer een project.' : store.loadingVersions && !store.versions.length ? LOADING_TEXT : !store.versions.length ? 'Geen versies.' : null}
    >
      {store.versions.map((v) => {
        const n = store.selectedIn('version', v.id);
        return (
          <Row
            key={v.id}
            name={v.name}
            sub={join(v.phaseName, selectedText(n))}
            checked={n > 0}
            focused={v.id === store.focusVersionId}
            onToggle={() => store.toggleVersion(v.id)}
          />
        );
      })}
    </Column>
  );
});

/** Online models are reported too (the engine computes them); the tag says which they are. */
const platformTag = (m: Model) => (m.modelPlatform === 'online' ? <Tag minimal intent="primary" className="gs-report-tag">Online</Tag> : undefined);

const ModelsList = observer(function ModelsList({ store }: { store: ReportsStore }) {
  const version = store.focusVersion;
  const models = store.versionModels;
  const selected = store.selectedSet;
  return (
    <Column
      title="Rekenmodellen"
      loading={false}
      empty={!version ? 'Selecteer een versie.' : models.length === 0 ? 'Geen rekenmodellen.' : null}
    >
      {models.map((m) => (
        <Row
          key={m.id}
          name={m.name}
          tag={platformTag(m)}
          sub={m.modelPlatform === 'online' ? undefined : m.typeModelName ?? 'Spreadsheet'}
          checked={selected.has(m.id)}
          focused={false}
          onToggle={() => store.toggleModel(m.id)}
        />
      ))}
    </Column>
  );
});

const SpreadsheetReport = observer(function SpreadsheetReport({ store }: { store: ReportsStore }) {
  const t = store.template;
  const none = !store.loadingTemplates && store.templates.length === 0;
  return (
    <Card compact className="gs-report-panel" aria-label="Spreadsheetrapportage" role="region">
      <h3>Spreadsheetrapportage</h3>
      <FormGroup label="Sjabloon" labelFor="gs-report-template">
        <HTMLSelect
          id="gs-report-template"
          fill
          value={store.templateId ?? ''}
          disabled={none}
          onChange={(e) => store.setTemplate(Number(e.currentTarget.value))}
        >
          {none && <option value="">Geen sjablonen beschikbaar</option>}
          {store.templates.map((x) => <option key={x.id} value={x.id}>{x.name}</option>)}
        </HTMLSelect>
      </FormGroup>
      {t && (
        <div className="gs-report-description">
          <p>{t.description ?? 'Geen beschrijving.'}</p>
          <p className="gs-muted">{reportLimits(t.nModelsMin, t.nModelsMax)}</p>
        </div>
      )}
      {store.limitMessage && <Callout compact intent="warning" icon="warning-sign" role="alert">{store.limitMessage}</Callout>}
      <div className="gs-actions">
        <Button intent="primary" icon="export" text="Maak rapportage" disabled={!store.canMakeReport} onClick={() => void store.makeReport()} />
      </div>
      <FormGroup label="Foutmelding rapportage" labelFor="gs-report-error" className="gs-report-error">
        <TextArea id="gs-report-error" readOnly fill rows={2} value={store.reportError} placeholder="Geen fouten." />
      </FormGroup>
    </Card>
  );
});

const BiReport = observer(function BiReport({ store }: { store: ReportsStore }) {
  return (
    <Card compact className="gs-report-panel" aria-label="BI-rapportage" role="region">
      <h3>BI-rapportage</h3>
      <p className="gs-muted">Een BI-link levert de gegevens van de gekozen rekenmodellen aan Power BI of Excel (OData-feed).</p>
      <div className="gs-actions gs-report-bi-actions">
        <Button icon="link" text="Bekijk gegenereerde links" onClick={() => store.showBiLinks()} />
        <Button intent="primary" icon="add" text="Genereer link met selectie" disabled={store.count === 0} onClick={() => store.newBiLink()} />
      </div>
    </Card>
  );
});

/** The open-report pop-up (spec 1 §2 "Pop-ups", §4): the job's progress until the file arrives. */
const ReportDialog = observer(function ReportDialog({ store }: { store: ReportsStore }) {
  const r = store.report;
  return (
    <Dialog
      isOpen={r.step === 'progress'}
      title="Rapportage maken"
      icon="document"
      onClose={() => store.closeReport()}
      canOutsideClickClose={false}
      className="gs-report-dialog"
    >
      <DialogBody>
        <p className="gs-report-name">{store.template?.name}</p>
        {r.step === 'progress' && <TaskProgress text={r.text} pct={r.pct} />}
      </DialogBody>
      <DialogFooter actions={<Button text="Annuleren" onClick={() => store.closeReport()} />} />
    </Dialog>
  );
});
