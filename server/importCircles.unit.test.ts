import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importsOf } from '../test/sourceImports.ts';

// The server's folders (and its top-level files) import one another one way only (docs/conventions.md
// "Server folders"): a circle between two of them is how the knot of issue 27 began. Test files may
// import anything and are left out.

const SERVER = import.meta.dirname;

/** The room of a server file: its first folder below server/ (`jobs/`), or the file itself (`context.ts`). */
const roomOf = (file: string) => {
  const [first, ...rest] = relative(SERVER, file).split(sep);
  return rest.length ? `${first}/` : first;
};

/** Arrows between rooms, each with the file -> file imports that draw it. */
function roomArrows(): Map<string, Map<string, string[]>> {
  const arrows = new Map<string, Map<string, string[]>>();
  const files = readdirSync(SERVER, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f)).map((f) => join(SERVER, f));
  for (const file of files) {
    for (const spec of importsOf(readFileSync(file, 'utf8'))) {
      const target = resolve(dirname(file), spec);
      if (!target.startsWith(SERVER + sep)) continue;
      const [from, to] = [roomOf(file), roomOf(target)];
      if (from === to) continue;
      const byTarget = arrows.get(from) ?? arrows.set(from, new Map()).get(from)!;
      byTarget.set(to, [...byTarget.get(to) ?? [], `${relative(SERVER, file)} -> ${relative(SERVER, target)}`]);
    }
  }
  return arrows;
}

/** The circles of a graph: its strongly connected parts of two rooms or more (Tarjan). */
export function circles(arrows: Map<string, Iterable<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (room: string) => {
    index.set(room, index.size);
    low.set(room, index.get(room)!);
    stack.push(room);
    for (const next of arrows.get(room) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(room, Math.min(low.get(room)!, low.get(next)!));
      } else if (stack.includes(next)) low.set(room, Math.min(low.get(room)!, index.get(next)!));
    }
    if (low.get(room) !== index.get(room)) return;
    const part = stack.splice(stack.indexOf(room));
    if (part.length > 1) found.push(part.sort());
  };
  for (const room of arrows.keys()) if (!index.has(room)) visit(room);
  return found;
}

describe('import circles between the server folders', () => {
  it('reads every form of relative import', () => {
    expect(importsOf([
      "import type { Db } from '../db/index.ts';",
      "import { a,\n  b } from './x.ts';",
      "export { c } from './c.ts';",
      "import './side.ts';",
      "const m = await import('../formulas/engine.ts');",
      "import pg from 'pg';",
    ].join('\n'))).toEqual(['../db/index.ts', './x.ts', './c.ts', './side.ts', '../formulas/engine.ts']);
  });

  it('finds a circle, however long, and nothing where the arrows run one way', () => {
    const graph = (pairs: string[]) => {
      const g = new Map<string, string[]>();
      for (const p of pairs) {
        const [a, b] = p.split('>');
        g.set(a, [...g.get(a) ?? [], b]);
      }
      return g;
    };
    expect(circles(graph(['app>jobs', 'jobs>services', 'services>context', 'context>jobs', 'services>db']))).toEqual([['context', 'jobs', 'services']]);
    expect(circles(graph(['app>jobs', 'jobs>services', 'services>context', 'jobs>context', 'context>db']))).toEqual([]);
  });

  it('finds none in server/', () => {
    const arrows = roomArrows();
    expect(arrows.get('services/')?.has('context.ts')).toBe(true); // the files were read
    const ties = circles(new Map([...arrows].map(([from, to]) => [from, to.keys()]))).map((part) =>
      part.flatMap((from) => part.flatMap((to) => arrows.get(from)?.get(to) ?? [])));
    expect(ties).toEqual([]);
  });
});
