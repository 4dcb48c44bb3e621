import { createContext, useContext } from 'react';
import { AuthStore } from './stores/AuthStore.ts';
import { ScreenStore } from './stores/ScreenStore.ts';
import { ToastStore } from './stores/ToastStore.ts';

/** The app's stores; areas add their own stores beside their screens and reach these through useRoot(). */
export class RootStore {
  readonly toasts = new ToastStore();
  readonly auth: AuthStore;
  readonly screen: ScreenStore;

  constructor() {
    this.auth = new AuthStore(this);
    this.screen = new ScreenStore(this);
  }
}

export const RootContext = createContext<RootStore | null>(null);

export function useRoot(): RootStore {
  const root = useContext(RootContext);
  if (!root) throw new Error('RootContext ontbreekt');
  return root;
}
