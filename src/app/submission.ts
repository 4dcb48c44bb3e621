import { useState } from 'react';
import { action, makeObservable, observable, observableRef } from 'mobx';
import { fieldErrorsOf, messageOf } from '../api/http.ts';
import { useRoot } from './RootStore.ts';
import type { ErrorToaster } from './resource.ts';

/** Where a write's outcome is told (the RootStore's ToastStore, or a fake in tests). */
export interface WriteToaster extends ErrorToaster {
  success(message: string): unknown;
}

/** What a write tells the user: exactly one toast, on success or on failure. */
export interface WriteTexts<T> {
  /** The success toast; none for a write whose result is seen otherwise (a new screen, a signed-in user). */
  success?: string | ((value: T) => string | undefined);
  /**
   * The failure toast: a text, shown when the server gives no Dutch message of its own (`messageOf`), or
   * a function that picks the text from the error — `null` when the screen answers it otherwise (a dialog).
   */
  failure: string | ((e: unknown) => string | null);
}

/**
 * One thing a screen or store writes (a form's Opslaan, a delete, a button's action) — the twin of
 * `Resource`. `busy` is true while the write is under way, and a second `run` meanwhile is refused (a
 * double click, an Enter that blurs its field). A failure keeps what the user typed (the write changes the
 * form only when it succeeds), puts the server's per-field messages in `fieldErrors` and shows one toast.
 */
export class Submission {
  busy = false;
  /** The last failed write's per-field messages (a 400's `errors`), by the field's wire path. */
  fieldErrors: Readonly<Record<string, string>> = {};

  constructor(private readonly toasts: WriteToaster) {
    makeObservable<Submission, 'settle'>(this, {
      busy: observable,
      fieldErrors: observableRef,
      settle: action,
    });
  }

  /**
   * Runs `write` (with what follows from its answer: a new form, another screen, a reload) and tells its
   * outcome. Resolves to true when it succeeded, false when it failed or another write was under way.
   */
  async run<T>(write: () => Promise<T>, texts: WriteTexts<T>): Promise<boolean> {
    if (this.busy) return false;
    this.settle(true, {});
    try {
      const value = await write();
      this.settle(false, {});
      const success = typeof texts.success === 'function' ? texts.success(value) : texts.success;
      if (success) this.toasts.success(success);
      return true;
    } catch (e) {
      this.settle(false, Object.fromEntries(fieldErrorsOf(e).map((f) => [f.path, f.message])));
      const failure = typeof texts.failure === 'function' ? texts.failure(e) : messageOf(e, texts.failure);
      if (failure !== null) this.toasts.error(failure);
      return false;
    }
  }

  private settle(busy: boolean, fieldErrors: Record<string, string>) {
    this.busy = busy;
    this.fieldErrors = fieldErrors;
  }
}

/** A Submission owned by a screen, telling its outcome in the app's toasts. */
export function useSubmission(): Submission {
  const { toasts } = useRoot();
  return useState(() => new Submission(toasts))[0];
}
