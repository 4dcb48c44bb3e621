// Bounds an XML document must keep before a parser sees it (issue 34.1). @xmldom/xmldom (inside
// node-saml, for SAML responses) scans the rest of the document once per distinct element name: a
// SAMLResponse of 0.83 MB with 15,000 names held the event loop 29 s. Real documents use a few dozen
// names (a SAML response ~30, a WebDAV body ~10), so a few hundred is far above them and keeps that
// scan short; this count is one linear pass.

/** The most distinct element names (prefix included) a document we parse may use. */
export const MAX_XML_ELEMENT_NAMES = 300;

/** Start of a tag: `<` and a name (not `</`, `<!`, `<?`); the name runs to white space, `/` or `>`. */
const TAG_NAME = /<([^\s/>!?][^\s/>]*)/g;

/**
 * Whether the text uses more than `max` distinct element names. One pass, stopping at the first name
 * over the bound. Text in comments or CDATA that looks like a tag counts too: that only refuses sooner.
 */
export function tooManyElementNames(xml: string, max = MAX_XML_ELEMENT_NAMES): boolean {
  const names = new Set<string>();
  for (const m of xml.matchAll(TAG_NAME)) {
    names.add(m[1]);
    if (names.size > max) return true;
  }
  return false;
}
