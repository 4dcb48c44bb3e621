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
  /** The last toast on screen when the user last clicked or typed: what he has had the chance to read. */
  private seenUpTo = 0;

  constructor() {
    makeAutoObservable<ToastStore, 'seenUpTo'>(this, { seenUpTo: false });
  }

  show(message: string, intent: ToastIntent = 'none', timeout = intent === 'danger' ? ERROR_TOAST_MS : TOAST_MS): number {
    const id = this.next++;
    this.toasts.unshift({ id, message, intent });
    setTimeout(() => this.dismiss(id), timeout);
    return id;
  }

  /** The user acts (a click, a key, the browser's back): the toasts now shown are read. */
  markSeen() {
    this.seenUpTo = this.next - 1;
  }

  /**
   * On a screen change: closes the toasts shown before the user's action, so they do not follow him to the
   * next screen; those the action itself gave (e.g. 'Opslaan gelukt!' as a form returns to the list) stay.
   */
  closeSeen() {
    if (this.toasts.some((t) => t.id <= this.seenUpTo)) this.toasts = this.toasts.filter((t) => t.id > this.seenUpTo);
  }

  success = (message: string) => this.show(message, 'success');
  error = (message: string, timeout = ERROR_TOAST_MS) => this.show(message, 'danger', timeout);
  warning = (message: string) => this.show(message, 'warning');

  dismiss(id: number) {
    this.toasts = this.toasts.filter((t) => t.id !== id);
  }
}
