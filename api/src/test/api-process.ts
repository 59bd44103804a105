import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface ServiceProcess {
  child: ChildProcess;
  /** Its `GET /metrics` listener, when METRICS_PORT was set (as its first line says). */
  metricsUrl: string | undefined;
  /** Everything it printed so far (its JSON lines, an error). */
  output(): string;
  /** SIGTERM, as an orchestrator stops it; resolves with the exit code. */
  stop(): Promise<number | null>;
}

export interface ApiProcess extends ServiceProcess {
  url: string;
  port: number;
}

/**
 * One of the API's services as it runs in production: its own Node process (`entry`), configured
 * by `env` only, ready once it has printed the line `ready` matches.
 */
async function startService(
  entry: string,
  env: Record<string, string | undefined>,
  ready: RegExp,
): Promise<ServiceProcess & { match: RegExpExecArray }> {
  const childEnv: Record<string, string> = {};
  for (const [key, value] of Object.entries({ ...process.env, DATABASE_URL: undefined, ...env })) {
    if (value !== undefined) childEnv[key] = value;
  }
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: apiDir,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const match = await new Promise<RegExpExecArray>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const found = ready.exec(output);
      if (found) resolve(found);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    void exited.then((code) => reject(new Error(`${entry} exited (${code}) before it was ready:\n${output}`)));
  });
  return {
    child,
    match,
    metricsUrl: /"metrics_url":"(http:\/\/[^"]+)"/.exec(output)?.[1],
    output: () => output,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

/** The API as it runs in production: its own Node process (`src/server.ts`), configured by `env` only. */
export async function startApiProcess(env: Record<string, string | undefined>): Promise<ApiProcess> {
  const { match, ...service } = await startService(
    'src/server.ts',
    env,
    /"message":"API listening","url":"(http:\/\/[^"]+)"/,
  );
  const url = match[1] ?? '';
  return { ...service, url, port: Number(new URL(url).port) };
}

/** A worker as it runs in production (`src/worker.ts`): the scheduled work, beside the API instances. */
export async function startWorkerProcess(env: Record<string, string | undefined>): Promise<ServiceProcess> {
  const { match: _ready, ...service } = await startService('src/worker.ts', env, /"message":"worker running"/);
  return service;
}
