import { endpoints } from './endpoints.ts';
import { call, required } from './http.ts';

/** Spec 1 §9: 50 rows a page. */
const LOG_PAGE_SIZE = 50;

export const logsApi = {
  page: (page: number, clientId?: number) =>
    call(endpoints.log.page, { query: { clientId, logRows: LOG_PAGE_SIZE, page: required(page, 'page') } }),
};
