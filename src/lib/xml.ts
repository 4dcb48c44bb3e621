// XML text and attribute values written by hand (the WebDAV answers, cells written into an xlsx part).

const ENTITIES: Record<string, string> = { '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' };

/** A value safe in XML text and in a quoted attribute. */
export const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => ENTITIES[c]!);
