// Issue 33: the README sent a reader of a clone to `../shared/spec/` and `../shared/docs/architecture.md`,
// which a clone does not have. The repository explains itself: the README and the pages in docs/ point
// only inside it, and every repository path the README names exists.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');

function markdown(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? markdown(join(dir, d.name)) : d.name.endsWith('.md') ? [join(dir, d.name)] : []);
}

describe('the repository explains itself', () => {
  const pages = [join(root, 'README.md'), join(root, 'CHANGELOG.md'), ...markdown(join(root, 'docs'))];

  it('no README or docs page points outside the repository', () => {
    const outside = pages.flatMap((page) => [...readFileSync(page, 'utf8').matchAll(/(?:\.\.\/)+shared\/[^\s`)]*/g)]
      .map((m) => `${relative(root, page)}: ${m[0]}`));
    expect(outside).toEqual([]);
  });

  it("every path the README names in the repository's folders exists", () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    const named = [...readme.matchAll(/`((?:docs|src|server|scripts|test|e2e|bench|deploy)\/[^`\s]*)`/g)].map((m) => m[1]!);
    expect(named).toContain('docs/spec/');
    expect(named.filter((p) => !existsSync(join(root, p)))).toEqual([]);
  });

  it('keeps the product specification and the architecture in docs/', () => {
    for (const page of ['spec/1-project-area.md', 'spec/2-access-and-administration.md', 'spec/3-online-calculation-tool.md', 'architecture.md', 'calculation.md', 'stack.md']) {
      expect(existsSync(join(root, 'docs', page)), page).toBe(true);
    }
  });
});
