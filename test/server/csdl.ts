import { expect } from 'vitest';
import { DOMParser } from '@xmldom/xmldom';
import { ServiceMetadata, type Edm } from '@odata/metadata';

// Reading the BI feed's $metadata in tests as an OData consumer would (server/routes/bi*.test.ts).

/**
 * A CSDL document through a strict XML parser and @odata/metadata's EDM model: elements become the
 * library's JSON input (lower-camel names, children as arrays), checked against the edmx/edm namespaces.
 */
export function parseCsdl(xml: string): ServiceMetadata & { edmx: Edm.Edmx & { dataServices: { schemas: ParsedSchema[] } } } {
  const fail = (m: string) => { throw new Error(`XML: ${m}`); };
  const doc = new DOMParser({ errorHandler: { warning: fail, error: fail, fatalError: fail } }).parseFromString(xml, 'application/xml');
  const root = doc.documentElement!;
  expect(root.namespaceURI).toBe('http://docs.oasis-open.org/odata/ns/edmx');
  expect(root.localName).toBe('Edmx');
  expect(root.getAttribute('Version')).toBe('4.0');
  const lower = (s: string) => s[0].toLowerCase() + s.slice(1);
  const toJson = (el: Element): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    for (let i = 0; i < el.attributes.length; i++) {
      const a = el.attributes.item(i)!;
      if (a.name.startsWith('xmlns')) continue;
      out[lower(a.name)] = a.value === 'true' ? true : a.value === 'false' ? false : a.value;
    }
    for (let n = el.firstChild; n; n = n.nextSibling) {
      if (n.nodeType !== 1) continue;
      const child = n as Element;
      const ns = child.localName === 'DataServices' ? 'http://docs.oasis-open.org/odata/ns/edmx' : 'http://docs.oasis-open.org/odata/ns/edm';
      expect(child.namespaceURI, child.localName).toBe(ns);
      const key = lower(child.localName!);
      ((out[key] ??= []) as unknown[]).push(toJson(child));
    }
    return out;
  };
  const json = toJson(root);
  const dataServices = (json.dataServices as unknown[])[0];
  return ServiceMetadata.processMetadataJson({ ...json, dataServices }) as never;
}
export interface ParsedSchema {
  namespace: string;
  entityTypes: { name: string; key: { propertyRefs: { name: string }[] }; properties: { name: string; type: unknown; nullable?: boolean; scale?: unknown }[] }[];
  entityContainer: { entitySets: { name: string; entityType: string }[] }[];
}
