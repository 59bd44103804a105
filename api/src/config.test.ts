import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('runs with no variables at all: PGlite, port 8000, local captcha, the local board origins', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 8000,
      HOST: '127.0.0.1',
      DATABASE_URL: undefined,
      PGLITE_DATA_DIR: '.data/pglite',
      CAPTCHA_MODE: 'local',
      CORS_ORIGINS: ['http://localhost:8080', 'http://127.0.0.1:8080'],
      SEED: 'demo',
    });
  });

  it('reads a PostgreSQL URL and a list of origins', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://u:p@localhost:5432/board',
      CORS_ORIGINS: 'https://a.example, https://b.example:8443',
    });
    expect(config.DATABASE_URL).toBe('postgres://u:p@localhost:5432/board');
    expect(config.CORS_ORIGINS).toEqual(['https://a.example', 'https://b.example:8443']);
  });

  it('reads METRICS_PORT when set (0: any free port), and none when unset', () => {
    expect(loadConfig({}).METRICS_PORT).toBeUndefined();
    expect(loadConfig({ METRICS_PORT: '9464' }).METRICS_PORT).toBe(9464);
    expect(loadConfig({ METRICS_PORT: '0' }).METRICS_PORT).toBe(0);
    expect(() => loadConfig({ METRICS_PORT: '70000' })).toThrow(
      /METRICS_PORT="70000": must be 0 \(any free port\) to 65535/,
    );
  });

  it('names each bad variable and its value in one error', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        CORS_ORIGINS: 'https://a.example/path',
        CAPTCHA_MODE: 'recaptcha',
        RATE_LIMIT_MAX: '0',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toMatch(/PORT="eighty": must be a whole number/);
    expect(message).toMatch(/DATABASE_URL="mysql:\/\/x": must start with postgres:\/\//);
    expect(message).toMatch(/CORS_ORIGINS="https:\/\/a.example\/path": must be a comma-separated list of origins/);
    expect(message).toMatch(/RATE_LIMIT_MAX="0": must be at least 1/);
  });

  it('requires RECAPTCHA_SECRET in recaptcha mode', () => {
    expect(() => loadConfig({ CAPTCHA_MODE: 'recaptcha' })).toThrow(
      /RECAPTCHA_SECRET="": is required when CAPTCHA_MODE is "recaptcha"/,
    );
    expect(loadConfig({ CAPTCHA_MODE: 'recaptcha', RECAPTCHA_SECRET: 's3cret' }).CAPTCHA_MODE).toBe('recaptcha');
  });

  describe('production-like environments', () => {
    const production = {
      BOARD_ENV: 'production',
      DATABASE_URL: 'postgres://u:p@db/board',
      API_PUBLIC_URL: 'https://api.foundry.jobs',
      CAPTCHA_MODE: 'recaptcha',
      RECAPTCHA_SECRET: 's3cret',
      SMTP_URL: 'smtp://mail.internal:587',
      ALERTS_SECRET: 'a-secret-of-enough-length',
      BOARD_SITE_URL: 'https://foundry.jobs',
      SHELL_API_KEY: 'the-shell-key-of-enough-length',
      OPERATOR_TOKEN: 'the-operator-token-of-enough-length',
    };

    it('start with PostgreSQL, a stated captcha mode and a public URL', () => {
      expect(loadConfig(production)).toMatchObject({ BOARD_ENV: 'production', CAPTCHA_MODE: 'recaptcha' });
      expect(
        loadConfig({
          ...production,
          BOARD_ENV: 'staging',
          CAPTCHA_MODE: 'local',
          CAPTCHA_SECRET: 'the-captcha-secret-of-enough-length',
        }).CAPTCHA_MODE,
      ).toBe('local');
    });

    it.each([
      ['BOARD_ENV=production', { BOARD_ENV: 'production' }],
      ['BOARD_ENV=staging', { BOARD_ENV: 'staging' }],
      ['NODE_ENV=production', { NODE_ENV: 'production' }],
    ])('%s refuses the embedded database, an unstated captcha mode and a missing public URL', (_case, env) => {
      expect(() => loadConfig(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(
        /DATABASE_URL="": is required in (production|staging): the embedded PGlite database runs without fsync/,
      );
      expect(() => loadConfig(env)).toThrow(/CAPTCHA_MODE="": must be stated in (production|staging)/);
      expect(() => loadConfig(env)).toThrow(/API_PUBLIC_URL="": is required in (production|staging)/);
    });

    it('listen on every interface unless HOST says otherwise (a load balancer must reach them)', () => {
      expect(loadConfig(production).HOST).toBe('0.0.0.0');
      expect(loadConfig({ ...production, BOARD_ENV: 'staging' }).HOST).toBe('0.0.0.0');
      expect(loadConfig({ ...production, HOST: '10.0.0.5' }).HOST).toBe('10.0.0.5');
      expect(loadConfig({ BOARD_ENV: 'test' }).HOST).toBe('127.0.0.1');
    });

    it('production refuses to start without a mail server and the board URL', () => {
      for (const key of ['SMTP_URL', 'BOARD_SITE_URL'] as const) {
        expect(() => loadConfig({ ...production, [key]: undefined })).toThrow(
          new RegExp(`${key}="": is required in production`),
        );
      }
      // Staging may run without them (alert emails wait in the outbox).
      expect(loadConfig({ ...production, BOARD_ENV: 'staging', SMTP_URL: undefined }).BOARD_ENV).toBe('staging');
      expect(() => loadConfig({ ...production, SMTP_URL: 'http://mail' })).toThrow(
        /SMTP_URL="http:\/\/mail": must start/,
      );
    });

    it.each(['staging', 'production'])(
      '%s refuses to start without a secret every instance must share, one line naming each',
      (environment) => {
        const base = { ...production, BOARD_ENV: environment };
        for (const key of ['ALERTS_SECRET', 'SHELL_API_KEY', 'OPERATOR_TOKEN'] as const) {
          let message = '';
          try {
            loadConfig({ ...base, [key]: undefined });
          } catch (error) {
            message = (error as Error).message;
          }
          const lines = message.split('\n');
          expect(lines[0]).toBe(`Invalid API configuration (${environment}):`);
          expect(lines.slice(1)).toEqual([
            expect.stringMatching(new RegExp(`^  ${key}="": is required in ${environment}`)),
          ]);
        }
      },
    );

    it('staging asks for CAPTCHA_SECRET in local-captcha mode (a challenge from one instance is answered at another)', () => {
      const staging = { ...production, BOARD_ENV: 'staging', CAPTCHA_MODE: 'local' };
      expect(() => loadConfig(staging)).toThrow(
        /CAPTCHA_SECRET="": is required in staging when CAPTCHA_MODE is "local"/,
      );
      expect(loadConfig({ ...staging, CAPTCHA_SECRET: 'a-captcha-secret-long-enough' }).CAPTCHA_MODE).toBe('local');
      // Locally, one instance: a secret per start is enough.
      expect(loadConfig({ CAPTCHA_MODE: 'local' }).CAPTCHA_SECRET).toBeUndefined();
    });

    it('OPERATOR_TOKEN is not asked for when the operator endpoints are off', () => {
      expect(
        loadConfig({ ...production, OPERATOR_TOKEN: undefined, OPERATOR_ENDPOINTS: 'off' }).OPERATOR_ENDPOINTS,
      ).toBe('off');
      expect(() => loadConfig({ ...production, OPERATOR_ENDPOINTS: 'maybe' })).toThrow(/must be "on" or "off"/);
    });

    it('never prints a secret it refuses', () => {
      expect(() => loadConfig({ ...production, ALERTS_SECRET: 'too-short' })).toThrow(
        /ALERTS_SECRET=\(hidden\): must be at least 16 characters/,
      );
      expect(() => loadConfig({ ...production, ALERTS_SECRET: 'too-short' })).not.toThrow(/too-short/);
    });

    it('seed no demo data unless SEED=demo says so; locally and in tests they do by default', () => {
      expect(loadConfig(production).SEED).toBe('none');
      expect(loadConfig({ ...production, BOARD_ENV: 'staging' }).SEED).toBe('none');
      expect(loadConfig({ ...production, SEED: 'demo' }).SEED).toBe('demo');
      expect(loadConfig({}).SEED).toBe('demo');
      expect(loadConfig({ BOARD_ENV: 'test' }).SEED).toBe('demo');
      expect(loadConfig({ SEED: 'none' }).SEED).toBe('none');
    });

    it('production refuses the local captcha', () => {
      expect(() => loadConfig({ ...production, CAPTCHA_MODE: 'local' })).toThrow(
        /CAPTCHA_MODE="local": may not be "local" in production/,
      );
      expect(() =>
        loadConfig({ ...production, BOARD_ENV: undefined, NODE_ENV: 'production', CAPTCHA_MODE: 'local' }),
      ).toThrow(/may not be "local" in production/);
    });
  });

  it("reads enrichment's exceptions to the public-address rule, none by default", () => {
    expect(loadConfig({}).ENRICH_ALLOW_HOSTS).toEqual([]);
    expect(loadConfig({ ENRICH_ALLOW_HOSTS: '127.0.0.1:18600, [::1]:8080' }).ENRICH_ALLOW_HOSTS).toEqual([
      '127.0.0.1:18600',
      '[::1]:8080',
    ]);
  });

  it('reads the trusted proxies, the public URL and the request cap (by default 100 times the submission limit)', () => {
    expect(
      loadConfig({ TRUSTED_PROXIES: '10.0.0.1, 10.0.0.2', API_PUBLIC_URL: 'https://api.example.com' }),
    ).toMatchObject({
      TRUSTED_PROXIES: ['10.0.0.1', '10.0.0.2'],
      API_PUBLIC_URL: 'https://api.example.com',
      REQUEST_RATE_LIMIT_MAX: 1000,
      REQUEST_RATE_LIMIT_WINDOW_SECONDS: 60,
    });
    expect(loadConfig({ RATE_LIMIT_MAX: '3' }).REQUEST_RATE_LIMIT_MAX).toBe(300);
    expect(() => loadConfig({ API_PUBLIC_URL: 'https://api.example.com/v1' })).toThrow(
      /API_PUBLIC_URL=.*must be an origin/,
    );
  });

  it('reads where the limits count: Redis (or Valkey) by URL; unset, each instance’s memory', () => {
    expect(loadConfig({}).REDIS_URL).toBeUndefined();
    expect(loadConfig({ REDIS_URL: 'redis://:pw@cache.internal:6379/2' }).REDIS_URL).toBe(
      'redis://:pw@cache.internal:6379/2',
    );
    expect(loadConfig({ REDIS_URL: 'rediss://cache.internal' }).REDIS_URL).toBe('rediss://cache.internal');
    expect(() => loadConfig({ REDIS_URL: 'cache.internal:6379' })).toThrow(/REDIS_URL=.*must start with redis:\/\//);
  });

  it('does the scheduled work in the API on PGlite and leaves it to the workers on PostgreSQL, unless told', () => {
    const postgres = { DATABASE_URL: 'postgres://u:p@localhost:5432/board' };
    expect(loadConfig({}).WORK_IN_API).toBe('on');
    expect(loadConfig(postgres).WORK_IN_API).toBe('off');
    expect(loadConfig({ ...postgres, WORK_IN_API: 'on' }).WORK_IN_API).toBe('on');
    expect(() => loadConfig({ WORK_IN_API: 'off' })).toThrow(/WORK_IN_API=.*may not be "off" on PGlite/);
    expect(() => loadConfig({ WORK_IN_API: 'sometimes' })).toThrow(/WORK_IN_API=.*must be "auto", "on" or "off"/);
  });
});
