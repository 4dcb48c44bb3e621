// Server-side only (node:zlib): the xlsx modules are not part of the browser bundle, unlike the engine.
// A zip container for xlsx files on Node's zlib instead of jszip, whose pure-JS deflate cost ~0.8 s per
// 2 MB workbook (issue 12). Entries are inflated only when read; on write an unchanged entry's compressed
// bytes are copied as they are and only changed entries are deflated. Zip64, encryption and methods other
// than store (0) and deflate (8) are refused: no xlsx needs them.
import { crc32, deflateRawSync, inflateRawSync } from 'node:zlib';

/** The file is not a zip this module reads. */
export class NotAZip extends Error {}

/**
 * Caps on what a package may unpack to, checked on the sizes its central directory declares before
 * anything is inflated; inflating stops at an entry's declared size, so a header that lies ends as a
 * corrupt entry instead of a runaway (a zip bomb: 0.5 MB that inflates to gigabytes). The bench's 2 MB
 * workbook of a large model unpacks to 14 MB, its largest part to 2.1 MB (docs/decisions.md, issue 22).
 */
export const MAX_ENTRY_BYTES = 50_000_000;
export const MAX_UNPACKED_BYTES = 100_000_000;

/** A package that declares more than the caps: refused (413) before a byte is inflated. */
export class ZipTooLarge extends NotAZip {}

/**
 * Deflate level of changed entries. Measured on the 2 MB bench workbook, all sheets changed: level 1
 * 62 ms / 2.26 MB, level 4 95 ms / 2.10 MB, level 6 198 ms / 1.92 MB. The time is paid on every open
 * (20 users at once queue behind it), the 18% in size only once per download.
 */
export const DEFLATE_LEVEL = 1;

const LOCAL = 0x04034b50;
const CENTRAL = 0x02014b50;
const END = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
/** General purpose flags: encrypted (bit 0), strong encryption (bit 6); bit 3 says sizes follow the data. */
const ENCRYPTED = 0x0001 | 0x0040;
const DATA_DESCRIPTOR = 0x0008;

interface Entry {
  name: string;
  /** The name as stored, copied back unchanged. */
  rawName: Uint8Array;
  method: 0 | 8;
  flags: number;
  time: number;
  date: number;
  versionMadeBy: number;
  externalAttrs: number;
  crc: number;
  size: number;
  compressed: Uint8Array;
  /** Inflated content, once read or written. */
  content?: Uint8Array;
  changed: boolean;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * An entry's name, refused (NotAZip) when it could lead outside the package wherever it is unpacked or
 * handed on (report downloads, the model's active file): a `..` segment, a leading `/` or `\`, any `\`
 * or `:` (a Windows path or drive), or bytes that are not UTF-8. No xlsx part is named so (issue 34).
 */
function safeName(raw: Uint8Array): string {
  let name: string;
  try {
    name = utf8.decode(raw);
  } catch {
    throw new NotAZip('entry name not UTF-8');
  }
  if (/^\/|[\\:]/.test(name) || name.split('/').includes('..')) throw new NotAZip('unsafe entry name');
  return name;
}

export class ZipPackage {
  private readonly entries = new Map<string, Entry>();

  private constructor() {}

  /** Read a zip's central directory (sizes and offsets come from it, so entries with data descriptors read). */
  static open(bytes: Uint8Array): ZipPackage {
    const zip = new ZipPackage();
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    // The end record is the last 22 bytes, followed by a comment of at most 65535 bytes.
    let end = -1;
    for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 0xffff); i--) {
      if (view.getUint32(i, true) === END && i + 22 + view.getUint16(i + 20, true) === bytes.length) {
        end = i;
        break;
      }
    }
    if (end < 0) throw new NotAZip('no end of central directory');
    if (end >= 20 && view.getUint32(end - 20, true) === ZIP64_LOCATOR) throw new NotAZip('zip64');
    const count = view.getUint16(end + 10, true);
    const dirSize = view.getUint32(end + 12, true);
    const dirStart = view.getUint32(end + 16, true);
    if (view.getUint16(end + 4, true) !== 0 || view.getUint16(end + 6, true) !== 0 || count !== view.getUint16(end + 8, true)) throw new NotAZip('multi-disk');
    if (count === 0xffff || dirStart === 0xffffffff || dirStart + dirSize > end) throw new NotAZip('bad central directory');
    let at = dirStart;
    let unpacked = 0;
    for (let n = 0; n < count; n++) {
      if (at + 46 > end || view.getUint32(at, true) !== CENTRAL) throw new NotAZip('bad central directory entry');
      const flags = view.getUint16(at + 8, true);
      const method = view.getUint16(at + 10, true);
      const csize = view.getUint32(at + 20, true);
      const size = view.getUint32(at + 24, true);
      const nameLength = view.getUint16(at + 28, true);
      const next = at + 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
      const offset = view.getUint32(at + 42, true);
      if (flags & ENCRYPTED) throw new NotAZip('encrypted');
      if (method !== 0 && method !== 8) throw new NotAZip(`compression method ${method}`);
      if (csize === 0xffffffff || size === 0xffffffff || offset === 0xffffffff) throw new NotAZip('zip64');
      if (offset + 30 > dirStart || view.getUint32(offset, true) !== LOCAL) throw new NotAZip('bad local header');
      const dataStart = offset + 30 + view.getUint16(offset + 26, true) + view.getUint16(offset + 28, true);
      if (dataStart + csize > dirStart || next > end) throw new NotAZip('entry out of bounds');
      unpacked += size;
      if (size > MAX_ENTRY_BYTES || unpacked > MAX_UNPACKED_BYTES) throw new ZipTooLarge('unpacks beyond the cap');
      const rawName = bytes.subarray(at + 46, at + 46 + nameLength);
      const entry: Entry = {
        name: safeName(rawName),
        rawName,
        method,
        flags,
        time: view.getUint16(at + 12, true),
        date: view.getUint16(at + 14, true),
        versionMadeBy: view.getUint16(at + 4, true),
        externalAttrs: view.getUint32(at + 38, true),
        crc: view.getUint32(at + 16, true),
        size,
        compressed: bytes.subarray(dataStart, dataStart + csize),
        changed: false,
      };
      zip.entries.set(entry.name, entry);
      at = next;
    }
    return zip;
  }

  /** Entry names in the order of the file. */
  names(): string[] {
    return [...this.entries.keys()];
  }

  has(name: string): boolean {
    return this.entries.has(name);
  }

  /** An entry's content (inflated on first read, at most its declared size, checked against its CRC), or undefined. */
  read(name: string): Uint8Array | undefined {
    const e = this.entries.get(name);
    if (!e) return undefined;
    if (!e.content) {
      let content: Uint8Array;
      try {
        // One byte beyond the declared size is enough to know that the header lied.
        content = e.method === 8 ? inflateRawSync(e.compressed, { maxOutputLength: e.size + 1 }) : e.compressed;
      } catch {
        throw new NotAZip(`corrupt entry ${name}`);
      }
      if (content.length !== e.size || crc32(content) !== e.crc) throw new NotAZip(`corrupt entry ${name}`);
      e.content = content;
    }
    return e.content;
  }

  /** An entry's content as UTF-8 text, or undefined. */
  text(name: string): string | undefined {
    const content = this.read(name);
    return content && Buffer.from(content.buffer, content.byteOffset, content.byteLength).toString('utf8');
  }

  /** Replace (or add) an entry; an existing one keeps its place, method, date and attributes. */
  write(name: string, content: string | Uint8Array): void {
    const data = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
    const old = this.entries.get(name);
    const rawName = old?.rawName ?? Buffer.from(name, 'utf8');
    this.entries.set(name, {
      name,
      rawName,
      method: old?.method ?? 8,
      // Names we add are UTF-8 (bit 11); sizes now go in the headers, not a data descriptor.
      flags: (old?.flags ?? 0x0800) & ~DATA_DESCRIPTOR,
      // A new entry gets the zip epoch (1980-01-01) rather than the clock: the same input gives the same file.
      time: old?.time ?? 0,
      date: old?.date ?? 0x21,
      versionMadeBy: old?.versionMadeBy ?? 20,
      externalAttrs: old?.externalAttrs ?? 0,
      crc: crc32(data),
      size: data.length,
      compressed: data,
      content: data,
      changed: true,
    });
  }

  remove(name: string): void {
    this.entries.delete(name);
  }

  /** The zip: unchanged entries' compressed bytes copied, changed ones deflated at `level` (stored ones stay stored). */
  toBytes(level = DEFLATE_LEVEL): Uint8Array {
    const parts: Uint8Array[] = [];
    const central: Uint8Array[] = [];
    let offset = 0;
    for (const e of this.entries.values()) {
      const data = e.changed && e.method === 8 ? deflateRawSync(e.compressed, { level }) : e.compressed;
      const flags = e.flags & ~DATA_DESCRIPTOR;
      const local = Buffer.alloc(30);
      local.writeUInt32LE(LOCAL, 0);
      local.writeUInt16LE(20, 4);
      local.writeUInt16LE(flags, 6);
      local.writeUInt16LE(e.method, 8);
      local.writeUInt16LE(e.time, 10);
      local.writeUInt16LE(e.date, 12);
      local.writeUInt32LE(e.crc, 14);
      local.writeUInt32LE(data.length, 18);
      local.writeUInt32LE(e.size, 22);
      local.writeUInt16LE(e.rawName.length, 26);
      local.writeUInt16LE(0, 28);
      const dir = Buffer.alloc(46);
      dir.writeUInt32LE(CENTRAL, 0);
      dir.writeUInt16LE(e.versionMadeBy, 4);
      dir.writeUInt16LE(20, 6);
      local.copy(dir, 8, 6, 30); // flags … name length: the same fields in the same order
      dir.writeUInt32LE(e.externalAttrs, 38);
      dir.writeUInt32LE(offset, 42);
      parts.push(local, e.rawName, data);
      central.push(dir, e.rawName);
      offset += 30 + e.rawName.length + data.length;
      if (offset > 0xffffffff) throw new NotAZip('zip64 needed');
    }
    const dirSize = central.reduce((n, b) => n + b.length, 0);
    const endRecord = Buffer.alloc(22);
    endRecord.writeUInt32LE(END, 0);
    endRecord.writeUInt16LE(this.entries.size, 8);
    endRecord.writeUInt16LE(this.entries.size, 10);
    endRecord.writeUInt32LE(dirSize, 12);
    endRecord.writeUInt32LE(offset, 16);
    // A fresh array of its own (not Buffer.concat, which may hand out a slice of the shared pool), so its
    // buffer can be transferred from a worker thread.
    const out = new Uint8Array(offset + dirSize + 22);
    let at = 0;
    for (const b of [...parts, ...central, endRecord]) {
      out.set(b, at);
      at += b.length;
    }
    return out;
  }
}
