import { describe, expect, it } from 'vitest';
import config, { DEV_PROXIED } from '../vite.config.ts';
import { FILES_PREFIX } from './services/jobs.ts';
import { DAV_PREFIX } from './webdav/editLinks.ts';

// `npm run dev` (vite on 3000) forwards to the server on 8000 every address the server answers for the
// browser: the API, produced files (downloads) and the WebDAV edit links (issue 22 "Also found").

describe('the dev server proxy', () => {
  it('forwards /api, produced files and the edit links to the server', () => {
    const proxy = (config as { server: { proxy: Record<string, string> } }).server.proxy;
    for (const prefix of ['/api/', `${FILES_PREFIX}/`, `${DAV_PREFIX}/`]) {
      expect([prefix, proxy[prefix]]).toEqual([prefix, 'http://localhost:8000']);
    }
    expect(Object.keys(proxy).sort()).toEqual([...DEV_PROXIED].sort());
  });
});
