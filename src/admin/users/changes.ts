// What a save of the edit-user screen sends: only what the administrator changed on it. The screen was
// loaded at one moment; a field or grant someone else changed since (another administrator, 'Forceer MFA
// voor alle gebruikers', a project ADM's rights table) must not be put back by a save that did not touch it.

/** The fields of `now` whose value differs from `loaded`. */
export function changedFields<T extends object>(loaded: T, now: T): Partial<T> {
  return Object.fromEntries(Object.entries(now).filter(([k, v]) => loaded[k as keyof T] !== v)) as Partial<T>;
}

/** The rows of `now` that differ (in any field) from the row with the same key in `loaded`, or that `loaded` lacks. */
export function changedRows<T extends object>(loaded: readonly T[], now: readonly T[], key: (row: T) => number): T[] {
  const before = new Map(loaded.map((r) => [key(r), r]));
  return now.filter((r) => {
    const old = before.get(key(r));
    return !old || Object.keys(changedFields(old, r)).length > 0;
  });
}
