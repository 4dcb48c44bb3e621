import { hash, verify } from '@node-rs/argon2';
import { availableParallelism } from 'node:os';

// argon2id (the library's default algorithm) with OWASP's minimum: 19 MiB, 2 passes, 1 lane.
const options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * How many hashes this process computes at once: half the cores. A burst of sign-ins otherwise runs
 * four memory-hard hashes at a time (the thread pool's size) in every instance, which on a small machine
 * takes the cores from the event loops, and every other request waits behind them (the load bench: 200
 * users signing in within 10 s). The rest queue here, in order.
 */
const HASH_SLOTS = Math.max(1, Math.floor(availableParallelism() / 2));
let running = 0;
const waiting: (() => void)[] = [];

async function limited<T>(work: () => Promise<T>): Promise<T> {
  if (running >= HASH_SLOTS) await new Promise<void>((resolve) => waiting.push(resolve));
  else running++;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next(); // the slot passes on as it is
    else running--;
  }
}

export const hashPassword = (password: string) => limited(() => hash(password, options));

// Compared against when the e-mail is unknown, so both answers take as long.
let dummy: Promise<string> | undefined;

export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  if (!stored) {
    dummy ??= hashPassword('grondslag-dummy-password');
    const d = await dummy;
    await limited(() => verify(d, password)).catch(() => false);
    return false;
  }
  return limited(() => verify(stored, password)).catch(() => false);
}
