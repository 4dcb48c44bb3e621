export * from './tenancy.ts';
export * from './projects.ts';
export * from './revision.ts';
export * from './jobs.ts';
export * from './documentation.ts';
export * from './results.ts';
export * from './bi.ts';
export * from './map.ts';
