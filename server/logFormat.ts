// The server log: one line per request, readable in a terminal, pino's JSON for log collectors.
// `LOG_FORMAT=json` or `LOG_FORMAT=text` chooses; unset, a terminal (stdout is a TTY) gets text.

export type LogFormat = 'text' | 'json';

export function logFormat(env: Record<string, string | undefined>, stdoutIsTty: boolean): LogFormat {
  const chosen = env.LOG_FORMAT?.trim().toLowerCase();
  if (chosen === 'json' || chosen === 'text') return chosen;
  if (chosen) throw new Error(`LOG_FORMAT moet 'json' of 'text' zijn, niet '${env.LOG_FORMAT}'.`);
  return stdoutIsTty ? 'text' : 'json';
}

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
const pad2 = (n: number) => String(n).padStart(2, '0');

/** What pino writes besides the message; everything else in a record is shown as key=value. */
const OWN_KEYS = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'reqId', 'req', 'res', 'responseTime', 'err']);

/**
 * One pino JSON record as one line: `14:02:07 INFO  GET /api/manager/project/ 200 12 ms`, or the
 * message with its extra fields; an error's stack follows on its own lines.
 */
export function textLine(json: string): string {
  let r: Record<string, unknown>;
  try {
    r = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json.trimEnd();
  }
  const t = new Date(typeof r.time === 'number' ? r.time : Date.now());
  const time = `${pad2(t.getHours())}:${pad2(t.getMinutes())}:${pad2(t.getSeconds())}`;
  const level = (LEVELS[r.level as number] ?? String(r.level)).padEnd(5);
  const req = r.req as { method?: string; url?: string } | undefined;
  const res = r.res as { statusCode?: number } | undefined;
  const parts = [time, level];
  if (req?.method && res?.statusCode !== undefined) {
    parts.push(`${req.method} ${req.url} ${res.statusCode}`);
    if (typeof r.responseTime === 'number') parts.push(`${Math.round(r.responseTime)} ms`);
  } else if (r.msg !== undefined) {
    parts.push(String(r.msg));
  }
  for (const [k, v] of Object.entries(r)) {
    if (!OWN_KEYS.has(k)) parts.push(`${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`);
  }
  const err = r.err as { stack?: string; message?: string } | undefined;
  const stack = err?.stack ?? err?.message;
  return stack ? `${parts.join(' ')}\n${stack}` : parts.join(' ');
}

/** A pino destination that writes each record as a text line to `out` (the server's stdout). */
export const textStream = (out: { write(s: string): unknown } = process.stdout) => ({
  write: (record: string) => void out.write(`${textLine(record)}\n`),
});

/**
 * The address as logged: a path segment after `prefix` (the WebDAV edit link's token, 24 hours of write
 * access) is masked, however the prefix is spelled (percent-encoded, another case: the router decodes).
 */
export function maskedUrl(url: string, prefix: string): string {
  const q = url.indexOf('?');
  const segments = (q < 0 ? url : url.slice(0, q)).split('/');
  const name = prefix.replace(/^\//, '').toLowerCase();
  const masked = segments.map((s, i) => (i > 0 && decoded(segments[i - 1]).toLowerCase() === name && s ? '***' : s));
  return masked.join('/') + (q < 0 ? '' : url.slice(q));
}

const decoded = (segment: string) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};


/** What the `req` serializer is given: Fastify's request (typed as the raw one it may also be). */
interface LoggedRequest {
  method?: string;
  url?: string;
  headers: Record<string, string | string[] | undefined>;
  socket?: { remotePort?: number } | null;
  host?: string;
  ip?: string;
}

/** pino's `req` serializer: Fastify's own fields, the address with its token masked (maskedUrl). */
export const requestSerializer = (secretPrefix: string) => (req: LoggedRequest) => ({
  method: req.method,
  url: maskedUrl(req.url ?? '', secretPrefix),
  version: [req.headers['accept-version']].flat()[0],
  host: req.host,
  remoteAddress: req.ip,
  remotePort: req.socket?.remotePort,
});
