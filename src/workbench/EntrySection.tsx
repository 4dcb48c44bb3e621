import { useMemo, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, Callout, HTMLSelect, InputGroup, Tab, Tabs } from '@blueprintjs/core';
import type { ValueType } from '../model/modelData.ts';
import { Sheet } from './LazySheet.tsx';
import {
  type MethodSection, bookValueSheet, costEstimateSheet, indexingSheet, methodEstimateSheet, methodSections,
  phasingSheet,
} from './sheets.ts';
import { type Toaster, showProblems, useDescribe, useEvaluate, useSheetEdit } from './common.tsx';
import { OverviewTab } from './Overview.tsx';
import { emptyGridHint } from './guidance.ts';
import type { WorkbenchStore } from './WorkbenchStore.ts';
import { useScreenParam } from '../app/screenParam.ts';
import type { RowActions } from './sheetExcel.ts';
import type { ActionRegistry } from './actions.ts';
import { rowsRemoved } from './entryRows.ts';
import { incompleteEntries } from '../formulas/validate.ts';
import { type Answer, whenAnswered } from './engineSession.ts';
import { entriesOf, entryLabelProblem, sectionOf } from '../model/sections.ts';
import type { EntryKind } from '../model/section.ts';

type TabId = 'overview' | 'estimate' | 'indexing' | 'phasing' | 'bookvalue';

const bookPrefs = new WeakMap<WorkbenchStore, Map<string, ValueType>>();
const prefsOf = (s: WorkbenchStore) => {
  let m = bookPrefs.get(s);
  if (!m) bookPrefs.set(s, (m = new Map()));
  return m;
};

/** Every section (Kostenraming, Woningbouw, Niet-Woningbouw, Overige opbrengsten; sections.ts): Overzicht, Raming, Indexering, Fasering, Boekwaarde. Grids stay mounted
 * once visited (hidden when not shown) so switching tabs does not rebuild a Handsontable; only the
 * visible grid follows the engine, the others catch up when shown. */
export const EntrySection = observer(function EntrySection({ store, toasts, actions, kind }: {
  store: WorkbenchStore; toasts: Toaster; actions: ActionRegistry; kind: EntryKind;
}) {
  // The tab and section are in the address (a reload returns to them); the section belongs to Raming.
  const [tab, setTab] = useScreenParam<TabId>('tab', 'overview');
  const [section, setSection] = useScreenParam<MethodSection>('section', 'general');
  const [visited, setVisited] = useState<Set<TabId>>(() => new Set(['overview', tab]));
  const show = (t: TabId) => {
    if (t !== 'estimate') setSection(undefined);
    setTab(t);
    setVisited((v) => (v.has(t) ? v : new Set([...v, t])));
  };
  const grids: Exclude<TabId, 'overview'>[] = ['estimate', 'indexing', 'phasing', 'bookvalue'];
  const hasMethods = sectionOf(kind).methods !== null;
  return (
    <div className="gs-wb-section">
      <Tabs id={`gs-wb-${kind}`} selectedTabId={tab} onChange={(t) => show(t as TabId)} animate={false}>
        <Tab id="overview" title="Overzicht" />
        <Tab id="estimate" title="Raming" />
        <Tab id="indexing" title="Indexering" />
        <Tab id="phasing" title="Fasering" />
        <Tab id="bookvalue" title="Boekwaarde" />
      </Tabs>
      {tab === 'overview' && <div role="tabpanel" aria-label="Overzicht"><OverviewTab store={store} kind={kind} onPhasing={() => show('phasing')} /></div>}
      {tab === 'estimate' && hasMethods && (
        <Tabs id={`gs-wb-${kind}-sections`} selectedTabId={section} onChange={(s) => setSection(s as MethodSection)}>
          {methodSections(kind).map((s) => <Tab key={s.id} id={s.id} title={s.title} />)}
        </Tabs>
      )}
      {grids.filter((g) => visited.has(g)).map((g) => {
        const active = tab === g;
        return (
          <div key={g} role={active ? 'tabpanel' : undefined} aria-hidden={active ? undefined : true} className={active ? undefined : 'wb-hidden-grid'}>
            <EntryGrid store={store} toasts={toasts} actions={actions} kind={kind} tab={g} section={section} active={active} />
          </div>
        );
      })}
    </div>
  );
});

const EntryGrid = observer(function EntryGrid({ store, toasts, actions, kind, tab, section = 'general', active }: {
  store: WorkbenchStore; toasts: Toaster; actions: ActionRegistry; kind: EntryKind; tab: Exclude<TabId, 'overview'>; section?: MethodSection; active: boolean;
}) {
  const onEdit = useSheetEdit(store, toasts);
  const evaluate = useEvaluate(store);
  const describe = useDescribe(store);
  const rows = useEntryRowActions(store, toasts, kind);
  // Hidden grids do not follow the revision (they catch up when shown).
  const revision = active ? store.revision : -1;
  const def = useMemo(() => {
    void revision;
    switch (tab) {
      case 'estimate': return sectionOf(kind).methods ? methodEstimateSheet(store, kind, section) : costEstimateSheet(store, kind);
      case 'indexing': return indexingSheet(store, kind);
      case 'phasing': return phasingSheet(store, kind);
      case 'bookvalue': return bookValueSheet(store, kind, prefsOf(store));
    }
  }, [store, revision, tab, kind, section]);
  const empty = def.data.length === (def.spare ? 1 : 0);
  return (
    <div className="gs-wb-panel">
      <Sheet
        def={def} readOnly={store.readOnly} onEdit={onEdit} evaluate={evaluate} height={Math.max(300, (typeof window === 'undefined' ? 900 : window.innerHeight) - 364)}
        testId={`sheet-${def.id}`} active={active} describe={describe} rows={rows} actions={actions}
        overlay={empty && !def.spare && <div className="gs-wb-empty-row" data-testid="empty-grid-hint">{emptyGridHint(tab, store.readOnly)}</div>}
      />
      {/* A grid with an empty last row to type into keeps that row free: the hint goes below it. */}
      {empty && def.spare && <div className="gs-wb-empty-note" data-testid="empty-grid-hint">{emptyGridHint(tab, store.readOnly)}</div>}
      {tab === 'estimate' && sectionOf(kind).methods && <IncompleteEntries store={store} kind={kind} />}
      {tab === 'estimate' && !store.readOnly && <EntryRows store={store} toasts={toasts} kind={kind} />}
    </div>
  );
});

/** Woningbouw and Niet-Woningbouw rows whose method lacks its values: named here, counted with 0, blocking nothing (issue 23). */
const IncompleteEntries = observer(function IncompleteEntries({ store, kind }: { store: WorkbenchStore; kind: EntryKind }) {
  void store.revision;
  const lines = incompleteEntries(store.model!, kind);
  if (!lines.length) return null;
  return (
    <Callout intent="warning" icon="info-sign" className="gs-wb-incomplete" title="Nog niet ingevuld (deze posten tellen mee met € 0):" data-testid="incomplete-entries">
      <ul>{lines.map((l) => <li key={l}>{l}</li>)}</ul>
    </Callout>
  );
});

/** The entry grids' row actions (right-click menu, Ctrl+Shift+= / Ctrl+-): the store's, one undo step each. */
function useEntryRowActions(store: WorkbenchStore, toasts: Toaster, kind: EntryKind): RowActions {
  return useMemo(() => {
    const done = (answer: Answer) => whenAnswered(answer, (problems) => problems && showProblems(toasts, problems));
    return {
      insert: (row, where, count) => done(store.insertEntries(kind, where === 'above' ? row : row + 1, Array<null>(count).fill(null))),
      remove: (rows) => {
        const list = entriesOf(store.model!, kind);
        const ids = rows.flatMap((r) => (list[r] ? [list[r].id] : []));
        // Rows that go are said, with the way back (issue 23: nothing disappears unseen).
        whenAnswered(store.deleteEntries(kind, ids), (problems) => {
          if (problems) showProblems(toasts, problems);
          else if (ids.length) toasts.success(rowsRemoved(ids.length));
        });
      },
    };
  }, [store, toasts, kind]);
}

/** Adding and removing entries (labels unique, compared case-insensitively; a duplicate is refused and logged). */
const EntryRows = observer(function EntryRows({ store, toasts, kind }: { store: WorkbenchStore; toasts: Toaster; kind: EntryKind }) {
  const [label, setLabel] = useState('');
  const [remove, setRemove] = useState('');
  const m = store.model!;
  const list = entriesOf(m, kind);
  const add = () => {
    const p = entryLabelProblem(m, kind, null, label);
    if (p) {
      // Spec 3 §5: a duplicate is refused with an error in the log only; an empty name gets the message.
      console.error(`Post niet toegevoegd: ${p}`);
      if (!label.trim()) toasts.error(p, 5_000);
      return;
    }
    whenAnswered(store.insertEntry(kind, list.length, label), (problems) => (problems ? showProblems(toasts, problems) : setLabel('')));
  };
  const del = () => {
    const id = Number(remove);
    if (!id) return;
    store.deleteEntries(kind, [id]);
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
