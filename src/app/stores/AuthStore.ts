import { makeAutoObservable, runInAction } from 'mobx';
import { authApi, type CurrentUser } from '../../api/auth.ts';
import { http } from '../../api/http.ts';
import type { LoginState } from '../screenNames.ts';
import type { WorkGate } from '../../api/contract/messages.ts';
import type { ToastStore } from './ToastStore.ts';

/** Seconds before expiry at which the access token is refreshed (spec 2 §9). */
const REFRESH_BEFORE_S = 30;

function expiryOf(token: string): number | null {
  try {
    const payload = JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: number };
    return payload.exp ? payload.exp * 1000 : null;
  } catch {
    return null;
  }
}

/**
 * What the auth store asks of the app's other stores, declared here (the RootStore passes itself), so
 * this store does not import the RootStore that makes it.
 */
export interface AuthStoreRoot {
  readonly toasts: Pick<ToastStore, 'error'>;
  /** The screen after sign-in and sign-out, and the invitation link the browser was opened with. */
  readonly screen: { takeInvitation(): string | null; takeSamlMfa(): string | null; restoreOrStart(): void; clear(): void; showWorkGate(): void };
}

/** Signed-in state: access token (memory only; the refresh token is an httpOnly cookie) and the user. */
export class AuthStore {
  user: CurrentUser | null = null;
  loggedIn = false;
  loginState: LoginState = 'Loading';
  /** The token of the invitation link the browser was opened with (issue 25.1), for 'AcceptInvitation'. */
  invitationToken = '';
  /** E-mail remembered between the password step and the MFA step. */
  pendingEmail = '';
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly root: AuthStoreRoot) {
    makeAutoObservable<AuthStore, 'root' | 'timer'>(this, { root: false, timer: false });
    http.setRefreshHandler(() => this.refreshToken());
    http.setWorkGateHandler((gate) => this.heldAt(gate));
  }

  /** The server refused a call at a work gate (issue 33.2): the user is held there, and the screen that clears it shows. */
  heldAt(gate: WorkGate) {
    if (!this.user || !this.loggedIn) return;
    this.user = { ...this.user, workGate: gate };
    this.root.screen.showWorkGate();
  }

  /** Start-up (spec 2 §4): refresh → me → the screen of the address; otherwise the login screen. */
  async startup(): Promise<void> {
    const invitation = this.root.screen.takeInvitation();
    if (invitation) {
      this.invitationToken = invitation;
      this.loginState = 'AcceptInvitation';
      return;
    }
    // The IdP signed in an account with MFA: the password sign-in's MFA step, its ticket is the cookie.
    const samlMfaEmail = this.root.screen.takeSamlMfa();
    if (samlMfaEmail) {
      this.pendingEmail = samlMfaEmail;
      this.loginState = 'LoginMFA';
      return;
    }
    this.loginState = 'Loading';
    try {
      const { access } = await authApi.refresh();
      this.setToken(access);
      const user = await authApi.me();
      this.enter(user);
    } catch {
      this.reset();
      await this.showLogin();
    }
  }

  async showLogin(): Promise<void> {
    let saml = false;
    try {
      saml = (await authApi.clientStatus()).saml;
    } catch {
      saml = false; // spec: e-mail/password also when the status call fails
    }
    runInAction(() => (this.loginState = saml ? 'LoginSaml' : 'LoginEmailPassword'));
  }

  setLoginState(state: LoginState) {
    this.loginState = state;
  }

  /** The password step: signs in, or goes on to the MFA step; throws when the server refuses. */
  async login(email: string, password: string): Promise<void> {
    const res = await authApi.login(email, password);
    if (res.mfa) return this.askMfa(email);
    await this.signedIn(res.access!);
  }

  /** The server asks the MFA code after a right password (sign-in, or an invitation of an account with MFA on). */
  askMfa(email: string) {
    this.pendingEmail = email;
    this.loginState = 'LoginMFA';
  }

  /** After any successful sign-in step: store the token, load the user, open the address asked for (Projects at `/`). */
  async signedIn(access: string): Promise<void> {
    this.setToken(access);
    try {
      const user = await authApi.me();
      this.enter(user);
    } catch {
      this.root.toasts.error('Server error');
      this.reset();
      await this.showLogin();
    }
  }

  /** Signed in: the screen of the address is chosen before the shell first renders (no Projects in between). */
  private enter(user: CurrentUser) {
    this.user = user;
    this.root.screen.restoreOrStart();
    this.loggedIn = true;
  }

  async reloadUser(): Promise<void> {
    this.setUser(await authApi.me());
  }

  setUser(user: CurrentUser) {
    this.user = user;
  }

  async logout(): Promise<void> {
    try {
      await authApi.logout();
    } catch {
      /* same reset on error (spec 2 §4) */
    }
    this.reset();
    this.root.screen.clear();
    await this.showLogin();
  }

  /** Used by the 401-retry in http.ts and by the timer. False when the session is over. */
  async refreshToken(): Promise<boolean> {
    try {
      const { access } = await authApi.refresh();
      this.setToken(access);
      return true;
    } catch {
      if (this.loggedIn) {
        this.reset();
        void this.startup();
      }
      return false;
    }
  }

  private setToken(access: string) {
    http.setAccessToken(access);
    clearTimeout(this.timer);
    const exp = expiryOf(access);
    if (exp) {
      const delay = Math.max(1, exp - Date.now() - REFRESH_BEFORE_S * 1000);
      this.timer = setTimeout(() => void this.refreshToken(), delay);
    }
  }

  reset() {
    clearTimeout(this.timer);
    http.setAccessToken(null);
    this.user = null;
    this.loggedIn = false;
    this.pendingEmail = '';
  }
}
