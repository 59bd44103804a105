/**
 * `pnpm sources …` (from the repository's root): the companies' ATS boards the board imports.
 *
 *   pnpm sources add <greenhouse|lever|ashby> <board> [--company "<name>"] [--workspace <slug>]
 *   pnpm sources list [--json]
 *   pnpm sources sync [<source id> ...] [--allow-mass-close]
 *   pnpm sources remove <source id>
 *
 * - With DATABASE_URL (PostgreSQL) it works on the database directly, reading the vendors itself
 *   (GREENHOUSE_API_URL, LEVER_API_URL, ASHBY_API_URL as the API has them).
 * - Otherwise the running API holds the embedded database: the command asks it through its
 *   operator endpoints (/operator/sources) at SOURCES_API_URL (default http://127.0.0.1:$PORT or
 *   :8000), with OPERATOR_TOKEN as a bearer token when set.
 *
 * `add` prints the source's id as its last line; `sync` prints one line per source and exits 1 when
 * any failed; a refusal is one line and exit 1; a mistake in the command itself, its usage and exit 2.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { isMainModule } from '../lib/run-service';
import { SourceRefusal, type SourceSummary, sourcesService } from '../sources/sources-service';
import { vendorHttp } from '../sources/vendor-http';
import { vendorUrlsOf } from '../sources/vendor-urls';
import { asksForHelp, commandMain } from './command-main';
import { OperatorCallError } from './operator-call';
import { apiBackend, directBackend, type SourcesBackend } from './sources-backends';

export const sourcesUsage = `Usage:
  pnpm sources add <greenhouse|lever|ashby> <board> [--company "<name>"] [--workspace <slug>]
  pnpm sources list [--json]
  pnpm sources sync [<source id> ...] [--allow-mass-close]
  pnpm sources remove <source id>`;

type Print = (line: string) => void;

class UsageError extends Error {}

const sourceId = (text: string): number => {
  if (!/^\d{1,9}$/.test(text) || Number(text) < 1) throw new UsageError(`"${text}" is not a source id (a number).`);
  return Number(text);
};

export async function runSources(argv: string[], env = process.env, print: Print = console.log): Promise<number> {
  if (asksForHelp(argv)) {
    print(sourcesUsage);
    return 0;
  }
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    print(error instanceof Error ? error.message : String(error));
    print(sourcesUsage);
    return 2;
  }
  const config = loadConfig(env);
  if (config.DATABASE_URL) {
    const database = await openDatabase({ databaseUrl: config.DATABASE_URL });
    try {
      const service = sourcesService({
        db: database.db,
        http: vendorHttp({ trusted: Object.values(vendorUrlsOf(config)) }),
        vendorUrls: vendorUrlsOf(config),
        // A sync that failed on an error of the board's: its JSON line (the source, the job, the
        // error) on stderr, beside the line printed on stdout.
        log: (entry) => {
          if (entry.level === 'error') process.stderr.write(`${JSON.stringify(entry)}\n`);
        },
      });
      return await run(parsed, directBackend(service), print);
    } finally {
      await database.close();
    }
  }
  const apiUrl = env.SOURCES_API_URL ?? `http://127.0.0.1:${config.PORT || 8000}`;
  return run(parsed, apiBackend(apiUrl, config.OPERATOR_TOKEN), print);
}

function parse(argv: string[]) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      company: { type: 'string' },
      workspace: { type: 'string' },
      json: { type: 'boolean' },
      'allow-mass-close': { type: 'boolean' },
    },
  });
  const [command, ...rest] = positionals;
  const only = (allowed: string[]) => {
    const extra = Object.keys(values).filter((key) => !allowed.includes(key));
    if (extra.length > 0) throw new UsageError(`"${command}" takes no --${extra.join(', --')}.`);
  };
  switch (command) {
    case 'add': {
      only(['company', 'workspace']);
      const [kind, board, ...more] = rest;
      if (!kind || !board || more.length > 0) throw new UsageError('add takes a kind and a board.');
      return { command, kind, board, company: values.company, workspace: values.workspace } as const;
    }
    case 'list':
      only(['json']);
      if (rest.length > 0) throw new UsageError('list takes no argument.');
      return { command, json: values.json === true } as const;
    case 'sync':
      only(['allow-mass-close']);
      return {
        command,
        ids: rest.length > 0 ? rest.map(sourceId) : null,
        allowMassClose: values['allow-mass-close'] === true,
      } as const;
    case 'remove': {
      only([]);
      const [id, ...more] = rest;
      if (!id || more.length > 0) throw new UsageError('remove takes one source id.');
      return { command, id: sourceId(id) } as const;
    }
    default:
      throw new UsageError(command ? `Unknown command "${command}".` : 'Name a command.');
  }
}

async function run(parsed: ReturnType<typeof parse>, backend: SourcesBackend, print: Print): Promise<number> {
  try {
    switch (parsed.command) {
      case 'add': {
        const { source, openJobs, readded } = await backend.add(parsed.kind, parsed.board, parsed);
        const where = source.workspace ? `, on the ${source.workspace} board too` : ', on the general board';
        const found = openJobs === null ? '' : ` The vendor lists ${openJobs} open job${openJobs === 1 ? '' : 's'}.`;
        print(
          `${readded ? 'Added again' : 'Added'} ${source.kind}/${source.board} as source ${source.id}: company "${source.company}" (organization ${source.organization_id})${where}.${found} Its jobs arrive at the next sync (now: pnpm sources sync ${source.id}).`,
        );
        print(String(source.id));
        return 0;
      }
      case 'list': {
        const sources = await backend.list();
        if (parsed.json) print(JSON.stringify(sources, null, 2));
        else if (sources.length === 0) print('No sources yet: pnpm sources add <greenhouse|lever|ashby> <board>');
        else for (const source of sources) print(listLine(source));
        return 0;
      }
      case 'sync': {
        let failed = false;
        await backend.sync(parsed.ids, parsed.allowMassClose, (ok, line) => {
          if (!ok) failed = true;
          print(line);
        });
        return failed ? 1 : 0;
      }
      case 'remove': {
        const { source, closed } = await backend.remove(parsed.id);
        print(
          `Removed source ${source.id} ${source.kind}/${source.board} (${source.company}): ${closed} open job${closed === 1 ? '' : 's'} closed.`,
        );
        return 0;
      }
    }
  } catch (error) {
    if (error instanceof SourceRefusal || error instanceof OperatorCallError) {
      print(error.message);
      return 1;
    }
    throw error;
  }
}

/** One source on one line: id, kind/board, company, workspace, open jobs, and the last sync (when, and its line). */
export function listLine(source: SourceSummary): string {
  const last = source.last_sync ? `last sync ${source.last_sync.at}: ${source.last_sync.line}` : 'never synced';
  const workspace = source.workspace ? ` [${source.workspace}]` : '';
  return `${source.id}\t${source.kind}/${source.board}\t${source.company}${workspace}\t${source.open_jobs} open\t${last}`;
}

/** The command as a process: from source (`node --import tsx`), or from its bundle (run-bundled.mjs). */
export const main = (argv = process.argv.slice(2)) => commandMain(runSources, argv);

if (isMainModule(import.meta.url)) await main();
