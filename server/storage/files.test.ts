import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { createTestApp, type TestApp } from '../../test/server/app.ts';
import { createTenant, type Tenant } from '../../test/server/fixtures.ts';
import { keepFile, readFile, saveFile } from './files.ts';
import { copyFirstRow } from './copyOut.ts';

// Stored files read back (issue 26 item 4): through the pool as a binary COPY instead of hex text, kept
// in memory by id afterwards; in a transaction as before. Every way gives the same bytes and facts.

let t: TestApp;
let a: Tenant;
let b: Tenant;
beforeAll(async () => {
  t = await createTestApp({ jobWorker: false });
  a = await createTenant(t.db, 'files-a');
  b = await createTenant(t.db, 'files-b');
});
afterAll(() => t.close());

/** Every byte value, then random bytes: nothing a text encoding could pass unchanged by luck. */
const bytes = (n: number) => Buffer.concat([Buffer.from(Array.from({ length: 256 }, (_, i) => i)), randomBytes(n)]);
const at = new Date('2026-01-02T03:04:05Z');

describe('readFile', () => {
  it('gives the stored bytes and facts through the pool (binary COPY), from memory the second time, and in a transaction', async () => {
    const data = bytes(3 * 1024 * 1024 + 7); // larger than one network read
    const saved = await saveFile(t.db, { clientId: a.clientId, filename: 'Grondexploitatie één — “def”.xlsx', contentType: 'application/x-test', data, at });
    const expected = { id: saved.id, filename: 'Grondexploitatie één — “def”.xlsx', contentType: 'application/x-test', size: data.byteLength };
    const first = await readFile(t.db, a.clientId, saved.id);
    expect(first).toMatchObject(expected);
    expect(first!.data.equals(data)).toBe(true);
    const again = await readFile(t.db, a.clientId, saved.id);
    expect(again).toMatchObject(expected);
    expect(again!.data.equals(data)).toBe(true);
    const inTx = await t.db.transaction((tx) => readFile(tx, a.clientId, saved.id));
    expect(inTx).toMatchObject(expected);
    expect(inTx!.data.equals(data)).toBe(true);
  });

  it('gives an empty file, and nothing for another client’s file or one that does not exist, kept in memory or not', async () => {
    const empty = await saveFile(t.db, { clientId: a.clientId, filename: 'leeg', data: new Uint8Array(0), at });
    const read = await readFile(t.db, a.clientId, empty.id);
    expect(read).toMatchObject({ filename: 'leeg', contentType: 'application/octet-stream', size: 0 });
    expect(read!.data.byteLength).toBe(0);

    const data = bytes(10);
    const theirs = await saveFile(t.db, { clientId: b.clientId, filename: 'b.xlsx', data, at });
    expect(await readFile(t.db, a.clientId, theirs.id)).toBeNull();
    keepFile(t.db, theirs.id, data);
    expect(await readFile(t.db, a.clientId, theirs.id)).toBeNull();
    expect((await readFile(t.db, b.clientId, theirs.id))!.data.equals(data)).toBe(true);
    expect(await readFile(t.db, a.clientId, theirs.id + 1000)).toBeNull();
  });

  it('a failing COPY rejects with PostgreSQL’s error, and the pool goes on serving', async () => {
    await expect(copyFirstRow(t.db.$client, 'SELECT 1 / 0')).rejects.toThrow('division by zero');
    expect(await copyFirstRow(t.db.$client, 'SELECT 1 WHERE false')).toBeNull();
    const [n] = (await copyFirstRow(t.db.$client, 'SELECT 42::int4'))!;
    expect(n!.readInt32BE(0)).toBe(42);
  });
});
