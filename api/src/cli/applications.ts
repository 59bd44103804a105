/**
 * What arrived: `pnpm --filter @board/api applications` lists received applications (newest
 * first); `... applications --resume <id> [--out file.pdf]` writes that application's resume out.
 * Reads the API's database (same environment variables), resumes included: it works from any
 * instance, or from any machine that reaches the database.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { desc, eq } from 'drizzle-orm';
import { resumeFileName } from '../applications/pdf';
import { ConfigError, loadConfig } from '../config';
import { applicationResumes, applications } from '../db/application-tables';
import { openDatabase } from '../db/database';
import { jobPostings } from '../db/job-board-tables';
import { useRunningLocalDatabase } from './command-main';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * What a terminal would act on or show out of order: control characters (C0, DEL, C1: a line
 * break would start a forged entry, an escape sequence would rewrite the screen), line and
 * paragraph separators, and the direction controls that turn the text after them around.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what it finds
const unprintable = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
/** The same but C0, which JSON escapes itself (the JSON's own line breaks are not in a value). */
const unprintableInJson = /[\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
const escaped = (char: string) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** A stored value as the listing prints it: on its one line, in its order (`\` and the above written as escapes). */
export const printable = (value: string | number | null) =>
  String(value ?? '')
    .replaceAll('\\', '\\\\')
    .replace(unprintable, escaped);

export async function runApplicationsCommand(argv: string[], env = process.env, print = console.log) {
  const { values } = parseArgs({
    args: argv,
    options: {
      resume: { type: 'string' },
      out: { type: 'string' },
      json: { type: 'boolean' },
      limit: { type: 'string' },
    },
  });
  const config = loadConfig(env);
  const dataDir = config.PGLITE_DATA_DIR.startsWith('memory://')
    ? config.PGLITE_DATA_DIR
    : path.resolve(apiDir, config.PGLITE_DATA_DIR);
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, pgliteDataDir: dataDir });
  try {
    if (values.resume) {
      const id = values.resume;
      if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) {
        throw new Error(`No application with id ${id}`);
      }
      const [row] = await database.db
        .select({ application: applications, content: applicationResumes.content })
        .from(applications)
        .leftJoin(applicationResumes, eq(applicationResumes.applicationId, applications.id))
        .where(eq(applications.id, id));
      if (!row) throw new Error(`No application with id ${id}`);
      if (!row.content) throw new Error(`Application ${id} has no resume in the database`);
      const { application } = row;
      const bytes = row.content;
      // Under the API's name for it, whatever name an older row kept from the client.
      const out = path.resolve(values.out ?? resumeFileName(application.id));
      await writeFile(out, bytes);
      print(`Wrote the resume of ${application.id} (${bytes.byteLength} bytes) to ${printable(out)}`);
      return;
    }
    const rows = await database.db
      .select({ application: applications, jobTitle: jobPostings.title })
      .from(applications)
      .innerJoin(jobPostings, eq(applications.jobPostingId, jobPostings.id))
      .orderBy(desc(applications.receivedAt))
      .limit(Number(values.limit ?? 50));
    if (values.json) {
      // JSON escapes C0 controls itself; the rest is written as \u escapes too, which JSON reads back unchanged.
      print(
        JSON.stringify(
          rows.map(({ application, jobTitle }) => ({ ...application, jobTitle })),
          null,
          2,
        ).replace(unprintableInJson, escaped),
      );
      return;
    }
    if (rows.length === 0) {
      print('No applications yet.');
      return;
    }
    // Every value a candidate or a job's author wrote is printed escaped: one application, four lines.
    const p = printable;
    for (const { application: a, jobTitle } of rows) {
      print(
        [
          `${a.id}  ${a.receivedAt.toISOString()}  job ${a.jobPostingId} (${p(jobTitle)})`,
          `  ${p(a.candidateName)} <${p(a.candidateEmail)}>  ${p(a.candidateLinkedinUrl)}`,
          `  salary: ${p(a.candidateSalaryExpectations)}  source: ${p(a.applicationSource)}${a.talentPartnerUserId ? `  talent partner: ${p(a.talentPartnerUserId)}` : ''}`,
          `  resume: ${p(a.resumeName)} (${a.resumeSize} bytes, sha256 ${a.resumeSha256.slice(0, 12)}…)`,
        ].join('\n'),
      );
    }
  } finally {
    await database.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  useRunningLocalDatabase();
  runApplicationsCommand(process.argv.slice(2)).catch((error) => {
    console.error(error instanceof ConfigError ? error.message : (error as Error).message);
    process.exit(1);
  });
}
