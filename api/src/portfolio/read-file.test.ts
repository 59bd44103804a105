import { describe, expect, it } from 'vitest';
import { benchPortfolioYaml } from '../test/bench-portfolio';
import { inThreadBytes, readerThreadsRunning, readPortfolio, readPortfolioFile } from './read-file';
import { errorLine } from './validate';

const large = benchPortfolioYaml({ companies: 500, prefix: 'big', round: 1, logos: ['logos/a.svg'], logoEvery: 7 });

describe('a large portfolio file is read in a worker thread', () => {
  it('while the thread that asked goes on answering, and reads as it does in the thread', async () => {
    expect(large.length).toBeGreaterThan(inThreadBytes);
    let answered = false;
    const reading = readPortfolioFile(large, 'yaml').then((read) => ({ read, answeredMeanwhile: answered }));
    setImmediate(() => {
      answered = true;
    });
    const { read, answeredMeanwhile } = await reading;
    expect(answeredMeanwhile).toBe(true);
    const inThread = readPortfolio(large, 'yaml');
    if (!read.ok || !inThread.ok) throw new Error('the bench portfolio reads');
    expect(read.portfolio).toEqual(inThread.portfolio);
    // The places an apply's problems name (a refused logo, an unknown workspace), and deeper ones.
    for (const path of [
      ['companies', 7, 'logo'],
      ['companies', 499, 'workspaces'],
      ['companies', 3],
      ['companies', 42, 'funding', 'total'],
    ])
      expect(read.locate(path)).toEqual(inThread.locate(path));
  });

  it("a large file's errors come back with their lines", async () => {
    const broken = large.replace(/total: \d+/, 'total: ten million');
    const read = await readPortfolioFile(broken, 'yaml');
    const inThread = readPortfolio(broken, 'yaml');
    if (read.ok || inThread.ok) throw new Error('the broken file is refused');
    expect(read.errors.map(errorLine)).toEqual(inThread.errors.map(errorLine));
    expect(errorLine(read.errors[0] ?? { line: 0, at: '', message: '' })).toMatch(
      /^line \d+, companies\[0\]\.funding\.total: /,
    );
  });

  it('a read past its time limit is given up with a line, and its thread is ended', async () => {
    // Starting the thread alone takes far longer than a millisecond.
    const read = await readPortfolioFile(large, 'yaml', { timeLimitMs: 1 });
    expect(read.ok ? [] : read.errors.map(errorLine)).toEqual([
      'line 1, the file: reading the file took over 0.001 s, so it was given up',
    ]);
    expect(readerThreadsRunning()).toBe(0);
  });

  it('a small file is read at once', async () => {
    const small = benchPortfolioYaml({ companies: 2, prefix: 'small', round: 1 });
    expect(small.length).toBeLessThan(inThreadBytes);
    const read = await readPortfolioFile(small, 'yaml');
    expect(read.ok && read.portfolio.companies.map((company) => company.slug)).toEqual([
      'small-company-0001',
      'small-company-0002',
    ]);
  });
});
