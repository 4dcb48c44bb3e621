import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DocumentationType } from '../../src/api/contract/documentation.ts';
import { renderMarkdownPdf } from './markdownPdf.ts';

// The documentation the product ships: the user manual (docs/handleiding/handleiding.md) and the release
// notes (CHANGELOG.md), each a PDF. `npm run build` renders them into build/docs/ (scripts/build-docs.ts)
// with the hash of what they were made from beside them; the server takes a built PDF whose hash is the
// current one and renders the others itself (API tests, `npm run dev:server`, an edited Markdown file),
// so a fresh install always has its documentation and never an outdated copy.

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const BUILT_DOCS_DIR = join(ROOT, 'build', 'docs');

export interface ShippedDocument {
  key: 'manual' | 'release_notes';
  type: DocumentationType;
  name: string;
  description: string;
  /** The Markdown source, relative to the repository root. */
  source: string;
  /** The built PDF's name in build/docs/ and the stored file's name. */
  filename: string;
  toc: boolean;
}

export const SHIPPED_DOCUMENTS: readonly ShippedDocument[] = [
  {
    key: 'manual', type: 'manual', name: 'Handleiding Grondslag', source: 'docs/handleiding/handleiding.md', filename: 'Handleiding Grondslag.pdf', toc: true,
    description: 'Inloggen, projecten, versies en rekenmodellen, de online rekentool met sneltoetsen, rapportages, BI-links en configuratie.',
  },
  {
    key: 'release_notes', type: 'release_note', name: 'Release notes', source: 'CHANGELOG.md', filename: 'Release notes Grondslag.pdf', toc: false,
    description: 'Wat er in elke versie van Grondslag is veranderd.',
  },
];

const MONTHS = ['januari', 'februari', 'maart', 'april', 'mei', 'juni', 'juli', 'augustus', 'september', 'oktober', 'november', 'december'];

/** The newest release of the changelog: its first '## <version> – <day> <maand> <year>' heading. */
export function latestRelease(changelog: string): { version: string; date: Date } {
  const m = /^## (\d+\.\d+\.\d+) [–-] (\d{1,2}) (\p{L}+) (\d{4})\s*$/mu.exec(changelog);
  const month = m ? MONTHS.indexOf(m[3].toLowerCase()) : -1;
  if (!m || month < 0) throw new Error('CHANGELOG.md: geen kop "## x.y.z – d maand jjjj" gevonden');
  return { version: m[1], date: new Date(Date.UTC(Number(m[4]), month, Number(m[2]), 12)) };
}

const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

/** What a shipped PDF is made of: its Markdown, the release it belongs to and the renderer's own code. */
function inputsOf(doc: ShippedDocument) {
  const markdown = read(doc.source);
  const release = latestRelease(read('CHANGELOG.md'));
  const renderer = readFileSync(fileURLToPath(new URL('./markdownPdf.ts', import.meta.url)), 'utf8');
  const hash = createHash('sha256').update(`${doc.key}\0${release.version}\0${markdown}\0${renderer}`).digest('hex');
  return { markdown, release, hash };
}

/** The hash of the current shipped source of `doc` (cheap: no rendering). */
export const shippedHash = (doc: ShippedDocument) => inputsOf(doc).hash;

/** Renders `doc` from its Markdown (the build script and the fallback). */
export async function renderShipped(doc: ShippedDocument): Promise<{ data: Buffer; hash: string }> {
  const { markdown, release, hash } = inputsOf(doc);
  const data = await renderMarkdownPdf(markdown, {
    title: doc.name === 'Release notes' ? 'Release notes Grondslag' : doc.name,
    subtitle: `Versie ${release.version} – ${release.date.getUTCDate()} ${MONTHS[release.date.getUTCMonth()]} ${release.date.getUTCFullYear()}`,
    date: release.date,
    toc: doc.toc,
  });
  return { data, hash };
}

const builtPath = (doc: ShippedDocument) => join(BUILT_DOCS_DIR, doc.filename);
export const builtHashPath = (doc: ShippedDocument) => `${builtPath(doc)}.sha256`;

/** The PDF of `doc`: the built one when it was made from the current source, else rendered now. */
export async function shippedPdf(doc: ShippedDocument): Promise<{ data: Buffer; hash: string }> {
  const hash = shippedHash(doc);
  const path = builtPath(doc);
  if (existsSync(path) && existsSync(builtHashPath(doc)) && readFileSync(builtHashPath(doc), 'utf8').trim() === hash) {
    return { data: readFileSync(path), hash };
  }
  return renderShipped(doc);
}
