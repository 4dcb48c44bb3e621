// Finding elements in a workbook part's XML in linear time (issue 22). A regex such as
// `<row\b[^>]*>([\s\S]*?)<\/row>` looks for the end tag from every unclosed `<row` and so reads the rest of
// the text again each time: 150,000 unclosed rows (1 MB) kept a thread busy for 40 s. Here every search
// starts where the previous one ended, and a start tag without its end tag makes the part malformed at
// once. Offsets are kept so the writers can change one element and copy the rest of the text as it was.

/** The part is not well-formed XML where it was read (an unclosed tag, a character reference beyond Unicode). */
export class MalformedXml extends Error {}

/** An element's start tag. */
export interface StartTag {
  /** Offset of `<name`. */
  start: number;
  /** Just past the start tag's `>`. */
  tagEnd: number;
  /** The text between the name and `>` (or `/>`), e.g. ` r="A1" s="2"`. */
  attrs: string;
  selfClosing: boolean;
}

/** An element: its start tag, its content and where it ends. */
export interface XmlElement extends StartTag {
  /** Just past the end tag (`</name>`), or the start tag when it closes itself. */
  end: number;
  /** The text between the start and the end tag ('' when self-closing). */
  body: string;
}

const QUOTE = 34;
const APOSTROPHE = 39;
const LESS = 60;
const GREATER = 62;
const SLASH = 47;

/** A character that ends an element name after `<name`: white space, `>` or `/`. */
const endsName = (c: number) => c === 32 || c === 9 || c === 10 || c === 13 || c === GREATER || c === SLASH;

/** Offset of the `>` that ends the start tag whose attributes begin at `from`; quoted values may hold `>`. */
function startTagClose(xml: string, from: number, to: number): number {
  for (let i = from; i < to; i++) {
    const c = xml.charCodeAt(i);
    if (c === GREATER) return i;
    if (c === LESS) break;
    if (c === QUOTE || c === APOSTROPHE) {
      i = xml.indexOf(c === QUOTE ? '"' : "'", i + 1);
      if (i < 0 || i >= to) break;
    }
  }
  throw new MalformedXml('unclosed start tag');
}

/** The first start tag `<name …>` in xml[from, to), or undefined. */
export function startTag(xml: string, name: string, from = 0, to = xml.length): StartTag | undefined {
  const open = `<${name}`;
  for (let at = from; ;) {
    const start = xml.indexOf(open, at);
    if (start < 0 || start + open.length >= to) return undefined;
    at = start + open.length;
    if (!endsName(xml.charCodeAt(at))) continue; // another name that starts alike (`<c` of `<col`)
    const close = startTagClose(xml, at, to);
    const selfClosing = xml.charCodeAt(close - 1) === SLASH;
    return { start, tagEnd: close + 1, attrs: xml.slice(at, selfClosing ? close - 1 : close), selfClosing };
  }
}

/**
 * The `<name>` elements in xml[from, to), in order; the search goes on after each one's end, so an element
 * of the same name inside another is not seen (none of SpreadsheetML's that we read nests). Throws
 * MalformedXml at a start tag without its end tag.
 */
export function* elements(xml: string, name: string, from = 0, to = xml.length): Generator<XmlElement> {
  const closeTag = `</${name}>`;
  for (let at = from; ;) {
    const tag = startTag(xml, name, at, to);
    if (!tag) return;
    if (tag.selfClosing) {
      yield { ...tag, end: tag.tagEnd, body: '' };
      at = tag.tagEnd;
      continue;
    }
    const close = xml.indexOf(closeTag, tag.tagEnd);
    if (close < 0 || close + closeTag.length > to) throw new MalformedXml(`<${name}> without </${name}>`);
    yield { ...tag, end: close + closeTag.length, body: xml.slice(tag.tagEnd, close) };
    at = close + closeTag.length;
  }
}

/** The first `<name>` element, or undefined. */
export const firstElement = (xml: string, name: string, from = 0, to = xml.length): XmlElement | undefined =>
  elements(xml, name, from, to).next().value ?? undefined;

/** Whether `xml` starts with a `<name>` element (`<f>` at the start of a cell: a formula cell). */
export const startsWithElement = (xml: string, name: string) => xml.startsWith(`<${name}`) && endsName(xml.charCodeAt(name.length + 1));

/** `xml` with text [start, end) replaced. */
export const splice = (xml: string, start: number, end: number, text: string) => `${xml.slice(0, start)}${text}${xml.slice(end)}`;

/**
 * Every `<name>` element replaced by what `change` answers for it (undefined: kept as it is). The same
 * string comes back when nothing changed, so a caller can tell an untouched part.
 */
export function replaceElements(xml: string, name: string, change: (e: XmlElement) => string | undefined): string {
  const out: string[] = [];
  let last = 0;
  for (const e of elements(xml, name)) {
    const text = change(e);
    if (text === undefined) continue;
    out.push(xml.slice(last, e.start), text);
    last = e.end;
  }
  if (!out.length) return xml;
  out.push(xml.slice(last));
  return out.join('');
}

/** Text without its tags (`<r><t>a</t></r>` → `a`); a `<` without `>` stays. */
export const withoutTags = (s: string) => s.replace(/<[^<>]*>/g, '');
