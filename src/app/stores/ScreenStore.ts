import { makeAutoObservable } from 'mobx';
import type { Screen, ScreenParams } from '../screens.ts';
import type { RootStore } from '../RootStore.ts';

interface HistoryState {
  grondslag: true;
  screen: Screen;
  params: ScreenParams;
}

/** Screens a user on a temporary password may still open (to change it). */
const ALLOWED_DURING_RESET: Screen[] = ['User'];

/**
 * The visible screen (spec: no URL routes). Every change passes the guards of spec 2 §4; the state
 * is mirrored in browser history so back and forward move between screens.
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

  constructor(private readonly root: RootStore) {
    makeAutoObservable<ScreenStore, 'root'>(this, { root: false, leaveGuard: false });
    if (typeof window !== 'undefined') {
      window.addEventListener('popstate', (e) => {
        const state = e.state as HistoryState | null;
        if (state?.grondslag && this.root.auth.loggedIn) this.navigate(state.screen, state.params, { fromHistory: true });
      });
    }
  }

  /** The guards, in the spec's order. Returns the screen to show instead, or null to stop. */
  private guard(target: Screen): Screen | null {
    const user = this.root.auth.user;
    if (!user) return null;
    if (user.mfaForced && !user.mfaVerified) return 'SetupMfa';
    if (!user.termsConditionsAccepted) {
      this.termsOpen = true;
      return null;
    }
    if (user.passwordResetRequired && !ALLOWED_DURING_RESET.includes(target)) {
      this.passwordResetAlertOpen = true;
      return null;
    }
    return target;
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
    const shown = screen === target ? { ...params } : {};
    this.screen = screen;
    this.params = shown;
    this.visit++;
    if (typeof window !== 'undefined' && !opts.fromHistory) {
      // A plain copy: history cannot clone MobX proxies.
      const state: HistoryState = { grondslag: true, screen, params: { ...shown } };
      if (opts.replace) window.history.replaceState(state, '');
      else window.history.pushState(state, '');
    }
  }

  /** After start-up: Projects (a reload starts at Projects, as without routes). */
  restoreOrStart(): void {
    this.navigate('Projects', {}, { replace: true });
  }

  closeTerms() {
    this.termsOpen = false;
  }

  closePasswordResetAlert() {
    this.passwordResetAlertOpen = false;
  }

  clear() {
    this.screen = 'Projects';
    this.params = {};
    this.termsOpen = false;
    this.passwordResetAlertOpen = false;
    this.leaveGuard = null;
  }
}
