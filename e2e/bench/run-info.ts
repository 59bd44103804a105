/** Where and when a figure was measured: the machine, the commit, the date and the load. */
import { execFileSync } from 'node:child_process';
import { cpus, loadavg, totalmem } from 'node:os';
import { rootDir } from './processes';

export interface RunInfo {
  date: string;
  commit: string;
  machine: { cores: number; memoryGb: number; platform: string; node: string };
}

export function runInfo(): RunInfo {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: rootDir, encoding: 'utf8' }).trim();
  const dirty = git('status', '--porcelain', '--untracked-files=no') !== '';
  return {
    date: new Date().toISOString(),
    commit: `${git('rev-parse', '--short', 'HEAD')}${dirty ? ' (with uncommitted changes)' : ''}`,
    machine: {
      cores: cpus().length,
      memoryGb: Math.round(totalmem() / 1024 ** 3),
      platform: `${process.platform} ${process.arch}`,
      node: process.version,
    },
  };
}

/** The machine's load average (1, 5, 15 min) now: a figure is read against it. */
export const roundedLoad = () => loadavg().map((load) => Number(load.toFixed(2)));
