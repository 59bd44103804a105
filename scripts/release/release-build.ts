/**
 * A build as a release: checked whole (its browser and Node halves one build of the app) and named
 * by its build's stamp, before it is stored (release-commands.ts, publish-current.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { isReleaseVersion } from '../../shared/src/config/release-pointer';
import type { RemoteName } from '../../shared/src/config/remotes';
import { ReleaseCommandError } from './release-command-error';

/** A release version from a build's stamp: `<commit>@<ISO time>` becomes `<yyyymmdd>T<hhmmss>Z-<commit>`. */
export function versionOfBuild(buildVersion: string): string {
  const stamped = /^([0-9a-z]+)@(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d):(\d\d)(?:\.(\d+))?Z$/i.exec(buildVersion);
  if (stamped) {
    const [, commit, year, month, day, hour, minute, second, millis = '0'] = stamped;
    return `${year}${month}${day}T${hour}${minute}${second}.${millis.padEnd(3, '0')}Z-${commit}`;
  }
  const cleaned = buildVersion
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[^A-Za-z0-9]+/, '')
    .slice(0, 100);
  if (!isReleaseVersion(cleaned))
    throw new ReleaseCommandError(`The build's version "${buildVersion}" names no release`);
  return cleaned;
}

function readBuildVersion(file: string): string | undefined {
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as {
    name?: string;
    metaData?: { buildInfo?: { buildVersion?: string } };
  };
  return manifest.metaData?.buildInfo?.buildVersion;
}

/** Checks that `dir` is one whole build of `app` (browser and Node halves of one build); returns its stamp. */
export function checkBuild(app: RemoteName, dir: string): string {
  const browser = path.join(dir, 'mf-manifest.json');
  const node = path.join(dir, 'server', 'mf-manifest.json');
  if (!existsSync(browser))
    throw new ReleaseCommandError(
      `${dir} has no mf-manifest.json: it is not a build of the ${app} remote (pnpm build ${app})`,
    );
  if (!existsSync(node))
    throw new ReleaseCommandError(
      `${dir} has no Node build (server/mf-manifest.json): the shell's server could not render with it. \`pnpm build ${app}\` makes both halves`,
    );
  const name = (JSON.parse(readFileSync(browser, 'utf8')) as { name?: string }).name;
  if (name !== `board_${app}`)
    throw new ReleaseCommandError(`${dir} is a build of ${name ?? 'an unknown app'}, not of ${app}`);
  const browserVersion = readBuildVersion(browser);
  const nodeVersion = readBuildVersion(node);
  if (!browserVersion) throw new ReleaseCommandError(`${browser} names no build version`);
  if (browserVersion !== nodeVersion)
    throw new ReleaseCommandError(
      `${dir}: its browser build (${browserVersion}) and its Node build (${nodeVersion ?? 'none'}) are not one build`,
    );
  return browserVersion;
}
