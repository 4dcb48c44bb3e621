import { makeAutoObservable } from 'mobx';

type ToastIntent = 'success' | 'danger' | 'warning' | 'primary' | 'none';

interface Toast {
  id: number;
  message: string;
  intent: ToastIntent;
}

/** Spec: toasts bottom-right, newest on top, 5 s; errors 10 s. */
const TOAST_MS = 5_000;
const ERROR_TOAST_MS = 10_000;

export class ToastStore {
  toasts: Toast[] = [];
  private next = 1;
  /**
   * Toasts shown in the task still running, with its promise continuations (e.g. 'Opslaan gelukt!' just
   * before the form returns to the list).
   */
  private fresh = new Set<number>();

  constructor() {
    makeAutoObservable<ToastStore, 'fresh'>(this, { fresh: false });
  }

  show(message: string, intent: ToastIntent = 'none', timeout = intent === 'danger' ? ERROR_TOAST_MS : TOAST_MS): number {
    const id = this.next++;
    this.toasts.unshift({ id, message, intent });
    this.fresh.add(id);
    setTimeout(() => this.fresh.delete(id), 0);
    setTimeout(() => this.dismiss(id), timeout);
    return id;
  }

  /**
   * On a screen change: closes what was said before it, so a toast does not follow the user to the next
   * screen; a toast of the action that changes the screen (shown in the same task) stays.
   */
  clearStale() {
    if (this.toasts.some((t) => !this.fresh.has(t.id))) this.toasts = this.toasts.filter((t) => this.fresh.has(t.id));
  }

  success = (message: string) => this.show(message, 'success');
  error = (message: string, timeout = ERROR_TOAST_MS) => this.show(message, 'danger', timeout);
  warning = (message: string) => this.show(message, 'warning');

  dismiss(id: number) {
    this.toasts = this.toasts.filter((t) => t.id !== id);
  }
}
