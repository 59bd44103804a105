/**
 * `pnpm release …`: publish, list, promote, roll back, canary and prune a remote's releases in one
 * environment's store (release-store.ts). Every command checks everything before it writes, so a
 * refused command changes nothing; the pointer is the only file a change of live or canary writes.
 */
import path from 'node:path';
import { isReleaseVersion, type ReleasePointer } from '../../shared/src/config/release-pointer';
import { type RemoteName, remoteNames } from '../../shared/src/config/remotes';
import { promoted, rolledBack, withCanary } from '../../shared/src/release/pointer-changes';
import { type ReleaseInfo, ReleaseStore } from '../../shared/src/release/release-store';
import { appOf, integer, known, parseArgs } from './release-args';
import { checkBuild, versionOfBuild } from './release-build';
import { ReleaseCommandError } from './release-command-error';
import { printHealth } from './release-health-command';

const releaseEnvironments = ['local', 'staging', 'production'] as const;
export type ReleaseEnvironment = (typeof releaseEnvironments)[number];

const releaseUsage = `usage (from the repository root; every command takes --env local|staging|production, default local):
  pnpm release publish <app> [--dist <folder>]       build <app> if needed, store it; prints the version last
  pnpm release list <app> [--json]                   versions, newest first, marking live, canary and previous
  pnpm release promote <app> <version> [--force]     live for every new visitor (--force: a failed version too)
  pnpm release rollback <app>                        back to the version live before
  pnpm release canary <app> <version> --percent <N> [--auto [--window <seconds>] [--min-views <N>]] [--force]
                                                     N% of new visitors get it (0 ends the canary); --auto: the
                                                     shell's server promotes it after the window (default 600 s)
                                                     with at least the views (default 200), or rolls it back
  pnpm release health <app> [--json]                 views, error rate, p75 LCP, INP, CLS of live and canary
  pnpm release prune <app> --keep <N>                delete all but the N newest (never live, canary or previous)
<app>: ${remoteNames.join(', ')}`;

export interface ReleaseContext {
  /** The store of an environment (a folder; README, Deploy). */
  storeRoot: (environment: ReleaseEnvironment) => string;
  /** The folder `pnpm build <app>` writes. */
  distDir: (app: RemoteName) => string;
  /** Builds the app when its build is missing or older than its sources. */
  buildIfNeeded: (app: RemoteName) => Promise<void>;
  print: (line: string) => void;
  /** The clock `health` tells the figures' age by (default: now). */
  now?: () => number;
}

function existing(store: ReleaseStore, version: string | undefined): string {
  if (!version || !isReleaseVersion(version) || !store.has(version))
    throw new ReleaseCommandError(
      `Unknown version "${version ?? ''}" of ${store.app}: \`pnpm release list ${store.app}\` lists the published ones`,
    );
  return version;
}

function describe(info: ReleaseInfo, pointer: ReleasePointer): string[] {
  return [
    ...(pointer.live === info.version ? ['live'] : []),
    ...(pointer.canary?.version === info.version
      ? [`canary ${pointer.canary.percent}%${pointer.canary.auto ? ' (auto)' : ''}`]
      : []),
    ...(pointer.previous === info.version ? ['previous'] : []),
    ...(pointer.failed?.includes(info.version) ? ['failed'] : []),
  ];
}

/** A version a gate rolled back is refused unless the command says --force. */
function notFailed(pointer: ReleasePointer, version: string, options: Map<string, string | true>, app: string) {
  if (pointer.failed?.includes(version) && !options.has('force'))
    throw new ReleaseCommandError(
      `${app} ${version} failed its canary and was rolled back: \`pnpm release list ${app}\` says why; --force to use it all the same`,
    );
}

/** How many log lines `list` prints (--json has them all). */
const logLines = 20;

/** Runs one command; throws ReleaseCommandError (or the store's error) with what was wrong. */
export async function runRelease(argv: string[], context: ReleaseContext): Promise<void> {
  const { command, args, options } = parseArgs(argv);
  const spec = known[command];
  if (!spec) throw new ReleaseCommandError(command ? `Unknown command "${command}"\n${releaseUsage}` : releaseUsage);
  const app = appOf(args[0]);
  if (args.length !== spec.args) throw new ReleaseCommandError(`Wrong arguments for ${command}\n${releaseUsage}`);
  for (const name of options.keys())
    if (!spec.options.includes(name)) throw new ReleaseCommandError(`${command} takes no --${name}\n${releaseUsage}`);
  const environment = (options.get('env') ?? 'local') as ReleaseEnvironment;
  if (!releaseEnvironments.includes(environment))
    throw new ReleaseCommandError(`--env must be one of ${releaseEnvironments.join(', ')}`);
  const store = new ReleaseStore(context.storeRoot(environment), app);
  const pointer = store.readPointer();
  const { print } = context;

  switch (command) {
    case 'publish': {
      const dist = options.get('dist');
      const dir = typeof dist === 'string' ? path.resolve(dist) : context.distDir(app);
      if (typeof dist !== 'string') await context.buildIfNeeded(app);
      const buildVersion = checkBuild(app, dir);
      const version = versionOfBuild(buildVersion);
      store.add(dir, { version, buildVersion });
      print(`published ${app} ${version} (${environment}); \`pnpm release promote ${app} ${version}\` makes it live`);
      print(version);
      return;
    }
    case 'list': {
      const releases = store.list();
      const log = store.readLog();
      if (options.has('json')) {
        print(
          JSON.stringify(
            {
              app,
              environment,
              pointer,
              releases: releases.map((info) => ({ ...info, marks: describe(info, pointer) })),
              log,
            },
            null,
            2,
          ),
        );
        return;
      }
      if (releases.length === 0) print(`no release of ${app} in ${environment}: \`pnpm release publish ${app}\``);
      for (const info of releases) {
        const marks = describe(info, pointer);
        print(`${info.version}  ${info.publishedAt}${marks.length ? `  ${marks.join(', ')}` : ''}`);
      }
      if (log.length > 0) print(`\nlog (newest last${log.length > logLines ? `, the last ${logLines}` : ''}):`);
      for (const entry of log.slice(-logLines))
        print(`${entry.at}  ${entry.by}  ${entry.action} ${entry.version}${entry.reason ? `: ${entry.reason}` : ''}`);
      return;
    }
    case 'promote': {
      const version = existing(store, args[1]);
      if (pointer.live === version) throw new ReleaseCommandError(`${app} ${version} is live already`);
      notFailed(pointer, version, options, app);
      store.writePointer(promoted(pointer, version));
      store.appendLog({ by: 'cli', action: 'promote', version });
      print(`${app} ${version} is live (${environment}); previous: ${pointer.live ?? 'none'}`);
      return;
    }
    case 'rollback': {
      if (!pointer.previous)
        throw new ReleaseCommandError(`${app} has no previous version to go back to (${environment})`);
      store.writePointer(rolledBack({ ...pointer, previous: pointer.previous }));
      store.appendLog({ by: 'cli', action: 'rollback', version: pointer.previous });
      print(`${app} ${pointer.previous} is live again (${environment}); ${pointer.live ?? 'none'} is previous`);
      return;
    }
    case 'canary': {
      const version = existing(store, args[1]);
      const percent = integer(options.get('percent'), 'percent', 0, 100);
      if (percent === 0) {
        store.writePointer(withCanary(pointer, version, 0));
        if (pointer.canary) store.appendLog({ by: 'cli', action: 'end-canary', version: pointer.canary.version });
        print(`${app}: no canary (${environment}); every new visitor gets ${pointer.live ?? 'nothing'}`);
        return;
      }
      if (!pointer.live) throw new ReleaseCommandError(`${app} has no live version: promote one before a canary`);
      if (pointer.live === version)
        throw new ReleaseCommandError(`${app} ${version} is the live version, not a canary`);
      notFailed(pointer, version, options, app);
      const auto = options.has('auto')
        ? {
            startedAt: new Date().toISOString(),
            windowSeconds: options.has('window') ? integer(options.get('window'), 'window', 1, 7 * 86_400) : 600,
            minViews: options.has('min-views') ? integer(options.get('min-views'), 'min-views', 1, 10_000_000) : 200,
          }
        : undefined;
      if (!auto && (options.has('window') || options.has('min-views')))
        throw new ReleaseCommandError('--window and --min-views go with --auto');
      store.writePointer(withCanary(pointer, version, percent, auto));
      store.appendLog({
        by: 'cli',
        action: 'canary',
        version,
        reason: `${percent}% of new visitors${auto ? `, gated: ${auto.windowSeconds} s window, ${auto.minViews} views` : ''}`,
      });
      print(
        `${app} ${version} goes to ${percent}% of new visitors (${environment}); live: ${pointer.live}${
          auto
            ? `; the shell's server promotes it after ${auto.windowSeconds} s with at least ${auto.minViews} views, or rolls it back at the first breach`
            : ''
        }`,
      );
      return;
    }
    case 'health': {
      printHealth(store, {
        json: options.has('json'),
        print,
        environment,
        ...(context.now ? { now: context.now() } : {}),
      });
      return;
    }
    case 'prune': {
      const keep = integer(options.get('keep'), 'keep', 0, 10_000);
      const named = new Set([pointer.live, pointer.previous, pointer.canary?.version]);
      const removed = store
        .list()
        .slice(keep)
        .filter((info) => !named.has(info.version));
      for (const info of removed) store.remove(info.version);
      print(
        `${app}: removed ${removed.length} release(s) (${environment})${removed.map((info) => `\n  ${info.version}`).join('')}`,
      );
      return;
    }
  }
}
