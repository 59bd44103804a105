import { spawn } from 'node:child_process';

/**
 * Runs one of the API's commands in a process of its own, as `pnpm sources …` and `pnpm portfolio
 * …` do (`src/cli/run-bundled.mjs`: the command bundled, then run), with the bench's stand-in
 * vendor: whether it exited 0, and what it printed, line by line.
 */
export async function runApiCommand(
  apiDir: string,
  vendorUrl: string,
  command: 'sources' | 'portfolio',
  args: string[],
): Promise<{ ok: boolean; lines: string[] }> {
  const child = spawn(process.execPath, ['src/cli/run-bundled.mjs', command, ...args], {
    cwd: apiDir,
    env: { ...process.env, ASHBY_API_URL: vendorUrl },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { ok: code === 0, lines: output.trim().split('\n') };
}
