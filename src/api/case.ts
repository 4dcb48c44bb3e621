/** snake_case ↔ camelCase of object keys, deep; the wire is snake_case (spec), the client camelCase. */

const toCamel = (s: string) => s.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
const toSnake = (s: string) => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

function convert(value: unknown, key: (s: string) => string): unknown {
  if (Array.isArray(value)) return value.map((v) => convert(v, key));
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[key(k)] = convert(v, key);
    return out;
  }
  return value;
}

export const camelize = <T>(value: unknown): T => convert(value, toCamel) as T;
export const snakify = <T>(value: unknown): T => convert(value, toSnake) as T;

type CamelKey<S extends string> = S extends `${infer H}_${infer T}` ? `${H}${Capitalize<CamelKey<T>>}` : S;
/** The client-side type of a wire type from the contract. */
export type Camelize<T> = T extends (infer U)[]
  ? Camelize<U>[]
  : T extends Date
    ? T
    : T extends object
      ? { [K in keyof T as K extends string ? CamelKey<K> : K]: Camelize<T[K]> }
      : T;
