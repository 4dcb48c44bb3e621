// A faster front for HyperFormula's formula parser, for the formulas this engine writes.
//
// HyperFormula already caches parsed formulas by shape: it tokenises every formula text (a
// chevrotain lexer), turns each cell reference into its offset from the formula's cell, and looks
// that key up. Tokenising is most of it: ≈ 26 µs per formula, ≈ 1/5 of building the large model,
// although the workbook has a few dozen shapes for 11.000 formulas (docs/calculation-engine.md).
// This front computes the same key from the text with one regular expression, and on a hit returns
// the result HyperFormula gave for the first formula of that shape. Texts it cannot read safely go
// to HyperFormula's own parse unchanged.
//
// Why the key is exact: outside cell references the key keeps the text as it is, so two formulas
// share a key only when they differ in cell references alone, with the same offsets, `$` markers
// and sheets — which is when HyperFormula's own cache gives them the same AST too. The only other
// address-relative syntax outside string literals, column and row ranges (`A:B`, `1:5`), is refused (a `:` must join two
// cell references), as are quoted sheet names, `#`, `{`, `;` and non-ASCII text.
// A range whose ends differ in `$` markers is refused as well: HyperFormula orders such ends by the
// formula's own address, so the result would not be the same for every cell.
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

/** Characters of the formulas the front reads (ASCII, strings in double quotes); others go to HyperFormula's parser. */
const SAFE = /^=(?:[A-Za-z0-9_$!:+\-*/^().,<>=&% ]|"[^"]*")*$/;
/**
 * A string literal (kept as it is), or a cell reference as HyperFormula's lexer reads it (optional
 * unquoted sheet, `$`, letters, `$`, digits), not inside a name or number and not a function name
 * such as `DAYS360(` or `LOG10(`.
 */
const REF = /"[^"]*"|(?<![A-Za-z0-9_.$!])(?:([A-Za-z0-9_]+)!)?(\$?)([A-Za-z]+)(\$?)([0-9]+)(?![A-Za-z0-9_.(!])/g;

const columnIndex = (letters: string): number => {
  let n = 0;
  for (let i = 0; i < letters.length; i++) n = n * 26 + ((letters.charCodeAt(i) | 32) - 96);
  return n - 1;
};

/**
 * The formula's shape: its text with every cell reference replaced by sheet id and offsets from
 * `address`; `undefined` when the text is not one the front can read exactly.
 */
export function formulaShapeKey(text: string, address: Address, resolveSheet: (name: string) => number | undefined): string | undefined {
  if (!SAFE.test(text)) return undefined;
  let key = '';
  let last = 0;
  let prevEnd = -1;
  let prevMarkers = '';
  REF.lastIndex = 0;
  for (let m = REF.exec(text); m !== null; m = REF.exec(text)) {
    if (m[3] === undefined) continue; // a string literal stays in the text
    const between = text.slice(last, m.index);
    const markers = (m[2] ? 'C' : 'c') + (m[4] ? 'R' : 'r');
    if (between.includes(':')) {
      // Only `ref:ref` with the same markers on both ends.
      if (between !== ':' || prevEnd !== last || markers !== prevMarkers) return undefined;
    }
    let sheet = '';
    if (m[1] !== undefined) {
      const id = resolveSheet(m[1]);
      if (id === undefined || id === null) return undefined;
      sheet = `#${id}`;
    }
    const col = columnIndex(m[3]!);
    const row = Number(m[5]) - 1;
    key += `${between}\u0000${sheet}${m[2] ? `C${col}` : `c${col - address.col}`}${m[4] ? `R${row}` : `r${row - address.row}`}\u0001`;
    last = prevEnd = REF.lastIndex;
    prevMarkers = markers;
  }
  const rest = text.slice(last);
  if (rest.includes(':')) return undefined;
  return key + rest;
}

/** `=B2+B5+…`: a sum of plain relative references on the formula's own sheet (the Totaal rows). */
const SUM_OF_REFS = /^=[A-Z]{1,3}[1-9][0-9]*(?:\+[A-Z]{1,3}[1-9][0-9]*)+$/;
const PLAIN_REF = /([A-Z]+)([0-9]+)/g;
type SumBuilder = (text: string, address: Address) => ParseResult;

/**
 * The Totaal rows add up to 1.000 references, a shape each, and the parser spends ≈ 0,5 ms on
 * each: most of what the shape cache leaves. Their AST is a left-deep chain of additions, which
 * this builds from the nodes HyperFormula makes for `=A1+B1+C1` — after checking that
 * HyperFormula's own parse of a chain gives exactly what it builds (else `null`: parse as usual).
 */
export function sumBuilder(parse: (text: string, address: Address) => ParseResult): SumBuilder | null {
  type Node = { type: unknown; left?: Node; right?: Node; reference?: object };
  const template = parse('=A1+B1+C1', { sheet: 0, col: 0, row: 0 });
  const top = template.ast as Node;
  const leaf = top.right!;
  const plus = top.left!;
  const ref = leaf.reference as { constructor: { relative(col: number, row: number): object } } | undefined;
  const dependency = template.dependencies[0] as { constructor: new (reference: object) => unknown } | undefined;
  if (!ref || !dependency || plus.type !== top.type || plus.left?.type !== leaf.type) return null;
  const build: SumBuilder = (text, address) => {
    const references: object[] = [];
    PLAIN_REF.lastIndex = 0;
    for (let m = PLAIN_REF.exec(text); m !== null; m = PLAIN_REF.exec(text)) {
      references.push(ref.constructor.relative(columnIndex(m[1]!) - address.col, Number(m[2]) - 1 - address.row));
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
  const caches = new WeakMap<Parser, Map<string, ParseResult>>();
  const sums = new WeakMap<Parser, SumBuilder | null>();
  proto.parse = function parseWithShapeCache(this: Parser, text: string, address: Address): ParseResult {
    const key = formulaShapeKey(text, address, (name) => this.resolveSheetReference(name));
    if (key === undefined) return parse.call(this, text, address);
    let cache = caches.get(this);
    if (!cache) caches.set(this, (cache = new Map()));
    const hit = cache.get(key);
    if (hit) return hit;
    let result: ParseResult | undefined;
    if (SUM_OF_REFS.test(text)) {
      if (!sums.has(this)) sums.set(this, sumBuilder((t, a) => parse.call(this, t, a)));
      result = sums.get(this)?.(text, address);
    }
    result ??= parse.call(this, text, address);
    // The result is shared by every formula of this shape: HyperFormula treats ASTs as immutable
    // and makes absolute dependencies from the relative ones per cell.
    if (result.errors.length === 0) cache.set(key, result);
    return result;
  };
  // HyperFormula's own parse, for the tests that compare with it.
  (proto.parse as { unpatched?: unknown }).unpatched = parse;
  installed.add(proto);
  return true;
}
