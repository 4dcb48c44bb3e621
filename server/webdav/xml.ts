import { SaxesParser, type SaxesTagNS } from 'saxes';
import { escapeXml } from '../../src/lib/xml.ts';
import { beyondXmlBounds } from '../xmlBounds.ts';

// The XML of the WebDAV requests this handler reads (PROPFIND, PROPPATCH, LOCK bodies) and of its
// answers (RFC 4918). Parsed with namespaces: clients pick their own prefixes ("D:", "a:", a default
// xmlns="DAV:"), and a property is named by its namespace and local name together. The parser is
// saxes, one linear pass (issue 34.1: @xmldom/xmldom took time of names x size, 665 s for a
// PROPPATCH of 7.8 MB); the routes cap the body's size before (MAX_DAV_XML_BYTES).

export const DAV_NS = 'DAV:';

/**
 * The largest PROPFIND, PROPPATCH or LOCK body read: the clients' bodies are a few kB (Office, Windows,
 * macOS, litmus); what is larger is refused unread with 413.
 */
export const MAX_DAV_XML_BYTES = 64 * 1024;

/** A property name: its namespace URI and local name. */
export interface PropName { ns: string; name: string }

/** The request body is not well-formed XML, or not the element the method expects: 400. */
export class BadXml extends Error {}

/** An element as these requests need it: its name, its child elements and, for DAV:owner, its content as XML. */
interface El { ns: string; name: string; children: El[]; xml: string }

/**
 * The content of an element written out again, each element with the declaration of its prefix when
 * the copy does not hold it, so it stays the same XML wherever it is put (a lock's owner goes back
 * inside our own answer, whose prefixes are not the client's).
 */
class ContentWriter {
  xml = '';
  private readonly declared: Set<string>[] = [];

  open(tag: SaxesTagNS) {
    const own = new Set<string>();
    let attrs = '';
    for (const a of Object.values(tag.attributes)) {
      if (a.name === 'xmlns' || a.prefix === 'xmlns') own.add(a.name === 'xmlns' ? '' : a.local);
      attrs += ` ${a.name}="${escapeXml(a.value)}"`;
    }
    const declare = (prefix: string, uri: string) => {
      if (own.has(prefix) || this.declared.some((d) => d.has(prefix))) return;
      own.add(prefix);
      attrs += ` ${prefix ? `xmlns:${prefix}` : 'xmlns'}="${escapeXml(uri)}"`;
    };
    if (tag.prefix || tag.uri) declare(tag.prefix, tag.uri);
    for (const a of Object.values(tag.attributes)) {
      if (a.prefix && a.prefix !== 'xmlns' && a.prefix !== 'xml') declare(a.prefix, a.uri);
    }
    this.declared.push(own);
    this.xml += `<${tag.name}${attrs}${tag.isSelfClosing ? '/' : ''}>`;
  }

  close(tag: SaxesTagNS) {
    this.declared.pop();
    if (!tag.isSelfClosing) this.xml += `</${tag.name}>`;
  }

  text(t: string) {
    this.xml += escapeXml(t);
  }
}

/** The document's root element, built in one pass of saxes; null for an empty body. */
function parse(body: string, root: string): El | null {
  if (!body.trim()) return null;
  // Cheap before any parse, and far above what a client sends; the size cap bounds the elements.
  const beyond = beyondXmlBounds(body, Number.POSITIVE_INFINITY);
  if (beyond) throw new BadXml(beyond);
  const parser = new SaxesParser({ xmlns: true, position: false });
  const stack: El[] = [];
  let top: El | null = null;
  // While inside a DAV:owner: its content is copied (nested owners belong to the outer one).
  let owner: { el: El; writer: ContentWriter; depth: number } | null = null;
  parser.on('error', (e) => { throw new BadXml(e.message); });
  parser.on('opentag', (tag) => {
    const el: El = { ns: tag.uri, name: tag.local, children: [], xml: '' };
    if (owner) {
      owner.writer.open(tag);
      owner.depth++;
    } else if (tag.uri === DAV_NS && tag.local === 'owner') {
      owner = { el, writer: new ContentWriter(), depth: 0 };
    }
    (stack.at(-1)?.children ?? []).push(el);
    top ??= el;
    stack.push(el);
  });
  parser.on('closetag', (tag) => {
    const el = stack.pop();
    if (owner && owner.depth > 0) {
      owner.writer.close(tag);
      owner.depth--;
    } else if (owner && el === owner.el) {
      owner.el.xml = owner.writer.xml;
      owner = null;
    }
  });
  parser.on('text', (t) => owner?.writer.text(t));
  parser.on('cdata', (t) => owner?.writer.text(t));
  parser.write(body).close();
  const el = top as El | null;
  if (!el || el.ns !== DAV_NS || el.name !== root) throw new BadXml(`<${root}> expected`);
  return el;
}

const davChild = (el: El, name: string) => el.children.find((c) => c.ns === DAV_NS && c.name === name);
const propNames = (prop: El | undefined): PropName[] => (prop ? prop.children.map((p) => ({ ns: p.ns, name: p.name })) : []);

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
  return el.children.filter((c) => c.ns === DAV_NS && (c.name === 'set' || c.name === 'remove'))
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
  return { scope: shared ? 'shared' : 'exclusive', owner: davChild(el, 'owner')?.xml ?? '' };
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
