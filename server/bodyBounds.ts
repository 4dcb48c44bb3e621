import { badRequest, type HttpError } from './errors.ts';

/**
 * The longest list a JSON body may hold: above every real one (an outline has at most MAX_VERTICES =
 * 10,000 corners, whose own message stays the answer), far below what hurts. Zod checks every element
 * of a list before the list's length: a 10 MB body `[1,1,…]` of 5 million elements took 20 s and GBs
 * of memory for as many issues (found by server/routes/fuzz.test.ts).
 */
export const MAX_LIST_ITEMS = 20_000;

/** A 400 for the first list in `body` longer than MAX_LIST_ITEMS, naming its path; undefined when none. */
export function overlongList(body: unknown): HttpError | undefined {
  // Every body passes here (a large model's save has tens of thousands of numbers): only lists and
  // objects are visited and given a path, never the values in them.
  const stack: [unknown, string][] = [];
  const visit = (value: unknown, path: string) => {
    if (value !== null && typeof value === 'object' && !Buffer.isBuffer(value)) stack.push([value, path]);
  };
  visit(body, '');
  while (stack.length) {
    const [value, path] = stack.pop()!;
    if (Array.isArray(value)) {
      if (value.length > MAX_LIST_ITEMS) {
        return badRequest([{ path, message: `Gebruik maximaal ${MAX_LIST_ITEMS.toLocaleString('nl-NL')} elementen.` }]);
      }
      value.forEach((v, i) => visit(v, path ? `${path}.${i}` : String(i)));
    } else {
      for (const [k, v] of Object.entries(value as object)) visit(v, path ? `${path}.${k}` : k);
    }
  }
  return undefined;
}
