import { useEffect, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { Spinner } from '@blueprintjs/core';
import type { Screen, ScreenParams } from './screenNames.ts';
import NotFoundScreen from './NotFoundScreen.tsx';

export type ScreenComponent = LazyExoticComponent<ComponentType> | ComponentType;

/**
 * What an area gives the app: src/app imports no area (the rule of the folders); each area exports one of
 * these and the entry point (main.tsx) registers them. An area's screens are `lazy` (or `moduleScreens`), so
 * that the sign-in and Projects screens stay small; the online tool's chunk loads only when a model opens.
 */
export interface Area {
  screens?: Partial<Record<Screen, ScreenComponent>>;
  /** Work that can start as soon as a screen is navigated to, before its chunk has loaded. */
  prepare?(screen: Screen, params: ScreenParams, previous: Screen | undefined): void;
  /** A screen the user may open next (a row that leads to it is shown): work without data that may start ahead, at idle. */
  anticipate?(screen: Screen): void;
  /** Shown instead of the shell: signed out (the sign-in steps), and signed in without access to the app. */
  signedOut?: { login: ComponentType; waiting: ComponentType };
  /** Drawn over every screen of the shell (the terms of use, the reminder to change a temporary password). */
  overlays?: ComponentType[];
}

const registry: Partial<Record<Screen, ScreenComponent>> = { NotFound: NotFoundScreen };
const preparers: NonNullable<Area['prepare']>[] = [];
const anticipators: NonNullable<Area['anticipate']>[] = [];
const overlays: ComponentType[] = [];
let signedOut: Area['signedOut'];

export function registerArea(area: Area): void {
  Object.assign(registry, area.screens);
  if (area.prepare) preparers.push(area.prepare);
  if (area.anticipate) anticipators.push(area.anticipate);
  if (area.overlays) overlays.push(...area.overlays);
  if (area.signedOut) signedOut = area.signedOut;
}

export const screenComponent = (screen: Screen): ScreenComponent | undefined => registry[screen];

/** The screens shown instead of the shell; an area registers them before the app first renders. */
export function signedOutScreens(): NonNullable<Area['signedOut']> {
  if (!signedOut) throw new Error('Geen aanmeldschermen geregistreerd');
  return signedOut;
}

export const shellOverlays = (): readonly ComponentType[] => overlays;

/** Starts what the areas start for a screen that is navigated to (see `Area.prepare`). */
export function prepareScreen(screen: Screen, params: ScreenParams, previous: Screen | undefined): void {
  for (const prepare of preparers) prepare(screen, params, previous);
}

/** Tells the areas that a screen may be opened next (see `Area.anticipate`). */
export function anticipateScreen(screen: Screen): void {
  for (const anticipate of anticipators) anticipate(screen);
}

/**
 * Screens of one lazily loaded module, each shown as soon as the module is there. Not `lazy`: a lazy
 * screen suspends, Shell shows its fallback, and React then holds the screen back for its reveal throttle
 * (300 ms after the fallback), so the stored figures the tool paints first came ≈ 200 ms late (issue 26).
 * `load` starts the module (a prefetch); the module is recorded by that one import, whoever asked first.
 */
export function moduleScreens<M>(importModule: () => Promise<M>) {
  let loaded: M | null = null;
  const load = () => importModule().then((m) => (loaded = m));
  const screen = (pick: (m: M) => ComponentType): ComponentType => function ModuleScreen() {
    const [, setLoaded] = useState(false);
    const [failed, setFailed] = useState<unknown>(null);
    useEffect(() => {
      if (!loaded) load().then(() => setLoaded(true), setFailed);
    }, []);
    if (failed) throw failed; // as a lazy screen's failed chunk: to the error boundary
    if (!loaded) return <div className="gs-content"><Spinner /></div>;
    const Screen = pick(loaded);
    return <Screen />;
  };
  return { load, screen };
}
