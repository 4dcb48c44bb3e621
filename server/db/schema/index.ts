export * from './tenancy.ts';
export * from './projects.ts';
