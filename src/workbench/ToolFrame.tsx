import { useEffect, useMemo } from 'react';
import { observer } from 'mobx-react-lite';
import { reaction } from 'mobx';
import { Button, Callout, DialogBody, DialogFooter, type IconName, Menu, MenuItem, NonIdealState, Spinner } from '@blueprintjs/core';
import { Dialog } from '../app/Dialog.tsx';
import { useRoot, type RootStore } from '../app/RootStore.ts';
import { PageHeader } from '../app/PageHeader.tsx';
import type { Screen } from '../app/screenNames.ts';
import { workbenchApi } from '../api/workbench.ts';
import { MSG_SESSION_OTHER } from '../api/contract/messages.ts';
import { takePrefetchedModel } from './prefetch.ts';
import { saveBlob } from '../api/http.ts';
import { WorkbenchStore } from './WorkbenchStore.ts';
import { ActionRegistry, tooltipOf } from './actions.ts';
import { mapTotalsApi } from '../api/mapTotals.ts';
import { PASTE_REFUSED, activeSheet } from './activeSheet.ts';
import { preloadSheets } from './LazySheet.tsx';
import { BaseParameters } from './BaseParameters.tsx';
import { EntrySection } from './EntrySection.tsx';
import { ResultStrip } from './Overview.tsx';
import { ModelOverview } from './ModelOverview.tsx';
import { exportModelXlsx } from './exportXlsx.ts';
import { ToolMenuState, toggleLabel } from './toolMenu.ts';
import type { Toaster } from './common.tsx';
import { SECTIONS, sectionOf } from '../model/sections.ts';
import { startEngineWorker } from './engineClient.ts';
import './workbench.css';

globalThis.performance?.mark?.('workbench:chunk');

// The online calculation tool (spec 3): one store per opened model, shared by the three screens
// GrexOnline_BaseParameters and the section screens (one lazy chunk). Leaving the
// tool asks first when there are unsaved changes (ScreenStore.leaveGuard, beforeunload), ends the
// edit session, and keeps the working copy in localStorage until it is saved or thrown away.

/** The section a screen shows (its descriptor's `screen`), in the menu's order. */
const sectionOfScreen = (screen: Screen) => SECTIONS.find((s) => s.screen.name === screen);
const TOOL_SCREENS: Screen[] = ['GrexOnline_Overview', 'GrexOnline_BaseParameters', ...SECTIONS.map((s) => s.screen.name as Screen)];
const titleOf = (screen: Screen): string | undefined =>
  ({ GrexOnline_Overview: 'Overzicht', GrexOnline_BaseParameters: 'Uitgangspunten' } as Partial<Record<Screen, string>>)[screen] ?? sectionOfScreen(screen)?.title;

interface Opened {
  store: WorkbenchStore;
  actions: ActionRegistry;
  pendingLeave: (() => void) | null;
  dispose(): void;
}
let opened: Opened | null = null;

/** For e2e tests and the benchmark: the open tool's store. */
declare global {
  interface Window {
    __grondslagWorkbench?: WorkbenchStore;
  }
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** Navigate between the tool's screens without the leave question (`params`: the tab to open). */
function goInside(root: RootStore, screen: Screen, modelId: number, params: Record<string, string> = {}) {
  const guard = root.screen.leaveGuard;
  root.screen.leaveGuard = null;
  root.screen.navigate(screen, { modelId, ...params });
  root.screen.leaveGuard = guard;
}

function open(root: RootStore, modelId: number): Opened {
  if (opened && opened.store.modelId === modelId) return opened;
  opened?.dispose();
  const toasts = root.toasts;
  const store = new WorkbenchStore(modelId, {
    // The first load takes the answer the navigation started (prefetch.ts); later loads fetch.
    api: { ...workbenchApi, load: (id) => takePrefetchedModel(id) ?? workbenchApi.load(id), mapTotals: mapTotalsApi.totals, mapRegionArea: mapTotalsApi.regionArea },
    toasts: { success: toasts.success, error: (m, t) => toasts.error(m, t), warning: toasts.warning },
    storage: storage(),
    userId: root.auth.user?.id ?? 0,
    engine: startEngineWorker,
  });
  const leave = (next: () => void) => {
    const guard = root.screen.leaveGuard;
    root.screen.leaveGuard = null;
    next();
    if (root.screen.screen.startsWith('GrexOnline_')) root.screen.leaveGuard = guard;
  };
  const o: Opened = {
    store,
    actions: new ActionRegistry(),
    pendingLeave: null,
    dispose() {
      stopReaction();
      window.removeEventListener('beforeunload', beforeUnload);
      window.removeEventListener('pagehide', pageHide);
      window.removeEventListener('keydown', keyDown, true);
      if (root.screen.leaveGuard === guard) root.screen.leaveGuard = null;
      store.dispose();
      if (window.__grondslagWorkbench === store) delete window.__grondslagWorkbench;
      if (opened === o) opened = null;
    },
  };
  const close = () => {
    if (store.dirty && !store.readOnly) {
      o.pendingLeave = () => leave(() => root.screen.navigate('Projects'));
      store.setClosePrompt(true);
    } else leave(() => root.screen.navigate('Projects'));
  };
  const editing = (e: KeyboardEvent) => {
    const t = e.target as HTMLElement | null;
    if (!t) return false;
    const hot = activeSheet?.hot;
    if (t.closest?.('.handsontable')) return !!hot?.getActiveEditor()?.isOpened();
    return t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || t.tagName === 'SELECT' || t.isContentEditable;
  };
  // Registration order is the toolbar's order.
  o.actions.register(
    { id: 'undo', label: 'Ongedaan maken', keys: ['Mod+Z'], toolbar: { icon: 'undo' }, menu: 'history', enabled: () => store.canUndo, run: () => store.undo() },
    { id: 'redo', label: 'Opnieuw', keys: ['Mod+Y', 'Mod+Shift+Z'], toolbar: { icon: 'redo' }, enabled: () => store.canRedo, run: () => store.redo() },
    { id: 'fillDown', label: 'Omlaag vullen', keys: ['Mod+D'], enabled: () => !store.readOnly && !!activeSheet, run: () => activeSheet?.fillDown() },
    { id: 'fillRight', label: 'Rechts vullen', keys: ['Mod+R'], enabled: () => !store.readOnly && !!activeSheet, run: () => activeSheet?.fillRight() },
    // The entry grids' rows: Excel's keys (issue 15; Shift+= arrives as '+') and the right-click menu.
    { id: 'rowAbove', label: 'Rij invoegen boven', keys: ['Mod+Shift+=', 'Mod+Shift++'], menu: 'rows',
      enabled: () => !store.readOnly && !!activeSheet?.insertRows, run: () => activeSheet?.insertRows?.('above') },
    { id: 'rowBelow', label: 'Rij invoegen onder', keys: [], menu: 'rows',
      enabled: () => !store.readOnly && !!activeSheet?.insertRows, run: () => activeSheet?.insertRows?.('below') },
    { id: 'deleteRow', label: 'Rij verwijderen', keys: ['Mod+-'], menu: 'rows',
      enabled: () => !store.readOnly && !!activeSheet?.canDeleteRows?.(), run: () => activeSheet?.deleteRows?.() },
    // The grid keeps its own Ctrl+X, Ctrl+C and Ctrl+V; these are the menu's.
    { id: 'cut', label: 'Knippen', keys: [], menu: 'clipboard', enabled: () => !store.readOnly && !!activeSheet, run: () => activeSheet?.cut() },
    { id: 'copy', label: 'Kopiëren', keys: [], menu: 'clipboard', enabled: () => !!activeSheet, run: () => activeSheet?.copy() },
    { id: 'paste', label: 'Plakken', keys: [], menu: 'clipboard', enabled: () => !store.readOnly && !!activeSheet,
      run: () => void activeSheet?.paste().catch(() => root.toasts.error(PASTE_REFUSED, 5_000)) },
    { id: 'export', label: 'Exporteren', keys: [], toolbar: { icon: 'export', text: true }, enabled: () => !!store.engine, run: () => void exportNow(store, root) },
    { id: 'save', label: 'Opslaan', keys: ['Mod+S'], inInputs: true, toolbar: { icon: 'floppy-disk', text: true, intent: 'primary' },
      enabled: () => store.dirty && !store.readOnly && !store.saving, busy: () => store.saving, run: () => {
        (document.activeElement as HTMLElement | null)?.blur?.();
        void store.save();
      } },
    { id: 'close', label: 'Sluiten', keys: [], toolbar: { icon: 'cross', text: true }, enabled: () => true, run: close },
    // Ruimtegebruik's button (issue 14): the version's feature areas into the space-usage rows.
    { id: 'mapTakeover', label: 'Overnemen uit kaart', keys: [], enabled: () => store.mapTakeoverBlocked === null,
      blocked: () => store.mapTakeoverBlocked, busy: () => store.mapTakeover.step === 'loading', run: () => void store.startMapTakeover() },
  );
  const keyDown = (e: KeyboardEvent) => void o.actions.handle(e, editing(e));
  const beforeUnload = (e: BeforeUnloadEvent) => {
    if (!store.dirty) return;
    store.writeBackup();
    e.preventDefault();
    e.returnValue = '';
  };
  const pageHide = () => {
    store.writeBackup();
    if (store.sessionHeld) void workbenchApi.closeSessionOnLeave(modelId).catch(() => {});
  };
  const guard = (next: () => void) => {
    if (!store.dirty || store.readOnly) return false;
    o.pendingLeave = () => leave(next);
    store.setClosePrompt(true);
    return true;
  };
  root.screen.leaveGuard = guard;
  window.addEventListener('beforeunload', beforeUnload);
  window.addEventListener('pagehide', pageHide);
  window.addEventListener('keydown', keyDown, true);
  const stopReaction = reaction(() => root.screen.screen, (s) => {
    if (!TOOL_SCREENS.includes(s)) o.dispose();
  });
  window.__grondslagWorkbench = store;
  opened = o;
  void store.load().then(() => {
    void store.openSession();
    // The grids' chunk, once the first tab is on screen.
    requestAnimationFrame(() => setTimeout(preloadSheets, 0));
  });
  return o;
}

/** The toast when the export is ready (issue 23 item 9: making the file takes a moment and gave no feedback). */
export const exportReadyText = (file: string) => `Export klaar: '${file}' is gedownload.`;

async function exportNow(store: WorkbenchStore, root: RootStore) {
  if (!store.engine) return;
  try {
    const blob = await exportModelXlsx(store.engine);
    const name = `${store.meta?.model_name ?? 'model'}.xlsx`.replace(/[\\/:*?"<>|]/g, '_');
    saveBlob(blob, name);
    root.toasts.success(exportReadyText(name));
  } catch {
    root.toasts.error('Er is iets fout gegaan, probeer het opnieuw.');
  }
}

const ToolFrame = observer(function ToolFrame({ screen }: { screen: Screen }) {
  const root = useRoot();
  const modelId = Number(root.screen.params.modelId);
  const o = useMemo(() => (modelId ? open(root, modelId) : null), [root, modelId]);
  const toasts = useMemo<Toaster>(() => ({ success: root.toasts.success, error: (m, t) => root.toasts.error(m, t), warning: root.toasts.warning }), [root]);
  useEffect(() => () => {
    // Unmounting because the tool was left (not a switch between its screens): the reaction disposes.
  }, []);
  if (!o) return <NonIdealState icon="error" title="Er is iets fout gegaan, probeer het opnieuw." />;
  const { store } = o;
  const meta = store.meta;
  const title = titleOf(screen) ?? 'Onbekend scherm';
  const section = sectionOfScreen(screen);
  const crumbs = meta ? [{ text: meta.project_name }, { text: meta.version_name, keep: true }, { text: meta.model_name }, { text: title }] : [{ text: title }];
  return (
    <div className="gs-wb" data-testid="workbench">
      <PageHeader crumbs={crumbs}>
        <ResultStrip store={store} toOverview={() => goInside(root, 'GrexOnline_Overview', modelId)} />
        <Toolbar o={o} />
      </PageHeader>
      <div className="gs-wb-body">
        <ToolMenu screen={screen} go={(to) => goInside(root, to, modelId)} />
        <div className="gs-wb-content">
          {store.status === 'loading' && <Spinner />}
          {store.status === 'error' && <NonIdealState icon="error" title="Er is iets fout gegaan, probeer het opnieuw." />}
          {store.status === 'ready' && (
            <>
              <ReadOnlyNotice store={store} />
              {screen === 'GrexOnline_BaseParameters' ? <BaseParameters store={store} toasts={toasts} actions={o.actions} />
                : !store.results && TOOL_SCREENS.includes(screen) ? <Spinner />
                : screen === 'GrexOnline_Overview' ? <ModelOverview store={store}
                  toSpace={() => goInside(root, 'GrexOnline_BaseParameters', modelId, { tab: 'space' })}
                  toPhasing={(kind = SECTIONS[0]!.kind) => goInside(root, sectionOf(kind).screen.name as Screen, modelId, { tab: 'phasing' })}
                  toVariance={() => root.screen.navigate('Projects_ModelVariance', { modelId })} />
                : section ? <EntrySection key={section.kind} store={store} toasts={toasts} actions={o.actions} kind={section.kind} />
                : <NonIdealState icon="help" title="Onbekend scherm" />}
            </>
          )}
        </div>
      </div>
      <ClosePrompt o={o} />
      <ConflictDialog store={store} />
      <RestoreDialog store={store} />
    </div>
  );
});

let menuState: ToolMenuState | null = null;

/** The tool's menu; the button above it folds it to icons (the names stay for screen readers and tooltips). */
const ToolMenu = observer(function ToolMenu({ screen, go }: { screen: Screen; go: (to: Screen) => void }) {
  const state = (menuState ??= new ToolMenuState(storage()));
  const { collapsed } = state;
  const label = toggleLabel(collapsed);
  const item = (text: string, icon: IconName, target: Screen) => (
    <MenuItem key={text} text={text} icon={icon} htmlTitle={collapsed ? text : undefined} active={target === screen} onClick={() => go(target)} />
  );
  return (
    <div className={collapsed ? 'gs-wb-nav gs-wb-nav-collapsed' : 'gs-wb-nav'}>
      <Button className="gs-wb-nav-toggle" variant="minimal" icon={collapsed ? 'menu-open' : 'menu-closed'} aria-label={label} title={label}
        aria-expanded={!collapsed} onClick={() => state.toggle()} data-testid="menu-toggle" />
      <Menu className="gs-wb-menu" aria-label="Rekentool">
        {item('Overzicht', 'dashboard', 'GrexOnline_Overview')}
        {item('Uitgangspunten', 'cog', 'GrexOnline_BaseParameters')}
        {SECTIONS.map((s) => item(s.title, s.screen.icon as IconName, s.screen.name as Screen))}
      </Menu>
    </div>
  );
});

/** The top bar's buttons: the registry's toolbar actions (the same ones their shortcuts run). */
const Toolbar = observer(function Toolbar({ o }: { o: Opened }) {
  return <div className="gs-wb-toolbar" role="toolbar" aria-label="Werkbalk">{o.actions.toolbar().map((a) => {
    const { icon, text, intent } = a.toolbar!;
    return (
      <Button
        key={a.id}
        icon={icon}
        variant={text ? undefined : 'minimal'}
        text={text ? a.label : undefined}
        aria-label={text ? undefined : a.label}
        title={tooltipOf(a)}
        intent={intent}
        loading={a.busy?.()}
        disabled={!a.enabled()}
        onClick={a.run}
      />
    );
  })}</div>;
});

const ReadOnlyNotice = observer(function ReadOnlyNotice({ store }: { store: WorkbenchStore }) {
  const reason = store.readOnlyReason;
  if (!reason) return null;
  const text = reason === 'frozen' ? 'Dit rekenmodel is vergrendeld en kan niet worden gewijzigd.'
    : reason === 'role' ? 'U heeft alleen leesrechten op dit model.'
    : store.sessionNotice ?? MSG_SESSION_OTHER(store.meta?.session?.user_name ?? 'een andere gebruiker');
  return <Callout intent="warning" icon="lock" className="gs-wb-notice" data-testid="readonly-notice">{text}</Callout>;
});

const ClosePrompt = observer(function ClosePrompt({ o }: { o: Opened }) {
  const { store } = o;
  const cancel = () => {
    o.pendingLeave = null;
    store.setClosePrompt(false);
  };
  const proceed = () => {
    const next = o.pendingLeave;
    o.pendingLeave = null;
    store.setClosePrompt(false);
    next?.();
  };
  return (
    <Dialog isOpen={store.closePromptOpen} onClose={cancel} title="Wijzigingen opslaan?" icon="warning-sign">
      <DialogBody>Er zijn niet-opgeslagen wijzigingen. Wilt u het model opslaan voordat u de rekentool verlaat?</DialogBody>
      <DialogFooter actions={<>
        <Button text="Annuleren" onClick={cancel} />
        <Button text="Niet opslaan" intent="danger" onClick={() => {
          store.discardChanges();
          proceed();
        }} />
        <Button text="Opslaan" intent="primary" loading={store.saving} onClick={async () => {
          if (await store.save()) proceed();
          else store.setClosePrompt(false);
        }} />
      </>} />
    </Dialog>
  );
});

const ConflictDialog = observer(function ConflictDialog({ store }: { store: WorkbenchStore }) {
  return (
    <Dialog isOpen={store.conflictOpen} onClose={() => store.setConflictOpen(false)} title="Model is intussen gewijzigd" icon="error">
      <DialogBody>
        Het model is intussen door iemand anders opgeslagen. Uw wijzigingen zijn niet opgeslagen. Met &lsquo;Opnieuw laden&rsquo; ziet u de
        laatste versie (uw wijzigingen vervallen); met &lsquo;Verder bewerken&rsquo; houdt u uw wijzigingen, maar opslaan kan pas na opnieuw laden.
      </DialogBody>
      <DialogFooter actions={<>
        <Button text="Verder bewerken" onClick={() => store.setConflictOpen(false)} />
        <Button text="Opnieuw laden" intent="primary" onClick={() => void store.reloadFromServer()} />
      </>} />
    </Dialog>
  );
});

const RestoreDialog = observer(function RestoreDialog({ store }: { store: WorkbenchStore }) {
  const b = store.restoreOffer;
  const when = b ? new Date(b.savedAt).toLocaleString('nl-NL', { timeZone: 'Europe/Amsterdam' }) : '';
  return (
    <Dialog isOpen={!!b && !store.readOnly} onClose={() => store.discardBackup()} title="Niet-opgeslagen wijzigingen gevonden" icon="history">
      <DialogBody>
        Er zijn wijzigingen van {when} in dit model die niet zijn opgeslagen. Wilt u ze herstellen?
        {b && b.dataVersion !== store.dataVersion && <p>Let op: het model is sindsdien opgeslagen; na herstellen kan opslaan een conflict geven.</p>}
      </DialogBody>
      <DialogFooter actions={<>
        <Button text="Verwerpen" onClick={() => store.discardBackup()} />
        <Button text="Herstellen" intent="primary" onClick={() => store.restoreBackup()} />
      </>} />
    </Dialog>
  );
});

export const OverviewScreen = () => <ToolFrame screen="GrexOnline_Overview" />;
export const BaseParametersScreen = () => <ToolFrame screen="GrexOnline_BaseParameters" />;
const sectionScreens = new Map<Screen, () => React.JSX.Element>();
/** A section's screen (one component per screen, so React keeps it between renders). */
export function sectionScreen(screen: Screen): () => React.JSX.Element {
  let s = sectionScreens.get(screen);
  if (!s) sectionScreens.set(screen, (s = () => <ToolFrame screen={screen} />));
  return s;
}
