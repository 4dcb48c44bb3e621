import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderMarkdownPdf } from './markdownPdf.ts';
import { SHIPPED_DOCUMENTS, latestRelease, renderShipped, shippedHash } from './shipped.ts';
import { pdfText } from '../../test/server/pdfText.ts';

const date = new Date(Date.UTC(2026, 10, 24, 12));
const pages = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type \/Page\b/g)?.length ?? 0;

const SAMPLE = `# Proef

Inleiding met **vet**, _schuin_, \`code\` en een [link](https://example.com/pad).

## Eerste hoofdstuk

1. een
2. twee
   - genest → dieper

| Toets | Actie |
|---|---|
| Ctrl+S | Opslaan |
| Ctrl+Z | Ongedaan maken |

> Tip: financiële één € 1.250,50 ≤ 3

## Tweede hoofdstuk

${Array.from({ length: 80 }, (_, i) => `Alinea ${i + 1} met genoeg tekst om de pagina te vullen en een nieuwe te beginnen.`).join('\n\n')}

## Derde hoofdstuk

Einde.
`;

describe('renderMarkdownPdf', () => {
  it('writes a PDF with the title page, contents, headings, lists, table cells and page numbers', async () => {
    const pdf = await renderMarkdownPdf(SAMPLE, { title: 'Proefdocument', subtitle: 'Versie 9.9.9', date, toc: true });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    const n = pages(pdf);
    expect(n).toBeGreaterThanOrEqual(5); // title page, a chapter each, the long one over two pages
    for (const s of ['Proefdocument', 'Versie 9.9.9', 'Inhoud', 'Eerste hoofdstuk', 'Tweede hoofdstuk', 'Derde hoofdstuk',
      'vet', 'schuin', 'code', 'link', '1.', '2.', 'genest -> dieper', 'Toets', 'Ctrl+S', 'Ongedaan maken', 'Alinea 80', 'Einde.',
      `Pagina 1 van ${n}`, `Pagina ${n} van ${n}`]) {
      expect(text, s).toContain(s);
    }
    // Dutch and the euro survive the standard fonts' encoding; ≤ is written in ASCII
    expect(text).toContain('Tip: financiële één € 1.250,50 <= 3');
    // the contents give each chapter's page: the introduction has page 2, every chapter starts a page, the
    // third after the long second
    const toc = text.slice(text.indexOf('Inhoud'), text.indexOf('Pagina 1 van'));
    expect(toc).toMatch(/Eerste hoofdstuk\n3\nTweede hoofdstuk\n4\nDerde hoofdstuk\n(\d+)/);
    expect(Number(/Derde hoofdstuk\n(\d+)/.exec(toc)![1])).toBe(n);
    // the link is a link annotation
    expect(pdf.toString('latin1')).toContain('(https://example.com/pad)');
  });

  it('gives the same bytes for the same input and date (a shipped file\'s hash says whether it changed)', async () => {
    const a = await renderMarkdownPdf(SAMPLE, { title: 'Proef', date });
    const b = await renderMarkdownPdf(SAMPLE, { title: 'Proef', date });
    expect(a.equals(b)).toBe(true);
    const other = await renderMarkdownPdf(SAMPLE.replace('Einde.', 'Slot.'), { title: 'Proef', date });
    expect(other.equals(a)).toBe(false);
  });

  it('without contents the text follows the title on the first page', async () => {
    const pdf = await renderMarkdownPdf('# X\n\n## 1.0.0 – 1 januari 2026\n\n- iets\n', { title: 'Release notes', date });
    expect(pages(pdf)).toBe(1);
    expect(pdfText(pdf)).toMatch(/Release notes[\s\S]*1\.0\.0 – 1 januari 2026[\s\S]*iets[\s\S]*Pagina 1 van 1/);
  });
});

describe('shipped documentation', () => {
  it('the changelog\'s newest release is the package version (the screen shows that version)', () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
    expect(latestRelease(readFileSync(new URL('../../CHANGELOG.md', import.meta.url), 'utf8')).version).toBe(pkg.version);
    expect(latestRelease('# x\n\n## 1.2.3 – 5 maart 2027\n')).toEqual({ version: '1.2.3', date: new Date(Date.UTC(2027, 2, 5, 12)) });
  });

  it('the manual is the real Handleiding Grondslag with the workbench\'s keys, and the release notes its versions', async () => {
    const manual = SHIPPED_DOCUMENTS.find((d) => d.key === 'manual')!;
    const { data, hash } = await renderShipped(manual);
    expect(hash).toBe(shippedHash(manual));
    const text = pdfText(data);
    for (const s of ['Handleiding Grondslag', 'Inloggen', 'Multi-Factor Authenticatie', 'Wachtwoord vergeten', 'Projecten', 'Versies',
      'Openen in Excel', 'Sneltoetsen', 'Ctrl+S', 'Ctrl+D', 'Ctrl+R', 'Omlaag vullen', 'Rapportages', 'OData-feed', 'Documentatie', 'Configuratie']) {
      expect(text, s).toContain(s);
    }
    const notes = await renderShipped(SHIPPED_DOCUMENTS.find((d) => d.key === 'release_notes')!);
    expect(pdfText(notes.data)).toMatch(/Release notes Grondslag[\s\S]*0\.3\.0[\s\S]*0\.1\.0/);
  });
});
