import { describe, expect, it } from 'vitest';
import { MAX_XML_ELEMENT_NAMES, beyondXmlBounds } from './xmlBounds.ts';

/** A document with `n` distinct element names, as the report's hostile SAMLResponse and PROPPATCH. */
const distinctNames = (n: number) => `<r>${Array.from({ length: n }, (_, i) => `<n${i}/>`).join('')}</r>`;
const LOTS = 1_000_000;

describe('beyondXmlBounds', () => {
  it('passes real documents: a SAML response, a PROPFIND with prefixes and a default namespace', () => {
    const saml = '<samlp:Response xmlns:samlp="urn:p" xmlns:saml="urn:a"><saml:Issuer>x</saml:Issuer><samlp:Status><samlp:StatusCode Value="s"/>'
      + '</samlp:Status><saml:Assertion><saml:Subject><saml:NameID>a@b.nl</saml:NameID></saml:Subject></saml:Assertion></samlp:Response>';
    expect(beyondXmlBounds(saml, 8)).toBeNull();
    expect(beyondXmlBounds('<?xml version="1.0"?><!-- c --><propfind xmlns="DAV:"><prop><getetag/></prop></propfind>', 4)).toBeNull();
  });

  it('counts distinct names: the bound itself passes, one more is refused', () => {
    expect(beyondXmlBounds(`<r>${'<a/>'.repeat(50_000)}</r>`, LOTS)).toBeNull();
    expect(beyondXmlBounds(distinctNames(MAX_XML_ELEMENT_NAMES - 1), LOTS)).toBeNull(); // with <r>: exactly the bound
    expect(beyondXmlBounds(distinctNames(MAX_XML_ELEMENT_NAMES), LOTS)).toBe('meer dan 300 verschillende elementnamen');
    expect(beyondXmlBounds(distinctNames(15_000), LOTS)).toBe('meer dan 300 verschillende elementnamen');
  });

  it('counts elements: the bound itself passes, one more is refused', () => {
    expect(beyondXmlBounds(`<r>${'<a>x</a>'.repeat(99)}</r>`, 100)).toBeNull();
    expect(beyondXmlBounds(`<r>${'<a>x</a>'.repeat(100)}</r>`, 100)).toBe('meer dan 100 elementen');
  });

  it('takes the prefix as part of the name, as the parser does', () => {
    expect(beyondXmlBounds('<a:x xmlns:a="u" xmlns:b="u"><b:x/></a:x>', LOTS, 1)).toBe('meer dan 1 verschillende elementnamen');
  });
});
