/**
 * Where mail goes: the SMTP server of SMTP_URL, or, without one (the embedded default),
 * a .eml file per message under DATA_DIR/mail. nodemailer builds the MIME message either
 * way (its stream transport for the files), so both carry exactly the same message.
 */
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTransport } from 'nodemailer';
import type { MailConfig } from './mail-config';

interface OutgoingMail {
  /** The outbox row's id: names the .eml file and makes the Message-ID. */
  outboxId: number;
  from: string;
  to: string;
  subject: string;
  text: string;
  /** An HTML alternative of `text` (receipts); nodemailer sends both as multipart/alternative. */
  html?: string;
  /** Stable per row, so a receiver can tell a repeated delivery (after a crash) from a new mail. */
  messageId: string;
}

export interface MailTransport {
  /** 'smtp://host:port' or 'files in …' for the logs (never the password). */
  readonly description: string;
  /** Resolves once the SMTP server accepted the message (or the file is written). */
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

export function createMailTransport(config: MailConfig, dataDir: string): MailTransport {
  if (config.smtpUrl) {
    const url = new URL(config.smtpUrl);
    const smtp = createTransport({
      url: config.smtpUrl,
      connectionTimeout: config.smtpTimeoutMs,
      greetingTimeout: config.smtpTimeoutMs,
      socketTimeout: config.smtpTimeoutMs,
    });
    return {
      description: `${url.protocol}//${url.host}`,
      async send(mail) {
        await smtp.sendMail(message(mail));
      },
      close: () => smtp.close(),
    };
  }
  const folder = join(dataDir, 'mail');
  const files = createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    description: `.eml files in ${folder}`,
    async send(mail) {
      const info = await files.sendMail(message(mail));
      mkdirSync(folder, { recursive: true });
      // Written whole, then renamed, so a reader never opens half a message.
      const file = join(folder, `outbox-${mail.outboxId}.eml`);
      writeFileSync(`${file}.tmp`, info.message as Buffer);
      renameSync(`${file}.tmp`, file);
    },
    close: () => files.close(),
  };
}

function message(mail: OutgoingMail) {
  return {
    from: mail.from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    ...(mail.html ? { html: mail.html } : {}),
    messageId: mail.messageId,
    headers: { 'auto-submitted': 'auto-generated' },
  };
}
