// The product version (package.json), put into the bundle by vite.config.ts's `define` at build time, so
// the screen shows the version of the code it runs without asking the server.
declare const __GRONDSLAG_VERSION__: string | undefined;

export const PRODUCT_VERSION: string = typeof __GRONDSLAG_VERSION__ === 'string' ? __GRONDSLAG_VERSION__ : 'onbekend';
