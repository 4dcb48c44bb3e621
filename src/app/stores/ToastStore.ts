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

  constructor() {
    makeAutoObservable(this);
  }

  show(message: string, intent: ToastIntent = 'none', timeout = intent === 'danger' ? ERROR_TOAST_MS : TOAST_MS): number {
    const id = this.next++;
    this.toasts.unshift({ id, message, intent });
    setTimeout(() => this.dismiss(id), timeout);
    return id;
  }

  success = (message: string) => this.show(message, 'success');
  error = (message: string, timeout = ERROR_TOAST_MS) => this.show(message, 'danger', timeout);
  warning = (message: string) => this.show(message, 'warning');

  dismiss(id: number) {
    this.toasts = this.toasts.filter((t) => t.id !== id);
  }
}
