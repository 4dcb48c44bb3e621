import { endpoints } from './endpoints.ts';
import { call, required } from './http.ts';

export { PASSWORD_CHANGED, PASSWORD_RESET_DONE, RESET_EMAIL_PATTERN } from './contract/messages.ts';

const ep = endpoints.passwordReset;

/** Password reset by mail (no bearer) and the own password change (spec 2 §4, §7). */
export const passwordResetApi = {
  sendToken: (email: string) => call(ep.sendToken, { body: { email: required(email, 'email') } }),
  checkToken: (email: string, resetPasswordToken: string) =>
    call(ep.checkToken, { body: { email: required(email, 'email'), resetPasswordToken: required(resetPasswordToken, 'resetPasswordToken') } }),
  checkMfa: (email: string, resetPasswordToken: string, mfaCode: string) =>
    call(ep.checkMfa, {
      body: { email: required(email, 'email'), resetPasswordToken: required(resetPasswordToken, 'resetPasswordToken'), mfaCode: required(mfaCode, 'mfaCode') },
    }),
  setPassword: (body: { email: string; resetPasswordToken: string; resetPassword2faToken: string | null; newPassword: string }) =>
    call(ep.setPassword, {
      // The wire name has a digit (reset_password_2fa_token), which the generic conversion would not produce.
      wireBody: {
        email: required(body.email, 'email'),
        reset_password_token: required(body.resetPasswordToken, 'resetPasswordToken'),
        reset_password_2fa_token: body.resetPassword2faToken,
        new_password: required(body.newPassword, 'newPassword'),
      },
    }),
  /** The signed-in user's own password (settings). */
  changeOwn: (currentPassword: string, newPassword: string) =>
    call(ep.changeOwn, { body: { currentPassword: required(currentPassword, 'currentPassword'), newPassword: required(newPassword, 'newPassword') } }),
};
