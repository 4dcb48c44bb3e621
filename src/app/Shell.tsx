import { Suspense, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { observer } from 'mobx-react-lite';
import { reaction } from 'mobx';
import { Menu, MenuItem, NonIdealState, Popover, Spinner } from '@blueprintjs/core';
import { useRoot } from './RootStore.ts';
import { prepareScreen, screenComponent, shellOverlays } from './screenRegistry.tsx';
import { PageHeader } from './PageHeader.tsx';
import { ScreenErrorBoundary } from './ScreenErrorBoundary.tsx';

/** Menu bar (spec 2 §2) and the current screen. */
export const Shell = observer(function Shell() {
  const { auth, screen } = useRoot();
  const me = auth.user!;
  const go = screen.navigate.bind(screen);
  const is = (prefix: string) => screen.screen.startsWith(prefix);
  const Current = screenComponent(screen.screen);
  // Runs at the screen change itself (before React renders the new screen).
  useEffect(() => reaction(
    () => ({ s: screen.screen, p: screen.params }),
    (now, before) => prepareScreen(now.s, now.p, before?.s),
    { fireImmediately: true },
  ), [screen]);
  return (
    <div className="gs-shell">
      <nav className="gs-sidebar bp6-dark" aria-label="Hoofdmenu">
        <button type="button" className="gs-logo" onClick={() => go('Projects')}>Grondslag</button>
        <Menu className="gs-menu">
          <MenuItem icon="projects" text="Projecten" active={is('Projects')} onClick={() => go('Projects')} />
          <MenuItem icon="document" text="Rapportages" active={is('Reports') || is('BiLinks') || is('NewBiLink')} onClick={() => go('Reports')} />
          <MenuItem icon="manual" text="Documentatie" active={is('Documentation')} onClick={() => go('Documentation')} />
          {me.canConfigure && <ConfigurationMenu />}
          {me.canManageUsers && <MenuItem icon="people" text="Gebruikers" active={is('UserList') || is('CreateUser') || is('EditUser')} onClick={() => go('UserList')} />}
          {me.canReadLogs && <MenuItem icon="history" text="Logs" active={is('Logs')} onClick={() => go('Logs')} />}
        </Menu>
        <Menu className="gs-menu-bottom">
          <MenuItem icon="log-out" text="Uitloggen" onClick={() => void auth.logout()} />
          <MenuItem icon="user" text="Gebruiker" active={is('User') || is('SetupMfa')} onClick={() => go('User')} />
        </Menu>
      </nav>
      <main className="gs-main">
        <ScreenErrorBoundary screen={screen.screen}>
          <Suspense fallback={<div className="gs-content"><Spinner /></div>}>
            {screen.held ? <div className="gs-content" /> : Current ? <Current /> : (
              <>
                <PageHeader crumbs={[{ text: 'Onbekend scherm' }]} />
                <div className="gs-content"><NonIdealState icon="help" title="Onbekend scherm" /></div>
              </>
            )}
          </Suspense>
        </ScreenErrorBoundary>
      </main>
      {shellOverlays().map((Overlay, i) => <Overlay key={i} />)}
    </div>
  );
});

/** ArrowDown/ArrowUp move the focus through a menu's items and Enter/Space choose one (Blueprint's Menu does neither). */
function walkMenu(e: KeyboardEvent<HTMLElement>) {
  if (e.key === 'Enter' || e.key === ' ') {
    e.preventDefault();
    (document.activeElement as HTMLElement | null)?.click();
    return;
  }
  if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
  const items = [...e.currentTarget.querySelectorAll<HTMLElement>('[role="menuitem"]')];
  const at = items.indexOf(document.activeElement as HTMLElement);
  const next = items[(at + (e.key === 'ArrowDown' ? 1 : items.length - 1)) % items.length];
  e.preventDefault();
  next?.focus();
}

/** The keys that open Configuratie's sub-menu from its focused menu button (as a menu button does). */
const OPEN_KEYS = new Set(['Enter', ' ', 'ArrowDown', 'ArrowRight']);

/**
 * Configuratie and its sub-menu: it opens on hover as before, and on a click or the keyboard too
 * (issue 25.4); opened by the keyboard, the focus moves to its first item so the arrows walk it.
 */
const ConfigurationMenu = observer(function ConfigurationMenu() {
  const { auth, screen } = useRoot();
  const me = auth.user!;
  const go = screen.navigate.bind(screen);
  const [open, setOpen] = useState(false);
  const byKeyboard = useRef(false);
  const menu = useRef<HTMLUListElement | null>(null);
  const focusFirst = () => menu.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (!OPEN_KEYS.has(e.key)) return;
    e.preventDefault();
    if (open && menu.current) return void focusFirst();
    byKeyboard.current = true;
    setOpen(true);
  };
  return (
    <Popover
      interactionKind="hover"
      isOpen={open}
      onInteraction={(next) => setOpen(next)}
      openOnTargetFocus={false}
      onOpened={() => {
        if (byKeyboard.current) focusFirst();
        byKeyboard.current = false;
      }}
      placement="right-start"
      minimal
      content={
        <Menu aria-label="Configuratie" onKeyDown={walkMenu} ulRef={menu}>
          <MenuItem text="Klantgebied" onClick={() => go('Configuration_ClientRegion')} />
          <MenuItem text="Deelgebieden" onClick={() => go('Configuration_Subregions')} />
          <MenuItem text="Fasedefinities" onClick={() => go('Configuration_PhaseDefinitions')} />
          <MenuItem text="Bijlagecategorieën" onClick={() => go('Configuration_FileCategories')} />
          <MenuItem text="Projecttypen" onClick={() => go('Configuration_TypeProject')} />
          {me.canManageModelTemplates && <MenuItem text="Rekenmodeltypen" onClick={() => go('Configuration_TemplateModels')} />}
          {me.canManageReportTemplates && <MenuItem text="Rapportagesjablonen" onClick={() => go('Configuration_TemplateReports')} />}
          {me.canManageGlobalParameters && <MenuItem text="Parameters" onClick={() => go('Configuration_GlobalParameters')} />}
        </Menu>
      }
    >
      <MenuItem icon="cog" text="Configuratie" active={screen.screen.startsWith('Configuration')} aria-haspopup="menu" aria-expanded={open}
        onClick={() => setOpen(true)} onKeyDown={onKeyDown} />
    </Popover>
  );
});
