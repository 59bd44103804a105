/** A `pnpm release` command's words: its name, its arguments and its options, each checked. */
import { type RemoteName, remoteNames } from '../../shared/src/config/remotes';
import { ReleaseCommandError } from './release-command-error';

interface Parsed {
  command: string;
  args: string[];
  options: Map<string, string | true>;
}

export function parseArgs(argv: string[]): Parsed {
  const args: string[] = [];
  const options = new Map<string, string | true>();
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index] ?? '';
    if (!arg.startsWith('--')) {
      args.push(arg);
      continue;
    }
    const [name = '', inline] = arg.slice(2).split('=', 2);
    if (name === 'json' || name === 'auto' || name === 'force') options.set(name, true);
    else if (inline !== undefined) options.set(name, inline);
    else {
      const value = argv[++index];
      if (value === undefined) throw new ReleaseCommandError(`--${name} needs a value`);
      options.set(name, value);
    }
  }
  const [command = '', ...rest] = args;
  return { command, args: rest, options };
}

export const known: Record<string, { args: number; options: string[] }> = {
  publish: { args: 1, options: ['env', 'dist'] },
  list: { args: 1, options: ['env', 'json'] },
  promote: { args: 2, options: ['env', 'force'] },
  rollback: { args: 1, options: ['env'] },
  canary: { args: 2, options: ['env', 'percent', 'auto', 'window', 'min-views', 'force'] },
  health: { args: 1, options: ['env', 'json'] },
  prune: { args: 1, options: ['env', 'keep'] },
};

export function appOf(name: string | undefined): RemoteName {
  if (name && (remoteNames as readonly string[]).includes(name)) return name as RemoteName;
  throw new ReleaseCommandError(`Unknown app "${name ?? ''}": releases are for ${remoteNames.join(', ')}`);
}

export function integer(value: string | true | undefined, flag: string, min: number, max: number): number {
  const number = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!(number >= min && number <= max))
    throw new ReleaseCommandError(`--${flag} must be a whole number from ${min} to ${max}`);
  return number;
}
