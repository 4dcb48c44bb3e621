// `npm run bench -- mapOverview`: the built-in map viewer (mapviewer.html) in Debian's Chromium with 2,000
// project regions posted in overview mode (issue 14: drawn ≤ 1 s on the canvas renderer). The page is built
// into a temporary folder with vite (as scripts/e2e.ts does) and served by a tiny static server with a
// same-origin parent page that embeds it; the figure is the viewer's own `drawn` message (from receiving
// `load` to the canvas painted), plus the parent's wall time from posting to receiving it. Prints, never asserts.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { chromium } from '@playwright/test';
import type { OverviewRegion, ParentMessage } from '../src/mapviewer/protocol.ts';
import { fromRd } from '../src/mapviewer/rd.ts';
import { ensureProgram } from '../scripts/ensure.ts';

const REGIONS = 2000;
const CORNERS = 40;
const RUNS = 5;
const TARGET_MS = 1000;
const COLORS = ['#e53935', '#1e88e5', '#43a047', '#fb8c00', '#8e24aa', '#00897b'];

/** 2,000 irregular project regions spread over the Netherlands in RD, 40 corners each, as WGS84 GeoJSON. */
export function benchRegions(n = REGIONS, corners = CORNERS): OverviewRegion[] {
  const cols = Math.ceil(Math.sqrt(n));
  const out: OverviewRegion[] = [];
  for (let i = 0; i < n; i++) {
    const cx = 30_000 + (i % cols) * (230_000 / cols);
    const cy = 320_000 + Math.floor(i / cols) * (280_000 / cols);
    const ring: [number, number][] = [];
    for (let k = 0; k < corners; k++) {
      const a = (2 * Math.PI * k) / corners;
      const r = 1_500 + 600 * Math.sin(3 * a + i);
      ring.push(fromRd([cx + r * Math.cos(a), cy + r * Math.sin(a)]));
    }
    ring.push(ring[0]);
    out.push({
      projectId: i + 1, name: `Project ${i + 1}`, typeName: `Type ${(i % COLORS.length) + 1}`,
      color: COLORS[i % COLORS.length], geometry: { type: 'Polygon', coordinates: [ring] },
    });
  }
  return out;
}

const PARENT_HTML = `<!doctype html><html><body style="margin:0">
<iframe id="viewer" src="/mapviewer.html?tiles=none" style="width:1280px;height:800px;border:0"></iframe>
<script>
  window.received = [];
  window.addEventListener('message', (e) => {
    if (e.origin !== location.origin || e.source !== document.getElementById('viewer').contentWindow) return;
    window.received.push({ at: performance.now(), data: e.data });
  });
</script></body></html>`;

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.png': 'image/png', '.svg': 'image/svg+xml' };

/** Serves the built client folder and /parent.html (the test parent) on 127.0.0.1. */
export function serveStatic(root: string): Promise<{ server: Server; base: string }> {
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path === '/parent.html') return void res.writeHead(200, { 'content-type': 'text/html' }).end(PARENT_HTML);
    const file = normalize(join(root, path));
    if (!file.startsWith(root) || !existsSync(file)) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    resolve({ server, base: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` });
  }));
}

export default async function bench(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'grondslag-mapbench-'));
  try {
    const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', dir, '--emptyOutDir'], { stdio: 'inherit' });
    if (build.status !== 0) throw new Error('vite build mislukt');
    const { server, base } = await serveStatic(dir);
    const browser = await chromium.launch({
      executablePath: ensureProgram('chromium'),
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    });
    try {
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      await page.goto(`${base}/parent.html`);
      await page.waitForFunction(() => (window as unknown as { received: { data: { type: string } }[] }).received.some((m) => m.data.type === 'ready'));
      const message: ParentMessage = { type: 'load', mode: 'overview', overview: benchRegions(), context: [] };
      const viewerMs: number[] = [];
      const wallMs: number[] = [];
      const steps: { check: number; layers: number; paint: number }[] = [];
      for (let run = 0; run < RUNS; run++) {
        const r = await page.evaluate(async (msg) => {
          const w = window as unknown as { received: { at: number; data: { type: string; ms?: number; count?: number } }[] };
          const from = w.received.length;
          const t0 = performance.now();
          (document.getElementById('viewer') as HTMLIFrameElement).contentWindow!.postMessage(msg, location.origin);
          for (;;) {
            const drawn = w.received.slice(from).find((m) => m.data.type === 'drawn');
            if (drawn) return { viewer: drawn.data.ms!, wall: drawn.at - t0, count: drawn.data.count! };
            await new Promise((res) => setTimeout(res, 5));
          }
        }, message);
        steps.push(await page.frameLocator('#viewer').locator('body').evaluate(() => {
          // (no named inner functions: tsx would wrap them in a helper the page does not have)
          const [received, checked, layers, drawn] = ['mv:received', 'mv:checked', 'mv:layers', 'mv:drawn']
            .map((name) => performance.getEntriesByName(name, 'mark')[0]?.startTime ?? NaN);
          return { check: checked - received, layers: layers - checked, paint: drawn - layers };
        }));
        if (r.count !== REGIONS) throw new Error(`${r.count} gebieden getekend in plaats van ${REGIONS}`);
        viewerMs.push(r.viewer);
        wallMs.push(r.wall);
      }
      const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
      const row = (name: string, ms: number) =>
        console.log(`${name.padEnd(60)} ${`${ms.toFixed(0)} ms`.padStart(9)}   (doel ≤ ${TARGET_MS} ms) ${ms <= TARGET_MS ? 'OK' : 'TE TRAAG'}`);
      console.log(`${REGIONS} projectgebieden × ${CORNERS} hoekpunten, ${RUNS} keer, mediaan (eerste keer apart):`);
      row('overzicht: load → getekend (viewer, eerste keer)', viewerMs[0]);
      row('overzicht: load → getekend (viewer, mediaan)', median(viewerMs));
      row('overzicht: postMessage → drawn ontvangen (ouder, mediaan)', median(wallMs));
      for (const key of ['check', 'layers', 'paint'] as const) {
        const label = { check: 'bericht controleren', layers: 'lagen maken', paint: 'passend maken en tekenen' }[key];
        console.log(`  waarvan ${label.padEnd(26)} eerste keer ${steps[0][key].toFixed(0).padStart(5)} ms, mediaan ${median(steps.map((s) => s[key])).toFixed(0).padStart(5)} ms`);
      }
    } finally {
      await browser.close();
      server.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
