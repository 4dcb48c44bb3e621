import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { SECTIONS } from './sections.ts';

// A section is described once, in its descriptor (src/model/sections/): outside src/model and the tests no
// code names one literally — its kind ('cost'), its list in the model data (cost_estimate) or its screen
// (GrexOnline_CostEstimate) — so what follows from the descriptors cannot be bypassed for one section.
// The names come from the descriptors themselves; comments do not count.

const MODEL = import.meta.dirname;
const ROOT = join(MODEL, '..', '..');
const named = new Set(SECTIONS.flatMap((s) => [s.kind, s.list, s.screen.name]));
const lists = new Set(SECTIONS.map((s) => s.list));

/** The places of `text` that name a section: a string with a section's name, or a list's key as a name (`m.cost_estimate`). */
export function sectionLiterals(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    const hit = (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) ? named.has(node.text)
      : ts.isIdentifier(node) ? lists.has(node.text) : false;
    if (hit) found.push(`${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${node.getText()}`);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function* productFiles(dir: string): Generator<string> {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, e.name);
    if (e.isDirectory()) {
      if (path !== MODEL) yield* productFiles(path);
    } else if (/\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name)) yield path;
  }
}

describe('section literals in product code', () => {
  it('finds a kind, a list and a screen named in code, and not in a comment or another word', () => {
    const found = sectionLiterals('x.ts', [
      "if (kind === 'cost') x();",
      'const rows = m.residential_construction;',
      "navigate('GrexOnline_OtherRevenues');",
      'const m = { non_residential_construction: [] };',
      '// the cost_estimate list and the kind "cost"',
      "const id = `${kind}-estimate`; const costs = 'costs';",
    ].join('\n'));
    expect(found.map((f) => f.split(':')[0])).toEqual(['1', '2', '3', '4']);
  });

  it('names no section outside src/model and the tests', () => {
    const offences = ['src', 'server'].flatMap((d) => [...productFiles(join(ROOT, d))]).flatMap((file) =>
      sectionLiterals(file, readFileSync(file, 'utf8')).map((hit) => `${relative(ROOT, file)}:${hit}`));
    expect(offences).toEqual([]);
  });
});
