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
import { ConfigError, loadConfig } from '../config';
import { applicationResumes, applications } from '../db/application-tables';
import { openDatabase } from '../db/database';
import { jobPostings } from '../db/job-board-tables';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

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
      const out = path.resolve(values.out ?? `${application.id}-${application.resumeName.replace(/[^\w.-]+/g, '_')}`);
      await writeFile(out, bytes);
      print(`Wrote ${application.resumeName} (${bytes.byteLength} bytes) to ${out}`);
      return;
    }
    const rows = await database.db
      .select({ application: applications, jobTitle: jobPostings.title })
      .from(applications)
      .innerJoin(jobPostings, eq(applications.jobPostingId, jobPostings.id))
      .orderBy(desc(applications.receivedAt))
      .limit(Number(values.limit ?? 50));
    if (values.json) {
      print(
        JSON.stringify(
          rows.map(({ application, jobTitle }) => ({ ...application, jobTitle })),
          null,
          2,
        ),
      );
      return;
    }
    if (rows.length === 0) {
      print('No applications yet.');
      return;
    }
    for (const { application: a, jobTitle } of rows) {
      print(
        [
          `${a.id}  ${a.receivedAt.toISOString()}  job ${a.jobPostingId} (${jobTitle})`,
          `  ${a.candidateName} <${a.candidateEmail}>  ${a.candidateLinkedinUrl}`,
          `  salary: ${a.candidateSalaryExpectations}  source: ${a.applicationSource}${a.talentPartnerUserId ? `  talent partner: ${a.talentPartnerUserId}` : ''}`,
          `  resume: ${a.resumeName} (${a.resumeSize} bytes, sha256 ${a.resumeSha256.slice(0, 12)}…)`,
        ].join('\n'),
      );
    }
  } finally {
    await database.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  runApplicationsCommand(process.argv.slice(2)).catch((error) => {
    console.error(error instanceof ConfigError ? error.message : (error as Error).message);
    process.exit(1);
  });
}
