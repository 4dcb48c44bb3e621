import { createContext, useContext } from 'react';
import { projectsApi } from '../api/projects.ts';
import { versionsApi } from '../api/versions.ts';
import { modelsApi } from '../api/models.ts';
import { referenceDataApi } from '../api/referenceData.ts';
import { parametersApi } from '../api/parameters.ts';
import { openModelApi } from '../api/openModel.ts';
import { reportsApi } from '../api/reports.ts';
import { mapApi } from '../api/map.ts';
import { AuthStore } from './stores/AuthStore.ts';
import { ScreenStore } from './stores/ScreenStore.ts';
import { ToastStore } from './stores/ToastStore.ts';

/** The client modules the area stores call; a store receives them, so its tests pass fakes instead of mocking modules. */
const clientApi = {
  projects: projectsApi,
  versions: versionsApi,
  models: modelsApi,
  referenceData: referenceDataApi,
  parameters: parametersApi,
  openModel: openModelApi,
  reports: reportsApi,
  map: mapApi,
};
export type ClientApi = typeof clientApi;

/** How an area makes its store (a module-level function: it is also the key the store is kept under). */
export type AreaStoreFactory<S> = (root: RootStore, api: ClientApi) => S;

/**
 * The app's stores. An area's store is made here, from the area's own factory, with the client
 * modules injected: src/app never imports an area, and the areas import only src/app.
 */
export class RootStore {
  readonly toasts = new ToastStore();
  readonly auth: AuthStore;
  readonly screen: ScreenStore;
  private areaStores = new Map<AreaStoreFactory<unknown>, unknown>();
  private areaStoresUserId = 0;

  constructor(readonly api: ClientApi = clientApi) {
    this.auth = new AuthStore(this);
    this.screen = new ScreenStore(this);
  }

  /** A new store for one visit of a screen. */
  create<S>(make: AreaStoreFactory<S>): S {
    return make(this, this.api);
  }

  /** The signed-in user's store of an area: kept across screen changes, made anew after another user signs in. */
  storeOf<S>(make: AreaStoreFactory<S>): S {
    const userId = this.auth.user?.id ?? 0;
    if (userId !== this.areaStoresUserId) {
      this.areaStores = new Map();
      this.areaStoresUserId = userId;
    }
    if (!this.areaStores.has(make)) this.areaStores.set(make, make(this, this.api));
    return this.areaStores.get(make) as S;
  }
}

export const RootContext = createContext<RootStore | null>(null);

export function useRoot(): RootStore {
  const root = useContext(RootContext);
  if (!root) throw new Error('RootContext ontbreekt');
  return root;
}
