/**
 * `pnpm serve:shell`: the shell's server alone, as each instance runs in staging and production
 * (the remotes are static folders on their own origins, the API its own service: `pnpm serve:api`).
 * It needs `shell/dist` and one runtime config file, nothing else. See the README's Deploy section.
 *
 * - `BOARD_CONFIG`: the runtime config file (a deploy supplies its own); default
 *   `shell/config/$BOARD_ENV.json`.
 * - `BOARD_ENV`: `local` (default), `test`, `staging` or `production`; when only `BOARD_CONFIG` is
 *   given, the file's `environment`. The two must agree: a staging file never runs as production.
 * - `PORT` (default 8080) and `HOST` (default `0.0.0.0` in staging and production, so a load
 *   balancer reaches it; `127.0.0.1` in `local` and `test`).
 * - `SHELL_MODE`, `BOARD_WORKSPACES`, `LOG_LEVEL`: as for `pnpm serve` (scripts/serve-board.ts).
 * - `SHELL_API_KEY`: the key the API's SHELL_API_KEY also holds; the shell's reads carry it, so the
 *   API does not count every visitor's page against this server's one address.
 * - `SHELL_VISITOR_LIMIT_MAX` (default 120; 0: none) and `SHELL_VISITOR_LIMIT_WINDOW_SECONDS` (60): what one
 *   visitor may make this server ask the API for (pages not in its page cache, preview images);
 *   `TRUSTED_PROXIES`: the load balancers whose X-Forwarded-For names the visitor, as for the API.
 *
 * It logs one JSON line when it is ready (with its URL), and on SIGTERM or SIGINT stops taking
 * connections, answers the requests in flight (at most `drainMs`), and exits 0.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RuntimeConfig } from '../shared/src/config/runtime-config';
import { jsonLines } from '../shared/src/lib/request-log';
import { environmentConfigFile, readConfigFile, serveShell, shellMode } from './serve-board';

const environments = ['local', 'test', 'staging', 'production'] as const;
type Environment = (typeof environments)[number];

/** How long a stopping server lets requests in flight finish before it cuts the connections. */
export const drainMs = 10_000;

export interface ShellDoor {
  environment: Environment;
  configFile: string;
  config: RuntimeConfig;
  host: string;
  port: number;
}

/** Where and with what the shell's server runs, from the environment variables; throws a clear Error. */
export function shellDoor(env: Record<string, string | undefined>): ShellDoor {
  const stated = env.BOARD_ENV || undefined;
  if (stated !== undefined && !environments.includes(stated as Environment)) {
    throw new Error(`BOARD_ENV must be local, test, staging or production (got "${stated}")`);
  }
  const configFile = env.BOARD_CONFIG ? path.resolve(env.BOARD_CONFIG) : environmentConfigFile(stated ?? 'local');
  const config = readConfigFile(configFile);
  if (stated !== undefined && config.environment !== stated) {
    throw new Error(`${configFile} is the "${config.environment}" environment's config, but BOARD_ENV=${stated}`);
  }
  const environment = config.environment;
  const local = environment === 'local' || environment === 'test';
  const port = Number(env.PORT || 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be 0 (any free port) to 65535 (got "${env.PORT}")`);
  }
  return { environment, configFile, config, host: env.HOST || (local ? '127.0.0.1' : '0.0.0.0'), port };
}

async function main() {
  const log = jsonLines;
  const time = () => new Date().toISOString();
  let door: ShellDoor;
  let server: Awaited<ReturnType<typeof serveShell>>;
  try {
    door = shellDoor(process.env);
    server = await serveShell({ port: door.port, host: door.host, config: () => door.config });
  } catch (error) {
    log({ time: time(), level: 'error', message: 'the shell server could not start', error: String(error) });
    process.exit(1);
  }
  log({
    time: time(),
    level: 'info',
    message: 'shell server listening',
    url: `http://${door.host.includes(':') ? `[${door.host}]` : door.host}:${server.port}`,
    environment: door.environment,
    config: door.configFile,
    mode: shellMode(process.env.SHELL_MODE),
  });
  if (!process.env.SHELL_API_KEY && door.environment !== 'local' && door.environment !== 'test')
    log({
      time: time(),
      level: 'warn',
      message:
        "SHELL_API_KEY is not set: the API counts every page this server reads against one client's limit (set the same key on the API)",
    });
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log({ time: time(), level: 'info', message: 'shell server stopping: answering the requests in flight', signal });
    await server.close(drainMs);
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
