import type { ModelData } from '../model/modelData.ts';
import type { Backup, BackupStorage } from './workbenchContract.ts';
import { whenIdle } from '../lib/whenIdle.ts';

// Nothing lost (spec 3 §4): the working copy of one user's model kept in the browser's storage until it
// is saved, written after a quiet moment and offered back at the next load.

export class WorkingCopyBackup {
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly storage: BackupStorage | null | undefined,
    private readonly key: string,
    private readonly delayMs = 1_000,
  ) {}

  /** `write` after a quiet moment (and when the browser is idle) — a large model takes tens of ms to write. */
  schedule(write: () => void): void {
    if (!this.storage) return;
    this.cancel();
    this.timer = setTimeout(() => whenIdle(write), this.delayMs);
  }

  /** Stops a scheduled write. */
  cancel(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  write(backup: Backup): void {
    this.cancel();
    try {
      this.storage?.setItem(this.key, JSON.stringify(backup));
    } catch {
      /* storage full: the beforeunload question still protects */
    }
  }

  /** The stored working copy of `modelId`; none (and removed) when it is the `saved` data. */
  read(modelId: number, saved: ModelData | null): Backup | null {
    try {
      const s = this.storage?.getItem(this.key);
      if (!s) return null;
      const b = JSON.parse(s) as Backup;
      if (b.modelId !== modelId || !b.data) return null;
      if (saved && JSON.stringify(b.data) === JSON.stringify(saved)) {
        this.clear();
        return null;
      }
      return b;
    } catch {
      return null;
    }
  }

  clear(): void {
    this.cancel();
    try {
      this.storage?.removeItem(this.key);
    } catch {
      /* ignore */
    }
  }
}
