import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { applicationResumes, applications } from '../db/application-tables';
import { openDatabase } from '../db/database';
import { jobPostings } from '../db/job-board-tables';
import { generateDemoData } from '../seed/demo-data';
import { seed } from '../seed/seed';
import { pdfBytes } from '../test/test-api';
import { runApplicationsCommand } from './applications';

/** What the tests store, as written into the table by any way (before the API refused such values). */
const forgedEntry =
  'Eve\n00000000-0000-0000-0000-000000000000  2026-11-01T00:00:00.000Z  job 1 (Director)\n  Mallory <m@example.com>';
const applicationsStored: Partial<typeof applications.$inferInsert>[] = [
  {
    applicationSource: 'partner_portal',
    talentPartnerUserId: 'tp-7',
    candidateName: 'Grace Hopper',
    candidateEmail: 'grace@example.com',
    candidateLinkedinUrl: 'https://linkedin.com/in/grace',
    resumeName: 'grace.pdf',
  },
  {
    applicationSource: 'board\r\x1b[2J',
    candidateName: forgedEntry,
    candidateEmail: 'eve@example.com',
    candidateSalaryExpectations: '90k \u202e000,01$',
    resumeName: 'cv.html',
    resumeType: 'text/html',
  },
];

/**
 * A database of its own (on disk, as the command reads it, opened once for both tests: each open
 * of an on-disk PGlite takes seconds) with the demo data and these applications, each with a small
 * PDF resume; the command's environment and the applications' ids.
 */
async function boardWithApplications(stored: Partial<typeof applications.$inferInsert>[]) {
  const dir = mkdtempSync(path.join(tmpdir(), 'board-cli-'));
  const env = { PGLITE_DATA_DIR: path.join(dir, 'db') };
  const database = await openDatabase({ pgliteDataDir: env.PGLITE_DATA_DIR });
  await seed(database.db, generateDemoData({ jobs: 5 }));
  const [job] = await database.db.select().from(jobPostings).limit(1);
  const ids: string[] = [];
  for (const values of stored) {
    const [saved] = await database.db
      .insert(applications)
      .values({
        jobPostingId: job?.id ?? 0,
        applicationSource: 'foundry_job_board',
        candidateName: 'Ada Lovelace',
        candidateEmail: 'ada@example.com',
        candidateLinkedinUrl: 'https://linkedin.com/in/ada',
        candidateSalaryExpectations: '100k',
        resumeName: 'resume.pdf',
        resumeSize: pdfBytes().byteLength,
        resumeType: 'application/pdf',
        resumeSha256: 'ab'.repeat(32),
        ...values,
      })
      .returning();
    await database.db.insert(applicationResumes).values({ applicationId: saved?.id ?? '', content: pdfBytes() });
    ids.push(saved?.id ?? '');
  }
  await database.close();
  return { dir, env, ids };
}

let board: Awaited<ReturnType<typeof boardWithApplications>>;
beforeAll(async () => {
  board = await boardWithApplications(applicationsStored);
});

describe('applications command', () => {
  it('lists what arrived and writes a resume back out', async () => {
    const { dir, env, ids } = board;
    const lines: string[] = [];
    await runApplicationsCommand([], env, (line) => lines.push(line));
    expect(lines.join('\n')).toMatch(/Grace Hopper <grace@example.com>[\s\S]*talent partner: tp-7[\s\S]*grace\.pdf/);

    const out = path.join(dir, 'out.pdf');
    await runApplicationsCommand(['--resume', ids[0] ?? '', '--out', out], env, (line) => lines.push(line));
    expect(readFileSync(out).equals(Buffer.from(pdfBytes()))).toBe(true);
  });

  it('prints a forged name as one entry, escaped, and writes a resume under the API’s name', async () => {
    const { dir, env } = board;
    const id = board.ids[1] ?? '';
    const lines: string[] = [];
    await runApplicationsCommand([], env, (line) => lines.push(line));
    const printed = lines.join('\n').split('\n');
    // Two applications, four lines each, each entry starting with its own id.
    expect(printed).toHaveLength(8);
    const starts = printed.flatMap((line, index) => (/^[0-9a-f]{8}-[0-9a-f-]{27} {2}/.test(line) ? [index] : []));
    expect(starts).toEqual([0, 4]);
    const entry = printed.slice(printed.findIndex((line) => line.startsWith(`${id}  `))).slice(0, 4);
    expect(entry[1]).toContain('Eve\\u000a00000000-0000');
    expect(entry[2]).toContain('salary: 90k \\u202e000,01$  source: board\\u000d\\u001b[2J');
    for (const line of printed) expect([...line].filter((char) => char < ' ' || char === '\u202e')).toEqual([]);

    const json: string[] = [];
    await runApplicationsCommand(['--json'], env, (line) => json.push(line));
    expect(json.join('\n')).not.toMatch(/\u202e/);
    const rows = JSON.parse(json.join('\n')) as {
      id: string;
      candidateName: string;
      candidateSalaryExpectations: string;
    }[];
    expect(rows.find((row) => row.id === id)).toMatchObject({
      candidateName: forgedEntry,
      candidateSalaryExpectations: '90k \u202e000,01$',
    });

    // The resume is written as the application's id and .pdf, never as the name the client gave.
    const cwd = process.cwd();
    process.chdir(dir);
    try {
      await runApplicationsCommand(['--resume', id], env, () => {});
    } finally {
      process.chdir(cwd);
    }
    expect(readdirSync(dir)).toContain(`${id}.pdf`);
    expect(readdirSync(dir).filter((file) => file.endsWith('.html'))).toEqual([]);
  });
});
