import { defineConfig } from 'vitest/config';

// Four projects: `unit` (pure code, no database), `engine-plain-hf` (the engine's reference and oracle
// tests without the HyperFormula speed-ups), `api` (buildApp() on a fresh database per file, see
// test/server/globalSetup.ts) and `faults` (real server processes, test/server/serverProcess.ts).
// e2e runs separately through Playwright (scripts/e2e.ts).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'server/**/*.unit.test.ts', 'bench/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 300_000,
        },
      },
      {
        // The engine's reference and oracle tests once more on plain HyperFormula (hyperformulaSpeedups.ts).
        test: {
          name: 'engine-plain-hf',
          include: ['src/formulas/engine.test.ts', 'src/formulas/property.test.ts', 'src/formulas/oracle.test.ts'],
          environment: 'node',
          env: { GRONDSLAG_HF_PATCHES: '0' },
          testTimeout: 120_000,
          hookTimeout: 300_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['server/**/*.test.ts'],
          exclude: ['server/**/*.unit.test.ts', 'server/faults/**'],
          environment: 'node',
          globalSetup: ['test/server/globalSetup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: true,
          maxWorkers: 2,
        },
      },
      {
        // Real server processes (server/main.ts) killed, and their own PostgreSQL stopped under load
        // (test/server/faults.ts); one file at a time, each starts servers of its own.
        test: {
          name: 'faults',
          include: ['server/faults/*.faults.test.ts'],
          environment: 'node',
          testTimeout: 180_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
