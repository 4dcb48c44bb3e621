import type { CheckTokenAnswer } from './contract/passwordReset.ts';
import type { MfaVerifyAnswer } from './contract/mfa.ts';
import type { Camelize } from './case.ts';
import { request, required } from './http.ts';

type CheckToken = Camelize<CheckTokenAnswer>;
type CheckMfa = Camelize<MfaVerifyAnswer>;
export { PASSWORD_CHANGED, PASSWORD_RESET_DONE, RESET_EMAIL_PATTERN } from './contract/messages.ts';

const M = '/manager';
type Message = { message: string };

/** Password reset by mail (no bearer) and the own password change (spec 2 §4, §7). */
export const passwordResetApi = {
  sendToken: (email: string) =>
    request<Message>('POST', `${M}/user/reset-password/send-token/`, { anonymous: true, body: { email: required(email, 'email') } }),
  checkToken: (email: string, resetPasswordToken: string) =>
    request<CheckToken>('POST', `${M}/user/reset-password/check-token/`, {
      anonymous: true, body: { email: required(email, 'email'), resetPasswordToken: required(resetPasswordToken, 'resetPasswordToken') },
    }),
  checkMfa: (email: string, resetPasswordToken: string, mfaCode: string) =>
    request<CheckMfa>('POST', `${M}/user/reset-password/check-mfa/`, {
      anonymous: true, body: { email: required(email, 'email'), resetPasswordToken: required(resetPasswordToken, 'resetPasswordToken'), mfaCode: required(mfaCode, 'mfaCode') },
    }),
  setPassword: (body: { email: string; resetPasswordToken: string; resetPassword2faToken: string | null; newPassword: string }) =>
    request<Message>('POST', `${M}/user/reset-password/set-password/`, {
      anonymous: true,
      // The wire name has a digit (reset_password_2fa_token), which the generic conversion would not produce.
      rawBody: true,
      body: {
        email: required(body.email, 'email'),
        reset_password_token: required(body.resetPasswordToken, 'resetPasswordToken'),
        reset_password_2fa_token: body.resetPassword2faToken,
        new_password: required(body.newPassword, 'newPassword'),
      },
    }),
  /** The signed-in user's own password (settings). */
  changeOwn: (currentPassword: string, newPassword: string) =>
    request<Message>('POST', `${M}/user/me/reset-password/`, {
      body: { currentPassword: required(currentPassword, 'currentPassword'), newPassword: required(newPassword, 'newPassword') },
    }),
};
