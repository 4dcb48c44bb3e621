// `npm test`: the whole suite — types, unit tests, API tests, fault tests, end-to-end tests. Stops at the first failure.
import { spawnSync } from 'node:child_process';

const steps: [string, string[]][] = [
  ['Typecontrole', ['tsc', '--noEmit', '-p', '.']],
  ['Unit-tests', ['vitest', 'run', '--project', 'unit']],
  ['Rekenkern op kale HyperFormula (GRONDSLAG_HF_PATCHES=0)', ['vitest', 'run', '--project', 'engine-plain-hf']],
  ['API-tests', ['vitest', 'run', '--project', 'api']],
  ['Storingstests (servers gestopt, database weg, schijf vol, back-up en herstel)', ['vitest', 'run', '--project', 'faults']],
  ['End-to-end-tests', ['node', '--import', 'tsx', 'scripts/e2e.ts']],
];

for (const [name, [cmd, ...args]] of steps) {
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const r = spawnSync('npx', [cmd, ...args], { stdio: 'inherit' });
  console.log(`◀ ${name}: ${r.status === 0 ? 'geslaagd' : 'MISLUKT'} (${Math.round((Date.now() - started) / 1000)} s)`);
  if (r.status !== 0) process.exit(r.status ?? 1);
}
