/**
 * The live bench's ATS vendor, in a process of its own: a real vendor answers from elsewhere, so
 * making and sending its 3 MB answer must not take the API's thread, as it did when the fake
 * vendor ran in the bench's process (docs/performance.md). The bench tells it each round's jobs
 * over IPC (`setRound`), and it answers as Ashby does (test/fake-vendors.ts).
 *
 * Run as a child by `startBenchVendor()`; not a command of its own.
 */

import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { SourceKind } from '../src/db/job-board-tables';
import { benchAshbyJobs } from '../src/test/ashby-jobs';
import { startFakeVendors } from '../src/test/fake-vendors';

type ToChild = { id: number; board: string; count: number; round: number };
type FromChild = { urls: Record<SourceKind, string> } | { done: number };

export interface BenchVendor {
  urls: Record<SourceKind, string>;
  /** From now on the Ashby board `board` answers `count` jobs of this round (benchAshbyJobs). */
  setRound(board: string, count: number, round: number): Promise<void>;
  close(): Promise<void>;
}

export async function startBenchVendor(): Promise<BenchVendor> {
  const child: ChildProcess = fork(fileURLToPath(import.meta.url), ['--serve'], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const waiting = new Map<number, () => void>();
  let next = 0;
  const urls = await new Promise<Record<SourceKind, string>>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the bench's vendor exited (${code}) before it started`)));
    child.on('message', (message: FromChild) => {
      if ('urls' in message) resolve(message.urls);
      else waiting.get(message.done)?.();
    });
  });
  child.removeAllListeners('exit');
  return {
    urls,
    setRound(board, count, round) {
      const id = next++;
      return new Promise((resolve) => {
        waiting.set(id, () => {
          waiting.delete(id);
          resolve();
        });
        child.send({ id, board, count, round } satisfies ToChild);
      });
    },
    async close() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill();
      await exited;
    },
  };
}

if (process.argv.includes('--serve') && process.send) {
  const vendors = await startFakeVendors();
  process.on('message', (message: ToChild) => {
    vendors.setJobs('ashby', message.board, benchAshbyJobs(message.count, message.round));
    // The requests are not read: keep none.
    vendors.requests.length = 0;
    process.send?.({ done: message.id } satisfies FromChild);
  });
  process.on('disconnect', () => {
    void vendors.close().then(() => process.exit(0));
  });
  process.send({ urls: vendors.urls } satisfies FromChild);
}
