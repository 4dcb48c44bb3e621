// A faster front for HyperFormula's formula parser, for the formulas this engine writes.
//
// HyperFormula already caches parsed formulas by shape: it tokenises every formula text (a
// chevrotain lexer), turns each cell reference into its offset from the formula's cell, and looks
// that key up. Tokenising is most of it: ≈ 26 µs per formula, ≈ 1/5 of building the large model,
// although the workbook has about a hundred shapes for 11.000 formulas (docs/calculation-engine.md).
// This front computes the same key from the text in one pass over its characters, and on a hit
// returns the result HyperFormula gave for the first formula of that shape. Sums of plain
// references (the totals) are built as HyperFormula's AST instead of parsed. Texts it cannot read
// exactly go to HyperFormula's own parse unchanged.
//
// Why the key is exact: outside cell references the key keeps the text as it is, so two formulas
// share a key only when they differ in cell references alone, with the same offsets, `$` markers
// and sheets — which is when HyperFormula's own cache gives them the same AST too. The only other
// address-relative syntax outside string literals, column and row ranges (`A:B`, `1:5`), is refused
// (a `:` must join two cell references), as are quoted sheet names, `#`, `{`, `;` and non-ASCII
// text. A range whose ends differ in `$` markers is refused as well: HyperFormula orders such ends
// by the formula's own address, so the result would not be the same for every cell.
//
// It reaches into HyperFormula's internals (the parser's prototype; installed by
// hyperformulaSpeedups.ts), so `installFormulaShapeCache` checks what it patches and leaves
// HyperFormula alone when that does not look as expected; the tests assert that it is installed,
// so an upgrade that breaks it is noticed.
type ParseResult = { ast: unknown; errors: unknown[]; hasVolatileFunction: boolean; hasStructuralChangeFunction: boolean; dependencies: unknown[] };
type Address = { sheet: number; col: number; row: number };
type Parser = {
  parse(text: string, address: Address): ParseResult;
  resolveSheetReference(name: string): number | undefined;
};

// Character classes of the key's scanner (ASCII; anything else outside a string literal is refused).
const WORD = 1; // [A-Za-z0-9_]
const LETTER = 2; // [A-Za-z]
const DIGIT = 4; // [0-9]
const NO_REF_AFTER = 8; // [A-Za-z0-9_.$!]: no reference starts right after these
const NOT_AFTER_REF = 16; // [A-Za-z0-9_.(!]: a reference is not followed by these (`LOG10(`, `A1B`)
const SAFE = 32; // [A-Za-z0-9_$!:+\-*/^().,<>=&% ]: the characters the front reads
const CLASS = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  const ch = String.fromCharCode(c);
  const word = /[A-Za-z0-9_]/.test(ch);
  CLASS[c] =
    (word ? WORD : 0) |
    (/[A-Za-z]/.test(ch) ? LETTER : 0) |
    (/[0-9]/.test(ch) ? DIGIT : 0) |
    (word || '.$!'.includes(ch) ? NO_REF_AFTER : 0) |
    (word || '.(!'.includes(ch) ? NOT_AFTER_REF : 0) |
    (word || '$!:+-*/^().,<>=&% '.includes(ch) ? SAFE : 0);
}
const is = (text: string, i: number, cls: number) => {
  const c = text.charCodeAt(i); // NaN past the end
  return c < 128 && (CLASS[c]! & cls) !== 0;
};

/** A cell reference found by the scanner: where it ends and what it says. */
const ref = { end: 0, sheetEnd: -1, colAbs: false, col: 0, rowAbs: false, row: 0 };

/**
 * `$?letters$?digits` at `i`, not followed by NOT_AFTER_REF (HyperFormula's lexer reads the same
 * text as a reference; a greedy match is the only one that can succeed). Fills `ref`.
 */
function refCore(text: string, i: number): boolean {
  ref.colAbs = text.charCodeAt(i) === 36;
  if (ref.colAbs) i++;
  let col = 0;
  const lettersStart = i;
  while (is(text, i, LETTER)) col = col * 26 + ((text.charCodeAt(i++) | 32) - 96);
  if (i === lettersStart) return false;
  ref.rowAbs = text.charCodeAt(i) === 36;
  if (ref.rowAbs) i++;
  let row = 0;
  const digitsStart = i;
  while (is(text, i, DIGIT)) row = row * 10 + text.charCodeAt(i++) - 48;
  if (i === digitsStart || is(text, i, NOT_AFTER_REF)) return false;
  ref.col = col - 1;
  ref.row = row - 1;
  ref.end = i;
  return true;
}

/** A reference starting at `i`, with an unquoted sheet name (`Blad_1!A1`) or without. Fills `ref`. */
function refAt(text: string, i: number): boolean {
  let j = i;
  while (is(text, j, WORD)) j++;
  if (j > i && text.charCodeAt(j) === 33 && refCore(text, j + 1)) {
    ref.sheetEnd = j;
    return true;
  }
  ref.sheetEnd = -1;
  return refCore(text, i);
}

/** Whether text[from, to) has a colon (a range operator, or one in a string literal). */
const hasColon = (text: string, from: number, to: number) => {
  const at = text.indexOf(':', from);
  return at >= 0 && at < to;
};

/**
 * The formula's shape: its text with every cell reference (outside string literals) replaced by
 * sheet id and offsets from `address`; `undefined` when the text is not one the front can read
 * exactly. One pass over the characters: this runs for every formula of a build.
 */
export function formulaShapeKey(text: string, address: Address, resolveSheet: (name: string) => number | undefined): string | undefined {
  const n = text.length;
  if (text.charCodeAt(0) !== 61) return undefined; // '='
  let key = '';
  let last = 0; // text before this is in the key
  let prevEnd = -1; // end of the previous reference
  let prevMarkers = 0;
  let i = 1;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      // a string literal stays in the text as it is
      const close = text.indexOf('"', i + 1);
      if (close < 0) return undefined;
      i = close + 1;
      continue;
    }
    if (c >= 128 || (CLASS[c]! & SAFE) === 0) return undefined;
    if ((c !== 36 && (CLASS[c]! & WORD) === 0) || is(text, i - 1, NO_REF_AFTER) || !refAt(text, i)) {
      i++;
      continue;
    }
    const markers = (ref.colAbs ? 1 : 0) | (ref.rowAbs ? 2 : 0);
    // Only `ref:ref` with the same markers on both ends; column and row ranges are refused.
    if (hasColon(text, last, i) && (i - last !== 1 || prevEnd !== last || markers !== prevMarkers)) return undefined;
    let sheet = '';
    if (ref.sheetEnd >= 0) {
      const id = resolveSheet(text.slice(i, ref.sheetEnd));
      if (id === undefined || id === null) return undefined;
      sheet = '#' + id;
    }
    key +=
      text.slice(last, i) +
      '\u0000' +
      sheet +
      (ref.colAbs ? 'C' + ref.col : 'c' + (ref.col - address.col)) +
      (ref.rowAbs ? 'R' + ref.row : 'r' + (ref.row - address.row)) +
      '\u0001';
    i = last = prevEnd = ref.end;
    prevMarkers = markers;
  }
  if (hasColon(text, last, n)) return undefined;
  return key + text.slice(last);
}

/** `=B2+B5+…`: a sum of plain relative references on the formula's own sheet (the totals). */
const SUM_OF_REFS = /^=[A-Z]{1,3}[1-9][0-9]*(?:\+[A-Z]{1,3}[1-9][0-9]*)+$/;
type SumBuilder = (text: string, address: Address) => ParseResult;

/**
 * The totals (an entry's, a period's in the Totaal rows) add up to 1.000 references, most of them a
 * shape of their own, and the parser spends up to ≈ 0,5 ms on each: without this, most of what the
 * shape cache leaves. Their AST is a left-deep chain of additions, which this builds from the nodes
 * HyperFormula makes for `=A1+B1+C1` — after checking that HyperFormula's own parse of a chain gives
 * exactly what it builds (else `null`: parse as usual).
 */
export function sumBuilder(parse: (text: string, address: Address) => ParseResult): SumBuilder | null {
  type Node = { type: unknown; left?: Node; right?: Node; reference?: object };
  const template = parse('=A1+B1+C1', { sheet: 0, col: 0, row: 0 });
  const top = template.ast as Node;
  const leaf = top.right!;
  const plus = top.left!;
  const reference = leaf.reference as { constructor: { relative(col: number, row: number): object } } | undefined;
  const dependency = template.dependencies[0] as { constructor: new (reference: object) => unknown } | undefined;
  if (!reference || !dependency || plus.type !== top.type || plus.left?.type !== leaf.type) return null;
  const build: SumBuilder = (text, address) => {
    const references: object[] = [];
    // `=A1+B2+…` (SUM_OF_REFS): a reference, a plus, a reference…
    for (let i = 1; i < text.length && refCore(text, i); i = ref.end + 1) {
      references.push(reference.constructor.relative(ref.col - address.col, ref.row - address.row));
    }
    let ast: Node = { ...leaf, reference: references[0] };
    for (let i = 1; i < references.length; i++) ast = { ...plus, left: ast, right: { ...leaf, reference: references[i] } };
    return {
      ast,
      errors: [],
      hasVolatileFunction: false,
      hasStructuralChangeFunction: false,
      dependencies: references.map((r) => new dependency.constructor(r)),
    };
  };
  const check = '=B2+A1+AB10+C3';
  const at = { sheet: 0, col: 4, row: 7 };
  return sameTree(build(check, at), parse(check, at)) ? build : null;
}

/** Structural equality of parse results, classes included. */
export function sameTree(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  const ka = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const kb = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  return ka.length === kb.length && ka.every((k) => sameTree((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

const installed = new WeakSet<object>();

/**
 * Put the shape cache in front of HyperFormula's parser (`parser`: any instance's; once per
 * HyperFormula module). Returns whether it is installed.
 */
export function installFormulaShapeCache(parser: object): boolean {
  const proto = Object.getPrototypeOf(parser) as Parser;
  if (installed.has(proto)) return true;
  if (typeof proto.parse !== 'function' || typeof (parser as Parser).resolveSheetReference !== 'function') return false;

  const parse = proto.parse;
  // Per parser (one per HyperFormula instance): its shapes, its sheet lookup, its sum builder.
  type State = { shapes: Map<string, ParseResult>; resolveSheet: (name: string) => number | undefined; sum?: SumBuilder | null };
  const states = new WeakMap<Parser, State>();
  proto.parse = function parseWithShapeCache(this: Parser, text: string, address: Address): ParseResult {
    let state = states.get(this);
    if (!state) states.set(this, (state = { shapes: new Map(), resolveSheet: (name) => this.resolveSheetReference(name) }));
    const key = formulaShapeKey(text, address, state.resolveSheet);
    if (key === undefined) return parse.call(this, text, address);
    const hit = state.shapes.get(key);
    if (hit) return hit;
    let result: ParseResult | undefined;
    if (SUM_OF_REFS.test(text)) {
      if (state.sum === undefined) state.sum = sumBuilder((t, a) => parse.call(this, t, a));
      result = state.sum?.(text, address);
    }
    result ??= parse.call(this, text, address);
    // The result is shared by every formula of this shape: HyperFormula treats ASTs as immutable
    // and makes absolute dependencies from the relative ones per cell.
    if (result.errors.length === 0) state.shapes.set(key, result);
    return result;
  };
  // HyperFormula's own parse, for the tests that compare with it.
  (proto.parse as { unpatched?: unknown }).unpatched = parse;
  installed.add(proto);
  return true;
}
