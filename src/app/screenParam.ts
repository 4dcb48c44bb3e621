import { useRoot } from './RootStore.ts';

/**
 * A choice inside a screen kept in the screen's parameters, so its address (routes.ts) carries it and a
 * reload or link returns to it: a tab of the online tool. Changing it is no new visit and no history entry.
 */
export function useScreenParam<T extends string>(name: string, fallback: T): [T, (value: T | undefined) => void] {
  const { screen } = useRoot();
  const value = (screen.params[name] as T | undefined) ?? fallback;
  return [value, (next) => screen.setParams({ [name]: next })];
}
