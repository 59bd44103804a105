import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, request, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The board's API as SPEC section 7 states it, run by another recruiting platform: a thin proxy
 * in front of our API.
 * - Call 1 (GET /public-job-posting) takes `workspace_slug` and `visibility` only and answers
 *   `{ jobs: [...] }`, every job of the scope, with no `total`, no paging and no facets: the proxy
 *   drops our API's extension from its request and its answer.
 * - Jobs and companies have the platform's own string ids: a UUID for some, `j-…` / `org-…` for
 *   the others (`platformIds`). The proxy spells them so in every answer (`id`, `organization_id`,
 *   an in-site `application_url`), reads them back from every path (calls 4 and 5) and from call
 *   6's `job_posting_id`, and answers 404 for an id the platform never issued, as such a platform
 *   would (our API's integers among them).
 * Every other call and field passes through untouched.
 */
export interface SpecApi {
  /** The proxy's address: the API's public address too (its logo URLs name it). */
  url: string;
  /** Where it forwards to: our API, once started. */
  forwardTo(apiUrl: string): void;
  close(): Promise<void>;
}

/** Our API's job and company ids as the platform behind the proxy spells them, and back. */
export const platformIds = {
  job: (id: number) => spelled('job', 'j', id),
  organization: (id: number) => spelled('org', 'org', id),
  /** Our API's id of a platform's job id; undefined for an id it never issued. */
  ourJob: (id: string) => ours('job', 'j', id),
  ourOrganization: (id: string) => ours('org', 'org', id),
};

/** Odd ids are UUIDs (version 4 in shape, the id in the last group), even ones `{prefix}-{id}`. */
function spelled(kind: string, prefix: string, id: number): string {
  if (id % 2 === 0) return `${prefix}-${id}`;
  const hash = createHash('sha256').update(`${kind}:${id}`).digest('hex');
  const variant = '89ab'[Number.parseInt(hash.charAt(16), 16) % 4];
  return `${hash.slice(0, 8)}-${hash.slice(8, 12)}-4${hash.slice(13, 16)}-${variant}${hash.slice(17, 20)}-${id.toString(16).padStart(12, '0')}`;
}

function ours(kind: string, prefix: string, spelling: string): number | undefined {
  const id = Number(
    new RegExp(`^${prefix}-([1-9]\\d*)$`).exec(spelling)?.[1] ??
      Number.parseInt(/^[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}([0-9a-f]{12})$/.exec(spelling)?.[1] ?? '', 16),
  );
  return Number.isSafeInteger(id) && id > 0 && spelled(kind, prefix, id) === spelling ? id : undefined;
}

/** Our ids in an answer, spelled as the platform spells them (any job, company or crawl item). */
function respell(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(respell);
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value).map(([key, field]) => {
    if (key === 'organization_id' && typeof field === 'number') return [key, platformIds.organization(field)];
    // A job: our API writes every job with its company.
    if (key === 'id' && typeof field === 'number' && 'organization_id' in value) return [key, platformIds.job(field)];
    if (key === 'application_url' && typeof field === 'string') {
      // An in-site application names the job's apply page (on the site's origin, or relative).
      const inSite = /^((?:https?:\/\/[^/]+)?)\/job\/(\d+)\/apply(.*)$/.exec(field);
      return [key, inSite ? `${inSite[1]}/job/${platformIds.job(Number(inSite[2]))}/apply${inSite[3]}` : field];
    }
    return [key, respell(field)];
  });
  return Object.fromEntries(entries);
}

const readBody = (incoming: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => resolve(Buffer.concat(chunks)));
    incoming.on('error', reject);
  });

/** A multipart body with one field's value replaced; null when it has no such field. */
function withField(body: Buffer, contentType: string, name: string, map: (value: string) => string | undefined) {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(contentType);
  const delimiter = `\r\n--${boundary?.[1] ?? boundary?.[2]}`;
  const header = body.indexOf(`name="${name}"`);
  const start = body.indexOf('\r\n\r\n', header) + 4;
  const end = body.indexOf(delimiter, start);
  if (!boundary || header === -1 || start < 4 || end === -1) return null;
  const value = map(body.subarray(start, end).toString('utf8'));
  return value === undefined
    ? undefined
    : Buffer.concat([body.subarray(0, start), Buffer.from(value), body.subarray(end)]);
}

const notFound = (incoming: IncomingMessage, outgoing: ServerResponse, message: string) => {
  const body = JSON.stringify({ message });
  outgoing.writeHead(404, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(body),
    // The board reads the API from its own origin: the answer must be readable there.
    'access-control-allow-origin': incoming.headers.origin ?? '*',
    vary: 'Origin',
  });
  outgoing.end(body);
};

export async function startSpecApi(): Promise<SpecApi> {
  let target = new URL('http://127.0.0.1:9');
  const quietSockets = new WeakSet<object>();
  const proxy = async (incoming: IncomingMessage, outgoing: ServerResponse) => {
    const url = new URL(incoming.url ?? '/', target);
    const get = incoming.method === 'GET';
    const listing = get && url.pathname.startsWith('/public-job-posting');
    const callOne = get && url.pathname === '/public-job-posting';
    if (callOne) {
      const kept = new URLSearchParams();
      for (const name of ['workspace_slug', 'visibility']) {
        const value = url.searchParams.get(name);
        if (value !== null) kept.set(name, value);
      }
      url.search = kept.toString();
    }
    // Calls 4 and 5 name a job or a company by the platform's id.
    const job = get ? /^\/public-job-posting\/([^/]+)$/.exec(url.pathname)?.[1] : undefined;
    const company = get ? /^\/public-job-posting\/organization\/([^/]+)$/.exec(url.pathname)?.[1] : undefined;
    if (job !== undefined) {
      const id = platformIds.ourJob(decodeURIComponent(job));
      if (id === undefined) return notFound(incoming, outgoing, 'Job posting not found');
      url.pathname = `/public-job-posting/${id}`;
    }
    if (company !== undefined) {
      const id = platformIds.ourOrganization(decodeURIComponent(company));
      if (id === undefined) return notFound(incoming, outgoing, 'Organization not found');
      url.pathname = `/public-job-posting/organization/${id}`;
    }
    const headers = { ...incoming.headers, host: target.host };
    if (listing) {
      delete headers['accept-encoding'];
      delete headers['if-none-match'];
    }
    // Call 6 sends back the platform's job id.
    let body: Buffer | undefined;
    const application = incoming.method === 'POST' && url.pathname === '/public/job-application/';
    if (application) {
      const sent = await readBody(incoming);
      const mapped = withField(sent, String(incoming.headers['content-type']), 'job_posting_id', (value) => {
        const id = platformIds.ourJob(value);
        return id === undefined ? undefined : String(id);
      });
      if (mapped === undefined) return notFound(incoming, outgoing, 'Job posting not found');
      body = mapped ?? sent;
      headers['content-length'] = String(body.length);
    }
    const forwarded = request(url, { method: incoming.method, headers }, (answer) => {
      const json = String(answer.headers['content-type']).includes('application/json');
      if (!listing || answer.statusCode !== 200 || !json) {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
        return;
      }
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => {
        const parsed = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { jobs?: unknown[] };
        const text = JSON.stringify(respell(callOne ? { jobs: parsed.jobs } : parsed));
        const { 'content-length': _length, etag: _etag, ...rest } = answer.headers;
        outgoing.writeHead(200, { ...rest, 'content-length': Buffer.byteLength(text) });
        outgoing.end(text);
      });
    });
    forwarded.on('error', () => {
      // Sending the rest of a body the API refused and answered fails: the answer is on its way.
      if (outgoing.headersSent) return;
      outgoing.writeHead(502);
      outgoing.end();
    });
    // The same failure may come once the answer is complete, from the connection alone. A kept-alive
    // connection carries many requests: it is given its listener once.
    forwarded.on('socket', (socket) => {
      if (quietSockets.has(socket)) return;
      quietSockets.add(socket);
      socket.on('error', () => {});
    });
    if (body) forwarded.end(body);
    else incoming.pipe(forwarded);
  };
  const server = createServer((incoming, outgoing) => {
    proxy(incoming, outgoing).catch(() => {
      if (!outgoing.headersSent) outgoing.writeHead(502);
      outgoing.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    forwardTo: (apiUrl) => {
      target = new URL(apiUrl);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
