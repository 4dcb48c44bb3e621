import { endpoints } from './endpoints.ts';
import { call, required } from './http.ts';

/** Spec 1 §9: 50 rows a page. */
const LOG_PAGE_SIZE = 50;

/** The log's optional filters (issue 35.9); dates as yyyy-mm-dd, both included. */
export interface LogFilter {
  userId?: number;
  text?: string;
  dateFrom?: string;
  dateTo?: string;
}

export const logsApi = {
  page: (page: number, filter: LogFilter = {}, clientId?: number) =>
    call(endpoints.log.page, { query: { clientId, logRows: LOG_PAGE_SIZE, page: required(page, 'page'), ...filter } }),
};
