import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Said in the log instead of the message when no SMTP server is configured (the offline demo). */
  logNote?: Record<string, unknown>;
};

export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * Mail through nodemailer: to the SMTP server of SMTP_URL, or, with none configured, as `.eml`
 * files in `outboxDir` (with `logNote`, e.g. the one-time code, logged) so the demo works offline.
 */
export function createMailer(options: { smtpUrl?: string; from: string; outboxDir: string; log: FastifyBaseLogger }): Mailer {
  const { smtpUrl, from, outboxDir, log } = options;
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      kind: 'smtp',
      async send({ to, subject, text, html }) {
        await transport.sendMail({ from, to, subject, text, html });
      },
      close: () => transport.close(),
    };
  }

  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'outbox',
    async send({ to, subject, text, html, logNote }) {
      const info = await transport.sendMail({ from, to, subject, text, html });
      await mkdir(outboxDir, { recursive: true });
      // Sortable by time; the random part keeps two mails of one millisecond apart.
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      const file = path.join(outboxDir, name);
      // Written whole, then renamed: whoever watches the folder never reads half a message.
      await writeFile(`${file}.tmp`, info.message as Buffer);
      await rename(`${file}.tmp`, file);
      log.info({ to, file, ...logNote }, 'mail written to the outbox (no SMTP_URL configured)');
    },
    close: () => transport.close(),
  };
}
