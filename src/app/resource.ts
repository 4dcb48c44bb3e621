import { useEffect, useState, type DependencyList } from 'react';
import { action, makeObservable, observable, observableRef } from 'mobx';
import { messageOf } from '../api/http.ts';
import { useRoot } from './RootStore.ts';

/** Where a failed load is told (the RootStore's ToastStore, or a fake in tests). */
export interface ErrorToaster {
  error(message: string): unknown;
}

/**
 * A toaster for the requests one visit of a screen starts together: when they fail together (the server
 * down, an id that is gone) the first failure is told and the others are not. `reset` starts a new visit.
 */
export function firstErrorOnly(toasts: ErrorToaster): ErrorToaster & { reset(): void } {
  let told = false;
  return {
    error(message: string) {
      if (told) return;
      told = true;
      toasts.error(message);
    },
    reset() {
      told = false;
    },
  };
}

/**
 * One thing a screen or store loads (a list, a detail, a page of logs). The latest request wins: a
 * request that is overtaken by a newer one (or cancelled when its screen goes away) is dropped when it
 * answers — its value, its error and its end of `loading` alike — so a slow old answer never replaces a
 * newer one. A failed request shows one error toast: the server's message (`messageOf`) or `errorText`.
 */
export class Resource<T extends {} | null> {
  value: T | undefined = undefined;
  loading: boolean;
  /** The latest request failed (its toast has been shown). */
  failed = false;
  private latest = 0;
  private lastFetch: (() => Promise<T>) | null = null;

  constructor(private readonly toasts: ErrorToaster, private readonly errorText: string, opts: { loading?: boolean } = {}) {
    // A screen that loads on mount starts as loading, so its first paint does not show an empty form.
    this.loading = opts.loading ?? false;
    makeObservable<Resource<T>, 'begin' | 'settle'>(this, {
      value: observableRef,
      loading: observable,
      failed: observable,
      begin: action,
      settle: action,
      cancel: action,
    });
  }

  /**
   * Starts a request and supersedes any still under way. `apply` runs with the answer (in the same
   * MobX action that stores it) only when this request is still the latest. Resolves to the answer,
   * or to undefined when the request failed or was superseded.
   */
  async load(fetch: () => Promise<T>, apply?: (value: T) => void): Promise<T | undefined> {
    const request = this.begin(fetch);
    try {
      const value = await fetch();
      if (request !== this.latest) return undefined;
      this.settle(request, { value }, apply);
      return value;
    } catch (e) {
      if (request !== this.latest) return undefined;
      this.settle(request, { error: e });
      this.toasts.error(messageOf(e, this.errorText));
      return undefined;
    }
  }

  /** The last request again (after a change elsewhere), without its `apply`. */
  reload(): Promise<T | undefined> {
    return this.lastFetch ? this.load(this.lastFetch) : Promise.resolve(undefined);
  }

  /** Drops the request under way (its screen went away). */
  cancel(): void {
    this.latest++;
    this.loading = false;
  }

  private begin(fetch: () => Promise<T>): number {
    this.lastFetch = fetch;
    this.loading = true;
    return ++this.latest;
  }

  private settle(request: number, to: { value: T } | { error: unknown }, apply?: (value: T) => void) {
    if (request !== this.latest) return;
    this.loading = false;
    this.failed = 'error' in to;
    if ('value' in to) {
      this.value = to.value;
      apply?.(to.value);
    }
  }
}

/**
 * A Resource owned by a screen, cancelled when the screen unmounts. With `fetch` it loads on mount and
 * again whenever `deps` change; `apply` runs with each of those answers (e.g. to fill a form), not on
 * `reload()`. Without `fetch` the screen starts its requests itself with `load()`.
 */
export function useResource<T extends {} | null>(
  errorText: string,
  fetch?: () => Promise<T>,
  deps: DependencyList = [],
  apply?: (value: T) => void,
): Resource<T> {
  const { toasts } = useRoot();
  const [resource] = useState(() => new Resource<T>(toasts, errorText, { loading: !!fetch }));
  useEffect(() => {
    if (fetch) void resource.load(fetch, apply);
    return () => resource.cancel();
    // `fetch` and `apply` are new closures every render; `deps` says when the request changes.
  }, [resource, ...deps]);
  return resource;
}
