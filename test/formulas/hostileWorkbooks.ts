// Hostile workbooks for the tests and the bench (issue 22): a zip bomb, a sheet of unclosed tags and a
// character reference beyond Unicode, each an otherwise valid xlsx package. Built with a small zip
// writer of their own, because ZipPackage cannot write an entry whose header lies or whose deflated
// bytes come from elsewhere.
import { createDeflateRaw, crc32, deflateRawSync } from 'node:zlib';
import { RESULT_NAMES } from '../../src/formulas/savedWorkbook.ts';
import { buildModelTemplate } from '../../src/formulas/modelTemplate.ts';
import { writeWorkbookInputs } from '../../src/formulas/workbookInputs.ts';
import { openXlsx } from '../../src/formulas/xlsxPackage.ts';

const CONTENT_TYPES = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>';
const ROOT_RELS = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>';
const WORKBOOK_RELS = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>';
const workbookXml = (definedNames = '') => `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Invoer" sheetId="1" r:id="rId1"/></sheets>${definedNames}</workbook>`;
const sheetXml = (rows: string) => `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rows}</sheetData></worksheet>`;

interface RawEntry {
  /** Text, written as UTF-8, or the name's bytes as they are. */
  name: string | Uint8Array;
  /** Deflated bytes. */
  data: Uint8Array;
  crc: number;
  /** The uncompressed size the headers declare (a lie, when asked for). */
  size: number;
}

const entry = (name: string, text: string): RawEntry => {
  const bytes = Buffer.from(text, 'utf8');
  return { name, data: deflateRawSync(bytes), crc: crc32(bytes), size: bytes.length };
};

function zip(entries: RawEntry[]): Uint8Array {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = typeof e.name === 'string' ? Buffer.from(e.name, 'utf8') : Buffer.from(e.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(e.crc, 14);
    local.writeUInt32LE(e.data.length, 18);
    local.writeUInt32LE(e.size, 22);
    local.writeUInt16LE(name.length, 26);
    const dir = Buffer.alloc(46);
    dir.writeUInt32LE(0x02014b50, 0);
    dir.writeUInt16LE(20, 4);
    local.copy(dir, 6, 4, 30);
    dir.writeUInt32LE(offset, 42);
    parts.push(local, name, Buffer.from(e.data));
    central.push(dir, name);
    offset += 30 + name.length + e.data.length;
  }
  const dirBytes = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dirBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...parts, dirBytes, end]));
}

/** A workbook of one sheet `Invoer` with these rows (SpreadsheetML inside `<sheetData>`) and defined names. */
export function workbookWith(rows: string, definedNames = ''): Uint8Array {
  return zip([
    entry('[Content_Types].xml', CONTENT_TYPES),
    entry('_rels/.rels', ROOT_RELS),
    entry('xl/workbook.xml', workbookXml(definedNames)),
    entry('xl/_rels/workbook.xml.rels', WORKBOOK_RELS),
    entry('xl/worksheets/sheet1.xml', sheetXml(rows)),
  ]);
}

/** The small workbook with one more entry of this name (issue 34: `../../x`, `/etc/cron.d/evil`, bytes that are no UTF-8). */
export const workbookWithEntry = (name: string | Uint8Array): Uint8Array =>
  zip([
    entry('[Content_Types].xml', CONTENT_TYPES),
    entry('_rels/.rels', ROOT_RELS),
    entry('xl/workbook.xml', workbookXml()),
    entry('xl/_rels/workbook.xml.rels', WORKBOOK_RELS),
    entry('xl/worksheets/sheet1.xml', sheetXml('<row r="1"><c r="A1"><v>1</v></c></row>')),
    { ...entry('', '* * * * * root evil\n'), name },
  ]);

/** Entry names that lead outside a package where it is unpacked, each refused (issue 34). */
export const TRAVERSAL_NAMES: (string | Uint8Array)[] = [
  '../../../../tmp/x', 'xl/../../x', '/etc/cron.d/evil', '\\server\\share\\x', 'xl\\..\\x', 'C:/Windows/x', 'xl/media:stream',
  new Uint8Array([0x78, 0x6c, 0x2f, 0xff, 0xfe]),
];

/** An ordinary workbook of a few cells, the baseline the hostile ones are built on. */
export const smallWorkbook = () => workbookWith('<row r="1"><c r="A1"><v>1</v></c><c r="B1"><f>A1*2</f><v>2</v></c></row>');

/**
 * A sheet of `count` unclosed `<row>` tags (7 bytes each: 150,000 make 1 MB of XML, 3 kB zipped):
 * a scan that looks for `</row>` from every `<row` reads the rest of the text each time. It has the
 * result names of a spreadsheet model, so the results reader goes on to read its cells.
 */
export const unclosedRowsWorkbook = (count = 150_000) =>
  workbookWith('<row>\r\n'.repeat(count), `<definedNames>${Object.values(RESULT_NAMES).map((n) => `<definedName name="${n}">Invoer!$A$1</definedName>`).join('')}</definedNames>`);

/** A cell whose text holds `&#99999999;`, a character reference beyond Unicode (XML says: not well-formed). */
export const badEntityWorkbook = () =>
  workbookWith('<row r="1"><c r="A1" t="inlineStr"><is><t>&#99999999;</t></is></c></row>', '<definedNames><definedName name="x&#99999999;">Invoer!$A$1</definedName></definedNames>');

/**
 * A zip bomb: the small workbook whose `[Content_Types].xml` (the first part every reader inflates) is
 * followed by `megabytes` MB of spaces, deflated at level 9 (~1 kB per MB: 450 MB make a 0.45 MB file).
 * `declared`: the size its headers state; by default the true one, else a lie (a small number).
 */
export function zipBomb(megabytes = 450, declared?: number): Promise<Uint8Array> {
  const key = `${megabytes}:${declared}`;
  // Deflating 450 MB takes a second: once per process.
  if (!bombs.has(key)) bombs.set(key, buildBomb(megabytes, declared));
  return bombs.get(key)!;
}

const bombs = new Map<string, Promise<Uint8Array>>();

async function buildBomb(megabytes: number, declared: number | undefined): Promise<Uint8Array> {
  const head = Buffer.from(CONTENT_TYPES, 'utf8');
  const chunk = Buffer.alloc(1_000_000, 0x20);
  const deflate = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (b: Buffer) => out.push(b));
  const done = new Promise((resolve, reject) => deflate.on('end', resolve).on('error', reject));
  let crc = crc32(head);
  deflate.write(head);
  for (let i = 0; i < megabytes; i++) {
    crc = crc32(chunk, crc);
    if (!deflate.write(chunk)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await done;
  const size = declared ?? head.length + megabytes * chunk.length;
  const small = [entry('_rels/.rels', ROOT_RELS), entry('xl/workbook.xml', workbookXml()), entry('xl/_rels/workbook.xml.rels', WORKBOOK_RELS), entry('xl/worksheets/sheet1.xml', sheetXml(''))];
  return zip([{ name: '[Content_Types].xml', data: Buffer.concat(out), crc, size }, ...small]);
}

/**
 * Issue 34's workbook: the shipped template as the open-model job hands it out (inputs written, saved
 * values removed, so the results reader recalculates it) with `rows` extra rows on Resultaat, each of one
 * cell in the last column, `XFD<n>`. `column` another last column (beyond Excel's grid: `XFE`).
 */
export async function farColumnsWorkbook(rows = 2_000, column = 'XFD'): Promise<Uint8Array> {
  const { xlsx } = await writeWorkbookInputs(await buildModelTemplate(), { parameters: [], spaceUsage: null });
  const pkg = await openXlsx(xlsx);
  const path = pkg.sheets.find((s) => s.name === 'Resultaat')!.path;
  const far = Array.from({ length: rows }, (_, i) => `<row r="${i + 100}"><c r="${column}${i + 100}"><v>1</v></c></row>`).join('');
  pkg.zip.write(path, pkg.zip.text(path)!.replace('</sheetData>', `${far}</sheetData>`));
  return pkg.zip.toBytes();
}
