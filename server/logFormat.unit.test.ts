import { describe, expect, it } from 'vitest';
import { logFormat, maskedUrl, textLine } from './logFormat.ts';

describe('LOG_FORMAT', () => {
  it('is text in a terminal and JSON otherwise, unless LOG_FORMAT says', () => {
    expect(logFormat({}, true)).toBe('text');
    expect(logFormat({}, false)).toBe('json');
    expect(logFormat({ LOG_FORMAT: 'json' }, true)).toBe('json');
    expect(logFormat({ LOG_FORMAT: 'JSON' }, true)).toBe('json');
    expect(logFormat({ LOG_FORMAT: 'text' }, false)).toBe('text');
    expect(logFormat({ LOG_FORMAT: '' }, false)).toBe('json');
  });

  it('refuses another value in Dutch', () => {
    expect(() => logFormat({ LOG_FORMAT: 'pretty' }, true)).toThrow("LOG_FORMAT moet 'json' of 'text' zijn, niet 'pretty'.");
  });
});

describe('text lines', () => {
  const time = new Date(2026, 2, 2, 9, 5, 7).getTime(); // local time, as the line shows it

  it('a request: time, level, method, address, status and duration on one line', () => {
    const record = { level: 30, time, pid: 1, hostname: 'h', reqId: 'req-1', req: { method: 'GET', url: '/api/manager/project/', remoteAddress: '127.0.0.1' }, res: { statusCode: 200 }, responseTime: 12.4, msg: 'request completed' };
    expect(textLine(JSON.stringify(record))).toBe('09:05:07 INFO  GET /api/manager/project/ 200 12 ms');
  });

  it('a message with its own fields; an error with its stack on the next lines', () => {
    expect(textLine(JSON.stringify({ level: 40, time, msg: 'taak verlopen', job: 7 }))).toBe('09:05:07 WARN  taak verlopen job=7');
    const line = textLine(JSON.stringify({ level: 50, time, msg: 'kapot', err: { message: 'kapot', stack: 'Error: kapot\n    at x' } }));
    expect(line.split('\n')).toEqual(['09:05:07 ERROR kapot', 'Error: kapot', '    at x']);
  });

  it('passes a line that is no JSON through', () => {
    expect(textLine('gewone tekst\n')).toBe('gewone tekst');
  });
});

describe('maskedUrl', () => {
  it('masks the segment after the prefix, encoded or not, and keeps the rest', () => {
    expect(maskedUrl('/dav/abc123/Model.xlsx', '/dav')).toBe('/dav/***/Model.xlsx');
    expect(maskedUrl('/%64%61%76/abc123/Model.xlsx?x=1', '/dav')).toBe('/%64%61%76/***/Model.xlsx?x=1');
    expect(maskedUrl('/dav/abc123', '/dav')).toBe('/dav/***');
    expect(maskedUrl('/dav/', '/dav')).toBe('/dav/');
    expect(maskedUrl('/api/manager/project/', '/dav')).toBe('/api/manager/project/');
    expect(maskedUrl('/files/%zz/dav', '/dav')).toBe('/files/%zz/dav');
  });
});
