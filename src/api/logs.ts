import type { LogPage as LogPageWire } from '../api/contract/log.ts';
import type { Camelize } from './case.ts';
import { request, required } from './http.ts';

type LogPage = Camelize<LogPageWire>;

/** Spec 1 §9: 50 rows a page. */
const LOG_PAGE_SIZE = 50;

export const logsApi = {
  page: (page: number, clientId?: number) =>
    request<LogPage>('GET', '/manager/log/', { query: { clientId, logRows: LOG_PAGE_SIZE, page: required(page, 'page') } }),
};
