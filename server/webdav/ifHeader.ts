// The WebDAV If header (RFC 4918 §10.4): lists of conditions on lock tokens and ETags, optionally
// tagged with the resource they are about. A client submits its lock token there (PUT, LOCK refresh).

interface Condition {
  not: boolean;
  /** A state token (<opaquelocktoken:…>, <DAV:no-lock>) or an ETag ([“…”]). */
  kind: 'token' | 'etag';
  value: string;
}

interface List {
  /** The resource tag (its path), or null for an untagged list. */
  resource: string | null;
  conditions: Condition[];
}

/** The header's lists; null when it is malformed (the request answers 400). */
export function parseIf(header: string): List[] | null {
  const lists: List[] = [];
  let resource: string | null = null;
  let i = 0;
  const skip = () => { while (i < header.length && /\s/.test(header[i])) i++; };
  const until = (end: string) => {
    const j = header.indexOf(end, i + 1);
    if (j < 0) return null;
    const v = header.slice(i + 1, j);
    i = j + 1;
    return v;
  };
  for (skip(); i < header.length; skip()) {
    if (header[i] === '<') {
      const tag = until('>');
      if (tag === null) return null;
      resource = pathOf(tag);
    } else if (header[i] === '(') {
      i++;
      const conditions: Condition[] = [];
      for (skip(); header[i] !== ')'; skip()) {
        if (i >= header.length) return null;
        let not = false;
        if (header.slice(i, i + 3).toLowerCase() === 'not') { not = true; i += 3; skip(); }
        const open = header[i];
        if (open !== '<' && open !== '[') return null;
        const value = until(open === '<' ? '>' : ']');
        if (value === null) return null;
        conditions.push({ not, kind: open === '<' ? 'token' : 'etag', value });
      }
      i++;
      if (!conditions.length) return null;
      lists.push({ resource, conditions });
    } else {
      return null;
    }
  }
  return lists.length ? lists : null;
}

function pathOf(ref: string): string {
  try {
    return decodeURIComponent(new URL(ref, 'http://x').pathname).replace(/\/$/, '');
  } catch {
    return ref;
  }
}

export interface ResourceState {
  /** The request's path, for matching tagged lists. */
  path: string;
  etag: string;
  /** The live lock's token, if any. */
  lockToken: string | null;
}

/**
 * Whether the header's conditions hold for the resource (RFC 4918 §10.4.2: true when any list that is
 * about it holds; lists tagged with another resource are not evaluated), and which lock tokens it submits.
 */
export function evaluateIf(lists: List[], state: ResourceState): { holds: boolean; tokens: string[] } {
  const own = lists.filter((l) => l.resource === null || l.resource === state.path.replace(/\/$/, ''));
  const holds = !own.length || own.some((l) => l.conditions.every((c) => {
    const match = c.kind === 'token' ? c.value === state.lockToken : c.value === state.etag || c.value === `W/${state.etag}`;
    return match !== c.not;
  }));
  const tokens = own.flatMap((l) => l.conditions.filter((c) => c.kind === 'token').map((c) => c.value));
  return { holds, tokens };
}
