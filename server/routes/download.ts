import type { FastifyReply } from 'fastify';

/**
 * A download: as attachment unless `inline` (a PDF shown in the browser's own tab), with an ASCII fallback
 * name and the UTF-8 name (RFC 6266/5987). The content type is octet-stream unless the caller knows
 * better (a produced xlsx opens in Excel with its own).
 */
export function sendDownload(reply: FastifyReply, filename: string, data: Buffer, contentType = 'application/octet-stream', disposition: 'attachment' | 'inline' = 'attachment') {
  const ascii = filename.normalize('NFKD').replace(/[^\x20-\x7e]/g, '').replace(/["\\/:*?<>|;%\r\n]/g, '_').trim() || 'bestand';
  const utf8 = encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return reply
    .header('content-disposition', `${disposition}; filename="${ascii}"; filename*=UTF-8''${utf8}`)
    .header('x-content-type-options', 'nosniff')
    .type(contentType)
    .send(data);
}
