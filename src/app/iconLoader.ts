import { IconSize, type IconName, type IconPaths } from '@blueprintjs/icons';

/**
 * Blueprint's default icon loader imports every icon's paths of a size in one chunk (≈ 100 kB gzip)
 * the first time any icon is drawn by name: the largest part of the sign-in + Projects load. This
 * loader imports only the icons drawn, each its own tiny chunk, through a table per size that is
 * itself loaded on the first icon of that size (issue 26, docs/decisions.md).
 */
export async function loadIconPaths(name: IconName, size: IconSize): Promise<IconPaths> {
  const file = `./${name}.js`;
  // The product's own 16 px icons have a small table of their own (icons/product16.ts): the first load's.
  const own = size === IconSize.STANDARD ? (await import('./icons/product16.ts')).product16[file] : undefined;
  if (own) return own();
  const table = size === IconSize.STANDARD ? (await import('./icons/paths16.ts')).paths16 : (await import('./icons/paths20.ts')).paths20;
  const load = table[file];
  if (!load) throw new Error(`Onbekend pictogram: ${name}`);
  return load();
}
