import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Role } from './common.ts';

// The browser shows or hides from the server's capability flags (contract/capabilities.ts) and compares
// no role itself (docs/architecture.md, rule 3): outside src/api/contract no role literal may be compared.

const ROLE = `['"\`](?:${Role.options.join('|')})['"\`]`;
const COMPARISONS = [
  new RegExp(`(?:===|!==|==|!=)\\s*${ROLE}`),
  new RegExp(`${ROLE}\\s*(?:===|!==|==|!=)`),
  new RegExp(`\\bcase\\s+${ROLE}`),
  new RegExp(`\\.(?:includes|indexOf|has)\\(\\s*${ROLE}`),
  new RegExp(`\\[[^\\]]*${ROLE}[^\\]]*\\]\\s*\\.(?:includes|indexOf)\\(`),
];

/** The lines of `source` that compare a role literal, as "line: text". */
export function roleComparisons(source: string): string[] {
  return source.split('\n').flatMap((line, i) => (COMPARISONS.some((re) => re.test(line)) ? [`${i + 1}: ${line.trim()}`] : []));
}

const SRC = join(import.meta.dirname, '..', '..');
const CONTRACT = import.meta.dirname;
function* sourceFiles(dir: string): Generator<string> {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, e.name);
    if (e.isDirectory()) {
      if (path !== CONTRACT) yield* sourceFiles(path);
    } else if (/\.(ts|tsx)$/.test(e.name)) yield path;
  }
}

describe('role literals in the browser', () => {
  it('finds every form of comparison', () => {
    const found = roleComparisons([
      "if (user.role === 'ADM') x();",
      "const v = 'NON' !== r;",
      'switch (r) { case "VWR": break; }',
      "if (role == `USR`) y();",
      "['ADM', 'USR'].includes(role)",
      "roles.includes('VWR')",
      "const options = [{ value: 'ADM', label: 'Beheren' }];",
      "setRole('NON');",
    ].join('\n'));
    expect(found.map((f) => f.split(':')[0])).toEqual(['1', '2', '3', '4', '5', '6']);
  });

  it('compares no role outside src/api/contract', () => {
    const offences = [...sourceFiles(SRC)].flatMap((file) =>
      roleComparisons(readFileSync(file, 'utf8')).map((hit) => `${relative(SRC, file)}:${hit}`));
    expect(offences).toEqual([]);
  });
});
