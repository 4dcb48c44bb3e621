/**
 * A deep copy of JSON-shaped data (plain objects, arrays, strings, numbers, booleans, null), such
 * as model data. Several times faster than structuredClone for the large model (≈2 ms against
 * 10–30 ms), which the engine pays on every build.
 */
export function cloneData<T>(x: T): T {
  if (Array.isArray(x)) return x.map(cloneData) as T;
  if (x !== null && typeof x === 'object') {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(x)) out[k] = cloneData((x as Record<string, unknown>)[k]);
    return out as T;
  }
  return x;
}
