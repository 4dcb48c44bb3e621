// Playwright end-to-end tests against the real server on a fresh data folder, in Debian's Chromium.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureProgram } from './ensure.ts';
import { freePort } from '../server/net.ts';

ensureProgram('chromium');

const dataDir = mkdtempSync(join(tmpdir(), 'grondslag-e2e-'));
chmodSync(dataDir, 0o755); // the embedded database runs as `postgres` when we are root

// The client is built into the run's own folder, so parallel runs (and `npm start`) never share one.
const clientDir = join(dataDir, 'dist');
const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', clientDir, '--emptyOutDir'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
const env = {
  ...process.env,
  E2E_DATA_DIR: dataDir,
  CLIENT_DIR: clientDir,
  E2E_PORT: String(await freePort()),
  E2E_PG_PORT: String(await freePort()),
  // The server (without SMTP) appends sent mails here; tests read reset codes from it.
  E2E_MAIL_FILE: join(dataDir, 'mails.jsonl'),
};
const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], { stdio: 'inherit', env });
rmSync(dataDir, { recursive: true, force: true });
process.exit(result.status ?? 1);
