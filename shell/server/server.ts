/**
 * The shell's server, as each instance runs in staging and production (`pnpm serve:shell`): its
 * configuration read once and validated (config.ts; a bad or missing variable stops it with one
 * line naming it), the limits (Redis or memory), the app (app.ts), then HTTP on HOST:PORT. It
 * needs `shell/dist` and one runtime config file, nothing else: no database, no disk writes, no
 * session. One JSON line when it listens; on SIGTERM or SIGINT it stops taking connections,
 * answers the requests in flight (at most `drainMs`) and exits 0. See the README's Deploy section.
 */
import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Limits, openLimits } from '@board/shared/lib/limits';
import { jsonLines } from '@board/shared/lib/request-log';
import { createAdaptorServer } from '@hono/node-server';
import { createShellApp, type ShellTuning } from './app';
import { loadShellConfig, type ShellConfig, ShellConfigError, shellDist } from './config';
import { type ListeningServer, listen } from './http/listen';

/** How long a stopping server lets requests in flight finish before it cuts the connections. */
export const drainMs = 10_000;

export interface RunningShell extends ListeningServer {
  /** Where its limits count. */
  limits: Limits['kind'];
}

/** Starts the shell's server for `config`; `tuning` is for this machine's callers (the e2e board, `pnpm serve`). */
export async function startShell(config: ShellConfig, tuning: ShellTuning = {}): Promise<RunningShell> {
  if (!existsSync(path.join(shellDist, 'index.html'))) {
    throw new Error(`${shellDist} is not built: run \`pnpm build\` first`);
  }
  const log = config.logLevel === 'silent' ? () => {} : jsonLines;
  const limits = await openLimits({ url: config.redisUrl, prefix: `board:${config.environment}:shell`, log });
  try {
    const app = createShellApp(config, { limits, tuning });
    const server = await listen(createAdaptorServer({ fetch: app.fetch }) as Server, config.port, config.host);
    return {
      ...server,
      limits: limits.kind,
      async close(drain?: number) {
        await server.close(drain);
        await limits.close();
      },
    };
  } catch (error) {
    await limits.close();
    throw error;
  }
}

async function main() {
  const time = () => new Date().toISOString();
  let config: ShellConfig;
  let server: RunningShell;
  try {
    config = loadShellConfig(process.env);
    server = await startShell(config);
  } catch (error) {
    if (error instanceof ShellConfigError) console.error(error.message);
    else jsonLines({ time: time(), level: 'error', message: 'the shell server could not start', error: String(error) });
    process.exit(1);
  }
  jsonLines({
    time: time(),
    level: 'info',
    message: 'shell server listening',
    url: server.url,
    environment: config.environment,
    config: config.runtimeConfigFile,
    mode: config.mode,
    limits: server.limits,
  });
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    jsonLines({
      time: time(),
      level: 'info',
      message: 'shell server stopping: answering the requests in flight',
      signal,
    });
    await server.close(drainMs);
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
