import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { MAX_ENTRY_BYTES, NotAZip, ZipPackage, ZipTooLarge } from './zipPackage.ts';
import { TRAVERSAL_NAMES, smallWorkbook, workbookWithEntry, zipBomb } from '../../test/formulas/hostileWorkbooks.ts';
import { isNotAWorkbook, openXlsx } from './xlsxPackage.ts';

// Fixtures come from jszip, an independent writer; its pako deflate at level 9 gives other bytes than
// zlib at our level, so a recompressed entry would show.
const TEXT = Array.from({ length: 400 }, (_, i) => `<row r="${i + 1}"><c r="A${i + 1}"><v>${(i * 7919) % 1000}</v></c></row>`).join('');
const BINARY = Uint8Array.from({ length: 300 }, (_, i) => (i * 31) % 256);

async function fixture(options: { streamFiles?: boolean } = {}): Promise<Uint8Array> {
  const zip = new JSZip();
  zip.file('xl/worksheets/sheet1.xml', TEXT, { createFolders: false });
  zip.file('xl/worksheets/sheet2.xml', `${TEXT}<!-- twee -->`, { createFolders: false });
  zip.file('xl/media/image1.png', BINARY, { compression: 'STORE', createFolders: false });
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE', compressionOptions: { level: 9 }, ...options });
}

/** Method and data of an entry, found by walking the local headers (for files whose local headers hold the sizes). */
function localEntry(bytes: Uint8Array, name: string): { method: number; data: Uint8Array } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let at = 0; view.getUint32(at, true) === 0x04034b50; ) {
    const nameLength = view.getUint16(at + 26, true);
    const start = at + 30 + nameLength + view.getUint16(at + 28, true);
    const end = start + view.getUint32(at + 18, true);
    if (Buffer.from(bytes.subarray(at + 30, at + 30 + nameLength)).toString() === name) return { method: view.getUint16(at + 8, true), data: bytes.subarray(start, end) };
    at = end;
  }
  throw new Error(`no entry ${name}`);
}

/** Offset of the central directory header of an entry (in a file without a comment). */
function centralHeader(bytes: Uint8Array, name: string): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let p = view.getUint32(bytes.length - 22 + 16, true); view.getUint32(p, true) === 0x02014b50; p += 46 + view.getUint16(p + 28, true) + view.getUint16(p + 30, true) + view.getUint16(p + 32, true)) {
    if (Buffer.from(bytes.subarray(p + 46, p + 46 + view.getUint16(p + 28, true))).toString() === name) return p;
  }
  throw new Error(`no central header ${name}`);
}

describe('ZipPackage', () => {
  it('reads what jszip wrote, and jszip reads what it writes: changed, added, removed and unchanged entries', async () => {
    const zip = ZipPackage.open(await fixture());
    expect(zip.names()).toEqual(['xl/worksheets/sheet1.xml', 'xl/worksheets/sheet2.xml', 'xl/media/image1.png']);
    expect(zip.text('xl/worksheets/sheet1.xml')).toBe(TEXT);
    expect(zip.read('xl/media/image1.png')).toEqual(BINARY);
    expect(zip.text('nothing.xml')).toBeUndefined();
    zip.write('xl/worksheets/sheet1.xml', `${TEXT}<!-- één -->`);
    zip.write('docProps/app.xml', '<Properties/>');
    zip.remove('xl/worksheets/sheet2.xml');
    const out = zip.toBytes();

    const back = await JSZip.loadAsync(out);
    expect(Object.keys(back.files)).toEqual(['xl/worksheets/sheet1.xml', 'xl/media/image1.png', 'docProps/app.xml']);
    expect(await back.file('xl/worksheets/sheet1.xml')!.async('string')).toBe(`${TEXT}<!-- één -->`);
    expect(await back.file('xl/media/image1.png')!.async('uint8array')).toEqual(BINARY);
    expect(await back.file('docProps/app.xml')!.async('string')).toBe('<Properties/>');
    expect(ZipPackage.open(out).text('xl/worksheets/sheet1.xml')).toBe(`${TEXT}<!-- één -->`);
  });

  it('copies the compressed bytes of unchanged entries as they are and deflates only the changed one', async () => {
    const input = await fixture();
    const zip = ZipPackage.open(input);
    zip.write('xl/worksheets/sheet1.xml', `${TEXT} `);
    const out = zip.toBytes();
    expect(localEntry(out, 'xl/worksheets/sheet2.xml').data).toEqual(localEntry(input, 'xl/worksheets/sheet2.xml').data);
    expect(localEntry(out, 'xl/media/image1.png').data).toEqual(localEntry(input, 'xl/media/image1.png').data);
    expect(localEntry(out, 'xl/worksheets/sheet1.xml').data).not.toEqual(localEntry(input, 'xl/worksheets/sheet1.xml').data);
  });

  it('reads entries whose sizes follow their data (a data descriptor), taking them from the central directory', async () => {
    const input = await fixture({ streamFiles: true });
    expect(input[6]! & 0x08).toBe(0x08); // the first local header says: sizes in a data descriptor
    const zip = ZipPackage.open(input);
    expect(zip.text('xl/worksheets/sheet2.xml')).toBe(`${TEXT}<!-- twee -->`);
    expect(zip.read('xl/media/image1.png')).toEqual(BINARY);
    zip.write('xl/worksheets/sheet1.xml', 'nieuw');
    const back = await JSZip.loadAsync(zip.toBytes());
    expect(await back.file('xl/worksheets/sheet1.xml')!.async('string')).toBe('nieuw');
    expect(await back.file('xl/worksheets/sheet2.xml')!.async('string')).toBe(`${TEXT}<!-- twee -->`);
  });

  it('keeps a stored entry stored when it changes', async () => {
    const zip = ZipPackage.open(await fixture());
    zip.write('xl/media/image1.png', BINARY.subarray(0, 100));
    const entry = localEntry(zip.toBytes(), 'xl/media/image1.png');
    expect(entry.method).toBe(0);
    expect(entry.data).toEqual(BINARY.subarray(0, 100));
  });

  it('refuses a truncated file, a corrupt entry, an unknown method, an encrypted entry and zip64 sizes', async () => {
    const input = await fixture();
    expect(() => ZipPackage.open(input.subarray(0, input.length - 30))).toThrow(NotAZip);
    expect(() => ZipPackage.open(input.subarray(0, 1000))).toThrow(NotAZip);

    const corrupt = input.slice();
    const { data } = localEntry(corrupt, 'xl/worksheets/sheet1.xml');
    for (let i = 10; i < 30; i++) data[i] = data[i]! ^ 0x5a;
    const zip = ZipPackage.open(corrupt);
    expect(() => zip.text('xl/worksheets/sheet1.xml')).toThrow(NotAZip);
    expect(zip.text('xl/worksheets/sheet2.xml')).toBe(`${TEXT}<!-- twee -->`);

    const patched = (offset: number, write: (view: DataView, at: number) => void) => {
      const bytes = input.slice();
      write(new DataView(bytes.buffer), centralHeader(bytes, 'xl/worksheets/sheet2.xml') + offset);
      return bytes;
    };
    expect(() => ZipPackage.open(patched(10, (v, at) => v.setUint16(at, 12, true)))).toThrow(/compression method 12/);
    expect(() => ZipPackage.open(patched(8, (v, at) => v.setUint16(at, 1, true)))).toThrow(/encrypted/);
    expect(() => ZipPackage.open(patched(20, (v, at) => v.setUint32(at, 0xffffffff, true)))).toThrow(/zip64/);
  });

  it('makes openXlsx answer "not a workbook" for a truncated xlsx', async () => {
    const input = await fixture();
    const error = await openXlsx(input.subarray(0, input.length - 30)).catch((e: unknown) => e);
    expect(isNotAWorkbook(error)).toBe(true);
  });

  it('refuses a zip bomb by its declared sizes before inflating anything (issue 22)', async () => {
    const bomb = await zipBomb(450);
    expect(bomb.length).toBeLessThan(600_000);
    expect(() => ZipPackage.open(bomb)).toThrow(ZipTooLarge);
    const error = await openXlsx(bomb).catch((e: unknown) => e);
    expect([error instanceof ZipTooLarge, isNotAWorkbook(error)]).toEqual([true, true]);
  });

  it('refuses a package whose entries together declare more than the cap, each below it', async () => {
    const bytes = await fixture();
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    for (const name of ['xl/worksheets/sheet1.xml', 'xl/worksheets/sheet2.xml', 'xl/media/image1.png']) {
      view.setUint32(centralHeader(bytes, name) + 24, MAX_ENTRY_BYTES - 1, true);
    }
    expect(() => ZipPackage.open(bytes)).toThrow(ZipTooLarge);
  });

  it('stops inflating at the declared size when the header lies: a corrupt entry, not a runaway', async () => {
    const zip = ZipPackage.open(await zipBomb(450, 2000));
    expect(() => zip.read('[Content_Types].xml')).toThrow(/corrupt entry/);
  });
});

describe('entry names (issue 34)', () => {
  it('refuses an entry whose name leads outside the package or is no UTF-8, as no workbook', async () => {
    for (const name of TRAVERSAL_NAMES) {
      expect(() => ZipPackage.open(workbookWithEntry(name)), String(name)).toThrow(NotAZip);
      const refused = await openXlsx(workbookWithEntry(name)).then(() => null, (e: unknown) => e);
      expect(isNotAWorkbook(refused), String(name)).toBe(true);
    }
  });

  it('keeps names with dots, spaces, brackets and non-ASCII letters', async () => {
    for (const name of ['xl/..hidden/x.xml', 'xl/media/a..b.png', '[trash]/0001.dat', 'docProps/ë ü.xml']) {
      expect(ZipPackage.open(workbookWithEntry(name)).has(name), name).toBe(true);
    }
    expect((await openXlsx(smallWorkbook())).sheets.map((s) => s.name)).toEqual(['Invoer']);
  });
});
