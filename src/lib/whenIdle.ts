/** Run `work` when the browser is idle, at the latest after `timeoutMs` (at once where there is no requestIdleCallback). */
export function whenIdle(work: () => void, timeoutMs = 2_000): void {
  const idle = (globalThis as { requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => void }).requestIdleCallback;
  if (idle) idle(work, { timeout: timeoutMs });
  else work();
}
