import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface ApiProcess {
  url: string;
  port: number;
  child: ChildProcess;
  /** SIGTERM, as an orchestrator stops an instance; resolves with the exit code. */
  stop(): Promise<number | null>;
}

/** The API as it runs in production: its own Node process (`src/server.ts`), configured by `env` only. */
export async function startApiProcess(env: Record<string, string | undefined>): Promise<ApiProcess> {
  const childEnv: Record<string, string> = {};
  for (const [key, value] of Object.entries({ ...process.env, DATABASE_URL: undefined, ...env })) {
    if (value !== undefined) childEnv[key] = value;
  }
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiDir,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /"message":"API listening","url":"(http:\/\/[^"]+)"/.exec(output);
      if (match?.[1]) resolve(match[1]);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    void exited.then((code) => reject(new Error(`the API exited (${code}) before listening:\n${output}`)));
  });
  return {
    url,
    port: Number(new URL(url).port),
    child,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}
