import { readSettings } from '@board/shared/lib/settings';
import * as v from 'valibot';

/**
 * The API's configuration, from environment variables, validated at start-up: a bad or missing
 * variable stops the server with one clear line per problem.
 */
const port = v.pipe(
  v.optional(v.string(), '8000'),
  v.transform(Number),
  v.integer('must be a whole number'),
  v.minValue(0, 'must be 0 (any free port) to 65535'),
  v.maxValue(65535, 'must be 0 (any free port) to 65535'),
);

const positiveInteger = () =>
  v.pipe(v.string(), v.transform(Number), v.integer('must be a whole number'), v.minValue(1, 'must be at least 1'));

function isOrigin(value: string): boolean {
  try {
    return new URL(value).origin === value;
  } catch {
    return false;
  }
}

const list = (value: string) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

const originList = v.pipe(
  v.optional(v.string(), 'http://localhost:8080,http://127.0.0.1:8080'),
  v.transform(list),
  v.check(
    (origins) => origins.every(isOrigin),
    'must be a comma-separated list of origins like https://board.example.com (scheme, host, port; no path)',
  ),
);

/** The vendors' public API hosts: GREENHOUSE_API_URL, LEVER_API_URL, ASHBY_API_URL default to them. */
export const defaultVendorUrls = {
  greenhouse: 'https://boards-api.greenhouse.io',
  lever: 'https://api.lever.co',
  ashby: 'https://api.ashbyhq.com',
};

/** The vendor URLs of a configuration, by source kind. */
export const vendorUrlsOf = (config: Pick<ApiConfig, 'GREENHOUSE_API_URL' | 'LEVER_API_URL' | 'ASHBY_API_URL'>) => ({
  greenhouse: config.GREENHOUSE_API_URL,
  lever: config.LEVER_API_URL,
  ashby: config.ASHBY_API_URL,
});

/** A vendor's API base URL: http(s), an origin with an optional path (tests and staging point it at a local server). */
const vendorUrl = (fallback: string) =>
  v.optional(
    v.pipe(
      v.string(),
      v.check((value) => {
        try {
          const url = new URL(value);
          return (url.protocol === 'https:' || url.protocol === 'http:') && !url.search && !url.hash;
        } catch {
          return false;
        }
      }, 'must be an http(s) URL like https://api.example.com (an optional path, no query)'),
    ),
    fallback,
  );

const EnvObject = v.object({
  /** Which runtime config the API serves: staging and production get the production rules. */
  BOARD_ENV: v.optional(
    v.picklist(['local', 'test', 'staging', 'production'], 'must be "local", "test", "staging" or "production"'),
  ),
  NODE_ENV: v.optional(v.string()),
  PORT: port,
  /** Default: every interface in staging and production (behind a load balancer), 127.0.0.1 elsewhere. */
  HOST: v.optional(v.string()),
  /** PostgreSQL connection string; unset = embedded PGlite (local runs and tests only). */
  DATABASE_URL: v.optional(
    v.pipe(
      v.string(),
      v.check((value) => /^postgres(ql)?:\/\//.test(value), 'must start with postgres:// or postgresql://'),
    ),
  ),
  /** PGlite data folder, or "memory://" for an in-memory database. */
  PGLITE_DATA_DIR: v.optional(v.string(), '.data/pglite'),
  /** The API's own public origin: absolute URLs in answers (logos) start with it, never with the Host header. */
  API_PUBLIC_URL: v.optional(
    v.pipe(v.string(), v.check(isOrigin, 'must be an origin like https://api.example.com (no path)')),
  ),
  /** Board origins allowed by CORS, comma-separated. */
  CORS_ORIGINS: originList,
  CAPTCHA_MODE: v.optional(v.picklist(['local', 'recaptcha'], 'must be "local" or "recaptcha"')),
  /**
   * Secret for signing local captcha challenges (every instance's: a challenge one issues, another
   * checks); required in staging in local mode, a random one per start elsewhere when unset.
   */
  CAPTCHA_SECRET: v.optional(v.pipe(v.string(), v.minLength(16, 'must be at least 16 characters'))),
  RECAPTCHA_SECRET: v.optional(v.string()),
  RECAPTCHA_VERIFY_URL: v.optional(
    v.pipe(v.string(), v.url('must be a URL')),
    'https://www.google.com/recaptcha/api/siteverify',
  ),
  /** At most this many validated submissions (and alert subscriptions) from one client per window. */
  RATE_LIMIT_MAX: v.optional(positiveInteger(), '10'),
  RATE_LIMIT_WINDOW_SECONDS: v.optional(positiveInteger(), '600'),
  /** At most this many requests of any kind from one client per window. */
  REQUEST_RATE_LIMIT_MAX: v.optional(positiveInteger()),
  REQUEST_RATE_LIMIT_WINDOW_SECONDS: v.optional(positiveInteger(), '60'),
  /**
   * Where the per-client limits count (redis://… or rediss://…, Redis or Valkey): every instance
   * of a deploy counts a client together there. Unset: in each instance's memory (one instance).
   */
  REDIS_URL: v.optional(
    v.pipe(
      v.string(),
      v.check((value) => /^rediss?:\/\/[^/]/.test(value), 'must start with redis:// or rediss:// and name a host'),
    ),
  ),
  /**
   * The shell's server's key (the same value in its SHELL_API_KEY): requests carrying it in
   * X-Shell-Key are exempt from the per-client request limit. Unset: nobody is (required in
   * staging and production).
   */
  SHELL_API_KEY: v.optional(v.pipe(v.string(), v.minLength(16, 'must be at least 16 characters'))),
  /** Proxies (exact addresses) whose X-Forwarded-For names the client; unset: the TCP peer is the client. */
  TRUSTED_PROXIES: v.optional(v.pipe(v.string(), v.transform(list)), ''),
  /** The board's public origin: links in alert emails (jobs, the board's search) start with it. */
  BOARD_SITE_URL: v.optional(
    v.pipe(v.string(), v.check(isOrigin, 'must be an origin like https://board.example.com (no path)')),
  ),
  /** Where alert emails go out: smtp://user:pass@host:port or smtps://…; unset locally = they wait in the outbox. */
  SMTP_URL: v.optional(
    v.pipe(
      v.string(),
      v.check((value) => /^smtps?:\/\/[^/]/.test(value), 'must start with smtp:// or smtps:// and name a host'),
    ),
  ),
  /** The From of alert emails. */
  ALERTS_FROM: v.optional(v.string(), 'Foundry Jobs <alerts@foundry.jobs>'),
  /**
   * Signs the links in alert emails (confirm, unsubscribe, manage) and keys the hashes of
   * addresses; required in staging and production, a random one per start elsewhere when unset.
   */
  ALERTS_SECRET: v.optional(v.pipe(v.string(), v.minLength(16, 'must be at least 16 characters'))),
  /** How often each instance looks for due digests and emails to send; 0 = never (a separate alerts:worker). */
  ALERTS_INTERVAL_SECONDS: v.optional(
    v.pipe(v.string(), v.transform(Number), v.integer('must be a whole number'), v.minValue(0, 'must be 0 or more')),
    '60',
  ),
  /**
   * How long a sender's claim on one email holds before another instance may send it (seconds):
   * longer than one attempt can take (the SMTP timeouts, about 90 s at most), shorter than you
   * would wait for an email a crashed instance had in flight.
   */
  OUTBOX_LEASE_SECONDS: v.optional(positiveInteger(), '300'),
  /** Bearer token of the operator endpoints (POST /operator/alerts/send) for non-local callers. */
  OPERATOR_TOKEN: v.optional(v.pipe(v.string(), v.minLength(16, 'must be at least 16 characters'))),
  /** The ATSs' public job-board APIs the sources are read from (src/sources/). */
  GREENHOUSE_API_URL: vendorUrl(defaultVendorUrls.greenhouse),
  LEVER_API_URL: vendorUrl(defaultVendorUrls.lever),
  ASHBY_API_URL: vendorUrl(defaultVendorUrls.ashby),
  /** Every source is synced every this many minutes, once across the instances; 0 = never (only `pnpm sources sync`). */
  SOURCES_SYNC_MINUTES: v.optional(
    v.pipe(
      v.string(),
      v.transform(Number),
      v.finite('must be a number of minutes'),
      v.minValue(0, 'must be 0 (off) or more'),
    ),
    '60',
  ),
  /** The operator endpoints (/operator/…): on by default; off, they are not served at all. */
  OPERATOR_ENDPOINTS: v.optional(v.picklist(['on', 'off'], 'must be "on" or "off"'), 'on'),
  /**
   * Seed the demo data when the database has no workspace yet: by default locally and in tests;
   * staging and production only when SEED=demo is set.
   */
  SEED: v.optional(v.picklist(['demo', 'none'], 'must be "demo" or "none"')),
  LOG_LEVEL: v.optional(v.picklist(['silent', 'info'], 'must be "silent" or "info"'), 'info'),
});

type RawConfig = v.InferOutput<typeof EnvObject>;
export type Environment = 'local' | 'test' | 'staging' | 'production';

export type ApiConfig = Omit<
  RawConfig,
  'BOARD_ENV' | 'HOST' | 'CAPTCHA_MODE' | 'REQUEST_RATE_LIMIT_MAX' | 'BOARD_SITE_URL' | 'SEED'
> & {
  BOARD_SITE_URL: string;
  SEED: 'demo' | 'none';
  BOARD_ENV: Environment;
  HOST: string;
  CAPTCHA_MODE: 'local' | 'recaptcha';
  REQUEST_RATE_LIMIT_MAX: number;
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Staging runs as production does: the same rules, the same defaults. */
function isProductionLike(environment: Environment): boolean {
  return environment === 'staging' || environment === 'production';
}

/** What a production-like environment (staging, production, or NODE_ENV=production) must state or may not use. */
function environmentRules(config: RawConfig, environment: Environment): [string, string][] {
  const problems: [string, string][] = [];
  const productionLike = isProductionLike(environment);
  if (productionLike && !config.DATABASE_URL) {
    problems.push([
      'DATABASE_URL',
      `is required in ${environment}: the embedded PGlite database runs without fsync, so an application it accepted could be lost on a crash (PGlite is for local runs and tests)`,
    ]);
  }
  if (productionLike && !config.API_PUBLIC_URL) {
    problems.push(['API_PUBLIC_URL', `is required in ${environment}: absolute URLs in answers are built from it`]);
  }
  if (productionLike && !config.CAPTCHA_MODE) {
    problems.push(['CAPTCHA_MODE', `must be stated in ${environment} ("recaptcha"; "local" stops no bot)`]);
  }
  if (environment === 'production' && config.CAPTCHA_MODE === 'local') {
    problems.push(['CAPTCHA_MODE', 'may not be "local" in production: the arithmetic challenge stops no bot']);
  }
  if (environment === 'production' && !config.SMTP_URL) {
    problems.push(['SMTP_URL', 'is required in production: job alert emails are sent through it']);
  }
  // Secrets every instance must share: without one, each instance would make up its own.
  if (productionLike && !config.ALERTS_SECRET) {
    problems.push([
      'ALERTS_SECRET',
      `is required in ${environment}: it signs the links in alert emails and keys the addresses' hashes, the same on every instance and after a restart`,
    ]);
  }
  if (productionLike && config.CAPTCHA_MODE === 'local' && !config.CAPTCHA_SECRET) {
    problems.push([
      'CAPTCHA_SECRET',
      `is required in ${environment} when CAPTCHA_MODE is "local": a challenge one instance issues is answered at another`,
    ]);
  }
  if (productionLike && !config.SHELL_API_KEY) {
    problems.push([
      'SHELL_API_KEY',
      `is required in ${environment}: the shell's server sends it with its reads (set the same value on the shell)`,
    ]);
  }
  if (productionLike && config.OPERATOR_ENDPOINTS === 'on' && !config.OPERATOR_TOKEN) {
    problems.push([
      'OPERATOR_TOKEN',
      `is required in ${environment} while the operator endpoints are on (OPERATOR_ENDPOINTS=off turns them off)`,
    ]);
  }
  if (environment === 'production' && !config.BOARD_SITE_URL) {
    problems.push(['BOARD_SITE_URL', 'is required in production: alert emails link to the board']);
  }
  if (config.CAPTCHA_MODE === 'recaptcha' && !config.RECAPTCHA_SECRET) {
    problems.push(['RECAPTCHA_SECRET', 'is required when CAPTCHA_MODE is "recaptcha"']);
  }
  return problems;
}

/** Values never printed, even when refused: the error goes to a log. */
const secrets = new Set(['CAPTCHA_SECRET', 'RECAPTCHA_SECRET', 'SHELL_API_KEY', 'ALERTS_SECRET', 'OPERATOR_TOKEN']);

export function loadConfig(env: Record<string, string | undefined> = process.env): ApiConfig {
  const { output: config, line } = readSettings(EnvObject, env, {
    secrets,
    fail: (lines) => new ConfigError(`Invalid API configuration:\n${lines.join('\n')}`),
  });
  const environment: Environment = config.BOARD_ENV ?? (config.NODE_ENV === 'production' ? 'production' : 'local');
  const problems = environmentRules(config, environment);
  if (problems.length > 0) {
    const lines = problems.map(([key, message]) => line(key, message));
    throw new ConfigError(`Invalid API configuration (${environment}):\n${lines.join('\n')}`);
  }
  return {
    ...config,
    BOARD_ENV: environment,
    HOST: config.HOST ?? (isProductionLike(environment) ? '0.0.0.0' : '127.0.0.1'),
    CAPTCHA_MODE: config.CAPTCHA_MODE ?? 'local',
    BOARD_SITE_URL: config.BOARD_SITE_URL ?? 'http://localhost:8080',
    // Demo data never lands where real data lives unless asked for by name.
    SEED: config.SEED ?? (isProductionLike(environment) ? 'none' : 'demo'),
    // Looser than the submission limit: a person browsing makes a few requests per page.
    REQUEST_RATE_LIMIT_MAX: config.REQUEST_RATE_LIMIT_MAX ?? 100 * config.RATE_LIMIT_MAX,
  };
}
