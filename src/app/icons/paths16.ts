import type { IconPaths } from '@blueprintjs/icons';

/** Each 16 px icon's paths as its own chunk, by file name (see ../iconLoader.ts). */
export const paths16 = import.meta.glob<IconPaths>('./*.js', {
  base: '../../../node_modules/@blueprintjs/icons/lib/esm/generated/16px/paths/',
  import: 'default',
});
