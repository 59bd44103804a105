import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempFolders } from '../../shared/src/test/temp-folders';
import { loadShellConfig, ShellConfigError } from './config';

/** A runtime config file of `environment` (the local one, relabelled), as a deploy supplies it. */
const tempFolder = tempFolders('board-shell-config-');
function configFile(environment: string) {
  const local = JSON.parse(readFileSync(path.join(import.meta.dirname, '../config/local.json'), 'utf8'));
  const file = path.join(tempFolder(), 'runtime-config.json');
  writeFileSync(file, JSON.stringify({ ...local, environment }));
  return file;
}

const key = { SHELL_API_KEY: 'the-shell-key-of-enough-length' };

/** The message a refused configuration stops the server with. */
function refusal(env: Record<string, string | undefined>): string {
  try {
    loadShellConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ShellConfigError);
    return (error as Error).message;
  }
  throw new Error('the configuration was accepted');
}

describe('loadShellConfig', () => {
  it('locally: shell/config/local.json on 127.0.0.1:8080, rendering, 120 pages a minute per visitor, in memory', () => {
    const config = loadShellConfig({});
    expect(config).toMatchObject({
      environment: 'local',
      host: '127.0.0.1',
      port: 8080,
      mode: 'render',
      workspaces: [],
      logLevel: 'info',
      apiKey: undefined,
      visitorLimit: { max: 120, windowSeconds: 60 },
      trustedProxies: [],
      redisUrl: undefined,
    });
    expect(config.runtimeConfigFile).toMatch(/shell\/config\/local\.json$/);
    expect(config.runtimeConfig.environment).toBe('local');
  });

  it('in production: the environment’s file, on every interface (behind a load balancer), port 8080 unless PORT', () => {
    const config = loadShellConfig({ BOARD_ENV: 'production', ...key });
    expect(config).toMatchObject({ environment: 'production', host: '0.0.0.0', port: 8080, apiKey: key.SHELL_API_KEY });
    expect(config.runtimeConfigFile).toMatch(/shell\/config\/production\.json$/);
    expect(config.runtimeConfig.siteUrl).toBe('https://foundry.jobs');
    expect(loadShellConfig({ BOARD_ENV: 'staging', PORT: '3000', HOST: '10.0.0.7', ...key })).toMatchObject({
      host: '10.0.0.7',
      port: 3000,
    });
  });

  it('reads every setting of the deploy once: mode, boards, log, limit, proxies, Redis', () => {
    expect(
      loadShellConfig({
        SHELL_MODE: 'assemble',
        BOARD_WORKSPACES: 'demo, acme.io ,',
        LOG_LEVEL: 'silent',
        SHELL_VISITOR_LIMIT_MAX: '30',
        SHELL_VISITOR_LIMIT_WINDOW_SECONDS: '10',
        TRUSTED_PROXIES: '10.0.0.1, 10.0.0.2',
        REDIS_URL: 'redis://cache.internal:6379',
      }),
    ).toMatchObject({
      mode: 'assemble',
      workspaces: ['demo', 'acme.io'],
      logLevel: 'silent',
      visitorLimit: { max: 30, windowSeconds: 10 },
      trustedProxies: ['10.0.0.1', '10.0.0.2'],
      redisUrl: 'redis://cache.internal:6379',
    });
    expect(loadShellConfig({ SHELL_VISITOR_LIMIT_MAX: '0' }).visitorLimit).toBeNull();
    expect(loadShellConfig({ SHELL_MODE: 'static' }).mode).toBe('static');
  });

  it('reads a config file a deploy supplies (BOARD_CONFIG); its environment, unless BOARD_ENV says the same', () => {
    const file = configFile('staging');
    expect(loadShellConfig({ BOARD_CONFIG: file, ...key })).toMatchObject({
      environment: 'staging',
      host: '0.0.0.0',
      runtimeConfigFile: file,
    });
    expect(loadShellConfig({ BOARD_CONFIG: file, BOARD_ENV: 'staging', ...key }).environment).toBe('staging');
    expect(refusal({ BOARD_CONFIG: file, BOARD_ENV: 'production', ...key })).toMatch(
      /BOARD_ENV="production": .* is the "staging" environment's config/,
    );
    expect(loadShellConfig({ BOARD_CONFIG: configFile('test') })).toMatchObject({
      environment: 'test',
      host: '127.0.0.1',
    });
  });

  it.each(['staging', 'production'])(
    '%s refuses to start without SHELL_API_KEY, in one line naming it (every instance shares it with the API)',
    (environment) => {
      const lines = refusal({ BOARD_ENV: environment }).split('\n');
      expect(lines).toEqual([
        `Invalid shell configuration (${environment}):`,
        expect.stringMatching(/^ {2}SHELL_API_KEY="": is required in (staging|production): /),
      ]);
      expect(refusal({ BOARD_CONFIG: configFile(environment) })).toMatch(/SHELL_API_KEY="": is required/);
    },
  );

  it.each([
    [{ BOARD_ENV: 'prod' }, /BOARD_ENV="prod": must be "local", "test", "staging" or "production"/],
    [{ BOARD_CONFIG: '/nowhere/runtime-config.json' }, /No runtime config at \/nowhere\/runtime-config.json/],
    [{ PORT: '80a' }, /PORT="80a": must be a whole number/],
    [{ PORT: '70000' }, /PORT="70000": must be 0 \(any free port\) to 65535/],
    [{ SHELL_MODE: 'ssr' }, /SHELL_MODE="ssr": must be "render", "assemble" or "static"/],
    [{ SHELL_VISITOR_LIMIT_MAX: 'lots' }, /SHELL_VISITOR_LIMIT_MAX="lots": must be a whole number/],
    [{ SHELL_VISITOR_LIMIT_WINDOW_SECONDS: '0' }, /SHELL_VISITOR_LIMIT_WINDOW_SECONDS="0": must be at least 1/],
    [{ REDIS_URL: 'cache:6379' }, /REDIS_URL="cache:6379": must start with redis:\/\//],
    [{ SHELL_API_KEY: 'short' }, /SHELL_API_KEY=\(hidden\): must be at least 16 characters/],
  ])('refuses %o, naming the variable', (env, message) => {
    expect(refusal(env)).toMatch(message);
  });

  it('never prints the key it refuses', () => {
    expect(refusal({ SHELL_API_KEY: 'short-secret' })).not.toContain('short-secret');
  });

  it('refuses a config file that is not a valid runtime config, naming the field', () => {
    const file = configFile('staging');
    writeFileSync(file, JSON.stringify({ ...JSON.parse(readFileSync(file, 'utf8')), apiBaseUrl: 'nope' }));
    expect(refusal({ BOARD_CONFIG: file, ...key })).toMatch(/apiBaseUrl/);
  });
});

describe('loadShellConfig: release health and metrics', () => {
  it('gates in the environment’s store every 30 s by default, serves no metrics unless asked', () => {
    expect(loadShellConfig({})).toMatchObject({
      releaseStore: undefined,
      gateIntervalMs: 30_000,
      metricsPort: undefined,
    });
    expect(
      loadShellConfig({
        BOARD_ENV: 'staging',
        BOARD_CONFIG: configFile('staging'),
        ...key,
        BOARD_RELEASE_STORE: '/srv/board-stores',
        RELEASE_GATE_INTERVAL_SECONDS: '5',
        METRICS_PORT: '9464',
      }),
    ).toMatchObject({ releaseStore: '/srv/board-stores/staging', gateIntervalMs: 5_000, metricsPort: 9464 });
  });

  it('refuses an interval of 0 and a port that is not one, naming each', () => {
    const message = refusal({ RELEASE_GATE_INTERVAL_SECONDS: '0', METRICS_PORT: '70000' });
    expect(message).toMatch(/RELEASE_GATE_INTERVAL_SECONDS.*must be at least 1/);
    expect(message).toMatch(/METRICS_PORT.*must be 0 \(any free port\) to 65535/);
  });
});
