import { createServer, request, type Server } from 'node:http';

/** Where the front door serves the error capture from (same origin: the page's CSP allows `'self'` scripts). */
const captureScriptPath = '/__browser-test/capture-errors.js';

/**
 * What a page's own scripts report, kept in the tab's sessionStorage so that a page's errors survive
 * the navigation that follows it: console.error, uncaught errors and rejections, failed resources
 * (an `error` event on an element) and CSP violations. WebDriver classic has no console log, and
 * WebKitGTK's MiniBrowser does not print console messages in automation mode: this is how the
 * WebKit suite sees them once scripts run.
 */
const captureScript = `(() => {
  window.__browserTestCapture = true;
  const key = '__browserTestErrors';
  const keep = (text) => {
    try {
      const list = JSON.parse(sessionStorage.getItem(key) || '[]');
      list.push(text + ' (' + location.pathname + location.search + ')');
      sessionStorage.setItem(key, JSON.stringify(list));
    } catch {}
  };
  const original = console.error.bind(console);
  console.error = (...args) => {
    keep('console.error: ' + args.map((arg) => (arg instanceof Error ? arg.stack || arg.message : String(arg))).join(' '));
    original(...args);
  };
  addEventListener('error', (event) => {
    if (event instanceof ErrorEvent) keep('uncaught: ' + event.message);
    else if (event.target && event.target !== window) keep('failed to load: ' + (event.target.src || event.target.href || event.target.tagName));
  }, true);
  addEventListener('unhandledrejection', (event) => keep('unhandled rejection: ' + String(event.reason && (event.reason.stack || event.reason))));
  addEventListener('securitypolicyviolation', (event) => keep('CSP: ' + event.violatedDirective + ' ' + event.blockedURI));
})();`;

/** Whether a request comes from WebKit (Safari's engine): the only engine whose pages get the capture script. */
const isWebKit = (userAgent = '') => /AppleWebKit/.test(userAgent) && !/Chrome|Firefox/.test(userAgent);

export interface FrontDoor {
  url: string;
  /** Same-origin answers with status 400 or more (the HTML, the shell's files), as `status path`. */
  failures(): string[];
  close(): Promise<void>;
}

/**
 * A front door on `port` in front of the shell's server, as a load balancer is in production:
 * every request is passed on unchanged (Host included). For WebKit only, an HTML page gets one
 * `<script src>` first in its <head>, which records the page's errors (captureScript); Firefox's
 * pages are passed on as served (the Firefox suite reads its console through WebDriver BiDi).
 */
export async function startFrontDoor(port: number, upstream: string): Promise<FrontDoor> {
  const target = new URL(upstream);
  const failures: string[] = [];
  const server: Server = createServer((incoming, outgoing) => {
    if (incoming.url === captureScriptPath) {
      outgoing.writeHead(200, { 'Content-Type': 'text/javascript', 'Cache-Control': 'no-store' });
      outgoing.end(captureScript);
      return;
    }
    const inject = isWebKit(incoming.headers['user-agent']);
    const headers = { ...incoming.headers, ...(inject ? { 'accept-encoding': 'identity' } : {}) };
    const forward = request(
      { hostname: target.hostname, port: target.port, path: incoming.url, method: incoming.method, headers },
      (answer) => {
        const status = answer.statusCode ?? 502;
        if (status >= 400) failures.push(`${status} ${incoming.url}`);
        const html = /^text\/html/.test(String(answer.headers['content-type'] ?? ''));
        if (!inject || !html) {
          outgoing.writeHead(status, answer.headers);
          answer.pipe(outgoing);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const page = Buffer.concat(chunks)
            .toString('utf8')
            .replace(/<head>/, `<head><script src="${captureScriptPath}"></script>`);
          const { 'content-length': _, 'content-encoding': __, etag: ___, ...rest } = answer.headers;
          outgoing.writeHead(status, { ...rest, 'content-length': Buffer.byteLength(page) });
          outgoing.end(page);
        });
      },
    );
    forward.on('error', (error) => {
      failures.push(`502 ${incoming.url}: ${error.message}`);
      if (!outgoing.headersSent) outgoing.writeHead(502);
      outgoing.end();
    });
    incoming.pipe(forward);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return {
    url: `http://127.0.0.1:${port}`,
    failures: () => failures.splice(0),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
