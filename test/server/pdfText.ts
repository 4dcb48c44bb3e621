import { inflateSync } from 'node:zlib';

// The text of a PDF that server/pdf/markdownPdf.ts wrote, for tests: its content streams inflated, and
// the strings of their TJ/Tj operators decoded from WinAnsi (the standard fonts' encoding). One line per
// text operation; not a general PDF reader.

const WIN_ANSI_HIGH: Record<number, string> = {
  0x80: '€', 0x85: '…', 0x91: '‘', 0x92: '’', 0x93: '“', 0x94: '”', 0x95: '•', 0x96: '–', 0x97: '—',
};
const decode = (hex: string) => Buffer.from(hex, 'hex').reduce((s, b) => s + (WIN_ANSI_HIGH[b] ?? String.fromCharCode(b)), '');

export function pdfText(pdf: Buffer): string {
  const text = pdf.toString('latin1');
  const lines: string[] = [];
  for (const m of text.matchAll(/stream\r?\n/g)) {
    const start = m.index + m[0].length;
    const end = text.indexOf('endstream', start);
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      continue; // not a deflated stream
    }
    for (const op of content.matchAll(/\[((?:<[0-9a-fA-F]*>|\s|-?[\d.]+)*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g)) {
      lines.push(op[1] !== undefined ? [...op[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => decode(h[1])).join('') : decode(op[2]));
    }
  }
  return lines.join('\n');
}
