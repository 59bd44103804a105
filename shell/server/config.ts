import { createHmac } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseRuntimeConfig, type RuntimeConfig } from '@board/shared/config/runtime-config';
import { readSettings } from '@board/shared/lib/settings';
import * as v from 'valibot';
import { defaultViewsPerVisitor } from './health/view-attribution';

/**
 * The shell's server's configuration, from environment variables, read once at start and
 * validated (as the API reads its own: api/src/config.ts): a bad or missing variable stops the
 * server with one line per problem, naming it. Nothing else in shell/server reads the environment.
 */

/**
 * `render` (default): each page rendered on the server with the route's remote (its Node build),
 * hydrated in the browser; a page that cannot be rendered in time goes out as in `assemble`.
 * `assemble`: each page carries the config, the route's manifest and preloads, and the browser
 * renders it. `static`: index.html as built, as a CDN-only deployment serves it.
 */
const shellModes = ['render', 'assemble', 'static'] as const;
export type ShellMode = (typeof shellModes)[number];

const environments = ['local', 'test', 'staging', 'production'] as const;
type Environment = (typeof environments)[number];

const shellDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The shell's build, which the server serves and fills in. */
export const shellDist = path.join(shellDir, 'dist');

/** Default: 120 a minute. A person browsing loads a few pages a minute; a flood is cut off at once. */
const defaultVisitorLimit = { max: 120, windowSeconds: 60 } as const;

export interface ShellConfig {
  environment: Environment;
  /** The runtime config file the pages carry, and what it says (validated). */
  runtimeConfigFile: string;
  runtimeConfig: RuntimeConfig;
  host: string;
  port: number;
  mode: ShellMode;
  /** The workspace boards the sitemap lists (the API has no call that lists them). */
  workspaces: string[];
  logLevel: 'info' | 'silent';
  /** The key the API's SHELL_API_KEY holds: the shell's reads carry it; the sitemap's cursors are signed with a key derived from it. */
  apiKey: string | undefined;
  /** What one visitor may make this server ask the API for, per window; null: no limit. */
  visitorLimit: { max: number; windowSeconds: number } | null;
  /** The load balancers whose X-Forwarded-For names the visitor (exact addresses). */
  trustedProxies: string[];
  /** Where the visitor limit counts (shared by every instance); unset: this instance's memory. */
  redisUrl: string | undefined;
  /**
   * The environment's release store (`$BOARD_RELEASE_STORE/<env>`: test uses local's), where this
   * server writes what visitors reported and gates `--auto` canaries (decisions 035, 036); unset:
   * no health file and no gate.
   */
  releaseStore: string | undefined;
  /** How often the release gate evaluates (RELEASE_GATE_INTERVAL_SECONDS, default 30). */
  gateIntervalMs: number;
  /** The port of `GET /metrics` (METRICS_PORT); unset: no metrics listener. */
  metricsPort: number | undefined;
  /**
   * The key the views' tokens are signed with (BEACON_SECRET, decision 047), the same on every
   * instance; default: derived from SHELL_API_KEY, else (one local instance) one of this process's own.
   */
  beaconSecret: string | undefined;
  /** Views of one release a visitor counts per hour (BEACON_VIEWS_PER_VISITOR, default 10); null: no cap. */
  beaconViewsPerVisitor: number | null;
}

export class ShellConfigError extends Error {
  override name = 'ShellConfigError';
}

const wholeNumber = (fallback: string) =>
  v.pipe(v.optional(v.string(), fallback), v.regex(/^\d+$/, 'must be a whole number'), v.transform(Number));

const list = (value: string) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

const EnvObject = v.object({
  /** local (default), test, staging or production; with only BOARD_CONFIG, the file's environment. */
  BOARD_ENV: v.optional(v.picklist(environments, 'must be "local", "test", "staging" or "production"')),
  /** A runtime config file of the deploy's own; default shell/config/$BOARD_ENV.json. */
  BOARD_CONFIG: v.optional(v.string()),
  PORT: v.pipe(wholeNumber('8080'), v.maxValue(65535, 'must be 0 (any free port) to 65535')),
  /** Default: every interface in staging and production (behind a load balancer), 127.0.0.1 elsewhere. */
  HOST: v.optional(v.string()),
  SHELL_MODE: v.optional(v.picklist(shellModes, 'must be "render", "assemble" or "static"'), 'render'),
  /** Comma-separated workspace slugs the sitemap lists. */
  BOARD_WORKSPACES: v.pipe(v.optional(v.string(), ''), v.transform(list)),
  /** "silent": no request log. */
  LOG_LEVEL: v.optional(v.picklist(['silent', 'info'], 'must be "silent" or "info"'), 'info'),
  SHELL_API_KEY: v.optional(v.pipe(v.string(), v.minLength(16, 'must be at least 16 characters'))),
  /** 0: no limit. */
  SHELL_VISITOR_LIMIT_MAX: wholeNumber(String(defaultVisitorLimit.max)),
  SHELL_VISITOR_LIMIT_WINDOW_SECONDS: v.pipe(
    wholeNumber(String(defaultVisitorLimit.windowSeconds)),
    v.minValue(1, 'must be at least 1'),
  ),
  TRUSTED_PROXIES: v.pipe(v.optional(v.string(), ''), v.transform(list)),
  /** The folder of the release stores (as `pnpm release` reads it): this server gates canaries there. */
  BOARD_RELEASE_STORE: v.optional(v.pipe(v.string(), v.minLength(1))),
  RELEASE_GATE_INTERVAL_SECONDS: v.pipe(wholeNumber('30'), v.minValue(1, 'must be at least 1')),
  BEACON_SECRET: v.optional(v.pipe(v.string(), v.minLength(16, 'must be at least 16 characters'))),
  /** 0: no cap (a suite that is one visitor). */
  BEACON_VIEWS_PER_VISITOR: wholeNumber(String(defaultViewsPerVisitor)),
  METRICS_PORT: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d+$/, 'must be a whole number'),
      v.transform(Number),
      v.maxValue(65535, 'must be 0 (any free port) to 65535'),
    ),
  ),
  REDIS_URL: v.optional(
    v.pipe(
      v.string(),
      v.check((value) => /^rediss?:\/\/[^/]/.test(value), 'must start with redis:// or rediss:// and name a host'),
    ),
  ),
});

/** The runtime config file of an environment in this repository. */
function environmentConfigFile(environment: string): string {
  return path.join(shellDir, 'config', `${environment}.json`);
}

/** A runtime config file, validated: the shell's server puts it in pages as it is. */
function readConfigFile(file: string): RuntimeConfig {
  if (!existsSync(file)) throw new ShellConfigError(`No runtime config at ${file}`);
  return parseRuntimeConfig(JSON.parse(readFileSync(file, 'utf8')));
}

/** An environment's runtime config (shell/config/<environment>.json), validated. */
export function readEnvironmentConfig(environment: string): RuntimeConfig {
  return readConfigFile(environmentConfigFile(environment));
}

/** Values never printed, even when refused: the error goes to a log. */
const secrets = new Set(['SHELL_API_KEY', 'BEACON_SECRET']);

export function loadShellConfig(env: Record<string, string | undefined> = process.env): ShellConfig {
  const { output: raw, line } = readSettings(EnvObject, env, {
    secrets,
    fail: (lines) => new ShellConfigError(`Invalid shell configuration:\n${lines.join('\n')}`),
  });
  const runtimeConfigFile = raw.BOARD_CONFIG
    ? path.resolve(raw.BOARD_CONFIG)
    : environmentConfigFile(raw.BOARD_ENV ?? 'local');
  let runtimeConfig: RuntimeConfig;
  try {
    runtimeConfig = readConfigFile(runtimeConfigFile);
  } catch (error) {
    throw new ShellConfigError(
      `Invalid shell configuration:\n${line('BOARD_CONFIG', `${runtimeConfigFile}: ${(error as Error).message}`)}`,
    );
  }
  if (raw.BOARD_ENV !== undefined && runtimeConfig.environment !== raw.BOARD_ENV) {
    throw new ShellConfigError(
      `Invalid shell configuration:\n${line('BOARD_ENV', `${runtimeConfigFile} is the "${runtimeConfig.environment}" environment's config`)}`,
    );
  }
  const environment = runtimeConfig.environment as Environment;
  const productionLike = environment === 'staging' || environment === 'production';
  // Secrets every instance must share: without one, each instance would go its own way.
  const problems: [string, string][] = [];
  if (productionLike && !raw.SHELL_API_KEY)
    problems.push([
      'SHELL_API_KEY',
      `is required in ${environment}: this server sends it with its reads, so the API does not count every visitor's page against this one address (set the same value on the API); every instance signs the sitemap's parts with it`,
    ]);
  if (problems.length > 0)
    throw new ShellConfigError(
      `Invalid shell configuration (${environment}):\n${problems.map(([key, message]) => line(key, message)).join('\n')}`,
    );
  return {
    environment,
    runtimeConfigFile,
    runtimeConfig,
    host: raw.HOST ?? (productionLike ? '0.0.0.0' : '127.0.0.1'),
    port: raw.PORT,
    mode: raw.SHELL_MODE,
    workspaces: raw.BOARD_WORKSPACES,
    logLevel: raw.LOG_LEVEL,
    apiKey: raw.SHELL_API_KEY,
    visitorLimit:
      raw.SHELL_VISITOR_LIMIT_MAX === 0
        ? null
        : { max: raw.SHELL_VISITOR_LIMIT_MAX, windowSeconds: raw.SHELL_VISITOR_LIMIT_WINDOW_SECONDS },
    trustedProxies: raw.TRUSTED_PROXIES,
    redisUrl: raw.REDIS_URL,
    releaseStore: raw.BOARD_RELEASE_STORE
      ? path.resolve(raw.BOARD_RELEASE_STORE, environment === 'test' ? 'local' : environment)
      : undefined,
    gateIntervalMs: raw.RELEASE_GATE_INTERVAL_SECONDS * 1000,
    metricsPort: raw.METRICS_PORT,
    beaconSecret:
      raw.BEACON_SECRET ??
      (raw.SHELL_API_KEY ? createHmac('sha256', raw.SHELL_API_KEY).update('view-tokens').digest('hex') : undefined),
    beaconViewsPerVisitor: raw.BEACON_VIEWS_PER_VISITOR === 0 ? null : raw.BEACON_VIEWS_PER_VISITOR,
  };
}
