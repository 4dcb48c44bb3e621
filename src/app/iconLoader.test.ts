import { describe, expect, it } from 'vitest';
import { getIconPaths, IconSize, type IconName } from '@blueprintjs/icons';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { loadIconPaths } from './iconLoader.ts';
import { product16 } from './icons/product16.ts';

describe('loadIconPaths', () => {
  it('gives each size the paths Blueprint ships for that icon', async () => {
    for (const name of ['add', 'small-cross', 'people', 'chevron-down'] as IconName[]) {
      expect(await loadIconPaths(name, IconSize.STANDARD)).toEqual(getIconPaths(name, IconSize.STANDARD));
      expect(await loadIconPaths(name, IconSize.LARGE)).toEqual(getIconPaths(name, IconSize.LARGE));
    }
    expect(await loadIconPaths('add', IconSize.STANDARD)).not.toEqual(await loadIconPaths('add', IconSize.LARGE));
  });

  it('refuses a name Blueprint does not have', async () => {
    await expect(loadIconPaths('geen-pictogram' as IconName, IconSize.STANDARD)).rejects.toThrow('Onbekend pictogram');
  });

  it("draws icons outside the product's own table from the whole table", async () => {
    expect(product16['./airplane.js']).toBeUndefined();
    expect(await loadIconPaths('airplane', IconSize.STANDARD)).toEqual(getIconPaths('airplane', IconSize.STANDARD));
  });

  it("has every icon the product names in its own table (a name missing there loads Blueprint's whole table)", () => {
    const blueprint = new Set(readdirSync('node_modules/@blueprintjs/icons/lib/esm/generated/16px/paths').filter((f) => f.endsWith('.js') && f !== 'index.js').map((f) => f.slice(0, -3)));
    const sources = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
      d.isDirectory() ? sources(join(dir, d.name)) : /\.tsx?$/.test(d.name) && !/\.test\.tsx?$/.test(d.name) ? [join(dir, d.name)] : []);
    // Every quoted word that is a Blueprint icon's name: also the icons chosen in code ('tick' : 'cross').
    const named = new Set(sources('src').flatMap((f) => [...readFileSync(f, 'utf8').matchAll(/['"`]([a-z0-9-]+)['"`]/g)].map((m) => m[1]!))
      .filter((w) => blueprint.has(w)));
    const missing = [...named].filter((n) => !product16[`./${n}.js`]);
    expect(missing).toEqual([]);
    expect(named.size).toBeGreaterThan(50);
  });
});
