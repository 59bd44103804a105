import nodemailer from 'nodemailer';
import type { OutboxMessage } from '../db/alert-tables';
import type { MailTransport } from './outbox';

/**
 * The outbox's way out: SMTP with nodemailer (SMTP_URL), a pool of a few connections. The
 * timeouts stay well below the outbox lease, so a claim never ends while its send is in flight.
 */
export function smtpTransport(smtpUrl: string, from: string): MailTransport & { close(): void } {
  const url = new URL(smtpUrl);
  const transporter = nodemailer.createTransport({
    host: url.hostname,
    port: Number(url.port || (url.protocol === 'smtps:' ? 465 : 587)),
    secure: url.protocol === 'smtps:',
    auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
    // smtp://: STARTTLS when the server offers it (the local sink does not); smtps://: TLS from the start.
    pool: true,
    maxConnections: 4,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 60_000,
    logger: false,
  });
  return {
    async send(message: OutboxMessage) {
      await transporter.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        headers: message.headers,
      });
    },
    close: () => transporter.close(),
  };
}
