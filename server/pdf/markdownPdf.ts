import PDFDocument from 'pdfkit';
import { Lexer, type Token, type Tokens } from 'marked';

// Markdown → PDF for the documentation the product ships (the user manual, the release notes): headings,
// paragraphs with bold/italic/code/links, nested lists, tables, code blocks, quotes, rules; a title
// page with the table of contents, bookmarks, and 'Pagina X van Y' on every page. PDF's standard
// fonts (Helvetica, Courier) need no font files and cover Dutch text (WinAnsi); the few characters
// outside it are replaced. The output is byte-for-byte the same for the same input and date, so a
// shipped file's hash says whether it changed.

export interface PdfDocumentOptions {
  /** Shown on the title page and in the header of the other pages; also the PDF's Title. */
  title: string;
  /** A line under the title (e.g. 'Versie 0.3.0'). */
  subtitle?: string;
  /** The document's date: written as the PDF's creation date, so the bytes do not depend on the clock. */
  date: Date;
  /**
   * A title page with a table of contents of the level-2 headings, each of which starts a page (a
   * manual); without it the text follows the title on the first page (release notes).
   */
  toc?: boolean;
}

const FONT = { regular: 'Helvetica', bold: 'Helvetica-Bold', italic: 'Helvetica-Oblique', boldItalic: 'Helvetica-BoldOblique', code: 'Courier' };
const COLOR = { text: '#1c2127', muted: '#5f6b7c', heading: '#184a90', link: '#215db0', rule: '#c5cbd3', shade: '#f3f4f6' };
const SIZE = { body: 10.5, small: 8.5, h1: 24, h2: 16, h3: 12.5, h4: 11 };
const MARGIN = { top: 64, bottom: 64, left: 64, right: 64 };
const LIST_INDENT = 16;

/** Characters outside WinAnsi (the standard fonts' encoding) that documentation uses, in ASCII. */
const REPLACE: Record<string, string> = { '→': '->', '←': '<-', '≤': '<=', '≥': '>=', '≈': '~', '−': '-', '✓': 'v', '\u00a0': ' ' };
export const pdfSafe = (s: string) => s.replace(/[→←≤≥≈−✓\u00a0]/g, (c) => REPLACE[c]);

interface Run { text: string; bold?: boolean; italic?: boolean; code?: boolean; link?: string }

/** The inline tokens of a paragraph, heading, list item or cell as styled runs. */
function runsOf(tokens: Token[] | undefined, style: Omit<Run, 'text'> = {}): Run[] {
  const out: Run[] = [];
  for (const t of tokens ?? []) {
    switch (t.type) {
      case 'strong': out.push(...runsOf((t as Tokens.Strong).tokens, { ...style, bold: true })); break;
      case 'em': out.push(...runsOf((t as Tokens.Em).tokens, { ...style, italic: true })); break;
      case 'del': out.push(...runsOf((t as Tokens.Del).tokens, style)); break;
      case 'codespan': out.push({ ...style, code: true, text: (t as Tokens.Codespan).text }); break;
      case 'link': out.push(...runsOf((t as Tokens.Link).tokens, { ...style, link: (t as Tokens.Link).href })); break;
      case 'br': out.push({ ...style, text: '\n' }); break;
      case 'text': {
        const x = t as Tokens.Text;
        if (x.tokens?.length) out.push(...runsOf(x.tokens, style));
        else out.push({ ...style, text: x.text });
        break;
      }
      default: out.push({ ...style, text: 'text' in t ? String(t.text) : '' });
    }
  }
  return out.filter((r) => r.text.length > 0).map((r) => ({ ...r, text: pdfSafe(r.text.replace(/\n(?!$)/g, r.text === '\n' ? '\n' : ' ')) }));
}

const fontOf = (r: Run) => r.code ? FONT.code : r.bold && r.italic ? FONT.boldItalic : r.bold ? FONT.bold : r.italic ? FONT.italic : FONT.regular;
const plain = (tokens: Token[] | undefined) => runsOf(tokens).map((r) => r.text).join('');

type Doc = InstanceType<typeof PDFDocument>;

const left = MARGIN.left;
const widthOf = (doc: Doc) => doc.page.width - MARGIN.left - MARGIN.right;
const bottom = (doc: Doc) => doc.page.height - MARGIN.bottom;
/** A new page when less than `h` points are left on this one. */
function room(doc: Doc, h: number) {
  if (doc.y + h > bottom(doc)) doc.addPage();
}

/** Writes styled runs as one flowing paragraph at x with the given width. */
function writeRuns(doc: Doc, runs: Run[], x: number, w: number, size = SIZE.body, color = COLOR.text, align: 'left' | 'right' = 'left') {
  if (!runs.length) return;
  doc.fontSize(size);
  runs.forEach((r, i) => {
    const last = i === runs.length - 1;
    doc.font(fontOf(r)).fillColor(r.link ? COLOR.link : color);
    const opts = { continued: !last, link: r.link ?? null, underline: !!r.link, lineGap: 2.5, align, width: w };
    if (i === 0) doc.text(r.text, x, doc.y, opts);
    else doc.text(r.text, opts);
  });
  doc.fillColor(COLOR.text);
}
function heightOf(doc: Doc, runs: Run[], w: number, size = SIZE.body) {
  doc.fontSize(size).font(runs.some((r) => r.bold) ? FONT.bold : FONT.regular);
  return doc.heightOfString(runs.map((r) => r.text).join('') || ' ', { width: w, lineGap: 2.5 });
}

/** What the blocks write into: the document, and the chapters for the contents. */
interface Writing {
  doc: Doc;
  /** The level-1 heading the title page shows (not written again). */
  h1: Tokens.Heading | undefined;
  /** Each chapter (level-2 heading) starts a page and is listed in the contents. */
  withToc: boolean;
  contents: { title: string; page: number }[];
}

/** The title page: the title, the subtitle, and room for the contents; answers where the contents go. */
function titlePage(doc: Doc, options: PdfDocumentOptions, withToc: boolean): number {
  const width = widthOf(doc);
  doc.font(FONT.bold).fontSize(SIZE.h1 + 4).fillColor(COLOR.heading).text(pdfSafe(options.title), left, withToc ? 180 : MARGIN.top, { width });
  if (options.subtitle) doc.moveDown(0.4).font(FONT.regular).fontSize(13).fillColor(COLOR.muted).text(pdfSafe(options.subtitle), { width });
  doc.moveDown(0.2).moveTo(left, doc.y + 6).lineTo(left + width, doc.y + 6).lineWidth(1.5).strokeColor(COLOR.heading).stroke();
  doc.y += 24;
  const tocTop = doc.y;
  doc.fillColor(COLOR.text);
  if (withToc) doc.addPage();
  return tocTop;
}

function heading(p: Writing, h: Tokens.Heading, x: number, w: number) {
  const { doc } = p;
  if (h.depth === 1 && h === p.h1) return; // the title page shows it
  const text = pdfSafe(plain(h.tokens));
  if (h.depth <= 2) {
    if (p.withToc && doc.y > MARGIN.top + 1) doc.addPage();
    else if (!p.withToc) {
      room(doc, SIZE.h2 * 2 + 60);
      doc.y += 10;
    }
    p.contents.push({ title: text, page: doc.bufferedPageRange().count });
    doc.outline.addItem(text);
    doc.font(FONT.bold).fontSize(SIZE.h2).fillColor(COLOR.heading).text(text, x, doc.y, { width: w });
    doc.moveTo(x, doc.y + 3).lineTo(x + w, doc.y + 3).lineWidth(0.75).strokeColor(COLOR.rule).stroke();
    doc.y += 12;
  } else {
    const size = h.depth === 3 ? SIZE.h3 : SIZE.h4;
    room(doc, size * 2 + 40); // a heading is not left alone at the foot of a page
    doc.y += h.depth === 3 ? 8 : 4;
    doc.font(FONT.bold).fontSize(size).fillColor(h.depth === 3 ? COLOR.heading : COLOR.text).text(text, x, doc.y, { width: w });
    doc.y += 4;
  }
  doc.fillColor(COLOR.text);
}

function list(p: Writing, list: Tokens.List, x: number, w: number) {
  const { doc } = p;
  const start = typeof list.start === 'number' ? list.start : 1;
  list.items.forEach((item, i) => {
    const marker = list.ordered ? `${start + i}.` : '•';
    room(doc, SIZE.body * 2);
    const y = doc.y;
    doc.font(list.ordered ? FONT.regular : FONT.bold).fontSize(SIZE.body).fillColor(COLOR.text)
      .text(marker, x, y, { width: LIST_INDENT - 2, align: list.ordered ? 'right' : 'left', lineGap: 2.5 });
    doc.y = y;
    for (const child of item.tokens) {
      block(p, child, x + LIST_INDENT + 2, w - LIST_INDENT - 2);
      if (child.type === 'text') doc.y += 1;
    }
    doc.y += item.loose ? 4 : 1.5;
  });
  doc.y += 4;
}

function block(p: Writing, t: Token, x: number, w: number) {
  const { doc } = p;
  switch (t.type) {
    case 'heading': heading(p, t as Tokens.Heading, x, w); return;
    case 'paragraph': {
      const runs = runsOf((t as Tokens.Paragraph).tokens);
      room(doc, Math.min(heightOf(doc, runs, w), 40));
      writeRuns(doc, runs, x, w);
      doc.y += 6;
      return;
    }
    case 'text': {
      const x1 = t as Tokens.Text;
      writeRuns(doc, runsOf(x1.tokens ?? [{ type: 'text', raw: x1.text, text: x1.text } as Tokens.Text]), x, w);
      return;
    }
    case 'list': list(p, t as Tokens.List, x, w); return;
    case 'table': table(doc, t as Tokens.Table, x, w); return;
    case 'code': {
      const text = pdfSafe((t as Tokens.Code).text);
      doc.font(FONT.code).fontSize(SIZE.body - 1);
      const h = doc.heightOfString(text, { width: w - 16 }) + 12;
      room(doc, h);
      doc.rect(x, doc.y, w, h).fill(COLOR.shade);
      doc.fillColor(COLOR.text).text(text, x + 8, doc.y + 6, { width: w - 16 });
      doc.y += 12;
      return;
    }
    case 'blockquote': {
      const y = doc.y;
      const page = doc.bufferedPageRange().count;
      for (const child of (t as Tokens.Blockquote).tokens) block(p, child, x + 14, w - 14);
      if (doc.bufferedPageRange().count === page) {
        doc.moveTo(x + 3, y).lineTo(x + 3, doc.y - 6).lineWidth(2.5).strokeColor(COLOR.heading).stroke();
      }
      return;
    }
    case 'hr':
      doc.moveTo(x, doc.y + 4).lineTo(x + w, doc.y + 4).lineWidth(0.5).strokeColor(COLOR.rule).stroke();
      doc.y += 12;
      return;
    default:
      return; // space, html: nothing to print
  }
}

function table(doc: Doc, t: Tokens.Table, x: number, w: number) {
  const pad = 5;
  const header = t.header.map((c) => runsOf(c.tokens, { bold: true }));
  const rows = t.rows.map((r) => r.map((c) => runsOf(c.tokens)));
  // Column widths in proportion to the longest text of each column, none narrower than a sixth.
  const longest = header.map((_, i) => Math.max(...[header[i], ...rows.map((r) => r[i] ?? [])].map((c) => Math.min(60, c.map((r) => r.text).join('').length)), 4));
  const total = longest.reduce((a, b) => a + b, 0);
  const min = w / Math.max(6, header.length * 2);
  let widths = longest.map((l) => Math.max(min, (l / total) * w));
  const scale = w / widths.reduce((a, b) => a + b, 0);
  widths = widths.map((c) => c * scale);
  const rowHeight = (cells: Run[][]) => Math.max(...cells.map((c, i) => heightOf(doc, c, widths[i] - 2 * pad, SIZE.body - 0.5))) + 2 * pad;
  const drawRow = (cells: Run[][], shade: string | null) => {
    const h = rowHeight(cells);
    if (doc.y + h > bottom(doc)) {
      doc.addPage();
      if (cells !== header) drawRow(header, COLOR.shade); // the header again on the next page
    }
    const y = doc.y;
    if (shade) doc.rect(x, y, w, h).fill(shade);
    let cx = x;
    cells.forEach((c, i) => {
      doc.y = y + pad;
      writeRuns(doc, c, cx + pad, widths[i] - 2 * pad, SIZE.body - 0.5, COLOR.text, t.align[i] === 'right' ? 'right' : 'left');
      cx += widths[i];
    });
    doc.moveTo(x, y + h).lineTo(x + w, y + h).lineWidth(0.5).strokeColor(COLOR.rule).stroke();
    doc.y = y + h;
  };
  room(doc, rowHeight(header) * 2);
  drawRow(header, COLOR.shade);
  rows.forEach((r) => drawRow(r, null));
  doc.y += 10;
}

/** The contents on the title page (at `tocTop`), then header and page numbers on every page. */
function finishPages(p: Writing, title: string, tocTop: number) {
  const { doc } = p;
  const width = widthOf(doc);
  const tocLine = 17;
  const pages = doc.bufferedPageRange().count;
  if (p.withToc) {
    doc.switchToPage(0);
    doc.font(FONT.bold).fontSize(SIZE.h3).fillColor(COLOR.heading).text('Inhoud', left, tocTop, { width });
    let y = tocTop + 26;
    for (const c of p.contents) {
      if (y > bottom(doc) - tocLine) break;
      doc.font(FONT.regular).fontSize(SIZE.body).fillColor(COLOR.text).text(c.title, left, y, { width: width - 40, lineBreak: false });
      doc.text(String(c.page), left + width - 40, y, { width: 40, align: 'right', lineBreak: false });
      y += tocLine;
    }
  }
  for (let i = 0; i < pages; i++) {
    doc.switchToPage(i);
    // Writing in the bottom margin must not start a new page.
    const keep = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.font(FONT.regular).fontSize(SIZE.small).fillColor(COLOR.muted);
    if (i > 0) {
      doc.text(pdfSafe(title), left, MARGIN.top - 30, { width, lineBreak: false });
      doc.moveTo(left, MARGIN.top - 16).lineTo(left + width, MARGIN.top - 16).lineWidth(0.5).strokeColor(COLOR.rule).stroke();
    }
    doc.text(`Pagina ${i + 1} van ${pages}`, left, doc.page.height - MARGIN.bottom + 24, { width, align: 'center', lineBreak: false });
    doc.page.margins.bottom = keep;
  }
}

/** Renders Markdown to a PDF (see the module comment). */
export function renderMarkdownPdf(markdown: string, options: PdfDocumentOptions): Promise<Buffer> {
  const tokens = Lexer.lex(markdown);
  const doc = new PDFDocument({
    size: 'A4', margins: MARGIN, bufferPages: true, autoFirstPage: true, displayTitle: true,
    info: { Title: pdfSafe(options.title), Creator: 'Grondslag', Producer: 'Grondslag', CreationDate: options.date, ModDate: options.date },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const chapters = tokens.filter((t): t is Tokens.Heading => t.type === 'heading' && t.depth === 2);
  const withToc = options.toc === true && chapters.length > 0;
  const tocTop = titlePage(doc, options, withToc);
  const writing: Writing = { doc, h1: tokens.find((t): t is Tokens.Heading => t.type === 'heading' && t.depth === 1), withToc, contents: [] };
  for (const t of tokens) block(writing, t, left, widthOf(doc));
  finishPages(writing, options.title, tocTop);
  doc.end();
  return done;
}
