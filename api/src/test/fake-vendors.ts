import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SourceKind } from '../db/job-board-tables';

/**
 * Local servers that answer as Greenhouse's, Lever's and Ashby's public job-board APIs do (one
 * server, one host, per vendor), for the tests: a board's jobs are set with `setJobs`, and the next
 * answers of a path can be scripted (`script`: a 429 with Retry-After, a 500, a hang, a body that is
 * not JSON). Every request is recorded, with how many were in flight on that host at the time.
 */
interface FakeAnswer {
  status?: number;
  /** JSON body (default: what the board holds). */
  body?: unknown;
  /** A raw body instead of JSON (malformed answers). */
  raw?: string;
  headers?: Record<string, string>;
  /** Never answers (a timeout). */
  hang?: boolean;
  /** Answers after this long. */
  delayMs?: number;
}

interface FakeRequest {
  vendor: SourceKind;
  path: string;
  query: URLSearchParams;
  at: number;
  /** Requests to this vendor's host in flight when this one arrived (itself included). */
  inFlight: number;
}

export interface FakeVendors {
  urls: Record<SourceKind, string>;
  /** The env a test gives the API or a command so it reads these servers. */
  env: { GREENHOUSE_API_URL: string; LEVER_API_URL: string; ASHBY_API_URL: string };
  /**
   * A board's open jobs, as the vendor's answer holds them (Greenhouse: list items; `details`
   * answers each job's own call, pay included. Lever: postings. Ashby: jobs).
   */
  setJobs(vendor: SourceKind, board: string, jobs: unknown[], details?: Record<string, unknown>): void;
  /** A Greenhouse board's own intro (`GET /v1/boards/{token}`'s `content`, HTML escaped once more as Greenhouse sends it). */
  setIntro(board: string, content: string): void;
  /** The vendor no longer knows the board (404). */
  removeBoard(vendor: SourceKind, board: string): void;
  /** The next requests whose path starts with `pathPrefix` get these answers, in order. */
  script(vendor: SourceKind, pathPrefix: string, answers: FakeAnswer[]): void;
  /** Lever answers at most this many postings a page, whatever `limit` asks (unset: as asked). */
  leverPageCap?: number;
  /** Called before each answer is made (a test can change a board between two pages). */
  beforeAnswer?: (request: FakeRequest) => void;
  requests: FakeRequest[];
  close(): Promise<void>;
}

interface Board {
  jobs: unknown[];
  details: Record<string, unknown>;
  intro?: string;
}

export async function startFakeVendors(): Promise<FakeVendors> {
  const boards: Record<SourceKind, Map<string, Board>> = {
    greenhouse: new Map(),
    lever: new Map(),
    ashby: new Map(),
  };
  const scripts: Record<SourceKind, { prefix: string; answers: FakeAnswer[] }[]> = {
    greenhouse: [],
    lever: [],
    ashby: [],
  };
  const requests: FakeRequest[] = [];
  const hanging = new Set<ServerResponse>();
  const inFlight: Record<SourceKind, number> = { greenhouse: 0, lever: 0, ashby: 0 };

  /** What the vendor answers a path, by its documented routes. */
  function answerOf(vendor: SourceKind, path: string, query: URLSearchParams): FakeAnswer {
    const notFound = { status: 404, body: { status: 404, error: 'Not found' } };
    const segments = path.split('/').filter(Boolean).map(decodeURIComponent);
    if (vendor === 'greenhouse') {
      // /v1/boards/{token}, /v1/boards/{token}/jobs and /v1/boards/{token}/jobs/{id}
      const [v1, boardsWord, token = '', jobsWord, id] = segments;
      const board = boards.greenhouse.get(token.toLowerCase());
      if (v1 === 'v1' && boardsWord === 'boards' && jobsWord === undefined && board)
        return { body: { name: token, content: board.intro ?? '' } };
      if (v1 !== 'v1' || boardsWord !== 'boards' || jobsWord !== 'jobs') return notFound;
      if (!board) return notFound;
      if (id === undefined) {
        const content = query.get('content') === 'true';
        const jobs = board.jobs.map((job) => {
          if (content) return job;
          const {
            content: _content,
            departments: _departments,
            offices: _offices,
            ...rest
          } = job as Record<string, unknown>;
          return rest;
        });
        return { body: { jobs, meta: { total: jobs.length } } };
      }
      const detail = board.details[id];
      return detail ? { body: detail } : notFound;
    }
    if (vendor === 'lever') {
      // /v0/postings/{site}
      const [v0, postingsWord, site = '', extra] = segments;
      if (v0 !== 'v0' || postingsWord !== 'postings' || extra !== undefined) return notFound;
      const board = boards.lever.get(site.toLowerCase());
      if (!board) return { status: 404, body: { ok: false, error: 'Document not found' } };
      const skip = Number(query.get('skip') ?? 0);
      const asked = query.has('limit') ? Number(query.get('limit')) : board.jobs.length;
      const limit = Math.min(asked, vendors.leverPageCap ?? asked);
      return { body: board.jobs.slice(skip, skip + limit) };
    }
    // /posting-api/job-board/{name}
    const [api, jobBoard, name = '', extra] = segments;
    if (api !== 'posting-api' || jobBoard !== 'job-board' || extra !== undefined) return notFound;
    const board = boards.ashby.get(name.toLowerCase());
    return board ? { body: { apiVersion: '1', jobs: board.jobs } } : notFound;
  }

  const vendors: FakeVendors = {
    urls: { greenhouse: '', lever: '', ashby: '' },
    env: { GREENHOUSE_API_URL: '', LEVER_API_URL: '', ASHBY_API_URL: '' },
    setJobs(vendor, board, jobs, details = {}) {
      boards[vendor].set(board.toLowerCase(), { jobs: structuredClone(jobs), details: structuredClone(details) });
    },
    setIntro(board, content) {
      const found = boards.greenhouse.get(board.toLowerCase());
      if (found) found.intro = content;
      else boards.greenhouse.set(board.toLowerCase(), { jobs: [], details: {}, intro: content });
    },
    removeBoard(vendor, board) {
      boards[vendor].delete(board.toLowerCase());
    },
    script(vendor, prefix, answers) {
      scripts[vendor].push({ prefix, answers: [...answers] });
    },
    requests,
    async close() {
      for (const response of hanging) response.destroy();
      await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
    },
  };

  const handler = (vendor: SourceKind) => async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://vendor.test');
    inFlight[vendor]++;
    const record: FakeRequest = {
      vendor,
      path: url.pathname,
      query: url.searchParams,
      at: Date.now(),
      inFlight: inFlight[vendor],
    };
    requests.push(record);
    response.on('close', () => {
      inFlight[vendor]--;
      hanging.delete(response);
    });
    vendors.beforeAnswer?.(record);
    const scripted = scripts[vendor].find((entry) => url.pathname.startsWith(entry.prefix) && entry.answers.length > 0);
    const answer = scripted?.answers.shift() ?? answerOf(vendor, url.pathname, url.searchParams);
    if (answer.hang) {
      hanging.add(response);
      return;
    }
    if (answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
    const body =
      answer.raw ??
      JSON.stringify(answer.body ?? (answer.status ? {} : answerOf(vendor, url.pathname, url.searchParams).body));
    response.writeHead(answer.status ?? 200, { 'Content-Type': 'application/json', ...answer.headers });
    response.end(body);
  };

  const servers: Server[] = [];
  for (const vendor of ['greenhouse', 'lever', 'ashby'] as const) {
    const server = createServer(handler(vendor));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    servers.push(server);
    vendors.urls[vendor] = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }
  vendors.env = {
    GREENHOUSE_API_URL: vendors.urls.greenhouse,
    LEVER_API_URL: vendors.urls.lever,
    ASHBY_API_URL: vendors.urls.ashby,
  };
  return vendors;
}
