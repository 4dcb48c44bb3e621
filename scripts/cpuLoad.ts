// `node --import tsx scripts/cpuLoad.ts [--workers N] [--minutes M] [-- command…]`: keeps N CPUs busy
// (default: as many as the machine has) for at most M minutes (default 60), or for as long as the given
// command runs. Issue 22 asks the e2e suite to pass twice on a loaded machine: this is that load, local
// and bounded, so the run can be repeated: `node --import tsx scripts/cpuLoad.ts -- npm run test:e2e`.
import { spawn } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { Worker } from 'node:worker_threads';

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const v = i >= 0 ? Number(process.argv[i + 1]) : NaN;
  return Number.isFinite(v) && v > 0 ? v : fallback;
}

const workers = option('workers', cpus().length);
const minutes = option('minutes', 60);
const dash = process.argv.indexOf('--');
const command = dash >= 0 ? process.argv.slice(dash + 1) : [];

// Each worker spins in slices of 50 ms and then yields briefly, so a stop message is always heard.
const spin = `
const { parentPort } = require('node:worker_threads');
let stop = false;
parentPort.on('message', () => { stop = true; });
(function slice() {
  const end = Date.now() + 50;
  while (Date.now() < end) Math.sqrt(Math.random());
  if (!stop) setImmediate(slice);
})();`;
const pool = Array.from({ length: workers }, () => new Worker(spin, { eval: true }));
const started = Date.now();
console.log(`CPU-belasting: ${workers} werkers, hoogstens ${minutes} min (load nu ${loadavg()[0]!.toFixed(1)})`);

const timer = setInterval(() => console.log(`CPU-belasting: load ${loadavg().map((l) => l.toFixed(1)).join(' ')}`), 60_000);
let code = 0;
function stop() {
  clearInterval(timer);
  for (const w of pool) { w.postMessage('stop'); void w.terminate(); }
  console.log(`CPU-belasting gestopt na ${Math.round((Date.now() - started) / 1000)} s`);
  process.exit(code);
}
setTimeout(stop, minutes * 60_000).unref();
if (command.length) {
  const child = spawn(command[0]!, command.slice(1), { stdio: 'inherit' });
  child.on('exit', (c) => { code = c ?? 1; stop(); });
} else {
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
