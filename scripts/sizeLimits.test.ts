// The house's size limits (docs/conventions.md): a product file (src/, server/; tests aside) has at most
// 600 lines, a function at most 150. Issue 33 found `Sheet` at 151 from outside; this keeps the next one in.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const MAX_FILE_LINES = 600;
const MAX_FUNCTION_LINES = 150;
const root = join(import.meta.dirname, '..');

function productFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const path = join(dir, d.name);
    if (d.isDirectory()) return productFiles(path);
    return /\.tsx?$/.test(d.name) && !/\.test\.tsx?$/.test(d.name) ? [path] : [];
  });
}

/** `file:line name (n lines)` for every function (declaration, expression, arrow, method) longer than the limit. */
function longFunctions(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const first = source.getLineAndCharacterOfPosition(node.getStart()).line;
      const lines = source.getLineAndCharacterOfPosition(node.getEnd()).line - first + 1;
      if (lines > MAX_FUNCTION_LINES) found.push(`${file}:${first + 1} ${node.name?.getText() ?? '(anoniem)'} (${lines} regels)`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const lineCount = (text: string) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

describe('size limits of the product code', () => {
  const files = ['src', 'server'].flatMap((d) => productFiles(join(root, d))).map((f) => ({ file: relative(root, f), text: readFileSync(f, 'utf8') }));

  it(`no product file is longer than ${MAX_FILE_LINES} lines`, () => {
    expect(files.filter((f) => lineCount(f.text) > MAX_FILE_LINES).map((f) => `${f.file} (${lineCount(f.text)} regels)`)).toEqual([]);
  });

  it(`no function is longer than ${MAX_FUNCTION_LINES} lines`, () => {
    expect(files.flatMap((f) => longFunctions(f.file, f.text))).toEqual([]);
  });

  it('counts a function from its first line to its last, components in memo() included', () => {
    const body = Array.from({ length: MAX_FUNCTION_LINES - 2 }, (_, i) => `  const a${i} = ${i};`).join('\n');
    const component = `export const Big = memo(function Big() {\n${body}\n  return null;\n});\n`;
    expect(longFunctions('big.tsx', component)).toEqual([`big.tsx:1 Big (${MAX_FUNCTION_LINES + 1} regels)`]);
    expect(longFunctions('fits.tsx', component.replace('  const a0 = 0;\n', ''))).toEqual([]);
  });
});
