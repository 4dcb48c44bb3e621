import { describe, expect, it } from 'vitest';
import { httpUrl, videoEmbed } from './videoLinks.ts';

describe('videoEmbed', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://youtube.com/watch?v=dQw4w9WgXcQ&t=42s&list=PL123', 'dQw4w9WgXcQ'],
    ['http://m.youtube.com/watch?feature=share&v=a-b_c1D2e3F', 'a-b_c1D2e3F'],
    ['https://youtu.be/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ?si=abc&t=10', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/shorts/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?rel=0', 'dQw4w9WgXcQ'],
    ['  https://youtu.be/dQw4w9WgXcQ  ', 'dQw4w9WgXcQ'],
  ])('YouTube %s → %s', (link, id) => {
    expect(videoEmbed(link)).toEqual({ provider: 'youtube', id, embedUrl: `https://www.youtube-nocookie.com/embed/${id}` });
  });

  it.each([
    ['https://vimeo.com/76979871', '76979871', 'https://player.vimeo.com/video/76979871'],
    ['https://www.vimeo.com/76979871?share=copy', '76979871', 'https://player.vimeo.com/video/76979871'],
    ['https://vimeo.com/channels/staffpicks/76979871', '76979871', 'https://player.vimeo.com/video/76979871'],
    ['https://vimeo.com/76979871/1a2b3c4d5e', '76979871', 'https://player.vimeo.com/video/76979871?h=1a2b3c4d5e'],
    ['https://player.vimeo.com/video/76979871?h=1a2b3c4d5e&autoplay=1', '76979871', 'https://player.vimeo.com/video/76979871?h=1a2b3c4d5e'],
  ])('Vimeo %s → %s', (link, id, embedUrl) => {
    expect(videoEmbed(link)).toEqual({ provider: 'vimeo', id, embedUrl });
  });

  it.each([
    'youtu.be/dQw4w9WgXcQ', // no scheme: not a URL
    'ftp://youtu.be/dQw4w9WgXcQ',
    'javascript:alert(1)//youtu.be/dQw4w9WgXcQ',
    'https://www.youtube.com/watch?v=kort',
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ"onload="x', // an id must be the id and nothing more
    'https://www.youtube.com/channel/UC123',
    'https://www.youtube.com/',
    'https://youtu.be/',
    'https://vimeo.com/',
    'https://vimeo.com/about',
    'https://player.vimeo.com/api/76979871',
    'https://example.com/watch?v=dQw4w9WgXcQ',
    'https://notyoutube.com/watch?v=dQw4w9WgXcQ',
    'https://youtube.com.evil.nl/watch?v=dQw4w9WgXcQ',
    '',
  ])('refuses %s', (link) => {
    expect(videoEmbed(link)).toBeNull();
  });
});

describe('httpUrl', () => {
  it('takes http and https only', () => {
    expect(httpUrl('https://a.nl/x')?.hostname).toBe('a.nl');
    expect(httpUrl('http://a.nl')).not.toBeNull();
    expect(httpUrl('mailto:a@b.nl')).toBeNull();
    expect(httpUrl('geen link')).toBeNull();
  });
});
