/**
 * Coalesces the user lookups of requests that arrive together into one query. Requests read in the same
 * turn of the event loop (many, under load) wait for the end of that turn (setImmediate) and share one
 * database round trip for all their user ids; alone, a request waits only for that same turn. Every
 * request still gets its row from a query that started after the request arrived, so it is as fresh as a
 * lookup of its own.
 */
export class BatchLoader<K, V> {
  private pending: Map<K, { resolve: (v: V | undefined) => void; reject: (e: unknown) => void }[]> | null = null;

  /** `fetch` reads the rows of the given keys; `keyOf` tells which key a row answers. */
  constructor(
    private readonly fetch: (keys: K[]) => Promise<V[]>,
    private readonly keyOf: (row: V) => K,
  ) {}

  load(key: K): Promise<V | undefined> {
    if (!this.pending) {
      this.pending = new Map();
      setImmediate(() => void this.flush());
    }
    const waiting = this.pending.get(key) ?? [];
    if (!waiting.length) this.pending.set(key, waiting);
    return new Promise((resolve, reject) => waiting.push({ resolve, reject }));
  }

  private async flush() {
    const batch = this.pending!;
    this.pending = null;
    try {
      const rows = await this.fetch([...batch.keys()]);
      const byKey = new Map(rows.map((r) => [this.keyOf(r), r]));
      for (const [key, waiting] of batch) for (const w of waiting) w.resolve(byKey.get(key));
    } catch (e) {
      for (const waiting of batch.values()) for (const w of waiting) w.reject(e);
    }
  }
}
