// Issue 33: `npm test` on a fresh machine stopped at `spawnSync pdftotext ENOENT` — a program the tests
// start that nothing installed. This guard reads every source file of the repository and fails when a
// program is started (child_process, or a browser's executablePath) that is neither asked of
// `ensureProgram` (scripts/ensure.ts installs it) nor on the allow-list below with a reason.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { PROGRAMS } from './ensure.ts';

/** Programs every machine that runs the project has, so they need no ensure step. */
const ALLOWED: Record<string, string> = {
  npx: 'comes with npm, which runs every script of the project (`npm ci`, `npm test`, `npm run …`)',
  'node_modules/.bin/node': 'the pinned Node.js that `npm ci` installs (the `node` devDependency)',
  'apt-get': "Debian's installer (Priority: required), the ensure step's own tool",
  id: 'coreutils, Essential on every Debian system',
  true: 'coreutils, Essential on every Debian system',
  mount: 'package mount, Priority: required: on every Debian system, the minimal container images too',
  umount: 'package mount, Priority: required: on every Debian system, the minimal container images too',
};

/** Spawns of a command the person running the script names; `file: expression` → why. */
const USER_COMMANDS: Record<string, string> = {
  'scripts/cpuLoad.ts: command[0]!': 'runs the command given after `--` under load (README: `-- npm test`)',
};

const SPAWNERS = new Set(['spawn', 'spawnSync', 'execFile', 'execFileSync', 'exec', 'execSync']);
/** exec and execSync take a shell command line: its first word is the program. */
const SHELL_LINES = new Set(['exec', 'execSync']);

interface Spawned {
  file: string;
  line: number;
  /** The program's name when the code names it; undefined when it comes from ensureProgram or is Node itself. */
  program?: string;
  /** Set when the guard cannot tell what is started. */
  unknown?: string;
}

/** Every program start in one source file. */
function spawnedPrograms(file: string, text: string): Spawned[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const spawners = new Map<string, string>(); // local name → child_process function
  const namespaces = new Set<string>();
  const constants = new Map<string, ts.Expression>();
  const found: Spawned[] = [];

  const collect = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier) && /^(node:)?child_process$/.test(node.moduleSpecifier.text)) {
      const bindings = node.importClause?.namedBindings;
      if (bindings && ts.isNamedImports(bindings)) {
        for (const b of bindings.elements) spawners.set(b.name.text, (b.propertyName ?? b.name).text);
      } else if (bindings) namespaces.add(bindings.name.text);
      if (node.importClause?.name) namespaces.add(node.importClause.name.text);
    }
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) constants.set(node.name.text, node.initializer);
    ts.forEachChild(node, collect);
  };
  collect(source);

  const at = (node: ts.Node) => ({ file, line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1 });
  const classify = (expr: ts.Expression, shellLine: boolean, call: ts.Node, seen = new Set<string>()): Spawned => {
    const e = ts.isNonNullExpression(expr) || ts.isParenthesizedExpression(expr) || ts.isAsExpression(expr) ? expr.expression : expr;
    if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) {
      return { ...at(call), program: shellLine ? e.text.trim().split(/\s+/)[0] : e.text };
    }
    if (e.getText() === 'process.execPath') return at(call);
    if (ts.isCallExpression(e) && e.expression.getText() === 'ensureProgram') return at(call);
    if (ts.isIdentifier(e) && constants.has(e.text) && !seen.has(e.text)) {
      return classify(constants.get(e.text)!, shellLine, call, seen.add(e.text));
    }
    return { ...at(call), unknown: expr.getText() };
  };

  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && node.arguments.length > 0) {
      const callee = node.expression;
      const fn = ts.isIdentifier(callee) ? spawners.get(callee.text)
        : ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.expression) && namespaces.has(callee.expression.text) ? callee.name.text : undefined;
      if (fn && SPAWNERS.has(fn)) found.push(classify(node.arguments[0]!, SHELL_LINES.has(fn), node));
    }
    if (ts.isPropertyAssignment(node) && node.name.getText() === 'executablePath') found.push(classify(node.initializer, false, node));
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Why a start is not covered, or null when it is. */
function problem(s: Spawned): string | null {
  const where = `${s.file}:${s.line}`;
  if (s.unknown !== undefined) {
    return USER_COMMANDS[`${s.file}: ${s.unknown}`] ? null : `${where}: start '${s.unknown}', onbekend welk programma; vraag het pad aan ensureProgram() (scripts/ensure.ts)`;
  }
  if (s.program === undefined || ALLOWED[s.program]) return null;
  const known = Object.keys(PROGRAMS).find((p) => p === s.program || s.program!.endsWith(`/${p}`));
  return known
    ? `${where}: start '${s.program}' zonder ensureProgram('${known}')`
      : `${where}: start '${s.program}', dat nergens wordt geïnstalleerd; voeg het toe aan PROGRAMS in scripts/ensure.ts`;
}

const root = join(import.meta.dirname, '..');
const SOURCE = /\.(ts|tsx|mts|js|mjs)$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    if (d.name === 'node_modules' || d.name.startsWith('.')) return [];
    const path = join(dir, d.name);
    if (d.isDirectory()) return ['src', 'server', 'test', 'scripts', 'bench', 'e2e', 'deploy'].includes(d.name) || dir !== root ? sourceFiles(path) : [];
    return SOURCE.test(d.name) ? [path] : [];
  });
}

describe('every program the project starts has an ensure step', () => {
  const starts = sourceFiles(root).flatMap((f) => spawnedPrograms(relative(root, f), readFileSync(f, 'utf8')));

  it('finds the starts it guards (tests, scripts, benchmarks, the product, the browsers)', () => {
    const files = new Set(starts.map((s) => s.file));
    for (const f of ['test/formulas/libreoffice.ts', 'scripts/cluster.ts', 'scripts/test.ts', 'playwright.config.ts', 'server/routes/saml.test.ts', 'bench/workbench.ts']) {
      expect(files).toContain(f);
    }
  });

  it('starts only programs that ensureProgram installs or that every machine has', () => {
    expect(starts.map(problem).filter((p) => p !== null)).toEqual([]);
  });

  it('names a program started by its name, or from a path it cannot trace', () => {
    const sample = [
      "import { execFileSync as run, spawn } from 'node:child_process';",
      "import * as cp from 'child_process';",
      "const tool = '/usr/bin/pdfinfo';",
      "run('pdftotext', ['-layout', 'a.pdf', '-']);",
      'spawn(tool, []);',
      "cp.execSync('convert a.png a.pdf');",
      "spawn(process.env.BIN ?? 'x', []);",
      "spawn(ensureProgram('soffice'), []); spawn(process.execPath, []); spawn('npx', ['vite']);",
      "const browser = { executablePath: '/usr/bin/chromium' };",
    ].join('\n');
    expect(spawnedPrograms('sample.ts', sample).map(problem)).toEqual([
      "sample.ts:4: start 'pdftotext' zonder ensureProgram('pdftotext')",
      "sample.ts:5: start '/usr/bin/pdfinfo' zonder ensureProgram('pdfinfo')",
      "sample.ts:6: start 'convert', dat nergens wordt geïnstalleerd; voeg het toe aan PROGRAMS in scripts/ensure.ts",
      "sample.ts:7: start 'process.env.BIN ?? 'x'', onbekend welk programma; vraag het pad aan ensureProgram() (scripts/ensure.ts)",
      null, null, null,
      "sample.ts:9: start '/usr/bin/chromium' zonder ensureProgram('chromium')",
    ]);
  });
});
