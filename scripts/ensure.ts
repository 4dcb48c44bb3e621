// The one place that knows which programs Grondslag starts (product, scripts, benchmarks, tests) and how
// a fresh Debian machine gets them. Everything that spawns one of these asks `ensureProgram` for its
// path, so a missing program is installed (as root) or named with its install command, never an ENOENT
// halfway through a run. `scripts/ensure.test.ts` fails when a spawned program bypasses this table.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';

interface Program {
  /** The Debian package that brings it. */
  pkg: string;
  /** Where Debian puts it; the first that exists wins, else the PATH is searched for `command`. */
  paths: string[];
  /** Name on the PATH, for a copy installed elsewhere (none for programs outside the PATH). */
  command?: string;
  /** Install the package's recommends too (Chromium needs its fonts and codecs to render pages). */
  recommends?: boolean;
}

export const PROGRAMS = {
  // LibreOffice: the independent recalculator and printer of the xlsx files (tests, benchmark).
  soffice: { pkg: 'libreoffice-calc-nogui', paths: ['/usr/bin/soffice', '/usr/lib/libreoffice/program/soffice'], command: 'soffice' },
  // Poppler: the pages and text of the PDFs LibreOffice prints (tests).
  pdftotext: { pkg: 'poppler-utils', paths: ['/usr/bin/pdftotext'], command: 'pdftotext' },
  pdfinfo: { pkg: 'poppler-utils', paths: ['/usr/bin/pdfinfo'], command: 'pdfinfo' },
  // The browser of the end-to-end tests and the browser benchmarks.
  chromium: { pkg: 'chromium', paths: ['/usr/bin/chromium'], command: 'chromium', recommends: true },
  // The load balancer of `npm run start:cluster` (product).
  nginx: { pkg: 'nginx', paths: ['/usr/sbin/nginx'], command: 'nginx' },
  // The WebDAV compliance suite; its programs live outside the PATH.
  'litmus-basic': { pkg: 'litmus', paths: ['/usr/libexec/litmus/basic', '/usr/lib/litmus/basic'] },
  'litmus-locks': { pkg: 'litmus', paths: ['/usr/libexec/litmus/locks', '/usr/lib/litmus/locks'] },
  // Self-signed certificates for the SAML tests.
  openssl: { pkg: 'openssl', paths: ['/usr/bin/openssl'], command: 'openssl' },
} as const satisfies Record<string, Program>;

export type ProgramName = keyof typeof PROGRAMS;

/** The program's path when it is installed, else null (for callers that skip rather than install). */
export function findProgram(name: ProgramName): string | null {
  const program: Program = PROGRAMS[name];
  const known = program.paths.find((p) => existsSync(p));
  if (known) return known;
  if (!program.command) return null;
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (dir && existsSync(join(dir, program.command))) return join(dir, program.command);
  }
  return null;
}

/** The command a person runs to install the program's package. */
export function installCommand(name: ProgramName): string {
  const program: Program = PROGRAMS[name];
  return `sudo apt-get install -y ${program.recommends ? '' : '--no-install-recommends '}${program.pkg}`;
}

/** Several test files (and colleagues' runs) may install at once: apt's locks are waited for, not failed on. */
const INSTALL_DEADLINE_MS = 15 * 60_000;
const LOCK_WAIT_SECONDS = '300';

/**
 * The program's path, installing its Debian package first when it is missing. As root that is apt-get
 * (waiting for apt's lock while another install runs); otherwise it throws with the command to run.
 */
export function ensureProgram(name: ProgramName): string {
  const found = findProgram(name);
  if (found) return found;
  const program: Program = PROGRAMS[name];
  if (process.getuid?.() !== 0) {
    throw new Error(`${name} ontbreekt. Installeer het met: ${installCommand(name)}`);
  }
  console.log(`${name} ontbreekt; pakket ${program.pkg} wordt geïnstalleerd…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const apt = (args: string[]) => execFileSync('apt-get', ['-qq', '-o', `DPkg::Lock::Timeout=${LOCK_WAIT_SECONDS}`, ...args], {
    env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: INSTALL_DEADLINE_MS,
  });
  const install = ['install', '-y', ...(program.recommends ? [] : ['--no-install-recommends']), program.pkg];
  const started = Date.now();
  let lastError = '';
  // Install from the lists at hand first; a failure (no lists yet, stale lists, a lock `apt-get update`
  // does not wait for) refreshes the lists and tries again, until the program is there or time is up.
  for (let attempt = 0; Date.now() - started < INSTALL_DEADLINE_MS; attempt++) {
    try {
      if (attempt > 0) apt(['update']);
      apt(install);
    } catch (e) {
      lastError = String((e as { stderr?: string }).stderr || (e as Error).message).trim();
    }
    const path = findProgram(name);
    if (path) return path;
    if (attempt > 0) sleep(Math.min(30_000, 2_000 * attempt));
  }
  throw new Error(`${name} kon niet worden geïnstalleerd (apt-get install ${program.pkg}): ${lastError}`);
}

function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}
