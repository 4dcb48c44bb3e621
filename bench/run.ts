// `npm run bench -- <name>`: runs bench/<name>.ts, or all benchmarks without a name.
import { readdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { dirname, join } from 'node:path';

const here = dirname(fileURLToPath(import.meta.url));
const all = readdirSync(here)
  .filter((f) => f.endsWith('.ts') && f !== 'run.ts' && !f.endsWith('.test.ts'))
  .map((f) => f.replace(/\.ts$/, ''));
// Names only: a `--flag value` pair (bench/load.ts: --seconds 10) is the benchmark's own option.
const wanted = process.argv.slice(2).filter((a, i, all) => !a.startsWith('-') && !(all[i - 1]?.startsWith('--') && !all[i - 1]!.includes('=')));
const names = wanted.length ? wanted : all;
for (const name of names) {
  if (!all.includes(name)) {
    console.error(`Onbekende benchmark '${name}'. Beschikbaar: ${all.join(', ')}`);
    process.exit(1);
  }
  console.log(`\n=== bench: ${name} ===`);
  const mod = await import(pathToFileURL(join(here, `${name}.ts`)).href);
  if (typeof mod.default === 'function') await mod.default();
}
