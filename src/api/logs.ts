import type { LogPage as LogPageWire, LogRow as LogRowWire } from '../api/contract/log.ts';
import type { Camelize } from './case.ts';
import { request, required } from './http.ts';

export type LogRow = Camelize<LogRowWire>;
export type LogPage = Camelize<LogPageWire>;

/** Spec 1 §9: 50 rows a page. */
export const LOG_PAGE_SIZE = 50;

export const logsApi = {
  page: (page: number, clientId?: number) =>
    request<LogPage>('GET', '/manager/log/', { query: { clientId, logRows: LOG_PAGE_SIZE, page: required(page, 'page') } }),
};
