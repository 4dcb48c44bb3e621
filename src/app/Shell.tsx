import { Suspense, useEffect } from 'react';
import { observer } from 'mobx-react-lite';
import { reaction } from 'mobx';
import { Menu, MenuItem, NonIdealState, Popover, Spinner } from '@blueprintjs/core';
import { useRoot } from './RootStore.ts';
import { prepareScreen, screenComponent } from './screenRegistry.tsx';
import { PageHeader } from './PageHeader.tsx';
import { TermsWindow } from '../admin/terms/TermsWindow.tsx';
import { PasswordResetRequiredAlert } from '../admin/login/PasswordResetRequiredAlert.tsx';

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
          {me.canConfigure && (
            <Popover
              interactionKind="hover"
              placement="right-start"
              minimal
              content={
                <Menu>
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
              <MenuItem icon="cog" text="Configuratie" active={is('Configuration')} />
            </Popover>
          )}
          {me.canManageUsers && <MenuItem icon="people" text="Gebruikers" active={is('UserList') || is('CreateUser') || is('EditUser')} onClick={() => go('UserList')} />}
          {me.canReadLogs && <MenuItem icon="history" text="Logs" active={is('Logs')} onClick={() => go('Logs')} />}
        </Menu>
        <Menu className="gs-menu-bottom">
          <MenuItem icon="log-out" text="Uitloggen" onClick={() => void auth.logout()} />
          <MenuItem icon="user" text="Gebruiker" active={is('User') || is('SetupMfa')} onClick={() => go('User')} />
        </Menu>
      </nav>
      <main className="gs-main">
        <Suspense fallback={<div className="gs-content"><Spinner /></div>}>
          {Current ? <Current /> : (
            <>
              <PageHeader crumbs={[{ text: 'Onbekend scherm' }]} />
              <div className="gs-content"><NonIdealState icon="help" title="Onbekend scherm" /></div>
            </>
          )}
        </Suspense>
      </main>
      <TermsWindow />
      <PasswordResetRequiredAlert />
    </div>
  );
});
