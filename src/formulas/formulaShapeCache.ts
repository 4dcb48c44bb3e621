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
// It reaches into HyperFormula's internals (the parser's prototype), so `installFormulaShapeCache`
// checks what it patches and leaves HyperFormula alone when that does not look as expected; the
// engine's tests assert that it is installed, so an upgrade that breaks it is noticed.
import { HyperFormula } from 'hyperformula';

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

const installed = new WeakSet<object>();

/**
 * Put the shape cache in front of HyperFormula's parser (once per HyperFormula module). Returns
 * whether it is installed.
 */
export function installFormulaShapeCache(): boolean {
  const probe = HyperFormula.buildEmpty({ licenseKey: 'gpl-v3' });
  const parser = (probe as unknown as { _parser?: Parser })._parser;
  probe.destroy();
  const proto = parser && (Object.getPrototypeOf(parser) as Parser);
  if (!proto || installed.has(proto)) return !!proto && installed.has(proto);
  if (typeof proto.parse !== 'function' || typeof parser.resolveSheetReference !== 'function') return false;

  const parse = proto.parse;
  const caches = new WeakMap<Parser, Map<string, ParseResult>>();
  proto.parse = function parseWithShapeCache(this: Parser, text: string, address: Address): ParseResult {
    const key = formulaShapeKey(text, address, (name) => this.resolveSheetReference(name));
    if (key === undefined) return parse.call(this, text, address);
    let cache = caches.get(this);
    if (!cache) caches.set(this, (cache = new Map()));
    const hit = cache.get(key);
    if (hit) return hit;
    const result = parse.call(this, text, address);
    // The result is shared by every formula of this shape: HyperFormula treats ASTs as immutable
    // and makes absolute dependencies from the relative ones per cell.
    if (result.errors.length === 0) cache.set(key, result);
    return result;
  };
  installed.add(proto);
  return true;
}
