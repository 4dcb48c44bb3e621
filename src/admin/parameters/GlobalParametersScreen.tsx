import '../admin.css';
import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import {
  Button, Callout, Card, Checkbox, FormGroup, HTMLSelect, InputGroup, Menu, MenuItem, NonIdealState, Spinner,
} from '@blueprintjs/core';
import { useRoot } from '../../app/RootStore.ts';
import { PageHeader } from '../../app/PageHeader.tsx';
import { useSubmission } from '../../app/submission.ts';
import type { ParameterType } from '../../api/contract/parameters.ts';
import { GLOBAL_PARAMETERS, globalParameter } from '../../model/globalParameters.ts';
import {
  MAX_INDEX_COLUMNS, ParametersStore, YEARS, makeParametersStore, isValidDate, isValidFraction, kindOf, percentText, refusedMessage,
  type SortKey,
} from './ParametersStore.ts';
import { ParametersReview } from './ParametersReview.tsx';
import { INVALID_INPUT, PARAMETERS_SAVED } from '../../api/contract/messages.ts';
import { INVALID_DATE } from '../../lib/dutchNumber.ts';
import { PeriodGrid } from './PeriodGrid.tsx';
import { formatCount } from '../../lib/count.ts';

/** Configuratie → Parameters (spec 2 §2; super-admin only): values on page 0, target models on page 1. */
const GlobalParametersScreen = observer(function GlobalParametersScreen() {
  const root = useRoot();
  const { auth, toasts } = root;
  const [store] = useState(() => root.create(makeParametersStore));
  const submission = useSubmission();
  if (!auth.user?.canManageGlobalParameters) {
    return (
      <>
        <PageHeader crumbs={[{ text: 'Configuratie' }, { text: 'Parameters' }]} />
        <div className="gs-content"><NonIdealState icon="lock" description="Alleen een super-beheerder kan de globale parameters beheren." /></div>
      </>
    );
  }
  const next = () => {
    if (!store.next()) toasts.error(INVALID_INPUT);
  };
  // First the preview in the confirmation dialog, then the apply; one toast per click (issue 23).
  const review = async () => {
    if (!store.count) return void toasts.error('Selecteer minstens één rekenmodel');
    await submission.run(() => store.preview(), { failure: 'Er ging iets mis bij het berekenen van het voorbeeld.' });
  };
  const apply = () => submission.run(async () => {
    const r = await store.apply();
    // Models that refused the values: a warning instead of the success toast.
    if (r.refused.length) toasts.warning(refusedMessage(r.refused.length, store.review!.models.length));
    return r;
  }, { success: (r) => (r.refused.length ? undefined : PARAMETERS_SAVED), failure: 'Er ging iets mis tijdens het opslaan.' });
  return (
    <>
      <PageHeader crumbs={[{ text: 'Configuratie' }, { text: 'Parameters' }]}>
        {store.page === 0
          ? <Button intent="primary" rightIcon="arrow-right" text="Volgende" onClick={next} />
          : (
            <>
              <Button icon="arrow-left" text="Vorige" onClick={() => store.previous()} disabled={submission.busy} />
              <Button intent="primary" icon="upload" text="Parameters doorvoeren" onClick={() => void review()} loading={submission.busy} />
            </>
          )}
      </PageHeader>
      <div className="gs-content">
        <LastApplied store={store} />
        {store.page === 0 ? <ValuesPage store={store} /> : <PickerPage store={store} />}
      </div>
      <ParametersReview store={store} busy={submission.busy} onApply={() => void apply()} />
    </>
  );
});
export default GlobalParametersScreen;

/** After an apply the screen keeps its values and says where they went (issue 35), also on a later visit. */
const LastApplied = observer(function LastApplied({ store }: { store: ParametersStore }) {
  const a = store.applied;
  if (!a) return null;
  return (
    <Callout intent="success" icon="tick-circle" title="Laatst doorgevoerd" role="status" aria-label="Laatst doorgevoerd" style={{ marginBottom: 12 }}>
      <p>De waarden hieronder zijn de laatst doorgevoerde{a.untouched.length ? ` (ongewijzigd doorgevoerd: ${a.untouched.map((t) => globalParameter(t).label).join(', ')})` : ''}.</p>
      <ul>{a.models.map((m) => <li key={`${m.path}|${m.name}`}>{m.path} › {m.name}: {m.status}</li>)}</ul>
    </Callout>
  );
});

// ---- page 0 ----

const ValuesPage = observer(function ValuesPage({ store }: { store: ParametersStore }) {
  const invalid = new Set(store.invalidTypes());
  return (
    <div className="gs-params">
      <Menu aria-label="Parametertypen">
        {GLOBAL_PARAMETERS.map(({ type: t, label }) => (
          <MenuItem key={t} text={label} active={store.selectedType === t} intent={invalid.has(t) ? 'danger' : 'none'}
            onClick={() => store.selectType(t)} />
        ))}
      </Menu>
      <Card role="region" aria-label={globalParameter(store.selectedType).label}>
        <h3>{globalParameter(store.selectedType).label}</h3>
        <TypeValues store={store} type={store.selectedType} />
      </Card>
    </div>
  );
});

/** One percentage: `name` is its accessible name, `row` what the row shows (Uitgangspunt or the period's year). */
function PercentInput({ name, row, title, value, onChange }: { name: string; row: string; title?: string; value: string; onChange: (v: string) => void }) {
  const ok = isValidFraction(value);
  return (
    <div className="gs-param-row">
      <label title={title}>{row}</label>
      <InputGroup aria-label={name} value={value} intent={ok ? 'none' : 'danger'} onValueChange={onChange} />
      <span className="gs-pct">{percentText(value)}</span>
      {!ok && <span className="bp6-text-danger">{INVALID_INPUT}</span>}
    </div>
  );
}

const PERCENT_HINT = 'Percentages zoals in het rekenmodel: 2 is 2 %; een waarde tot en met 1 is een fractie (0,02 is ook 2 %).';

const TypeValues = observer(function TypeValues({ store, type }: { store: ParametersStore; type: ParameterType }) {
  const label = globalParameter(type).label;
  switch (kindOf(type)) {
    case 'date': {
      const value = store.dates[type];
      const ok = isValidDate(value);
      return (
        <FormGroup label="Datum (DD-MM-JJJJ)" labelFor="param-date" helperText={ok ? undefined : INVALID_DATE} intent={ok ? 'none' : 'danger'}>
          <InputGroup id="param-date" aria-label={label} value={value} intent={ok ? 'none' : 'danger'} onValueChange={(v) => store.setDate(type, v)} style={{ width: 160 }} />
        </FormGroup>
      );
    }
    case 'single':
      return (
        <>
          <p className="gs-muted">{PERCENT_HINT}</p>
          <PercentInput name={`${label} Uitgangspunt`} row="Uitgangspunt" value={store.single[type]} onChange={(v) => store.setSingle(type, v)} />
        </>
      );
    case 'series': {
      const columns = [{ label: 'Uitgangspunt' }, ...store.periodRows];
      return (
        <>
          <p className="gs-muted">{PERCENT_HINT} Een wijziging van de uitgangswaarde wordt naar alle perioden gekopieerd.</p>
          <p className="gs-muted">{PERIOD_HINT} {PASTE_HINT}</p>
          <PeriodGrid label={`${label} per periode`} corner="Parameter" columns={columns} meaning
            rows={[{
              header: label, values: store.series[type], onChange: (i, v) => store.setSeries(type, i, v),
              cellName: (i) => `${label} ${i === 0 ? 'Uitgangspunt' : `periode ${i}`}`,
            }]}
            onPaste={(_, i, cells) => store.paste(type, 0, i, cells)} />
        </>
      );
    }
    default:
      return <IndexTable store={store} type={type} />;
  }
});

/** The periods are those of a model that starts on the global start date. */
const PASTE_HINT = 'Een rij getallen uit Excel plakt u in de eerste periode; de volgende perioden worden gevuld.';
const PERIOD_HINT = 'Periode 1 is de periode waarin de startdatum valt; de jaren gelden bij jaarlijkse fasering (de andere faseringen staan in de tooltip).';

const IndexTable = observer(function IndexTable({ store, type }: { store: ParametersStore; type: ParameterType }) {
  const table = store.table(type);
  const future = type === 'ToekomstigeIndexGebruiker';
  const columns = future
    ? store.periodRows.map((r, i) => ({ ...r, name: `periode ${i + 1}` }))
    : YEARS.map((y) => ({ label: String(y), title: undefined, name: String(y) }));
  const label = globalParameter(type).label;
  return (
    <>
      <div className="gs-actions" style={{ marginTop: 0, marginBottom: 8 }}>
        <Button icon="add-row-bottom" text="Kolom toevoegen" disabled={table.length >= MAX_INDEX_COLUMNS} onClick={() => store.addColumn(type)} />
        <span className="gs-muted">{formatCount(table.length, 'kolom', 'kolommen')} (maximaal {MAX_INDEX_COLUMNS})</span>
      </div>
      <p className="gs-muted">{PERCENT_HINT}{future && ` ${PERIOD_HINT}`} {PASTE_HINT}</p>
      <PeriodGrid label={label} corner={future ? 'Periode' : 'Jaar'} columns={columns}
        rows={table.map((col, c) => ({
          header: (
            <>
              Index {c} (%)
              {c > 0 && <Button size="small" variant="minimal" icon="cross" aria-label={`Kolom ${c} verwijderen`} onClick={() => store.removeColumn(type, c)} />}
            </>
          ),
          values: col,
          onChange: (i, v) => store.setIndex(type, c, i, v),
          cellName: (i) => `${label} index ${c} ${columns[i].name}`,
        }))}
        onPaste={(row, i, cells) => store.paste(type, row, i, cells)} />
    </>
  );
});

// ---- page 1 ----

const SORTS: { value: SortKey; label: string }[] = [
  { value: 'name', label: 'Naam' },
  { value: 'number', label: 'Projectnummer' },
  { value: 'modified', label: 'Laatst gewijzigd' },
];

const PickerPage = observer(function PickerPage({ store }: { store: ParametersStore }) {
  if (!store.projects) return <Spinner />;
  const versions = store.currentProject ? store.versions.get(store.currentProject) : undefined;
  const models = store.currentVersion ? store.models.get(store.currentVersion) : undefined;
  return (
    <>
      <p aria-live="polite"><strong>{store.countText}</strong></p>
      <div className="gs-picker">
        <Card role="region" aria-label="Projecten kiezen">
          <h4>Projecten</h4>
          <div className="gs-filters">
            <HTMLSelect aria-label="Filter op projecttype" value={store.typeFilter} onChange={(e) => store.setFilter('typeFilter', e.currentTarget.value)}
              options={[{ value: '', label: 'Alle projecttypen' }, ...store.typeOptions.map(([id, name]) => ({ value: String(id), label: name }))]} />
            <HTMLSelect aria-label="Filter op deelgebied" value={store.subregionFilter} onChange={(e) => store.setFilter('subregionFilter', e.currentTarget.value)}
              options={[{ value: '', label: 'Alle deelgebieden' }, ...store.subregionOptions.map(([id, name]) => ({ value: String(id), label: name }))]} />
            <HTMLSelect aria-label="Sorteren op" value={store.sort} onChange={(e) => store.setSort(e.currentTarget.value as SortKey)} options={SORTS} />
          </div>
          <Checkbox label="Alles selecteren" checked={store.allSelected} onChange={() => void store.toggleAll()} />
          {store.visibleProjects.length === 0 && <p className="gs-muted">Geen projecten.</p>}
          {store.visibleProjects.map((p) => (
            <div key={p.id} className="gs-refrow">
              <Checkbox aria-label={`Project ${p.name} selecteren`} checked={store.projectSelected(p.id)} onChange={() => void store.toggleProject(p.id)} style={{ marginBottom: 0 }} />
              <Button variant="minimal" alignText="start" fill active={store.currentProject === p.id} text={p.number ? `${p.number} ${p.name}` : p.name}
                onClick={() => void store.showProject(p.id)} />
            </div>
          ))}
        </Card>
        <Card role="region" aria-label="Versies kiezen">
          <h4>Versies</h4>
          {!store.currentProject ? <p className="gs-muted">Kies een project.</p> : !versions ? <Spinner size={20} /> : versions.length === 0 ? <p className="gs-muted">Geen versies.</p> : versions.map((v) => (
            <div key={v.id} className="gs-refrow">
              <Checkbox aria-label={`Versie ${v.name} selecteren`} checked={store.versionSelected(v.id)} onChange={() => void store.toggleVersion(store.currentProject!, v.id)} style={{ marginBottom: 0 }} />
              <Button variant="minimal" alignText="start" fill active={store.currentVersion === v.id} text={v.name} onClick={() => void store.showVersion(v.id)} />
            </div>
          ))}
        </Card>
        <Card role="region" aria-label="Rekenmodellen kiezen">
          <h4>Rekenmodellen</h4>
          {!store.currentVersion ? <p className="gs-muted">Kies een versie.</p> : !models ? <Spinner size={20} /> : models.length === 0 ? <p className="gs-muted">Geen rekenmodellen.</p> : models.map((m) => (
            <Checkbox key={m.id} checked={store.selected.has(m.id)} onChange={() => store.toggleModel(m)}
              labelElement={<span>{m.name} <span className="gs-muted">({m.typeModelName ?? (m.modelPlatform === 'online' ? 'Online rekenmodel' : 'Rekenmodel')})</span></span>}
              aria-label={`Rekenmodel ${m.name}`} />
          ))}
        </Card>
      </div>
    </>
  );
});
