import nodemailer from 'nodemailer';
import type { Logger } from 'pino';

export interface CodeMessage {
  to: string;
  code: string;
  purpose: string;
  language: 'zh-CN' | 'en';
}

/** Sends a verification code to an address. Email and SMS each have one. */
export interface CodeSender {
  readonly description: string;
  send(message: CodeMessage): Promise<void>;
}

const subject = { 'zh-CN': '您的验证码', en: 'Your verification code' };
const body = (message: CodeMessage) =>
  message.language === 'en'
    ? `Your verification code is ${message.code}. It expires in 10 minutes. If you did not ask for it, ignore this mail.`
    : `您的验证码是 ${message.code}，10 分钟内有效。如非本人操作，请忽略本邮件。`;

/** Email over SMTP (nodemailer), configured by `SMTP_URL` (e.g. smtp://user:pass@host:587) and `SMTP_FROM`. */
export function smtpSender(url: string, from: string): CodeSender {
  const transport = nodemailer.createTransport(url);
  return {
    description: `email over SMTP (${new URL(url).host})`,
    async send(message) {
      await transport.sendMail({
        from,
        to: message.to,
        subject: subject[message.language],
        text: body(message),
      });
    },
  };
}

/**
 * Writes the code to the log instead of sending it: the default for SMS (no provider contract yet)
 * and for email when no SMTP server is configured. Says so at start-up.
 */
export function logSender(channel: 'email' | 'sms', logger: Logger): CodeSender {
  logger.warn(
    `${channel} verification codes are written to this log (no ${channel === 'sms' ? 'SMS provider' : 'SMTP_URL'} configured)`,
  );
  return {
    description: `${channel} written to the log`,
    async send(message) {
      logger.info(
        { to: message.to, purpose: message.purpose },
        `${channel} verification code for ${message.to}: ${message.code}`,
      );
    },
  };
}

/** One email notice (decision 0023): `messageId` is its idempotency key, sent as the Message-ID header. */
export interface NoticeMail {
  to: string;
  subject: string;
  text: string;
  messageId: string;
}

/** Sends email notices; without SMTP_URL they are written to the log, as codes are. */
export interface NoticeTransport {
  readonly description: string;
  send(mail: NoticeMail): Promise<void>;
}

/** The same SMTP settings as the codes (`SMTP_URL`, `SMTP_FROM`), with bounded waits for a slow server. */
export function smtpNotices(url: string, from: string): NoticeTransport {
  const transport = nodemailer.createTransport({ url, connectionTimeout: 15_000, socketTimeout: 30_000 });
  return {
    description: `email over SMTP (${new URL(url).host})`,
    async send(mail) {
      await transport.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        messageId: `<${mail.messageId}@notices.sais>`,
      });
    },
  };
}

export function logNotices(logger: Logger): NoticeTransport {
  return {
    description: 'email notices written to the log',
    async send(mail) {
      logger.info({ to: mail.to, messageId: mail.messageId }, `email notice for ${mail.to}: ${mail.subject}`);
    },
  };
}
