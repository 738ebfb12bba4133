// Email through nodemailer with the ALERT_SMTP_* settings. Port 465 is implicit TLS; any other port
// upgrades with STARTTLS and requires it, unless ALERT_SMTP_USE_TLS=false (then TLS is not attempted).
// One short-lived connection per message; the caller records the outcome.
import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { SmtpSettings } from '../config/settings';
import type { NotificationTransportOptions } from './transport-options';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** Stable "<…@evidence>" id, the same on every retry of one delivery. */
  messageId: string;
  headers?: Record<string, string>;
}

export function smtpConfigured(smtp: SmtpSettings): boolean {
  return Boolean(smtp.host);
}

export function smtpTransportOptions(smtp: SmtpSettings, options: NotificationTransportOptions = {}): SMTPTransport.Options {
  const implicitTls = smtp.port === 465;
  const timeout = options.smtpTimeoutMs ?? 10_000;
  return {
    host: smtp.host,
    port: smtp.port,
    secure: implicitTls,
    ignoreTLS: !implicitTls && !smtp.useTls,
    requireTLS: !implicitTls && smtp.useTls,
    ...(smtp.username ? { auth: { user: smtp.username, pass: smtp.password ?? '' } } : {}),
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout * 3,
    ...(options.smtpTls ? { tls: options.smtpTls } : {}),
    logger: false,
    debug: false,
  };
}

export async function sendMail(smtp: SmtpSettings, message: MailMessage, options: NotificationTransportOptions = {}): Promise<void> {
  if (!smtp.host) throw new Error('SMTP is not configured (ALERT_SMTP_HOST)');
  const transport = nodemailer.createTransport(smtpTransportOptions(smtp, options));
  try {
    await transport.sendMail({
      from: smtp.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      messageId: message.messageId,
      headers: message.headers,
    });
  } finally {
    transport.close();
  }
}
