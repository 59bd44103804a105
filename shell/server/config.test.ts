import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { shellDoor } from './serve-shell';

/** A runtime config file of `environment` (the local one, relabelled), as a deploy supplies it. */
function configFile(environment: string) {
  const local = JSON.parse(readFileSync(path.join(import.meta.dirname, '../shell/config/local.json'), 'utf8'));
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'board-door-')), 'runtime-config.json');
  writeFileSync(file, JSON.stringify({ ...local, environment }));
  return file;
}

describe('shellDoor', () => {
  it('locally: shell/config/local.json on 127.0.0.1:8080', () => {
    const door = shellDoor({});
    expect(door).toMatchObject({ environment: 'local', host: '127.0.0.1', port: 8080 });
    expect(door.configFile).toMatch(/shell\/config\/local\.json$/);
  });

  it('in production: the environment’s file, on every interface (behind a load balancer), port 8080 unless PORT', () => {
    const door = shellDoor({ BOARD_ENV: 'production' });
    expect(door).toMatchObject({ environment: 'production', host: '0.0.0.0', port: 8080 });
    expect(door.configFile).toMatch(/shell\/config\/production\.json$/);
    expect(door.config.siteUrl).toBe('https://foundry.jobs');
    expect(shellDoor({ BOARD_ENV: 'staging', PORT: '3000', HOST: '10.0.0.7' })).toMatchObject({
      host: '10.0.0.7',
      port: 3000,
    });
  });

  it('reads a config file a deploy supplies (BOARD_CONFIG); its environment, unless BOARD_ENV says the same', () => {
    const file = configFile('staging');
    expect(shellDoor({ BOARD_CONFIG: file })).toMatchObject({
      environment: 'staging',
      host: '0.0.0.0',
      configFile: file,
    });
    expect(shellDoor({ BOARD_CONFIG: file, BOARD_ENV: 'staging' }).environment).toBe('staging');
    expect(() => shellDoor({ BOARD_CONFIG: file, BOARD_ENV: 'production' })).toThrow(
      /is the "staging" environment's config, but BOARD_ENV=production/,
    );
    expect(shellDoor({ BOARD_CONFIG: configFile('test') })).toMatchObject({ environment: 'test', host: '127.0.0.1' });
  });

  it.each([
    [{ BOARD_ENV: 'prod' }, /BOARD_ENV must be local, test, staging or production/],
    [{ BOARD_CONFIG: '/nowhere/runtime-config.json' }, /No runtime config at \/nowhere\/runtime-config.json/],
    [{ PORT: '80a' }, /PORT must be 0 \(any free port\) to 65535/],
    [{ PORT: '70000' }, /PORT must be 0/],
  ])('refuses %o', (env, message) => {
    expect(() => shellDoor(env)).toThrow(message);
  });

  it('refuses a config file that is not a valid runtime config, naming the field', () => {
    const file = configFile('staging');
    writeFileSync(file, JSON.stringify({ ...JSON.parse(readFileSync(file, 'utf8')), apiBaseUrl: 'nope' }));
    expect(() => shellDoor({ BOARD_CONFIG: file })).toThrow(/apiBaseUrl/);
  });
});
