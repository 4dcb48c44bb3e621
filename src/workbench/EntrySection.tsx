import { useMemo, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, HTMLSelect, InputGroup, NonIdealState, Tab, Tabs } from '@blueprintjs/core';
import type { ValueType } from '../api/contract/modelData.ts';
import { Sheet } from './Sheet.tsx';
import {
  type EntryKindUi, type ResidentialSection, RESIDENTIAL_SECTIONS, bookValueSheet, costEstimateSheet, indexingSheet, labelProblem,
  newCostEntry, newResidentialEntry, phasingSheet, residentialEstimateSheet,
} from './sheets.ts';
import { type Toaster, showProblems, useEvaluate, useSheetEdit } from './common.tsx';
import { OverviewTab } from './Overview.tsx';
import type { WorkbenchStore } from './WorkbenchStore.ts';

type TabId = 'overview' | 'estimate' | 'indexing' | 'phasing' | 'bookvalue';

const bookPrefs = new WeakMap<WorkbenchStore, Map<string, ValueType>>();
const prefsOf = (s: WorkbenchStore) => {
  let m = bookPrefs.get(s);
  if (!m) bookPrefs.set(s, (m = new Map()));
  return m;
};

/** Kostenraming and Woningbouw: Overzicht, Raming, Indexering, Fasering, Boekwaarde. */
export const EntrySection = observer(function EntrySection({ store, toasts, kind }: { store: WorkbenchStore; toasts: Toaster; kind: EntryKindUi }) {
  const [tab, setTab] = useState<TabId>('overview');
  const [section, setSection] = useState<ResidentialSection>('general');
  return (
    <div className="gs-wb-section">
      <Tabs id={`gs-wb-${kind}`} selectedTabId={tab} onChange={(t) => setTab(t as TabId)} renderActiveTabPanelOnly>
        <Tab id="overview" title="Overzicht" panel={<OverviewTab store={store} kind={kind} />} />
        <Tab id="estimate" title="Raming" panel={
          kind === 'cost' ? <EntryGrid store={store} toasts={toasts} kind={kind} tab="estimate" /> : (
            <div>
              <Tabs id="gs-wb-res-sections" selectedTabId={section} onChange={(s) => setSection(s as ResidentialSection)} renderActiveTabPanelOnly>
                {RESIDENTIAL_SECTIONS.map((s) => <Tab key={s.id} id={s.id} title={s.title} />)}
              </Tabs>
              {section === 'residual'
                ? <NonIdealState icon="build" title="Residueel" description="Residueel wordt nog niet berekend." />
                : <EntryGrid store={store} toasts={toasts} kind={kind} tab="estimate" section={section} />}
            </div>
          )
        } />
        <Tab id="indexing" title="Indexering" panel={<EntryGrid store={store} toasts={toasts} kind={kind} tab="indexing" />} />
        <Tab id="phasing" title="Fasering" panel={<EntryGrid store={store} toasts={toasts} kind={kind} tab="phasing" />} />
        <Tab id="bookvalue" title="Boekwaarde" panel={<EntryGrid store={store} toasts={toasts} kind={kind} tab="bookvalue" />} />
      </Tabs>
    </div>
  );
});

const EntryGrid = observer(function EntryGrid({ store, toasts, kind, tab, section = 'general' }: {
  store: WorkbenchStore; toasts: Toaster; kind: EntryKindUi; tab: Exclude<TabId, 'overview'>; section?: ResidentialSection;
}) {
  const onEdit = useSheetEdit(store, toasts);
  const evaluate = useEvaluate(store);
  const revision = store.revision;
  const def = useMemo(() => {
    void revision;
    switch (tab) {
      case 'estimate': return kind === 'cost' ? costEstimateSheet(store) : residentialEstimateSheet(store, section);
      case 'indexing': return indexingSheet(store, kind);
      case 'phasing': return phasingSheet(store, kind);
      case 'bookvalue': return bookValueSheet(store, kind, prefsOf(store));
    }
  }, [store, revision, tab, kind, section]);
  return (
    <div className="gs-wb-panel">
      <Sheet def={def} readOnly={store.readOnly} onEdit={onEdit} evaluate={evaluate} height="calc(100vh - 330px)" testId={`sheet-${def.id}`} />
      {tab === 'estimate' && !store.readOnly && <EntryRows store={store} toasts={toasts} kind={kind} />}
    </div>
  );
});

/** Adding and removing entries (labels unique, compared case-insensitively; a duplicate is refused and logged). */
const EntryRows = observer(function EntryRows({ store, toasts, kind }: { store: WorkbenchStore; toasts: Toaster; kind: EntryKindUi }) {
  const [label, setLabel] = useState('');
  const [remove, setRemove] = useState('');
  const m = store.model!;
  const list = kind === 'cost' ? m.cost_estimate : m.residential_construction;
  const add = () => {
    const p = labelProblem(m, kind, null, label);
    if (p) {
      // Spec 3 §5: a duplicate is refused with an error in the log only; an empty name gets the message.
      console.error(`Post niet toegevoegd: ${p}`);
      if (!label.trim()) toasts.error(p, 5_000);
      return;
    }
    const problems = store.replaceModel((d) => {
      if (kind === 'cost') d.cost_estimate.push(newCostEntry(d, label));
      else d.residential_construction.push(newResidentialEntry(d, label));
    });
    if (problems) showProblems(toasts, problems);
    else setLabel('');
  };
  const del = () => {
    const id = Number(remove);
    if (!id) return;
    store.replaceModel((d) => {
      if (kind === 'cost') d.cost_estimate = d.cost_estimate.filter((e) => e.id !== id);
      else d.residential_construction = d.residential_construction.filter((e) => e.id !== id);
    });
    setRemove('');
  };
  return (
    <div className="gs-wb-add">
      <InputGroup placeholder="Omschrijving nieuwe post" value={label} onChange={(e) => setLabel(e.target.value)} aria-label="Omschrijving nieuwe post"
        onKeyDown={(e) => e.key === 'Enter' && add()} />
      <Button icon="plus" text="Post toevoegen" onClick={add} />
      <HTMLSelect value={remove} onChange={(e) => setRemove(e.target.value)} aria-label="Post verwijderen"
        options={[{ value: '', label: 'Post kiezen…' }, ...list.map((e) => ({ value: String(e.id), label: e.label }))]} />
      <Button icon="trash" text="Verwijderen" disabled={!remove} onClick={del} />
    </div>
  );
});
