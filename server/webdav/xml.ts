import { DOMParser, XMLSerializer } from '@xmldom/xmldom';
import { escapeXml } from '../../src/lib/xml.ts';

// The XML of the WebDAV requests this handler reads (PROPFIND, PROPPATCH, LOCK bodies) and of its
// answers (RFC 4918). Parsed with namespaces: clients pick their own prefixes ("D:", "a:", a default
// xmlns="DAV:"), and a property is named by its namespace and local name together.

export const DAV_NS = 'DAV:';

/** A property name: its namespace URI and local name. */
export interface PropName { ns: string; name: string }

/** The request body is not well-formed XML, or not the element the method expects: 400. */
export class BadXml extends Error {}

type El = Element;

function parse(body: string, root: string): El | null {
  if (!body.trim()) return null;
  const fail = (m: string) => { throw new BadXml(m); };
  const doc = new DOMParser({ errorHandler: { warning: () => {}, error: fail, fatalError: fail } }).parseFromString(body, 'application/xml');
  const el = doc.documentElement;
  if (!el || el.namespaceURI !== DAV_NS || el.localName !== root) throw new BadXml(`<${root}> expected`);
  return el;
}

const children = (el: El): El[] => Array.from(el.childNodes).filter((n): n is El => n.nodeType === 1);
const davChild = (el: El, name: string) => children(el).find((c) => c.namespaceURI === DAV_NS && c.localName === name);
const propNames = (prop: El | undefined): PropName[] => (prop ? children(prop).map((p) => ({ ns: p.namespaceURI ?? '', name: p.localName ?? '' })) : []);

export type PropfindRequest = { kind: 'allprop' } | { kind: 'propname' } | { kind: 'prop'; props: PropName[] };

/** A PROPFIND body; an empty one asks for all properties (RFC 4918 §9.1). */
export function parsePropfind(body: string): PropfindRequest {
  const el = parse(body, 'propfind');
  if (!el || davChild(el, 'allprop')) return { kind: 'allprop' };
  if (davChild(el, 'propname')) return { kind: 'propname' };
  const prop = davChild(el, 'prop');
  if (!prop) throw new BadXml('<prop>, <allprop> or <propname> expected');
  return { kind: 'prop', props: propNames(prop) };
}

/** The properties a PROPPATCH sets or removes, in document order. */
export function parseProppatch(body: string): PropName[] {
  const el = parse(body, 'propertyupdate');
  if (!el) throw new BadXml('<propertyupdate> expected');
  return children(el).filter((c) => c.namespaceURI === DAV_NS && (c.localName === 'set' || c.localName === 'remove'))
    .flatMap((c) => propNames(davChild(c, 'prop')));
}

export interface LockRequest {
  scope: 'exclusive' | 'shared';
  /** The <owner> element's content as the client sent it (kept and given back in lockdiscovery). */
  owner: string;
}

/** A LOCK body; null for an empty one (a refresh). */
export function parseLockinfo(body: string): LockRequest | null {
  const el = parse(body, 'lockinfo');
  if (!el) return null;
  const scope = davChild(el, 'lockscope');
  const shared = scope ? !!davChild(scope, 'shared') : false;
  const owner = davChild(el, 'owner');
  const serializer = new XMLSerializer();
  return {
    scope: shared ? 'shared' : 'exclusive',
    owner: owner ? Array.from(owner.childNodes).map((n) => serializer.serializeToString(n)).join('') : '',
  };
}


const XML_HEAD = '<?xml version="1.0" encoding="utf-8"?>\n';

/** A property element with its value (XML text already escaped), in the DAV: namespace or its own. */
export function propXml(p: PropName, value = ''): string {
  const tag = p.ns === DAV_NS ? `D:${p.name}` : `X:${p.name}`;
  const ns = p.ns === DAV_NS ? '' : ` xmlns:X="${escapeXml(p.ns)}"`;
  return value ? `<${tag}${ns}>${value}</${tag}>` : `<${tag}${ns}/>`;
}

/** One <D:response> of a multistatus: per status, the properties (already as XML) that have it. */
export function responseXml(href: string, propstats: { status: string; props: string[] }[]): string {
  const stats = propstats.filter((s) => s.props.length)
    .map((s) => `<D:propstat><D:prop>${s.props.join('')}</D:prop><D:status>HTTP/1.1 ${s.status}</D:status></D:propstat>`);
  return `<D:response><D:href>${escapeXml(href)}</D:href>${stats.join('')}</D:response>`;
}

export const multistatusXml = (responses: string[]) => `${XML_HEAD}<D:multistatus xmlns:D="DAV:">${responses.join('')}</D:multistatus>`;

/** A live lock as lockdiscovery shows it. */
export interface ActiveLock {
  token: string;
  owner: string;
  /** Seconds left. */
  seconds: number;
  root: string;
}

export const activeLockXml = (l: ActiveLock) => '<D:activelock><D:locktype><D:write/></D:locktype><D:lockscope><D:exclusive/></D:lockscope>'
  + `<D:depth>0</D:depth>${l.owner ? `<D:owner>${l.owner}</D:owner>` : ''}<D:timeout>Second-${l.seconds}</D:timeout>`
  + `<D:locktoken><D:href>${escapeXml(l.token)}</D:href></D:locktoken><D:lockroot><D:href>${escapeXml(l.root)}</D:href></D:lockroot></D:activelock>`;

/** The answer body of a LOCK (RFC 4918 §9.10.1). */
export const lockAnswerXml = (l: ActiveLock) => `${XML_HEAD}<D:prop xmlns:D="DAV:"><D:lockdiscovery>${activeLockXml(l)}</D:lockdiscovery></D:prop>`;

/** A precondition's error body (RFC 4918 §16), e.g. lock-token-submitted with the locked resource. */
export const errorXml = (condition: string, href?: string) =>
  `${XML_HEAD}<D:error xmlns:D="DAV:"><D:${condition}>${href ? `<D:href>${escapeXml(href)}</D:href>` : ''}</D:${condition}></D:error>`;
