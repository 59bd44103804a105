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
});
