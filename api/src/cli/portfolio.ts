/**
 * `pnpm portfolio …` (from the repository's root): the portfolio file, applied like infrastructure.
 *
 *   pnpm portfolio apply <file.yaml|file.csv> [--dry-run] [--prune [--allow-mass-remove]]
 *   pnpm portfolio export [--format yaml|csv]
 *   pnpm portfolio enrich [<slug> ...]
 *
 * As `pnpm sources` does: with DATABASE_URL it works on PostgreSQL directly; otherwise it asks the
 * running API (`npm start`'s PGlite) through its operator endpoints (/operator/portfolio) at
 * SOURCES_API_URL (default http://127.0.0.1:$PORT or :8000), with OPERATOR_TOKEN when set.
 *
 * `apply` prints one line per company; a file with an error changes nothing, and prints every
 * error with its line (exit 1); a logo refused is printed with its company's line after the rest
 * applied (exit 1). A prune that would remove more than half of the companies with jobs or sources
 * is held, one line, exit 1, unless `--allow-mass-remove` is given; the dry run says so.
 * `export` writes the file to standard output. docs/decisions/042.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { isMainModule } from '../lib/run-service';
import type { AppliedPortfolio } from '../portfolio/portfolio-service';
import { type FileFormat, formatOfPath, readPortfolio } from '../portfolio/read-file';
import { errorLine, type PortfolioRead } from '../portfolio/validate';
import { sourcesFromConfig } from '../sources/from-config';
import { portfolioFromConfig } from '../work/portfolio-from-config';
import { asksForHelp, commandMain } from './command-main';
import { logosBeside } from './logos-beside';
import { callOperator, OperatorCallError } from './operator-call';

export const portfolioUsage = `Usage:
  pnpm portfolio apply <file.yaml|file.csv> [--dry-run] [--prune [--allow-mass-remove]]
  pnpm portfolio export [--format yaml|csv]
  pnpm portfolio enrich [<slug> ...]`;

type Print = (line: string) => void;

interface ApplyCall {
  file: string;
  /** The file as the command read it (to find its logos): a backend in this process applies it as read. */
  read: PortfolioRead;
  format: FileFormat;
  logoFiles: ReadonlyMap<string, Uint8Array>;
  dryRun: boolean;
  prune: boolean;
  allowMassRemove: boolean;
}

interface PortfolioBackend {
  apply(call: ApplyCall): Promise<AppliedPortfolio>;
  export(format: 'yaml' | 'csv'): Promise<string>;
  enrich(slugs: string[] | null): Promise<string[]>;
}

class UsageError extends Error {}

function parse(argv: string[]) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      'dry-run': { type: 'boolean' },
      prune: { type: 'boolean' },
      'allow-mass-remove': { type: 'boolean' },
      format: { type: 'string' },
    },
  });
  const [command, ...rest] = positionals;
  const only = (allowed: string[]) => {
    const extra = Object.keys(values).filter((key) => !allowed.includes(key));
    if (extra.length > 0) throw new UsageError(`"${command}" takes no --${extra.join(', --')}.`);
  };
  switch (command) {
    case 'apply': {
      only(['dry-run', 'prune', 'allow-mass-remove']);
      const [file, ...more] = rest;
      if (!file || more.length > 0) throw new UsageError('apply takes one file.');
      return {
        command,
        file,
        dryRun: values['dry-run'] === true,
        prune: values.prune === true,
        allowMassRemove: values['allow-mass-remove'] === true,
      } as const;
    }
    case 'export': {
      only(['format']);
      const format = values.format ?? 'yaml';
      if (format !== 'yaml' && format !== 'csv') throw new UsageError('--format is yaml or csv.');
      if (rest.length > 0) throw new UsageError('export takes no argument.');
      return { command, format } as const;
    }
    case 'enrich':
      only([]);
      return { command, slugs: rest.length > 0 ? rest : null } as const;
    default:
      throw new UsageError(command ? `Unknown command "${command}".` : 'Name a command.');
  }
}

export async function runPortfolio(
  argv: string[],
  env = process.env,
  print: Print = console.log,
  note: Print = (line) => process.stderr.write(`${line}\n`),
): Promise<number> {
  if (asksForHelp(argv)) {
    print(portfolioUsage);
    return 0;
  }
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    print(error instanceof Error ? error.message : String(error));
    print(portfolioUsage);
    return 2;
  }
  const config = loadConfig(env);
  if (config.DATABASE_URL) {
    const database = await openDatabase({ databaseUrl: config.DATABASE_URL });
    try {
      const sources = sourcesFromConfig(config, database.db, () => {});
      const service = portfolioFromConfig(config, database.db, sources, { waitForAll: true });
      const backend: PortfolioBackend = {
        apply: (call) => service.apply(call.read, call.format, call),
        export: (format) => service.export(format),
        enrich: (slugs) => service.enrich(slugs),
      };
      try {
        return await run(parsed, backend, env, print, note);
      } finally {
        await service.close();
      }
    } finally {
      await database.close();
    }
  }
  const apiUrl = env.SOURCES_API_URL ?? `http://127.0.0.1:${config.PORT || 8000}`;
  return run(parsed, apiBackend(apiUrl, config.OPERATOR_TOKEN), env, print, note);
}

async function run(
  parsed: ReturnType<typeof parse>,
  backend: PortfolioBackend,
  env: NodeJS.ProcessEnv,
  print: Print,
  note: Print,
): Promise<number> {
  try {
    switch (parsed.command) {
      case 'apply': {
        // pnpm runs the script from the root: a relative path is the operator's own directory's.
        const file = path.resolve(env.INIT_CWD ?? process.cwd(), parsed.file);
        const bytes = await readFile(file).catch(() => null);
        if (bytes === null) {
          print(`Cannot read ${parsed.file}.`);
          return 1;
        }
        const format = formatOfPath(file);
        const read = readPortfolio(bytes, format);
        if (!read.ok) {
          for (const error of read.errors) print(errorLine(error));
          return 1;
        }
        const logoFiles = await logosBeside(path.dirname(file), read.portfolio.companies);
        const applied = await backend.apply({
          file: bytes.toString('utf8'),
          read,
          format,
          logoFiles,
          dryRun: parsed.dryRun,
          prune: parsed.prune,
          allowMassRemove: parsed.allowMassRemove,
        });
        for (const line of applied.errors) print(line);
        if (applied.errors.length > 0) return 1;
        for (const line of applied.lines) print(line);
        for (const line of applied.refused) print(line);
        if (applied.held) print(applied.held);
        for (const line of applied.enriched) note(`site: ${line}`);
        return applied.refused.length > 0 || applied.held ? 1 : 0;
      }
      case 'export':
        process.stdout.write(await backend.export(parsed.format));
        return 0;
      case 'enrich':
        for (const line of await backend.enrich(parsed.slugs)) print(line);
        return 0;
    }
  } catch (error) {
    if (error instanceof OperatorCallError) {
      print(error.message);
      return 1;
    }
    throw error;
  }
}

function apiBackend(apiUrl: string, token: string | undefined): PortfolioBackend {
  const call = (method: 'GET' | 'POST', pathName: string, body?: unknown) =>
    callOperator({ apiUrl, token, method, path: `portfolio/${pathName}`, body, timeoutMs: 60 * 60 * 1000 });
  return {
    async apply(request) {
      const body = {
        file: request.file,
        format: request.format,
        logo_files: Object.fromEntries(
          [...request.logoFiles].map(([name, bytes]) => [name, Buffer.from(bytes).toString('base64')]),
        ),
        dry_run: request.dryRun,
        prune: request.prune,
        allow_mass_remove: request.allowMassRemove,
      };
      return (await (await call('POST', 'apply', body)).json()) as AppliedPortfolio;
    },
    async export(format) {
      return (await call('GET', `export?format=${format}`)).text();
    },
    async enrich(slugs) {
      return ((await (await call('POST', 'enrich', { slugs: slugs ?? [] })).json()) as { lines: string[] }).lines;
    },
  };
}

/** The command as a process: from source (`node --import tsx`), or from its bundle (run-bundled.mjs). */
export const main = (argv = process.argv.slice(2)) => commandMain(runPortfolio, argv);

if (isMainModule(import.meta.url)) await main();
