import { useCallback, useMemo, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, Callout, Checkbox, DialogBody, DialogFooter, HTMLSelect, HTMLTable, InputGroup, Tab, Tabs } from '@blueprintjs/core';
import { Dialog } from '../app/Dialog.tsx';
import type { ParameterSetGroup, PhaseEntry } from '../model/modelData.ts';
import {
  BASE_PARAMETERS, type BaseParameter, type BaseParameterTab, type EditableParameterKey, parameterValue,
} from '../model/baseParameters.ts';
import { formatDutchDate } from '../lib/dutchNumber.ts';
import { INVALID_INPUT } from '../api/contract/messages.ts';
import { setLabel } from '../model/codeLabels.ts';
import { formatNumber } from '../lib/nlFormat.ts';
import { FUTURE_INDEX_GROUP, INTEREST_GROUP, PRICE_LEVEL_GROUP } from '../formulas/validate.ts';
import { Sheet } from './LazySheet.tsx';
import {
  type CellChange, type Col, type SheetDef, LOCATION_OPTIONS, PHASE_GROUP_OPTIONS, dateOf, labelOf, optionValue, optionsOf,
} from './sheets.ts';
import { interestSetNote, newParameterSet, parameterSetSheet, setNameProblem } from './parameterSetSheet.ts';
import { CommitField, type Committed, type EditOptions, MSG, type Toaster, showProblems, useEvaluate, useSheetEdit } from './common.tsx';
import { whenAnswered } from './engineSession.ts';
import type { Problem } from '../model/problem.ts';
import { isCompleteSpaceRow, type WorkbenchStore } from './WorkbenchStore.ts';
import { type ActionRegistry, titleOf } from './actions.ts';
import { useScreenParam } from '../app/screenParam.ts';
import { PercentField } from './PercentNote.tsx';
import { spaceRowsAfter } from './spaceRows.ts';

type TabId = 'project' | 'phasing' | 'interest' | 'indexing' | 'space' | 'other';

export const BaseParameters = observer(function BaseParameters({ store, toasts, actions }: { store: WorkbenchStore; toasts: Toaster; actions: ActionRegistry }) {
  const [tab, setTab] = useScreenParam<TabId>('tab', 'project');
  // While the engine is being built only Projectgegevens (plain model data) can be shown.
  const calc = !store.engine;
  const shown = calc ? 'project' : tab;
  return (
    <Tabs id="gs-wb-base" selectedTabId={shown} onChange={(t) => setTab(t as TabId)} renderActiveTabPanelOnly>
      <Tab id="project" title="Projectgegevens" panel={<ProjectInfo store={store} />} />
      <Tab id="phasing" title="Fasering" disabled={calc} panel={<Phasing store={store} toasts={toasts} />} />
      <Tab id="interest" title="Rente" disabled={calc} panel={<Interest store={store} toasts={toasts} />} />
      <Tab id="indexing" title="Indexering" disabled={calc} panel={<Indexing store={store} toasts={toasts} />} />
      <Tab id="space" title="Ruimtegebruik" disabled={calc} panel={<Space store={store} toasts={toasts} actions={actions} />} />
      <Tab id="other" title="Overig" disabled={calc} panel={<Other store={store} toasts={toasts} />} />
    </Tabs>
  );
});

const ProjectInfo = observer(function ProjectInfo({ store }: { store: WorkbenchStore }) {
  const bp = store.model!.base_parameters;
  return (
    <dl className="gs-wb-readonly" aria-label="Projectgegevens">
      {parametersOn('project').map((p) => <div key={p.key}><dt>{p.label}</dt><dd>{parameterValue(bp, p) || '—'}</dd></div>)}
    </dl>
  );
});

/** The base parameters a tab shows as fields (src/model/baseParameters.ts), in their order. */
export const parametersOn = (tab: BaseParameterTab) => BASE_PARAMETERS.filter((p) => p.tab === tab);

/** A field's value to the store; false (now, or once the engine has answered) when it was refused, which is said. */
function applyParam(store: WorkbenchStore, toasts: Toaster, p: BaseParameter, value: string | number | boolean | null): Committed {
  const field = p.key as EditableParameterKey;
  const answer = p.reshapes === 'periods'
    ? store.setPeriodParameter(field, String(value))
    : store.applyEdits([{ kind: 'parameter', field, value }]);
  const taken = (problems: Problem[] | null) => {
    if (!problems) return true;
    // One failure, one toast with its causes (issue 23: which phase starts earlier, which date to move); a
    // date the model refuses stays 10 s, as the spec's date message did.
    if (p.kind === 'date' || p.reshapes === 'periods') toasts.error([...new Set(problems.map((x) => x.message))].join(' ') || MSG.dates, 10_000);
    else showProblems(toasts, problems);
    return false;
  };
  return answer instanceof Promise ? answer.then(taken) : taken(answer);
}

/** A tab's base-parameter fields, each as its kind is entered (the project data are ProjectInfo's). */
export const ParameterFields = observer(function ParameterFields({ store, toasts, tab }: { store: WorkbenchStore; toasts: Toaster; tab: BaseParameterTab }) {
  const bp = store.model!.base_parameters;
  const ro = store.readOnly;
  const shown = parametersOn(tab);
  const labelOf = (p: BaseParameter) => p.labelIn?.(bp) ?? p.label;
  const field = (p: BaseParameter) => {
    const id = `f-${p.key}`;
    const value = parameterValue(bp, p);
    const commit = (v: string | number | boolean | null) => applyParam(store, toasts, p, v);
    const label = labelOf(p);
    switch (p.kind) {
      case 'date': case 'amount':
        return (
          <CommitField key={p.key} id={id} label={label} kind={p.kind} disabled={ro} value={(value ?? null) as string | number | null}
            onCommit={commit} onClear={p.optional ? () => commit(null) : undefined} describedBy={p.help ? `${id}-help` : undefined} />
        );
      case 'percent':
        return <PercentField key={p.key} id={id} label={label} disabled={ro} value={value as number} onCommit={commit} />;
      case 'choice':
        return (
          <label key={p.key} className="gs-wb-field" htmlFor={id}>
            <span>{label}</span>
            <HTMLSelect id={id} disabled={ro} value={value as string} options={optionsOf(p.options!)} onChange={(e) => commit(e.target.value)} />
          </label>
        );
      case 'flag':
        return <Checkbox key={p.key} label={label} disabled={ro} checked={value as boolean} onChange={(e) => commit((e.target as HTMLInputElement).checked)} />;
      default:
        return null;
    }
  };
  return (
    <>
      <div className="gs-wb-fields">{shown.map(field)}</div>
      {/* below the row, so the fields stay aligned */}
      {shown.filter((p) => p.help).map((p) => <p key={p.key} id={`f-${p.key}-help`} className="gs-wb-help">{labelOf(p)}: {p.help}</p>)}
    </>
  );
});

const Phasing = observer(function Phasing({ store, toasts }: { store: WorkbenchStore; toasts: Toaster }) {
  const bp = store.model!.base_parameters;
  const ro = store.readOnly;
  const evaluate = useEvaluate(store);
  const phases = bp.phasing_costs_revenues;
  const def = useMemo<SheetDef>(() => {
    void store.revision;
    const cols: Col[] = [
      { key: 'phase_name', title: 'Fase', kind: 'text', width: 200 },
      { key: 'phase_group', title: 'Soort', kind: 'select', width: 120, options: PHASE_GROUP_OPTIONS },
      { key: 'phase_start_date', title: 'Startdatum', kind: 'date', width: 110 },
      { key: 'phase_end_date', title: 'Einddatum', kind: 'date', width: 110 },
    ];
    return {
      id: 'phases', columns: cols, fixedCols: 1,
      data: phases.map((p) => [p.phase_name, labelOf(PHASE_GROUP_OPTIONS, p.phase_group), formatDutchDate(p.phase_start_date), formatDutchDate(p.phase_end_date)]),
      toEdits: () => [],
    };
  }, [store.revision, phases]);
  const onEdit = useCallback((_d: SheetDef, changes: CellChange[], opts?: EditOptions) => {
    if (!changes.length) return void (opts?.notice && toasts.warning(opts.notice)); // a paste none of whose values fit
    const next: PhaseEntry[] = phases.map((p) => ({ ...p }));
    for (const ch of changes) {
      const p = next[ch.row];
      if (!p) continue;
      if (ch.col === 0) {
        const s = String(ch.value ?? '').trim();
        if (!s) return void toasts.error('Voer een geldige naam in.', 5_000);
        p.phase_name = s;
      } else if (ch.col === 1) {
        const v = optionValue(PHASE_GROUP_OPTIONS, ch.value);
        if (!v) return void toasts.error(INVALID_INPUT, 5_000);
        p.phase_group = v as PhaseEntry['phase_group'];
      } else {
        const d = dateOf(ch.value);
        if (!d) return void toasts.error('Ongeldige datum', 5_000);
        if (ch.col === 2) p.phase_start_date = d;
        else p.phase_end_date = d;
      }
    }
    whenAnswered(store.replaceModel((m) => void (m.base_parameters.phasing_costs_revenues = next)), (problems) => {
      if (problems) showProblems(toasts, problems);
      else if (opts?.notice) toasts.warning(opts.notice);
    });
  }, [phases, store, toasts]);
  const [phaseName, setPhaseName] = useState('');
  const addPhase = () => {
    if (!phaseName.trim()) return void toasts.error('Voer een geldige naam in.', 5_000);
    const answer = store.replaceModel((m) => void m.base_parameters.phasing_costs_revenues.push({
      phase_name: phaseName.trim(), phase_group: 'Cost', phase_start_date: bp.phasing_calculation_start_date, phase_end_date: bp.phasing_calculation_end_date,
    }));
    whenAnswered(answer, (problems) => (problems ? showProblems(toasts, problems) : setPhaseName('')));
  };
  return (
    <div className="gs-wb-panel">
      <ParameterFields store={store} toasts={toasts} tab="phasing" />
      <h3>Fasen</h3>
      <Sheet def={def} readOnly={ro} onEdit={onEdit} evaluate={evaluate} height={200} testId="sheet-phases" />
      {!ro && (
        <div className="gs-wb-add">
          <InputGroup placeholder="Naam van de fase" value={phaseName} onChange={(e) => setPhaseName(e.target.value)} aria-label="Naam van de fase" />
          <Button icon="plus" text="Fase toevoegen" onClick={addPhase} />
          <Button icon="trash" text="Laatste fase verwijderen" disabled={!phases.length}
            onClick={() => store.replaceModel((m) => void m.base_parameters.phasing_costs_revenues.pop())} />
        </div>
      )}
    </div>
  );
});

const SetGroup = observer(function SetGroup({ store, toasts, group, title }: { store: WorkbenchStore; toasts: Toaster; group: ParameterSetGroup; title: string }) {
  const onEdit = useSheetEdit(store, toasts);
  const evaluate = useEvaluate(store);
  const def = useMemo(() => {
    void store.revision;
    return parameterSetSheet(store, group);
  }, [store, store.revision, group]);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [remove, setRemove] = useState('');
  const names = store.model!.base_parameters.parameter_sets.filter((s) => s.set_group === group).map((s) => s.set_name);
  const add = () => {
    const p = setNameProblem(store.model!, group, name);
    setError(p);
    if (p) return;
    const answer = store.replaceModel((m) => void m.base_parameters.parameter_sets.push(newParameterSet(store, group, name)));
    whenAnswered(answer, (problems) => (problems ? showProblems(toasts, problems) : setName('')));
  };
  const del = () => {
    if (!remove) return;
    const answer = store.replaceModel((m) => {
      m.base_parameters.parameter_sets = m.base_parameters.parameter_sets.filter((s) => !(s.set_group === group && s.set_name === remove));
    });
    whenAnswered(answer, (problems) => problems && showProblems(toasts, problems));
  };
  return (
    <section className="gs-wb-setgroup" aria-label={title}>
      <h3>{title}</h3>
      <Sheet def={def} readOnly={store.readOnly} onEdit={onEdit} evaluate={evaluate} height={Math.min(300, 60 + 30 * def.data.length)} testId={`sheet-${group}`} />
      {!store.readOnly && (
        <div className="gs-wb-add">
          <InputGroup placeholder="Naam nieuwe set" value={name} onChange={(e) => setName(e.target.value)} aria-label={`Naam nieuwe set ${title}`} intent={error ? 'danger' : 'none'} />
          <Button icon="plus" text="Set toevoegen" onClick={add} />
          <HTMLSelect value={remove} onChange={(e) => setRemove(e.target.value)} options={[{ value: '', label: 'Set kiezen…' }, ...names.map((n) => ({ value: n, label: setLabel(n) }))]} aria-label={`Set verwijderen ${title}`} />
          <Button icon="trash" text="Verwijderen" disabled={!remove} onClick={del} />
          {error && <span className="gs-wb-error" role="alert">{error}</span>}
        </div>
      )}
    </section>
  );
});

const Interest = observer(function Interest({ store, toasts }: { store: WorkbenchStore; toasts: Toaster }) {
  return (
    <div className="gs-wb-panel">
      <ParameterFields store={store} toasts={toasts} tab="interest" />
      {interestSetNote(store.model!) && <Callout intent="primary" icon="info-sign" role="note">{interestSetNote(store.model!)}</Callout>}
      <SetGroup store={store} toasts={toasts} group={INTEREST_GROUP} title="Rentepercentages" />
    </div>
  );
});

const Indexing = observer(function Indexing({ store, toasts }: { store: WorkbenchStore; toasts: Toaster }) {
  return (
    <div className="gs-wb-panel">
      <SetGroup store={store} toasts={toasts} group={FUTURE_INDEX_GROUP} title="Toekomstige index" />
      <SetGroup store={store} toasts={toasts} group={PRICE_LEVEL_GROUP} title="Prijspeilcorrectie tot NCW-datum" />
    </div>
  );
});

const Space = observer(function Space({ store, toasts, actions }: { store: WorkbenchStore; toasts: Toaster; actions: ActionRegistry }) {
  const evaluate = useEvaluate(store);
  const rows = store.space;
  const def = useMemo<SheetDef>(() => ({
    id: 'space',
    fixedCols: 1,
    columns: [
      { key: 'label', title: 'Omschrijving', kind: 'text', width: 220 },
      { key: 'value', title: 'Oppervlakte (m²)', kind: 'number', width: 140 },
      { key: 'location', title: 'Locatie', kind: 'select', width: 240, options: LOCATION_OPTIONS },
    ],
    data: rows.map((r) => [r.label ?? '', r.value ?? null, r.location ? labelOf(LOCATION_OPTIONS, r.location) : '']),
    toEdits: () => [],
  }), [rows]);
  const onEdit = useCallback((_d: SheetDef, changes: CellChange[], opts?: EditOptions) => {
    if (!changes.length) return void (opts?.notice && toasts.warning(opts.notice)); // a paste none of whose values fit
    const after = spaceRowsAfter(rows, changes);
    if ('number' in after) return void toasts.error(MSG.space, 5_000);
    const next = after.rows;
    store.setSpace(next);
    const bad = next.find((r) => (r.value != null && !r.label?.trim()) || (r.label?.trim() && r.value != null && r.value < 0));
    if (after.refused) toasts.error(after.refused, 5_000);
    else if (bad) toasts.error(MSG.space, 5_000);
    else if (opts?.notice) toasts.warning(opts.notice);
  }, [rows, store, toasts]);
  const problem = rows.some((r) => !isCompleteSpaceRow(r));
  const S = store.results!.spaceUsage;
  return (
    <div className="gs-wb-panel">
      {problem && <Callout intent="danger" data-testid="space-problem">{MSG.space}</Callout>}
      <Sheet def={def} readOnly={store.readOnly} onEdit={onEdit} evaluate={evaluate} height={260} testId="sheet-space" />
      {!store.readOnly && (
        <div className="gs-wb-add">
          <Button icon="plus" text="Rij toevoegen" onClick={() => store.setSpace([...rows, { id: Math.max(0, ...rows.map((r) => r.id)) + 1, label: null, value: null, location: null }])} />
          <Button icon="trash" text="Laatste rij verwijderen" disabled={!rows.length} onClick={() => store.setSpace(rows.slice(0, -1))} />
          <ActionButton action={actions.get('mapTakeover')} icon="map" />
        </div>
      )}
      <MapTakeoverDialog store={store} />
      <dl className="gs-wb-figures">
        <div><dt>Hoofdstructuur</dt><dd>{formatNumber(S.mainStructure)} m²</dd></div>
        <div><dt>Openbare ruimte</dt><dd>{formatNumber(S.publicSpace)} m²</dd></div>
        <div><dt>Uitgeefbaar</dt><dd>{formatNumber(S.marketable)} m²</dd></div>
        <div><dt>Uitgesloten / te handhaven</dt><dd>{formatNumber(S.excluded)} m²</dd></div>
        <div><dt>Bruto plangebied</dt><dd>{formatNumber(S.gross)} m²</dd></div>
      </dl>
      {Math.abs(S.difference) > 0.005 && <Callout intent="warning">Openbare ruimte + uitgeefbaar + uitgesloten wijkt {formatNumber(S.difference)} m² af van het bruto plangebied.</Callout>}
    </div>
  );
});

/** A registry action as a button; disabled, it says why on hover (a disabled button gets no events: its wrapper has the title). */
const ActionButton = observer(function ActionButton({ action: a, icon }: { action: ReturnType<ActionRegistry['get']>; icon: 'map' }) {
  return (
    <span title={titleOf(a)} data-testid={`action-${a.id}`}>
      <Button icon={icon} text={a.label} disabled={!a.enabled()} loading={a.busy?.()} onClick={a.run} />
    </span>
  );
});

/** 'Overnemen uit kaart': per location the model's m², the map's and the difference; confirming takes the map's (one undo step). */
const MapTakeoverDialog = observer(function MapTakeoverDialog({ store }: { store: WorkbenchStore }) {
  const t = store.mapTakeover;
  const cancel = () => store.cancelMapTakeover();
  const signed = (v: number) => (v > 0 ? `+${formatNumber(v)}` : formatNumber(v));
  return (
    <Dialog isOpen={t.step === 'confirm'} onClose={cancel} title="Overnemen uit kaart" icon="map" style={{ width: 620 }}>
      <DialogBody>
        <p>{t.step === 'confirm' && !Object.keys(t.totals).length
          ? 'De versie heeft geen functiegebieden op de kaart: het ruimtegebruik per locatie blijft zoals het is; het gebied van de versie wordt het bruto plangebied.'
          : `De oppervlakten van de functiegebieden op de kaart vervangen het ruimtegebruik van het model per locatie${t.step === 'confirm' && t.gross ? '; het gebied van de versie wordt het bruto plangebied' : ''}.`}</p>
        <HTMLTable compact striped className="gs-wb-map-diff" data-testid="map-diff">
          <thead>
            <tr><th>Locatie</th><th className="gs-wb-num">Model (m²)</th><th className="gs-wb-num">Kaart (m²)</th><th className="gs-wb-num">Verschil (m²)</th></tr>
          </thead>
          <tbody>
            {t.step === 'confirm' && t.diff.map((d) => (
              <tr key={d.location}>
                <td>{labelOf(LOCATION_OPTIONS, d.location)}</td>
                <td className="gs-wb-num">{formatNumber(d.model)}</td>
                <td className="gs-wb-num">{d.map === null ? '–' : formatNumber(d.map)}</td>
                <td className="gs-wb-num">{d.map === null ? '–' : signed(d.difference)}</td>
              </tr>
            ))}
            {t.step === 'confirm' && t.gross && (
              <tr>
                <td>Bruto plangebied (gebied van de versie)</td>
                <td className="gs-wb-num">{formatNumber(t.gross.model)}</td>
                <td className="gs-wb-num">{formatNumber(t.gross.map)}</td>
                <td className="gs-wb-num">{signed(Math.round((t.gross.map - t.gross.model) * 100) / 100)}</td>
              </tr>
            )}
          </tbody>
        </HTMLTable>
      </DialogBody>
      <DialogFooter actions={<>
        <Button text="Annuleren" onClick={cancel} />
        <Button intent="primary" text="Overnemen" onClick={() => store.confirmMapTakeover()} />
      </>} />
    </Dialog>
  );
});

const Other = observer(function Other({ store, toasts }: { store: WorkbenchStore; toasts: Toaster }) {
  return (
    <div className="gs-wb-panel">
      <ParameterFields store={store} toasts={toasts} tab="other" />
    </div>
  );
});
