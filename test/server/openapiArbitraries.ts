import fc from 'fast-check';

// fast-check arbitraries from the JSON schemas of the OpenAPI document (@fastify/swagger's rendering of the
// contract's zod schemas, OpenAPI 3.0 dialect): values that pass the schema, and values one step off it.
// Refinements the JSON schema cannot say (password strength, cross-field rules) are the server's to refuse.

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  nullable?: boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  minItems?: number;
  maxItems?: number;
}

/** Values of the wrong kind, out of range or hostile, for any field. */
export const garbageValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    null, true, false, 0, -1, -0, 1.5, 1e308, -1e308, 2 ** 53 + 1, Number.MAX_SAFE_INTEGER, 2 ** 31, -(2 ** 31) - 1,
    '', ' ', 'NaN', 'Infinity', '-Infinity', '1e999', '0x1F', ' 1', '+1', '1_000', '01', 'null', 'undefined', 'true',
    '\u0000', '\uD800', '\uFFFF', '\u202E', 'ä'.repeat(3), '<script>alert(1)</script>', "' OR 1=1 --", '../../etc/passwd',
    '%00', '{{7*7}}', '${7*7}', 'a'.repeat(100_000), '2026-02-30', '9999-99-99', 'x@', '@x', [], {}, [[]], { '': '' },
  ),
  fc.jsonValue({ maxDepth: 3 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer(),
  fc.double(),
);

const isType = (s: JsonSchema, t: string) => s.type === t || (Array.isArray(s.type) && s.type.includes(t));

/** A value the schema accepts. `ids` generates integers meant as row ids (mostly ones that exist). */
export function validValue(s: JsonSchema, ids: fc.Arbitrary<number>): fc.Arbitrary<unknown> {
  const plain = validNonNull(s, ids);
  return s.nullable ? fc.oneof({ arbitrary: plain, weight: 4 }, { arbitrary: fc.constant(null), weight: 1 }) : plain;
}

function validNonNull(s: JsonSchema, ids: fc.Arbitrary<number>): fc.Arbitrary<unknown> {
  if (s.enum) return fc.constantFrom(...s.enum);
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((a) => validValue(a, ids)));
  if (isType(s, 'object')) {
    const props = s.properties ?? {};
    const record = fc.record(
      Object.fromEntries(Object.entries(props).map(([k, p]) => [k, validValue(p, ids)])),
      { requiredKeys: (s.required ?? []).filter((k) => k in props) },
    );
    if (typeof s.additionalProperties !== 'object') return record;
    const extra = fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), validValue(s.additionalProperties, ids), { maxKeys: 4 });
    return fc.tuple(record, extra).map(([r, e]) => ({ ...e, ...r }));
  }
  if (isType(s, 'array')) {
    const minLength = s.minItems ?? 0;
    return fc.array(s.items ? validValue(s.items, ids) : fc.jsonValue({ maxDepth: 2 }), { minLength, maxLength: Math.min(s.maxItems ?? minLength + 4, minLength + 4) });
  }
  if (isType(s, 'string')) {
    if (s.format === 'uuid') return fc.uuid();
    if (s.pattern) return fc.stringMatching(new RegExp(s.pattern));
    const minLength = s.minLength ?? 0;
    const maxLength = Math.min(s.maxLength ?? minLength + 40, minLength + 40);
    return fc.oneof(fc.string({ minLength, maxLength }), fc.string({ unit: 'grapheme', minLength, maxLength }));
  }
  if (isType(s, 'integer') || isType(s, 'number')) {
    const integer = isType(s, 'integer');
    const step = integer ? 1 : Number.EPSILON;
    const lo = s.minimum === undefined ? (integer ? Number.MIN_SAFE_INTEGER : -1e12) : s.minimum + (s.exclusiveMinimum === true ? step : 0);
    const hi = s.maximum === undefined ? (integer ? Number.MAX_SAFE_INTEGER : 1e12) : s.maximum - (s.exclusiveMaximum === true ? step : 0);
    if (!integer) return fc.double({ min: lo, max: hi, noNaN: true, noDefaultInfinity: true });
    const idLike = lo <= 1 && hi >= 1 ? ids.filter((n) => n >= lo && n <= hi) : fc.integer({ min: lo, max: lo });
    return fc.oneof({ arbitrary: idLike, weight: 3 }, { arbitrary: fc.integer({ min: Math.max(lo, Number.MIN_SAFE_INTEGER), max: Math.min(hi, Number.MAX_SAFE_INTEGER) }), weight: 1 });
  }
  if (isType(s, 'boolean')) return fc.boolean();
  return fc.jsonValue({ maxDepth: 2 });
}

/** An own, enumerable property: `obj.__proto__ = …` would set the prototype instead of a key. */
export function withKey(obj: object, key: string, value: unknown): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...obj };
  Object.defineProperty(copy, key, { value, enumerable: true, configurable: true, writable: true });
  return copy;
}

/**
 * A valid value with one thing wrong: a required field left out, a field of the wrong kind or out of range,
 * an unknown or prototype-polluting key, or (for scalars) the value replaced.
 */
export function nearValidValue(s: JsonSchema, ids: fc.Arbitrary<number>): fc.Arbitrary<unknown> {
  return fc.tuple(validValue(s, ids), fc.nat(), garbageValue, fc.nat(3)).map(([value, pick, bad, how]) => {
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      const keys = Object.keys(value);
      const key = keys.length ? keys[pick % keys.length] : undefined;
      if (how === 0 && key) {
        const { [key]: _left, ...rest } = value as Record<string, unknown>;
        return rest;
      }
      if (how === 1 && key) return withKey(value, key, bad);
      const hostile = ['__proto__', 'constructor', 'prototype', 'unknown_field'][pick % 4];
      return withKey(value, hostile, hostile === 'constructor' ? { prototype: { polluted: true } } : { polluted: true, is_staff: true, role: 'ADM' });
    }
    if (Array.isArray(value)) return how === 0 ? [...value, bad] : value.length ? value.map((v, i) => (i === pick % value.length ? bad : v)) : bad;
    return bad;
  });
}
