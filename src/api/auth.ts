import type { z } from 'zod';
import type { ClientStatus, CurrentUser as CurrentUserWire, LoginAnswer, UpdateMeBody } from './contract/auth.ts';
import type { Camelize } from './case.ts';
import { request, required } from './http.ts';

export type CurrentUser = Camelize<CurrentUserWire>;
type LoginResult = Camelize<z.infer<typeof LoginAnswer>>;

const M = '/manager';

export const authApi = {
  login: (email: string, password: string) =>
    request<LoginResult>('POST', `${M}/user/login/`, { anonymous: true, body: { email: required(email, 'email'), password: required(password, 'password') } }),
  refresh: () => request<{ access: string }>('POST', `${M}/token/refresh/`, { anonymous: true, body: {} }),
  logout: () => request<{ message: string }>('POST', `${M}/user/logout/`),
  me: () => request<CurrentUser>('GET', `${M}/user/me/`),
  updateMe: (body: Camelize<z.infer<typeof UpdateMeBody>>) => request<CurrentUser>('PUT', `${M}/user/me/`, { body }),
  clientStatus: () => request<Camelize<z.infer<typeof ClientStatus>>>('GET', `${M}/client-status/`, { anonymous: true }),
};
