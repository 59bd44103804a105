import { type Limits, memoryLimits } from '@board/shared/lib/limits';
import { createAlertsService } from '../alerts/alerts-service';
import { alertLinkMaker } from '../alerts/links';
import { createAlertTokens } from '../alerts/tokens';
import { createApp } from '../app';
import { candidateLinkMaker, createCandidateTokens } from '../candidates/candidate-links';
import { type CaptchaVerifier, createLocalCaptcha } from '../captcha/captcha';
import { defaultVendorUrls } from '../config';
import type { DatabaseHandle } from '../db/database';
import type { SourceKind } from '../db/job-board-tables';
import type { MailTransport, SenderOptions } from '../mail/outbox';
import { greenhouseBoards } from '../portfolio/enrich-companies';
import { portfolioService } from '../portfolio/portfolio-service';
import { siteReader } from '../portfolio/site-reader';
import { generateDemoData } from '../seed/demo-data';
import { seed } from '../seed/seed';
import { sourcesService } from '../sources/sources-service';
import { vendorHttp } from '../sources/vendor-http';
import { createTestDatabase, openTestDatabase } from './test-database';

/**
 * A real API on a real, fresh database: in-memory PGlite, or, when DATABASE_URL is set, a new
 * PostgreSQL database created for this test file (and dropped by `close`).
 */
export async function createTestApi(
  options: {
    seedDemo?: boolean;
    rateLimit?: { max: number; windowSeconds: number };
    requestRateLimit?: { max: number; windowSeconds: number };
    captcha?: CaptchaVerifier;
    publicOrigin?: string;
    /** The shell's key (SHELL_API_KEY). */
    shellKey?: string;
    /** A database of the test's own (e.g. a private PostgreSQL cluster) instead of a fresh one. */
    databaseUrl?: string;
    /** Without PostgreSQL: a PGlite folder on disk (a command can open it once the API is closed) instead of memory. */
    pgliteDataDir?: string;
    /** Where alert emails go (none: they stay in the outbox). */
    mailTransport?: MailTransport;
    sender?: SenderOptions;
    /** Subscribe requests per client before the captcha is asked for. */
    alertRateLimit?: { max: number; windowSeconds: number };
    /** The clock of the alerts' digests. */
    now?: () => Date;
    /** Where the sources' vendors answer (the tests' fake vendors). */
    vendorUrls?: Record<SourceKind, string>;
    /** Where the per-client limits count (default: this API's own memory). */
    limits?: Limits;
    /** The companies' sites enrichment may read although they are local (ENRICH_ALLOW_HOSTS). */
    enrichAllowHosts?: string[];
  } = {},
) {
  const testDatabase = options.databaseUrl
    ? { url: options.databaseUrl, drop: async () => {} }
    : await createTestDatabase(undefined, { migrated: true });
  // A folder on disk starts from the suite's migrated copy too: made from nothing, it is PGlite's
  // initdb in WebAssembly, most of a minute on two busy cores.
  const database: DatabaseHandle = await openTestDatabase(testDatabase.url, options.pgliteDataDir);
  if (options.seedDemo ?? true) await seed(database.db, generateDemoData());
  const localCaptcha = createLocalCaptcha('test-secret-of-enough-length');
  const logs: Record<string, unknown>[] = [];
  const publicOrigin = options.publicOrigin ?? 'http://localhost';
  const alertTokens = createAlertTokens('alerts-test-secret-of-enough-length');
  const candidateLinks = candidateLinkMaker(
    createCandidateTokens('alerts-test-secret-of-enough-length'),
    () => publicOrigin,
  );
  const alertLinks = alertLinkMaker(alertTokens, { api: () => publicOrigin, siteUrl: 'http://localhost:8080' });
  const alerts = createAlertsService({
    db: database.db,
    links: alertLinks,
    transport: options.mailTransport,
    sender: options.sender,
    log: (entry) => logs.push(entry),
    now: options.now,
  });
  const vendorUrls = options.vendorUrls ?? defaultVendorUrls;
  const sources = sourcesService({
    db: database.db,
    // Short waits: the tests' vendors answer at once, or are scripted to fail.
    http: vendorHttp({
      timeoutMs: 1_500,
      backoffMs: 20,
      attempts: 4,
      maxWaitMs: 5_000,
      trusted: Object.values(vendorUrls),
    }),
    vendorUrls,
  });
  const portfolio = portfolioService({
    db: database.db,
    reader: siteReader({ allowHosts: options.enrichAllowHosts ?? [] }),
    greenhouseBoard: greenhouseBoards(
      vendorHttp({ timeoutMs: 1_500, attempts: 1, trusted: Object.values(vendorUrls) }),
      vendorUrls.greenhouse,
    ),
    syncSources: (ids) => sources.sync(ids),
  });
  const app = createApp({
    database,
    sources,
    portfolio,
    captcha: options.captcha ?? localCaptcha.verifier(),
    localCaptcha,
    corsOrigins: ['http://localhost:8080'],
    publicOrigin: () => publicOrigin,
    limits: options.limits ?? memoryLimits(),
    rateLimit: options.rateLimit ?? { max: 1000, windowSeconds: 600 },
    requestRateLimit: options.requestRateLimit ?? { max: 100_000, windowSeconds: 60 },
    log: (entry) => logs.push(entry),
    shellKey: options.shellKey,
    clientAddress: (request) =>
      request.headers.get('x-test-client') ?? request.headers.get('x-test-peer') ?? '127.0.0.1',
    candidates: { links: candidateLinks },
    alerts: {
      tokens: alertTokens,
      links: alertLinks,
      service: alerts,
      rateLimit: options.alertRateLimit ?? { max: 1000, windowSeconds: 600 },
      operatorToken: 'operator-test-token-0123456789',
      operatorLoopback: true,
      peerAddress: (request) => request.headers.get('x-test-peer') ?? '127.0.0.1',
    },
  });

  /** A valid local-captcha token, as the board's captcha component obtains one. */
  async function captchaToken(): Promise<string> {
    const challenge = (await (await app.request('/public/captcha/challenge')).json()) as {
      challenge_id: string;
      question: string;
    };
    const [, a, b] = /What is (\d+) \+ (\d+)\?/.exec(challenge.question) ?? [];
    const response = await app.request('/public/captcha/verify', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ challenge_id: challenge.challenge_id, answer: String(Number(a) + Number(b)) }),
    });
    return ((await response.json()) as { token: string }).token;
  }

  return {
    app,
    db: database.db,
    /** The PostgreSQL database of this API (unset on PGlite). */
    databaseUrl: testDatabase.url,
    sources,
    portfolio,
    logs,
    alerts,
    alertTokens,
    alertLinks,
    candidateLinks,
    captchaToken,
    async close() {
      await database.close();
      await testDatabase.drop();
    },
  };
}

export type TestApi = Awaited<ReturnType<typeof createTestApi>>;

/**
 * A small but real PDF (version header, one page, trailer); with `size`, padded to exactly that
 * many bytes by a comment inside it, so it still ends with its `%%EOF`.
 */
export function pdfBytes(size?: number): Uint8Array {
  const head =
    '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >> endobj\n';
  const tail = 'trailer << /Root 1 0 R >>\n%%EOF\n';
  const encoder = new TextEncoder();
  if (size === undefined) return encoder.encode(head + tail);
  const padding = size - head.length - tail.length - 2;
  if (padding < 0) throw new Error(`a PDF takes at least ${head.length + tail.length + 2} bytes`);
  const bytes = new Uint8Array(size).fill(0x20);
  bytes.set(encoder.encode(`${head}%`));
  bytes.set(encoder.encode(`\n${tail}`), size - tail.length - 1);
  return bytes;
}
