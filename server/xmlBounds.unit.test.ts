import { describe, expect, it } from 'vitest';
import { MAX_XML_ELEMENT_NAMES, tooManyElementNames } from './xmlBounds.ts';

/** A document with `n` distinct element names, as the report's hostile SAMLResponse and PROPPATCH. */
const distinctNames = (n: number) => `<r>${Array.from({ length: n }, (_, i) => `<n${i}/>`).join('')}</r>`;

describe('tooManyElementNames', () => {
  it('passes real documents: a SAML response, a PROPFIND with prefixes and a default namespace', () => {
    const saml = '<samlp:Response xmlns:samlp="urn:p" xmlns:saml="urn:a"><saml:Issuer>x</saml:Issuer><samlp:Status><samlp:StatusCode Value="s"/>'
      + '</samlp:Status><saml:Assertion><saml:Subject><saml:NameID>a@b.nl</saml:NameID></saml:Subject></saml:Assertion></samlp:Response>';
    expect(tooManyElementNames(saml)).toBe(false);
    expect(tooManyElementNames('<?xml version="1.0"?><!-- c --><propfind xmlns="DAV:"><prop><getetag/></prop></propfind>')).toBe(false);
  });

  it('counts distinct names, not elements: the bound itself passes, one more is refused', () => {
    expect(tooManyElementNames(`<r>${'<a/>'.repeat(50_000)}</r>`)).toBe(false);
    expect(tooManyElementNames(distinctNames(MAX_XML_ELEMENT_NAMES - 1))).toBe(false); // with <r>: exactly the bound
    expect(tooManyElementNames(distinctNames(MAX_XML_ELEMENT_NAMES))).toBe(true);
    expect(tooManyElementNames(distinctNames(15_000))).toBe(true);
  });

  it('takes the prefix as part of the name, as the parser does', () => {
    expect(tooManyElementNames('<a:x xmlns:a="u" xmlns:b="u"><b:x/></a:x>', 1)).toBe(true);
  });
});
