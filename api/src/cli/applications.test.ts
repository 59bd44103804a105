import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { applicationResumes, applications } from '../db/application-tables';
import { openDatabase } from '../db/database';
import { jobPostings } from '../db/job-board-tables';
import { generateDemoData } from '../seed/demo-data';
import { seed } from '../seed/seed';
import { pdfBytes } from '../test/test-api';
import { runApplicationsCommand } from './applications';

describe('applications command', () => {
  it('lists what arrived and writes a resume back out', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'board-cli-'));
    const env = { PGLITE_DATA_DIR: path.join(dir, 'db') };
    const database = await openDatabase({ pgliteDataDir: env.PGLITE_DATA_DIR });
    await seed(database.db, generateDemoData({ jobs: 5 }));
    const [job] = await database.db.select().from(jobPostings).limit(1);
    const [saved] = await database.db
      .insert(applications)
      .values({
        jobPostingId: job?.id ?? 0,
        applicationSource: 'partner_portal',
        talentPartnerUserId: 'tp-7',
        candidateName: 'Grace Hopper',
        candidateEmail: 'grace@example.com',
        candidateLinkedinUrl: 'https://linkedin.com/in/grace',
        candidateSalaryExpectations: '100k',
        resumeName: 'grace.pdf',
        resumeSize: pdfBytes().byteLength,
        resumeType: 'application/pdf',
        resumeSha256: 'ab'.repeat(32),
      })
      .returning();
    await database.db.insert(applicationResumes).values({ applicationId: saved?.id ?? '', content: pdfBytes() });
    await database.close();

    const lines: string[] = [];
    await runApplicationsCommand([], env, (line) => lines.push(line));
    expect(lines.join('\n')).toMatch(/Grace Hopper <grace@example.com>[\s\S]*talent partner: tp-7[\s\S]*grace\.pdf/);

    const out = path.join(dir, 'out.pdf');
    await runApplicationsCommand(['--resume', saved?.id ?? '', '--out', out], env, (line) => lines.push(line));
    expect(readFileSync(out).equals(Buffer.from(pdfBytes()))).toBe(true);
  });

  it('prints a forged name as one entry, escaped, and writes a resume under the API’s name', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'board-cli-'));
    const env = { PGLITE_DATA_DIR: path.join(dir, 'db') };
    const database = await openDatabase({ pgliteDataDir: env.PGLITE_DATA_DIR });
    await seed(database.db, generateDemoData({ jobs: 5 }));
    const [job] = await database.db.select().from(jobPostings).limit(1);
    // Stored before the API refused these (or written by any other way into the table).
    const forgedEntry =
      'Eve\n00000000-0000-0000-0000-000000000000  2026-11-01T00:00:00.000Z  job 1 (Director)\n  Mallory <m@example.com>';
    const [saved] = await database.db
      .insert(applications)
      .values({
        jobPostingId: job?.id ?? 0,
        applicationSource: 'board\r\x1b[2J',
        candidateName: forgedEntry,
        candidateEmail: 'eve@example.com',
        candidateLinkedinUrl: 'https://linkedin.com/in/eve',
        candidateSalaryExpectations: '90k \u202e000,01$',
        resumeName: 'cv.html',
        resumeSize: pdfBytes().byteLength,
        resumeType: 'text/html',
        resumeSha256: 'cd'.repeat(32),
      })
      .returning();
    await database.db.insert(applicationResumes).values({ applicationId: saved?.id ?? '', content: pdfBytes() });
    await database.close();

    const lines: string[] = [];
    await runApplicationsCommand([], env, (line) => lines.push(line));
    const printed = lines.join('\n');
    // One application: four lines, the first its own id.
    expect(printed.split('\n')).toHaveLength(4);
    expect(printed.split('\n')[0]).toMatch(new RegExp(`^${saved?.id}  `));
    expect(printed).toContain('Eve\\u000a00000000-0000');
    expect(printed).toContain('salary: 90k \\u202e000,01$  source: board\\u000d\\u001b[2J');
    for (const line of printed.split('\n'))
      expect([...line].filter((char) => char < ' ' || char === '\u202e')).toEqual([]);

    const json: string[] = [];
    await runApplicationsCommand(['--json'], env, (line) => json.push(line));
    expect(json.join('\n')).not.toMatch(/\u202e/);
    expect(
      (JSON.parse(json.join('\n')) as { candidateName: string; candidateSalaryExpectations: string }[])[0],
    ).toMatchObject({
      candidateName: forgedEntry,
      candidateSalaryExpectations: '90k \u202e000,01$',
    });

    // The resume is written as the application's id and .pdf, never as the name the client gave.
    const cwd = process.cwd();
    process.chdir(dir);
    try {
      await runApplicationsCommand(['--resume', saved?.id ?? ''], env, (line) => lines.push(line));
    } finally {
      process.chdir(cwd);
    }
    expect(readdirSync(dir).sort()).toEqual([`${saved?.id}.pdf`, 'db'].sort());
  });
});
