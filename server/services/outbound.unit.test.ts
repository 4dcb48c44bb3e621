import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressAllowed, headStatus, refusedTarget } from './outbound.ts';

// Issue 22 item 5: the server connects to no internal address a user configured.

describe('addressAllowed', () => {
  it('refuses private, link-local, shared, unspecified and multicast addresses, and loopback unless allowed', () => {
    const internal = ['10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.0.1', '169.254.169.254', '0.0.0.0', '100.64.0.1',
      '224.0.0.1', '255.255.255.255', '::', 'fc00::1', 'fd00:ec2::254', 'fe80::1', 'ff02::1', '::ffff:10.0.0.1', '::ffff:a9fe:a9fe', '64:ff9b::a00:1', 'not an ip'];
    for (const ip of internal) {
      expect([ip, addressAllowed(ip, false)]).toEqual([ip, false]);
      expect([ip, addressAllowed(ip, true)]).toEqual([ip, false]);
    }
    for (const ip of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) {
      expect([ip, addressAllowed(ip, false)]).toEqual([ip, false]);
      expect([ip, addressAllowed(ip, true)]).toEqual([ip, true]);
    }
    for (const ip of ['93.184.215.14', '172.32.0.1', '192.169.0.1', '2a00:1450:4001:80b::200e', '8.8.8.8']) {
      expect([ip, addressAllowed(ip, false)]).toEqual([ip, true]);
    }
  });

  it('checks what a name resolves to', async () => {
    expect(await refusedTarget('http://localhost:9/', false)).not.toBeNull();
    expect(await refusedTarget('http://localhost:9/', true)).toBeNull();
    expect(await refusedTarget('https://[fe80::1]/', true)).toBe('fe80::1');
    expect(await refusedTarget('https://93.184.215.14/', false)).toBeNull();
  });
});

describe('headStatus', () => {
  const seen: string[] = [];
  const server = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    res.writeHead(204).end();
  });
  let port = 0;
  beforeAll(async () => {
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((r) => server.close(r)));

  it('connects to loopback, by address or by name, only when allowed', async () => {
    for (const url of [`http://127.0.0.1:${port}/`, `http://localhost:${port}/`, `http://[::ffff:127.0.0.1]:${port}/`]) {
      await expect(headStatus(url, false, 2000)).rejects.toThrow(/geweigerd: intern adres/);
    }
    expect(seen).toEqual([]);
    expect(await headStatus(`http://127.0.0.1:${port}/x`, true, 2000)).toBe(204);
    expect(seen).toEqual(['HEAD /x']);
  });
});
