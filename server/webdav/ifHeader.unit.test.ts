import { describe, expect, it } from 'vitest';
import { evaluateIf, parseIf } from './ifHeader.ts';

const state = { path: '/dav/t/model.xlsx', etag: '"7"', lockToken: 'opaquelocktoken:abc' };
const evaluate = (header: string) => evaluateIf(parseIf(header)!, state);

describe('If header', () => {
  it('submits the lock token of an untagged or a matching tagged list', () => {
    expect(evaluate('(<opaquelocktoken:abc>)')).toEqual({ holds: true, tokens: ['opaquelocktoken:abc'] });
    expect(evaluate('<http://host/dav/t/model.xlsx> (<opaquelocktoken:abc>)')).toEqual({ holds: true, tokens: ['opaquelocktoken:abc'] });
    expect(evaluate('<http://host/dav/t/ander.xlsx> (<opaquelocktoken:abc>)')).toEqual({ holds: true, tokens: [] });
  });

  it('evaluates tokens, ETags and Not, any list holding', () => {
    expect(evaluate('(<opaquelocktoken:abc> ["7"])').holds).toBe(true);
    expect(evaluate('(<opaquelocktoken:abc> ["8"])').holds).toBe(false);
    expect(evaluate('(<opaquelocktoken:nep>)').holds).toBe(false);
    expect(evaluate('(<opaquelocktoken:nep>) (Not <DAV:no-lock>)').holds).toBe(true);
    expect(evaluate('(Not <opaquelocktoken:abc>)').holds).toBe(false);
    expect(evaluate('([W/"7"])').holds).toBe(true);
  });

  it('refuses what is not the grammar', () => {
    for (const bad of ['', 'opaquelocktoken:abc', '(<opaquelocktoken:abc>', '()', '(foo)', '<http://host/x>']) expect(parseIf(bad)).toBeNull();
  });
});
