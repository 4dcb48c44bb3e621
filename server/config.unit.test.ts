import { describe, expect, it } from 'vitest';
import { configFromEnv, startupNotices } from './config.ts';

// The start configuration an operator gets without setting anything, and what the server says about it
// (issue 25 item 12, issue 22 item 10).

const notices = (env: NodeJS.ProcessEnv) => startupNotices(env, configFromEnv(env));

describe('configFromEnv', () => {
  it('listens on loopback unless HOST opens it up', () => {
    expect(configFromEnv({}).host).toBe('127.0.0.1');
    expect(configFromEnv({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('sends cookies Secure when PUBLIC_URL is https, unless SECURE_COOKIES says otherwise', () => {
    expect(configFromEnv({}).secureCookies).toBe(false);
    expect(configFromEnv({ PUBLIC_URL: 'https://grex.gemeente.nl' }).secureCookies).toBe(true);
    expect(configFromEnv({ PUBLIC_URL: 'https://grex.gemeente.nl', SECURE_COOKIES: 'false' }).secureCookies).toBe(false);
    expect(configFromEnv({ PUBLIC_URL: 'http://grex.intern', SECURE_COOKIES: 'true' }).secureCookies).toBe(true);
  });
});

describe('startupNotices', () => {
  it('warns when the server listens beyond loopback without PUBLIC_URL: its addresses would say localhost', () => {
    const [warning] = notices({ HOST: '0.0.0.0', PORT: '8100' });
    expect(warning).toMatch(/^Let op: PUBLIC_URL is niet gezet, terwijl de server luistert op 0\.0\.0\.0\./);
    expect(warning).toContain('http://localhost:8100');
    expect(warning).toContain('BI-links');
    for (const host of ['127.0.0.1', '::1', 'localhost']) expect(notices({ HOST: host }).join('\n')).not.toContain('PUBLIC_URL is niet gezet');
    expect(notices({ HOST: '0.0.0.0', PUBLIC_URL: 'https://grex.gemeente.nl' })).toEqual([]);
  });

  it('says when cookies go without Secure, and warns when https is configured without it', () => {
    expect(notices({})).toEqual(['Cookies zonder Secure: PUBLIC_URL (http://localhost:8000) is geen https-adres. Bedien Grondslag buiten deze machine alleen via https, met PUBLIC_URL op dat adres.']);
    expect(notices({ PUBLIC_URL: 'https://grex.gemeente.nl', SECURE_COOKIES: 'false' })[0]).toMatch(/^Let op: SECURE_COOKIES=false terwijl PUBLIC_URL https is/);
    expect(notices({ PUBLIC_URL: 'http://grex.intern', SECURE_COOKIES: 'true' })).toEqual([]);
  });
});
