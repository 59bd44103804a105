import { emptyJobSearch, type JobSearch } from '@board/shared/api/job-search';
import { describe, expect, it } from 'vitest';
import { alreadySubscribedEmail, confirmationEmail, type DigestJob, digestEmail } from './emails';

const links = {
  unsubscribe: 'http://api/public/alerts/unsubscribe?token=u',
  manage: 'http://api/public/alerts/manage?token=m',
};
const job = (id: number, overrides: Partial<DigestJob> = {}): DigestJob => ({
  id,
  title: `Engineer ${id}`,
  company: 'Northwind <Robotics>',
  location: 'London',
  salaryMin: null,
  salaryMax: null,
  salaryCurrency: null,
  ...overrides,
});
const engineer: JobSearch = { ...emptyJobSearch, title: 'Engineer' };
const digest = (jobs: DigestJob[], more = false, search = engineer, board = {}) =>
  digestEmail(
    'seeker@example.com',
    { search, board, jobs, more, siteUrl: 'https://foundry.jobs', searchPath: '/?q=Engineer' },
    links,
  );

describe('alert emails', () => {
  it('carry the one-click unsubscribe headers (RFC 8058) and both parts', () => {
    for (const message of [
      digest([job(1)]),
      confirmationEmail('seeker@example.com', { search: engineer }, { ...links, confirm: 'http://api/c' }),
    ]) {
      expect(message.headers).toEqual({
        'List-Unsubscribe': `<${links.unsubscribe}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      });
      expect(message.text).toContain(`Unsubscribe: ${links.unsubscribe}`);
      expect(message.text).toContain(`Manage alerts: ${links.manage}`);
      expect(message.html).toContain('>Unsubscribe</a>');
      expect(message.html).toContain('>Manage alerts</a>');
    }
  });

  it('list each job with its company, location, salary when disclosed and link', () => {
    const message = digest([job(1, { salaryMin: 85_000, salaryMax: 120_000, salaryCurrency: 'GBP' }), job(2)]);
    expect(message.subject).toBe('2 new jobs for your job alert (all jobs)');
    expect(message.text).toContain(
      'Engineer 1\nNorthwind <Robotics> · London · 85k - 120k GBP\nhttps://foundry.jobs/job/1',
    );
    expect(message.text).toContain('Engineer 2\nNorthwind <Robotics> · London\nhttps://foundry.jobs/job/2');
    expect(message.html).toContain('Northwind &#60;Robotics&#62;');
    expect(message.html).not.toContain('<Robotics>');
  });

  it('hold at most 20 jobs, with a link to the board for the rest', () => {
    const message = digest(
      Array.from({ length: 25 }, (_, index) => job(index + 1)),
      false,
    );
    expect(message.subject).toBe('20+ new jobs for your job alert (all jobs)');
    expect(message.text.match(/https:\/\/foundry\.jobs\/job\//g)).toHaveLength(20);
    expect(message.text).toContain('More new jobs match: https://foundry.jobs/?q=Engineer');
    expect(digest([job(1)], true).subject).toBe('1+ new jobs for your job alert (all jobs)');
  });

  it('keep what the asker typed out of every subject, and quote it in the body as the words searched for', () => {
    // What a stranger could type into the search box and send to anyone's address.
    const notice = 'SECURITY NOTICE: your Foundry account is locked · verify now at https://evil.example/';
    const hostile: JobSearch = {
      ...emptyJobSearch,
      title: notice,
      location: 'Call +1 555 0100 <b>now</b>',
      jobType: 'Reply with your password',
      level: 'Lead',
      investor: 'Foundry Security Team',
      workplaces: ['Remote'],
      salaryMinK: 100,
    };
    const board = { name: 'Demo Ventures' };
    const messages = [
      confirmationEmail('victim@example.com', { search: hostile, board }, { ...links, confirm: 'http://api/c' }),
      alreadySubscribedEmail('victim@example.com', { search: hostile, board }, links),
      digest([job(1)], false, hostile, board),
    ];
    expect(messages.map((message) => message.subject)).toEqual([
      'Confirm your job alert (Demo Ventures)',
      'You already have this job alert (Demo Ventures)',
      '1 new job for your job alert (Demo Ventures)',
    ]);
    for (const message of messages) {
      for (const typed of [notice, 'Call +1 555', 'password', 'Lead', 'Foundry Security Team'])
        expect(message.subject).not.toContain(typed);
      // Each typed value on a line of its own, after our label, in quotes.
      expect(message.text).toContain(`\n  Words searched in the job title: “${notice}”\n`);
      expect(message.text).toContain('\n  Words searched in the location: “Call +1 555 0100 <b>now</b>”\n');
      expect(message.text).toContain('\n  Job type searched: “Reply with your password”\n');
      expect(message.text).toContain('\n  Level searched: “Lead”\n');
      expect(message.text).toContain('\n  Investor searched: “Foundry Security Team”\n');
      expect(message.text).toContain('\n  Workplace: Remote\n');
      expect(message.text).toContain('\n  Salary (thousands, USD): from 100k\n  Board: Demo Ventures\n');
      // Nowhere else: not at the start of a line, not in a sentence of ours.
      expect(message.text.split(notice)).toHaveLength(2);
      expect(message.html.split('SECURITY NOTICE')).toHaveLength(2);
      expect(message.html).toContain(
        '<li>Words searched in the location: “<span style="font-family:ui-monospace,monospace;background:#f3f4f6">Call +1 555 0100 &#60;b&#62;now&#60;/b&#62;</span>”</li>',
      );
      expect(message.html).not.toContain('<b>now');
    }
  });
});
