import { describe, expect, it } from 'vitest';
import { getIconPaths, IconSize, type IconName } from '@blueprintjs/icons';
import { loadIconPaths } from './iconLoader.ts';

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
});
