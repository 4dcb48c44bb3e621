// Bounds an XML document must keep before a parser sees it (issue 34.1). @xmldom/xmldom (inside
// node-saml, for SAML responses) scans the rest of the document once per distinct element name, and
// node-saml's XPath queries walk it again and again: a SAMLResponse of 0.83 MB with 15,000 names held the
// event loop 29 s, and even 75 kB of 500 elements of one name took node-saml ~1.8 s here. Real documents
// are far smaller: a SAML response has ~30 names and 40–250 elements (an IdP listing 150 groups), a
// WebDAV body ~10 of each. The count is one linear pass.

/** The most distinct element names (prefix included, as xmldom keys its scan) a document we parse may use. */
export const MAX_XML_ELEMENT_NAMES = 300;

/** Start of a tag: `<` and a name (not `</`, `<!`, `<?`); the name runs to white space, `/` or `>`. */
const TAG_NAME = /<([^\s/>!?][^\s/>]*)/g;

/**
 * Why the text is beyond the bounds (more than `maxNames` distinct element names, or more than
 * `maxElements` elements), in Dutch for the audit; null within them. One pass, stopping at the first
 * bound passed. Text in comments or CDATA that looks like a tag counts too: that only refuses sooner.
 */
export function beyondXmlBounds(xml: string, maxElements: number, maxNames = MAX_XML_ELEMENT_NAMES): string | null {
  const names = new Set<string>();
  let elements = 0;
  for (const m of xml.matchAll(TAG_NAME)) {
    names.add(m[1]);
    if (names.size > maxNames) return `meer dan ${maxNames} verschillende elementnamen`;
    if (++elements > maxElements) return `meer dan ${maxElements} elementen`;
  }
  return null;
}
