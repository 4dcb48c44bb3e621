import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importsOf, packageImportsOf } from '../../test/sourceImports.ts';

// The doors of the ground floor (docs/architecture.md "Layout"): src/model imports only zod and src/lib,
// src/lib only itself, and the contract (src/api) never the engine (src/formulas) — that arrow up was the
// knot of issue 36. Test files may import anything and are left out.

const SRC = resolve(import.meta.dirname, '..');

/** Per product file of `folder`: the src/ folders it imports from (relative imports) and its package imports. */
function importsFrom(folder: string): { file: string; folders: string[]; packages: string[] }[] {
  return readdirSync(join(SRC, folder), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
    .map((f) => {
      const file = join(SRC, folder, f);
      const source = readFileSync(file, 'utf8');
      const folders = importsOf(source).map((spec) => relative(SRC, resolve(dirname(file), spec)).split(sep)[0]!);
      const packages = packageImportsOf(source);
      return { file: relative(SRC, file), folders, packages };
    });
}

/** Imports of `folder` that leave the allowed src/ folders, or name a package `allowedPackage` refuses. */
const offending = (folder: string, allowedFolders: string[], allowedPackage: (p: string) => boolean) =>
  importsFrom(folder).flatMap(({ file, folders, packages }) => [
    ...folders.filter((f) => !allowedFolders.includes(f)).map((f) => `${file} -> src/${f}`),
    ...packages.filter((p) => !allowedPackage(p)).map((p) => `${file} -> ${p}`),
  ]);

describe('the doors of src/', () => {
  it('src/model imports only zod and src/lib', () => {
    expect(offending('model', ['model', 'lib'], (p) => p === 'zod')).toEqual([]);
  });
  it('src/lib imports nothing of src/ but itself, and neither React nor Node', () => {
    expect(offending('lib', ['lib'], (p) => !/^(react|react-dom|node:)/.test(p))).toEqual([]);
  });
  it('the contract and the API client never import the engine', () => {
    expect(importsFrom('api').flatMap(({ file, folders }) => folders.filter((f) => f === 'formulas').map(() => file))).toEqual([]);
  });
});
