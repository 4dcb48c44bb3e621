import type { Socket } from 'node:net';

/** How long a lingering connection waits for more of the client's body before it is closed (ms). */
export const LINGER_IDLE_MS = 1_000;
/** The longest a lingering connection stays open after its answer, however steadily the client sends (ms). */
export const LINGER_MAX_MS = 10_000;

/**
 * Closes `socket` after an answer given before the request's body was read the way nginx does
 * (lingering close): our side ends, and what the client still sends is read and dropped for a while
 * before the connection is destroyed.
 *
 * Node ends a `connection: close` answer with `socket.destroySoon()`: it destroys the socket as soon as
 * the answer is flushed, with the client's body still arriving, so the kernel answers that body with a
 * reset, which throws away our answer when the client has not read it yet. A client sending 1,5 MB to a
 * 1 MB route saw "write EPIPE" instead of its 413 one time in three (server/faults/uploads.faults.test.ts).
 * The reading is bounded: LINGER_IDLE_MS without data, LINGER_MAX_MS in all, and nothing is kept.
 */
export function lingerOnClose(socket: Socket): void {
  socket.destroySoon = function lingeringDestroySoon(this: Socket) {
    this.end();
    const idle = setTimeout(() => this.destroy(), LINGER_IDLE_MS);
    const total = setTimeout(() => this.destroy(), LINGER_MAX_MS);
    this.on('data', () => idle.refresh()); // the HTTP parser still reads the socket: the body is dropped there
    this.once('end', () => this.destroy());
    this.once('close', () => {
      clearTimeout(idle);
      clearTimeout(total);
    });
  };
}
