import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runInAction } from 'mobx';
import { ToastStore } from './ToastStore.ts';
import { ScreenStore, type ScreenStoreRoot } from './ScreenStore.ts';
import { RootStore, type ClientApi } from '../RootStore.ts';
import type { CurrentUser } from '../../api/auth.ts';
import { projectsApi } from '../../api/projects.ts';

const user = (over: Partial<CurrentUser> = {}): CurrentUser => ({
  id: 1, firstName: 'A', lastName: 'B', email: 'a@b.nl', isStaff: false, role: 'USR', mfaVerified: false, mfaForced: false,
  passwordResetRequired: false, termsConditionsAccepted: true, workGate: null, clientId: 1, clientName: 'X',
  hasMainAppAccess: true, canCreateProject: true, canReadLogs: false, canManageUsers: false, canConfigure: false,
  canManageGlobalParameters: false, canManageModelTemplates: false, canManageReportTemplates: false, canEditProfile: true, canManageMfa: true, canChangePassword: true, canChoosePlatform: false, canManageDocumentation: false, canManageMapViewer: false, canManageBiSettings: false, ...over,
});

function screenStore(u: CurrentUser) {
  const root: ScreenStoreRoot = { auth: { user: u, loggedIn: true }, toasts: new ToastStore() };
  return new ScreenStore(root);
}

describe('toasts', () => {
  beforeEach(() => vi.useFakeTimers());
  it('puts the newest on top and closes them after 5 s, errors after 10 s', () => {
    const t = new ToastStore();
    t.success('een');
    t.error('twee');
    expect(t.toasts.map((x) => x.message)).toEqual(['twee', 'een']);
    vi.advanceTimersByTime(5_001);
    expect(t.toasts.map((x) => x.message)).toEqual(['twee']);
    vi.advanceTimersByTime(5_000);
    expect(t.toasts).toEqual([]);
  });
});

describe('toasts on a screen change', () => {
  it('close what was shown before the user acted, but keep those of the action that changes the screen', () => {
    const s = screenStore(user());
    const toasts = (s as unknown as { root: { toasts: ToastStore } }).root.toasts;
    toasts.error('Fout op het vorige scherm');
    toasts.markSeen(); // the user clicks a menu item
    s.navigate('Documentation');
    expect(toasts.toasts).toEqual([]);
    toasts.markSeen(); // Opslaan is clicked; the save tells two things, then returns to the list
    toasts.warning('Gebruiker aangemaakt. Deelgebieden toekennen mislukt');
    toasts.success('Opslaan gelukt!');
    s.navigate('Projects');
    expect(toasts.toasts.map((t) => t.message)).toEqual(['Opslaan gelukt!', 'Gebruiker aangemaakt. Deelgebieden toekennen mislukt']);
    toasts.markSeen();
    s.navigate('Reports');
    expect(toasts.toasts).toEqual([]);
  });
});

describe('the guards before every screen change', () => {
  it('shows Niet gevonden, keeping the address, for a screen the user lacks the capability for', () => {
    const s = screenStore(user());
    s.navigate('EditUser', { id: 5 });
    expect(s.screen).toBe('NotFound');
    expect(s.params).toEqual({ path: '/gebruikers/5' });
  });
  it('sends a user the server holds at MFA setup there', () => {
    const s = screenStore(user({ workGate: 'mfa_setup_required' }));
    s.navigate('UserList');
    expect(s.screen).toBe('SetupMfa');
    expect(s.termsOpen).toBe(false);
    expect(s.held).toBe(false);
  });
  it('opens the terms window instead of changing screen when the server holds the user at the terms; no screen behind it', () => {
    const s = screenStore(user({ workGate: 'terms_not_accepted' }));
    s.navigate('Logs');
    expect(s.screen).toBe('Projects');
    expect(s.termsOpen).toBe(true);
    expect(s.passwordResetAlertOpen).toBe(false);
    expect(s.held).toBe(true);
  });
  it('shows the reset-required alert, but lets the user open the settings to change the password', () => {
    const s = screenStore(user({ workGate: 'password_change_required' }));
    s.navigate('Logs');
    expect(s.passwordResetAlertOpen).toBe(true);
    expect(s.screen).toBe('Projects');
    expect(s.held).toBe(true);
    s.navigate('User');
    expect(s.screen).toBe('User');
    expect(s.held).toBe(false);
  });
  it('follows the server, not the flags: no gate named, no gate shown', () => {
    const s = screenStore(user({ mfaForced: true, termsConditionsAccepted: false, passwordResetRequired: true, workGate: null }));
    s.navigate('Logs');
    expect([s.screen, s.termsOpen, s.passwordResetAlertOpen]).toEqual(['NotFound', false, false]);
  });
  it('changes screen with its parameters when all is well, and asks the leave guard first', () => {
    const s = screenStore(user());
    s.leaveGuard = () => true; // holds the change (e.g. a pop-up about unsaved work)
    s.navigate('Projects_ProjectInfo', { projectId: 4 });
    expect(s.screen).toBe('Projects');
    s.leaveGuard = null;
    s.navigate('Projects_ProjectInfo', { projectId: 4 });
    expect(s.screen).toBe('Projects_ProjectInfo');
    expect(s.params).toEqual({ projectId: 4 });
    const visits = s.visit;
    s.navigate('Projects_ProjectInfo', { projectId: 4 });
    expect(s.visit).toBe(visits + 1); // the same screen again is a new visit (it reloads)
  });
});

describe('area stores made by the RootStore', () => {
  it('get the injected client modules; one per signed-in user, a new one after another user signs in', () => {
    const api = { projects: {} } as ClientApi;
    const root = new RootStore(api);
    const make = vi.fn((r: RootStore, a: ClientApi) => ({ r, a }));
    root.auth.setUser(user({ id: 1 }));
    const first = root.storeOf(make);
    expect(first).toEqual({ r: root, a: api });
    expect(root.storeOf(make)).toBe(first);
    root.auth.setUser(user({ id: 2 }));
    expect(root.storeOf(make)).not.toBe(first);
    expect(root.create(make)).not.toBe(root.create(make)); // a store per visit
  });
});

describe('a refusal at a work gate (issue 33.2)', () => {
  afterEach(() => vi.unstubAllGlobals());
  it.each([
    ['mfa_setup_required', 'SetupMfa', false, false],
    ['terms_not_accepted', 'Projects', true, false],
    ['password_change_required', 'Projects', false, true],
  ] as const)('%s: the screen that clears it shows', async (code, screen, terms, alert) => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ message: 'Eerst dit.', errors: [], code }), { status: 403 })));
    const root = new RootStore();
    root.auth.setUser(user());
    runInAction(() => (root.auth.loggedIn = true));
    root.screen.navigate('Projects');
    await expect(projectsApi.list()).rejects.toMatchObject({ status: 403 });
    expect(root.auth.user?.workGate).toBe(code);
    expect([root.screen.screen, root.screen.termsOpen, root.screen.passwordResetAlertOpen]).toEqual([screen, terms, alert]);
    expect(root.screen.held).toBe(code !== 'mfa_setup_required');
  });
});
