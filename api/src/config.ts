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

const positiveInteger = (fallback: string) =>
  v.pipe(
    v.optional(v.string(), fallback),
    v.transform(Number),
    v.integer('must be a whole number'),
    v.minValue(1, 'must be at least 1'),
  );

const originList = v.pipe(
  v.optional(v.string(), 'http://localhost:8080,http://127.0.0.1:8080'),
  v.transform((value) =>
    value
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
  ),
  v.check(
    (origins) =>
      origins.every((origin) => {
        try {
          return new URL(origin).origin === origin;
        } catch {
          return false;
        }
      }),
    'must be a comma-separated list of origins like https://board.example.com (scheme, host, port; no path)',
  ),
);

const EnvObject = v.object({
  PORT: port,
  HOST: v.optional(v.string(), '127.0.0.1'),
  /** PostgreSQL connection string; unset = embedded PGlite. */
  DATABASE_URL: v.optional(
    v.pipe(
      v.string(),
      v.check((value) => /^postgres(ql)?:\/\//.test(value), 'must start with postgres:// or postgresql://'),
    ),
  ),
  /** PGlite data folder, or "memory://" for an in-memory database. */
  PGLITE_DATA_DIR: v.optional(v.string(), '.data/pglite'),
  /** Where resumes are stored (the local-folder storage). */
  RESUME_DIR: v.optional(v.string(), '.data/resumes'),
  /** Board origins allowed by CORS, comma-separated. */
  CORS_ORIGINS: originList,
  CAPTCHA_MODE: v.optional(v.picklist(['local', 'recaptcha'], 'must be "local" or "recaptcha"'), 'local'),
  /** Secret for signing local captcha challenges; a random one per start when unset. */
  CAPTCHA_SECRET: v.optional(v.pipe(v.string(), v.minLength(16, 'must be at least 16 characters'))),
  RECAPTCHA_SECRET: v.optional(v.string()),
  RECAPTCHA_VERIFY_URL: v.optional(
    v.pipe(v.string(), v.url('must be a URL')),
    'https://www.google.com/recaptcha/api/siteverify',
  ),
  /** At most this many submissions from one address per window. */
  RATE_LIMIT_MAX: positiveInteger('10'),
  RATE_LIMIT_WINDOW_SECONDS: positiveInteger('600'),
  /** Seed the demo data when the database has no workspace yet. */
  SEED: v.optional(v.picklist(['demo', 'none'], 'must be "demo" or "none"'), 'demo'),
  LOG_LEVEL: v.optional(v.picklist(['silent', 'info'], 'must be "silent" or "info"'), 'info'),
});

const EnvSchema = v.pipe(
  EnvObject,
  v.forward(
    v.check(
      (env) => env.CAPTCHA_MODE !== 'recaptcha' || Boolean(env.RECAPTCHA_SECRET),
      'is required when CAPTCHA_MODE is "recaptcha"',
    ),
    ['RECAPTCHA_SECRET'],
  ),
);

export type ApiConfig = v.InferOutput<typeof EnvSchema>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function loadConfig(env: Record<string, string | undefined> = process.env): ApiConfig {
  const known = Object.fromEntries(
    Object.keys(EnvObject.entries).map((key) => [key, env[key] === '' ? undefined : env[key]]),
  );
  const result = v.safeParse(EnvSchema, known);
  if (result.success) return result.output;
  const lines = result.issues.map((issue) => {
    const key = v.getDotPath(issue) ?? 'configuration';
    return `  ${key}=${JSON.stringify(env[key] ?? '')}: ${issue.message}`;
  });
  throw new ConfigError(`Invalid API configuration:\n${lines.join('\n')}`);
}
