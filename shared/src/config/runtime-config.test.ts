import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseRuntimeConfig } from './runtime-config';

const configDir = path.resolve(import.meta.dirname, '../../../shell/config');
const readConfig = (environment: string): unknown =>
  JSON.parse(readFileSync(path.join(configDir, `${environment}.json`), 'utf8'));

describe('parseRuntimeConfig', () => {
  it.each(['local', 'staging', 'production'])('accepts the committed %s config', (environment) => {
    expect(parseRuntimeConfig(readConfig(environment)).environment).toBe(environment);
  });

  it('uses the ports of SPEC section 7 locally: API on 8000, site on 8080', () => {
    const config = parseRuntimeConfig(readConfig('local'));
    expect(new URL(config.apiBaseUrl).port).toBe('8000');
    expect(new URL(config.siteUrl).port).toBe('8080');
  });

  it('lets production preview nothing', () => {
    expect(parseRuntimeConfig(readConfig('production')).previewOrigins).toEqual([]);
  });

  it('names every bad field in one message', () => {
    const config = readConfig('local') as Record<string, unknown>;
    const broken = { ...config, apiBaseUrl: 'not a url', remotes: { listings: 'ftp://x/mf-manifest.json' } };
    expect(() => parseRuntimeConfig(broken)).toThrowError(/apiBaseUrl: must be an absolute URL/);
    expect(() => parseRuntimeConfig(broken)).toThrowError(/remotes\.listings: must be an http\(s\) URL/);
    expect(() => parseRuntimeConfig(broken)).toThrowError(/remotes\.apply/);
  });

  it('defaults previewOrigins to none and the captcha site key to empty', () => {
    const config = readConfig('local') as Record<string, unknown>;
    const { previewOrigins: _omitted, ...rest } = config;
    const parsed = parseRuntimeConfig({ ...rest, captcha: { mode: 'local' } });
    expect(parsed.previewOrigins).toEqual([]);
    expect(parsed.captcha.siteKey).toBe('');
  });
});

describe('releases in the runtime config', () => {
  const local = () => readConfig('local') as { remotes: Record<string, string> } & Record<string, unknown>;

  it('accepts a release pointer on its remote’s origin', () => {
    const config = local();
    const parsed = parseRuntimeConfig({
      ...config,
      releases: { listings: new URL('/releases/pointer.json', config.remotes.listings).href },
    });
    expect(parsed.releases?.listings).toMatch(/\/releases\/pointer\.json$/);
  });

  it('refuses a release pointer on another origin: remote code comes from the remote’s origin only', () => {
    expect(() =>
      parseRuntimeConfig({ ...local(), releases: { listings: 'https://elsewhere.example/releases/pointer.json' } }),
    ).toThrowError(/releases: must be on the origin of the remote's manifest/);
  });
});
