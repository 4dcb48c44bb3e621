/**
 * A map bounded by its number of entries and by the summed size of its values (`sizeOf`, e.g. bytes),
 * least recently used out first. A value larger than the whole size bound is not kept.
 */
export class Lru<K, V> {
  private readonly entries = new Map<K, V>();
  private size = 0;

  constructor(private readonly limits: { entries: number; size: number }, private readonly sizeOf: (v: V) => number) {}

  /** The value, now the most recently used. */
  get(key: K): V | undefined {
    const hit = this.entries.get(key);
    if (hit === undefined) return undefined;
    this.entries.delete(key); // a Map iterates in insertion order: most recently used last
    this.entries.set(key, hit);
    return hit;
  }

  /** The value without counting it as used. */
  peek(key: K): V | undefined {
    return this.entries.get(key);
  }

  set(key: K, value: V): void {
    this.delete(key);
    const size = this.sizeOf(value);
    if (size > this.limits.size) return;
    this.entries.set(key, value);
    this.size += size;
    while (this.entries.size > this.limits.entries || this.size > this.limits.size) this.delete(this.entries.keys().next().value!);
  }

  delete(key: K): void {
    const old = this.entries.get(key);
    if (old === undefined) return;
    this.entries.delete(key);
    this.size -= this.sizeOf(old);
  }
}
