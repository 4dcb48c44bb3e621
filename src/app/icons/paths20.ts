import type { IconPaths } from '@blueprintjs/icons';

/** Each 20 px icon's paths as its own chunk, by file name (see ../iconLoader.ts). */
export const paths20 = import.meta.glob<IconPaths>('./*.js', {
  base: '../../../node_modules/@blueprintjs/icons/lib/esm/generated/20px/paths/',
  import: 'default',
});
