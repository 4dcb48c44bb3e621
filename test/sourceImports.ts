// What a source file imports, read as text: for the tests that hold the folders' doors
// (server/importCircles.unit.test.ts, src/model/doors.test.ts).

/** The relative imports of `source`: static, re-exports, side-effect only and dynamic. */
export function importsOf(source: string): string[] {
  return [...source.matchAll(/(?:\bfrom|\bimport\s*\(?)\s*['"](\.{1,2}\/[^'"]+)['"]/g)].map((m) => m[1]);
}

/** The package imports of `source` (bare specifiers: `zod`, `node:fs`, `numbro/dist/…`). */
export function packageImportsOf(source: string): string[] {
  return [...source.matchAll(/(?:\bfrom|\bimport\s*\(?)\s*['"]([^.'"][^'"]*)['"]/g)].map((m) => m[1]!);
}
