import { makeAutoObservable } from 'mobx';
import type { Screen, ScreenParams } from '../screenNames.ts';
import type { CurrentUser } from '../../api/auth.ts';
import type { ToastStore } from './ToastStore.ts';
import type { WorkGate } from '../../api/contract/messages.ts';
import { mayOpen, pathOf, screenOf } from '../routes.ts';
import { SAML_MFA_PATH } from '../../api/contract/routes.ts';

/**
 * The screens open while the server holds the account at a work gate (issue 33.2): the one that clears
 * it. The terms are a window over no screen; a temporary password is changed in the settings.
 */
const GATE_SCREENS: Record<WorkGate, readonly Screen[]> = {
  mfa_setup_required: ['SetupMfa'],
  terms_not_accepted: [],
  password_change_required: ['User'],
};

/** Where the address asked for before a SAML sign-in is kept (that sign-in returns to `/`). */
const REQUESTED_KEY = 'grondslag.requested';

/**
 * What the screen store asks of the app's other stores, declared here (the RootStore passes itself), so
 * this store does not import the RootStore that makes it.
 */
export interface ScreenStoreRoot {
  readonly toasts: Pick<ToastStore, 'markSeen' | 'closeSeen'>;
  /** Who is signed in decides the guards; history moves count only while signed in. */
  readonly auth: { readonly loggedIn: boolean; readonly user: CurrentUser | null };
}

/**
 * The visible screen. Every change passes the guards of spec 2 §4; the screen is the address in the
 * browser's bar (routes.ts) and each change a history entry, so back, forward, reload and links work.
 */
export class ScreenStore {
  screen: Screen = 'Projects';
  params: ScreenParams = {};
  /** Counts screen changes, also to the same screen: a screen reloads its data on every visit. */
  visit = 0;
  termsOpen = false;
  passwordResetAlertOpen = false;
  /** Asked before leaving a screen with unsaved work (the workbench sets it). */
  leaveGuard: ((next: () => void) => boolean) | null = null;

  constructor(private readonly root: ScreenStoreRoot) {
    makeAutoObservable<ScreenStore, 'root'>(this, { root: false, leaveGuard: false });
    if (typeof window !== 'undefined') {
      const seen = () => this.root.toasts.markSeen();
      window.addEventListener('pointerdown', seen, true);
      window.addEventListener('keydown', seen, true);
      window.addEventListener('popstate', () => {
        seen();
        if (!this.root.auth.loggedIn) return;
        const { screen, params } = screenOf(currentAddress());
        this.navigate(screen, params, { fromHistory: true });
      });
    }
  }

  /**
   * The guards of spec 2 §2, as the server decides them (`workGate` of the current user, issue 33.2):
   * forced MFA opens its setup, unaccepted terms their window, a temporary password the alert (the
   * settings, where it is changed, stay open). Returns the screen to show instead, or null to stop.
   */
  private guard(target: Screen): Screen | null {
    const user = this.root.auth.user;
    if (!user) return null;
    const gate = user.workGate;
    if (gate === 'mfa_setup_required') return 'SetupMfa';
    if (gate === 'terms_not_accepted') {
      this.termsOpen = true;
      return null;
    }
    if (gate === 'password_change_required' && !GATE_SCREENS[gate].includes(target)) {
      this.passwordResetAlertOpen = true;
      return null;
    }
    return mayOpen(target, user) ? target : 'NotFound';
  }

  /**
   * Whether the screen shown waits behind a work gate: the shell renders it only once the gate is
   * cleared, so it calls nothing the server refuses meanwhile.
   */
  get held(): boolean {
    const gate = this.root.auth.user?.workGate;
    return !!gate && !GATE_SCREENS[gate].includes(this.screen);
  }

  /** The server refused a call at a work gate: the screen shown passes the guards again, which show the gate. */
  showWorkGate(): void {
    this.navigate(this.screen, this.params, { replace: true });
  }

  navigate(target: Screen, params: ScreenParams = {}, opts: { fromHistory?: boolean; replace?: boolean } = {}): void {
    if (this.leaveGuard && !opts.fromHistory) {
      const proceed = () => {
        this.leaveGuard = null;
        this.navigate(target, params, opts);
      };
      if (this.leaveGuard(proceed)) return;
    }
    const screen = this.guard(target);
    if (!screen) return;
    // A screen the user may not open keeps its address, as an unknown one does.
    const shown = screen === target ? { ...params } : screen === 'NotFound' ? { path: pathOf(target, params) } : {};
    // What was said on the screen being left does not follow to the next one.
    this.root.toasts.closeSeen();
    this.screen = screen;
    this.params = shown;
    this.visit++;
    if (!opts.fromHistory) this.write(opts.replace ?? false);
  }

  /** Changes parameters of the screen shown that are not a visit of their own (a tab): the address follows, no history entry. */
  setParams(params: ScreenParams): void {
    this.params = { ...this.params, ...params };
    this.write(true);
  }

  private write(replace: boolean) {
    if (typeof window === 'undefined') return;
    const path = pathOf(this.screen, this.params);
    if (replace) window.history.replaceState(null, '', path);
    else if (path !== currentAddress()) window.history.pushState(null, '', path);
  }

  /** After sign-in or start-up: the screen of the address the browser opened (or was asked before the sign-in). */
  restoreOrStart(): void {
    const address = currentAddress();
    const remembered = address === '/' ? takeRequested() : null;
    const { screen, params } = screenOf(remembered ?? address);
    this.navigate(screen, params, { replace: true });
  }

  /**
   * The token of an invitation link (`/uitnodiging#token`, issue 25.1), once: the address becomes `/`,
   * so the token leaves the address bar and the history, and the sign-in it ends in opens Projects.
   */
  takeInvitation(): string | null {
    if (typeof window === 'undefined' || window.location.pathname.replace(/\/+$/, '') !== INVITATION_PATH) return null;
    const token = decodeURIComponent(window.location.hash.slice(1));
    window.history.replaceState(null, '', '/');
    return token || null;
  }

  /** The address of the SAML sign-in's MFA step (issue 33.3): the account's e-mail from the fragment. */
  takeSamlMfa(): string | null {
    if (typeof window === 'undefined' || window.location.pathname.replace(/\/+$/, '') !== SAML_MFA_PATH) return null;
    const email = decodeURIComponent(window.location.hash.slice(1));
    window.history.replaceState(null, '', '/');
    return email || null;
  }

  /** Before leaving for a SAML sign-in: the address to return to afterwards. */
  rememberRequested(): void {
    try {
      window.sessionStorage.setItem(REQUESTED_KEY, currentAddress());
    } catch {
      /* without storage the sign-in lands on Projects */
    }
  }

  closeTerms() {
    this.termsOpen = false;
  }

  closePasswordResetAlert() {
    this.passwordResetAlertOpen = false;
  }

  /** After signing out: the next sign-in starts at Projects. */
  clear() {
    if (typeof window !== 'undefined') window.history.replaceState(null, '', '/');
    this.screen = 'Projects';
    this.params = {};
    this.termsOpen = false;
    this.passwordResetAlertOpen = false;
    this.leaveGuard = null;
  }
}

/** The address of the invitation mail's link (server/services/invitations.ts). */
const INVITATION_PATH = '/uitnodiging';
const currentAddress = () => (typeof window === 'undefined' ? '/' : `${window.location.pathname}${window.location.search}`);

function takeRequested(): string | null {
  try {
    const address = window.sessionStorage.getItem(REQUESTED_KEY);
    window.sessionStorage.removeItem(REQUESTED_KEY);
    return address;
  } catch {
    return null;
  }
}
