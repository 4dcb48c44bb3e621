import type { CurrentUser as CurrentUserWire } from './contract/auth.ts';
import { endpoints } from './endpoints.ts';
import type { Camelize } from './case.ts';
import { call, required, type CallBody } from './http.ts';

export type CurrentUser = Camelize<CurrentUserWire>;

const ep = endpoints.auth;

export const authApi = {
  login: (email: string, password: string) =>
    call(ep.login, { body: { email: required(email, 'email'), password: required(password, 'password') } }),
  refresh: () => call(ep.refresh, { body: {} }),
  logout: () => call(ep.logout),
  me: () => call(ep.me),
  updateMe: (body: CallBody<typeof ep.updateMe>) => call(ep.updateMe, { body }),
  clientStatus: () => call(ep.clientStatus),
};
