// Instructional videos are YouTube or Vimeo links as people copy them (a watch link, a short link, an
// embed link); the player needs the video id. One parser for the server's check of a new link and the
// screen's modal player, so what is accepted is what plays.

export interface VideoEmbed {
  provider: 'youtube' | 'vimeo';
  id: string;
  /** The address of the player frame: YouTube's privacy-enhanced domain, Vimeo's player. */
  embedUrl: string;
}

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const YOUTUBE_HOSTS = new Set(['youtube.com', 'm.youtube.com', 'music.youtube.com', 'youtube-nocookie.com']);

/** The page address as an http(s) URL, or null (no scheme, another scheme, not a URL). */
export function httpUrl(text: string): URL | null {
  try {
    const url = new URL(text.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/**
 * The video of a YouTube link (youtube.com/watch?v=…, youtu.be/…, /embed/…, /shorts/…, /live/…) or a
 * Vimeo link (vimeo.com/<id>, vimeo.com/<id>/<hash> of an unlisted video, vimeo.com/channels/…/<id>,
 * player.vimeo.com/video/<id>); null for anything else.
 */
export function videoEmbed(link: string): VideoEmbed | null {
  const url = httpUrl(link);
  if (!url) return null;
  const host = url.hostname.toLowerCase().replace(/^www\./, '');
  const parts = url.pathname.split('/').filter(Boolean);
  let id: string | undefined;
  if (host === 'youtu.be') id = parts[0];
  else if (YOUTUBE_HOSTS.has(host)) {
    id = parts[0] === 'watch' ? url.searchParams.get('v') ?? undefined
      : ['embed', 'shorts', 'live', 'v'].includes(parts[0]) ? parts[1] : undefined;
  }
  if (id !== undefined) {
    return YOUTUBE_ID.test(id) ? { provider: 'youtube', id, embedUrl: `https://www.youtube-nocookie.com/embed/${id}` } : null;
  }
  if (host === 'vimeo.com' || host === 'player.vimeo.com') {
    const at = parts.findIndex((p) => /^\d{3,12}$/.test(p));
    if (at < 0 || (host === 'player.vimeo.com' && parts[0] !== 'video')) return null;
    const vid = parts[at];
    // An unlisted video plays only with its hash: vimeo.com/<id>/<hash>, or ?h=<hash> on the player.
    const hash = parts[at + 1] ?? url.searchParams.get('h');
    const h = hash && /^[0-9a-f]{6,20}$/i.test(hash) ? `?h=${hash}` : '';
    return { provider: 'vimeo', id: vid, embedUrl: `https://player.vimeo.com/video/${vid}${h}` };
  }
  return null;
}
