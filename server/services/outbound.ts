import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

// Requests the server itself sends to an address a user configured (the external map viewer's
// reachability check, issue 22 item 5): never to this machine, the internal network or the cloud's
// metadata service. Checked on every address the name resolves to, and the connection goes to a checked
// address (the lookup below is the connection's own), so a name that changes its answer between a check
// and the connection (DNS rebinding) cannot slip through.

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** Not routable on the internet, or not meant for it: private, link-local, shared, reserved, multicast. */
const INTERNAL = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['169.254.0.0', 16], ['172.16.0.0', 12], ['192.0.0.0', 24],
  ['192.0.2.0', 24], ['192.88.99.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24], ['203.0.113.0', 24],
  ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) INTERNAL.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  // :: (unspecified) and the IPv4-compatible, NAT64, 6to4 and Teredo forms, which carry an IPv4 address.
  ['::', 96], ['64:ff9b::', 96], ['64:ff9b:1::', 48], ['2002::', 16], ['2001::', 32], ['2001:db8::', 32],
  ['fc00::', 7], ['fe80::', 10], ['fec0::', 10], ['ff00::', 8],
] as const) INTERNAL.addSubnet(net, prefix, 'ipv6');

/** Whether the server may connect to `ip`: never an internal address; loopback only when allowed (development). */
export function addressAllowed(ip: string, allowLoopback: boolean): boolean {
  if (!isIP(ip)) return false;
  const family = isIP(ip) === 6 ? 'ipv6' : 'ipv4';
  // BlockList matches an IPv4-mapped IPv6 address (::ffff:10.0.0.1) against the IPv4 rules too.
  if (LOOPBACK.check(ip, family)) return allowLoopback;
  return !INTERNAL.check(ip, family);
}

/** The host of an address without the brackets of an IPv6 literal. */
const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

const resolveAll = (host: string) => new Promise<LookupAddress[]>((resolve, reject) => {
  dnsLookup(host, { all: true }, (err, addresses) => (err ? reject(err) : resolve(addresses)));
});

/**
 * Why the server would refuse to connect to `url`, or null: its host is (or resolves to) an address
 * addressAllowed refuses. A name that does not resolve now is not refused here: the connection checks
 * again (a viewer may be registered before its name is published).
 */
export async function refusedTarget(url: string, allowLoopback: boolean): Promise<string | null> {
  const host = hostOf(new URL(url));
  if (isIP(host)) return addressAllowed(host, allowLoopback) ? null : host;
  let addresses: LookupAddress[];
  try {
    addresses = await resolveAll(host);
  } catch {
    return null;
  }
  return addresses.find((a) => !addressAllowed(a.address, allowLoopback))?.address ?? null;
}

/** The refusal of a connection to `host` at `address`. */
const refusal = (host: string, address: string) =>
  Object.assign(new Error(`Verbinding met ${host} (${address}) geweigerd: intern adres.`), { code: 'EADDRNOTALLOWED' });

/** The connection's name lookup: every address checked; a refusal fails the connection. */
export function checkedLookup(allowLoopback: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { all: true, family: options.family }, (err, addresses) => {
      const fail = callback as (e: NodeJS.ErrnoException) => void;
      if (err) return fail(err);
      const refused = addresses.length ? addresses.find((a) => !addressAllowed(a.address, allowLoopback))?.address : '';
      if (refused !== undefined) return fail(refusal(hostname, refused));
      if (options.all) return (callback as (e: null, a: LookupAddress[]) => void)(null, addresses);
      return callback(null, addresses[0].address, addresses[0].family);
    });
  };
}

/**
 * The status of a HEAD to `url` (redirects not followed), connected only to an allowed address; throws
 * when refused, unreachable or not answered within `timeoutMs`.
 */
export function headStatus(url: string, allowLoopback: boolean, timeoutMs: number): Promise<number> {
  const u = new URL(url);
  const host = hostOf(u);
  if (isIP(host) && !addressAllowed(host, allowLoopback)) return Promise.reject(refusal(host, host));
  const request = u.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = request(u, { method: 'HEAD', lookup: checkedLookup(allowLoopback), signal: AbortSignal.timeout(timeoutMs) }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}
