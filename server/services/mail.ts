import { appendFileSync } from 'node:fs';
import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';
import type { Mailer } from '../context.ts';

/**
 * SMTP when configured; otherwise the mail is written to the server log, so flows that send mail
 * (password reset) stay usable on a developer's machine. Tests pass their own mailer to capture mail.
 */
export function createMailer(config: Config, log: (msg: string) => void): Mailer {
  if (!config.mail.host) {
    return {
      async send(mail) {
        log(`E-mail (geen SMTP ingesteld) aan ${mail.to}: ${mail.subject}\n${mail.text}`);
        // End-to-end tests read the mails (e.g. the reset code) from this file, one JSON object a line.
        if (process.env.E2E_MAIL_FILE) appendFileSync(process.env.E2E_MAIL_FILE, `${JSON.stringify(mail)}\n`);
      },
    };
  }
  const transport = nodemailer.createTransport({
    host: config.mail.host,
    port: config.mail.port,
    secure: config.mail.secure,
    auth: config.mail.user ? { user: config.mail.user, pass: config.mail.password } : undefined,
  });
  return {
    async send(mail) {
      await transport.sendMail({ from: config.mail.from, ...mail });
    },
  };
}
