import { makeAutoObservable } from 'mobx';
import { LOG_DATES_REVERSED } from '../../api/contract/log.ts';
import { INVALID_DATE, parseDutchDate } from '../../lib/dutchNumber.ts';
import type { LogFilter } from '../../api/logs.ts';

/**
 * The log screen's page and filters (issue 35.9). Dates are typed as everywhere in the app (dd-mm-jjjj);
 * while one cannot be read, or the range is reversed, the field says why and the table keeps what it
 * showed (`request` is null) instead of loading a guess. A changed filter starts again at page 1.
 */
export class LogsStore {
  page = 1;
  userId: number | null = null;
  text = '';
  fromText = '';
  toText = '';

  constructor() {
    makeAutoObservable(this);
  }

  get fromError(): string | null {
    return dateError(this.fromText);
  }

  get toError(): string | null {
    if (dateError(this.toText)) return INVALID_DATE;
    const [from, to] = [parseDutchDate(this.fromText), parseDutchDate(this.toText)];
    return from && to && from > to ? LOG_DATES_REVERSED : null;
  }

  /** What to ask the server, or null while a filter is invalid. */
  get request(): { page: number; filter: LogFilter } | null {
    if (this.fromError || this.toError) return null;
    const filter: LogFilter = {
      userId: this.userId ?? undefined,
      text: this.text.trim() || undefined,
      dateFrom: parseDutchDate(this.fromText) ?? undefined,
      dateTo: parseDutchDate(this.toText) ?? undefined,
    };
    return { page: this.page, filter };
  }

  setPage(page: number) {
    this.page = Math.max(1, page);
  }

  setUser(id: number | null) {
    this.userId = id;
    this.page = 1;
  }

  setText(text: string) {
    this.text = text;
    this.page = 1;
  }

  setFrom(text: string) {
    this.fromText = text;
    this.page = 1;
  }

  setTo(text: string) {
    this.toText = text;
    this.page = 1;
  }
}

function dateError(text: string): string | null {
  return text.trim() && !parseDutchDate(text) ? INVALID_DATE : null;
}
