import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { escapeHtml } from '../lib/html-pages';

/**
 * The local mail sink of `npm start` and the tests: a real SMTP server that keeps every message
 * in memory, and a web inbox with an HTTP API in MailDev's shape. Nothing leaves the machine:
 * both listen on 127.0.0.1 only, and nothing is relayed.
 *
 * - `GET /` the inbox (newest first), `GET /email` every message as JSON (id, time, from, to,
 *   subject, headers, text, html), `GET /email/:id`, `GET /email/:id/html`,
 *   `DELETE /email/all` (and `DELETE /email/:id`).
 */
export interface SinkMessage {
  id: string;
  time: string;
  from: string;
  to: string[];
  subject: string;
  /** Header names in lower case, values as received (unfolded). */
  headers: Record<string, string>;
  text: string;
  html: string;
  /** The MIME type of the message (multipart/alternative for the alert emails). */
  contentType: string;
}

export interface MailSink {
  smtpUrl: string;
  webUrl: string;
  messages: SinkMessage[];
  /** Refuse the next `count` messages with a temporary error (451), as a failing mail server does. */
  failNext(count: number): void;
  /**
   * After accepting `accepting` more messages (default none), answer no message, as a relay that
   * hangs: each is held unanswered (the sender waits for its reply) and never kept.
   */
  hang(accepting?: number): void;
  /** How many messages are held unanswered. */
  readonly held: number;
  close(): Promise<void>;
}

export async function startMailSink(
  options: { smtpPort?: number; webPort?: number; max?: number } = {},
): Promise<MailSink> {
  const messages: SinkMessage[] = [];
  const max = options.max ?? 1000;
  let failing = 0;
  let hanging = false;
  // Messages still accepted once `hang` is called, before the sink stops answering.
  let acceptingBeforeHang = 0;
  let held = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    banner: 'board local mail sink',
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (hanging && acceptingBeforeHang > 0) acceptingBeforeHang--;
        else if (hanging) {
          held++;
          return;
        }
        if (failing > 0) {
          failing--;
          const error = Object.assign(new Error('Try again later'), { responseCode: 451 });
          callback(error);
          return;
        }
        const raw = Buffer.concat(chunks);
        simpleParser(raw)
          .then((parsed) => {
            const headers: Record<string, string> = {};
            for (const line of parsed.headerLines)
              headers[line.key] = line.line.slice(line.line.indexOf(':') + 1).trim();
            messages.push({
              id: randomUUID(),
              time: new Date().toISOString(),
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((to) => to.address),
              subject: parsed.subject ?? '',
              headers,
              text: parsed.text ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : '',
              contentType: (headers['content-type'] ?? '').split(';')[0]?.trim() ?? '',
            });
            while (messages.length > max) messages.shift();
            callback();
          })
          .catch((error: unknown) => callback(error as Error));
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(options.smtpPort ?? 0, '127.0.0.1', () => resolve());
  });
  const smtpPort = (smtp.server.address() as AddressInfo).port;

  const web: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://sink');
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
      response.end(JSON.stringify(body));
    };
    const match = /^\/email\/([^/]+)(\/html)?$/.exec(url.pathname);
    if (request.method === 'GET' && url.pathname === '/email') return json(200, messages);
    if (request.method === 'DELETE' && url.pathname === '/email/all') {
      messages.length = 0;
      return json(200, true);
    }
    if (match) {
      const index = messages.findIndex((message) => message.id === match[1]);
      const message = messages[index];
      if (!message) return json(404, { message: 'No such email' });
      if (request.method === 'DELETE') {
        messages.splice(index, 1);
        return json(200, true);
      }
      if (match[2]) {
        response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
        return response.end(message.html);
      }
      return json(200, message);
    }
    if (request.method === 'GET' && url.pathname === '/') {
      const rows = [...messages]
        .reverse()
        .map(
          (message) =>
            `<li><a href="/email/${message.id}/html">${escapeHtml(message.subject || '(no subject)')}</a> · to ${escapeHtml(message.to.join(', '))} · ${escapeHtml(message.time)}<details><summary>text and headers</summary><pre>${escapeHtml(
              Object.entries(message.headers)
                .map(([key, value]) => `${key}: ${value}`)
                .join('\n'),
            )}\n\n${escapeHtml(message.text)}</pre></details></li>`,
        )
        .join('');
      response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
      return response.end(
        `<!doctype html><html><head><meta charset="utf-8"><title>Local inbox</title><meta http-equiv="refresh" content="10"></head><body style="font-family:system-ui,sans-serif;max-width:900px;margin:24px auto"><h1>Local inbox</h1><p>${messages.length} message(s) caught on SMTP port ${smtpPort}; nothing is delivered. JSON: <a href="/email">/email</a></p><ul>${rows}</ul></body></html>`,
      );
    }
    json(404, { message: 'Not found' });
  });
  await new Promise<void>((resolve, reject) => {
    web.once('error', reject);
    web.listen(options.webPort ?? 0, '127.0.0.1', () => resolve());
  });
  const webPort = (web.address() as AddressInfo).port;

  return {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    webUrl: `http://127.0.0.1:${webPort}`,
    messages,
    failNext(count) {
      failing = count;
    },
    hang(accepting = 0) {
      acceptingBeforeHang = accepting;
      hanging = true;
    },
    get held() {
      return held;
    },
    async close() {
      web.closeAllConnections();
      await Promise.all([
        new Promise<void>((resolve) => web.close(() => resolve())),
        new Promise<void>((resolve) => smtp.close(() => resolve())),
      ]);
    },
  };
}
