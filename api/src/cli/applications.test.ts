import { mkdtempSync, readFileSync } from 'node:fs';
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
});
