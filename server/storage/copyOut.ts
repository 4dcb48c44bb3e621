import type pg from 'pg';

// Reading large bytea values without their hex text. node-postgres receives every result field as text
// (its protocol parser has no binary mode), so a 2 MB file arrives as 4 MB of hex that the event loop
// decodes twice (UTF-8, then hex). `COPY … TO STDOUT (FORMAT binary)` sends the row in data messages that
// node-postgres hands over as bytes: PostgreSQL does not encode it and the server only copies it.

/** One COPY TO STDOUT, run as a node-postgres submittable query: the data messages' bytes, joined. */
class CopyOut implements pg.Submittable {
  private readonly chunks: Buffer[] = [];
  private settled = false;
  /** Set by the caller; node-postgres wraps it with its read timeout (query_timeout). */
  callback: (err: Error | null, data?: Buffer) => void = () => {};

  constructor(private readonly text: string) {}

  submit(connection: { query(text: string): void }): void {
    connection.query(this.text);
  }

  // The parser's buffer is reused for the messages after this one: the chunk is copied.
  handleCopyData(msg: { chunk: Buffer }): void {
    this.chunks.push(Buffer.from(msg.chunk));
  }

  handleCommandComplete(): void {}

  /** An error answer (ReadyForQuery follows) or a dead connection (nothing follows): answered at once, as node-postgres' own queries do. */
  handleError(e: Error): void {
    this.settle(e);
  }

  handleReadyForQuery(): void {
    this.settle(null, this.chunks.length === 1 ? this.chunks[0] : Buffer.concat(this.chunks));
  }

  private settle(err: Error | null, data?: Buffer) {
    if (this.settled) return;
    this.settled = true;
    this.callback(err, data);
  }
}

/** The signature, flags and header extension of PostgreSQL's binary COPY format, before the rows. */
const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');

/** The fields of the first row of a binary COPY (null: no row), each a view of `copy` (null for SQL NULL). */
export function firstCopyRow(copy: Buffer): (Buffer | null)[] | null {
  if (!copy.subarray(0, SIGNATURE.length).equals(SIGNATURE)) throw new Error('Geen binaire COPY-uitvoer van PostgreSQL.');
  let at = SIGNATURE.length + 4; // the flags
  at += 4 + copy.readInt32BE(at); // the header extension
  const count = copy.readInt16BE(at);
  at += 2;
  if (count === -1) return null; // the trailer: no rows
  const fields: (Buffer | null)[] = [];
  for (let i = 0; i < count; i++) {
    const length = copy.readInt32BE(at);
    at += 4;
    fields.push(length < 0 ? null : copy.subarray(at, at + length));
    at += Math.max(0, length);
  }
  return fields;
}

/**
 * The first row of `select` (a SELECT without parameters: COPY takes none, so the caller writes only
 * integers it checked into it) in binary, on a connection of the pool; null when it has no row.
 */
export async function copyFirstRow(pool: pg.Pool, select: string): Promise<(Buffer | null)[] | null> {
  const client = await pool.connect();
  let failed: Error | undefined;
  try {
    const copy = new CopyOut(`COPY (${select}) TO STDOUT (FORMAT binary)`);
    const data = await new Promise<Buffer>((resolve, reject) => {
      copy.callback = (err, out) => (err ? reject(err) : resolve(out!));
      client.query(copy);
    });
    return firstCopyRow(data);
  } catch (e) {
    failed = e as Error;
    throw e;
  } finally {
    client.release(failed); // a connection that failed mid-copy is not used again
  }
}
