import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/app.ts';
import type { LogFormat } from './logFormat.ts';

// The server's log as buildApp writes it: one line per request, text or JSON.

let t: TestApp | undefined;
afterEach(() => t?.close());

async function logOf(format: LogFormat): Promise<string[]> {
  const lines: string[] = [];
  t = await createTestApp({ logLevel: 'info' }, { logger: format, logDestination: { write: (s: string) => void lines.push(...s.split('\n').filter(Boolean)) } });
  lines.length = 0; // start-up lines
  const res = await t.app.inject({ method: 'GET', url: '/api/manager/project/' });
  expect(res.statusCode).toBe(401);
  return lines;
}

describe('request log', () => {
  it('text: one readable line per request', async () => {
    const lines = await logOf('text');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^\d\d:\d\d:\d\d INFO {2}GET \/api\/manager\/project\/ 401 \d+ ms$/);
  });

  it('json: one pino record per request', async () => {
    const lines = await logOf('json');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0])).toMatchObject({ level: 30, req: { method: 'GET', url: '/api/manager/project/' }, res: { statusCode: 401 }, msg: 'request completed' });
  });
});
