import { describe, expect, it } from 'vitest';
import { confirmationEmail, type DigestJob, digestEmail } from './emails';

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
const digest = (jobs: DigestJob[], more = false) =>
  digestEmail(
    'seeker@example.com',
    { description: 'Engineer · all jobs', jobs, more, siteUrl: 'https://foundry.jobs', searchPath: '/?q=Engineer' },
    links,
  );

describe('alert emails', () => {
  it('carry the one-click unsubscribe headers (RFC 8058) and both parts', () => {
    for (const message of [
      digest([job(1)]),
      confirmationEmail('seeker@example.com', 'Engineer · all jobs', { ...links, confirm: 'http://api/c' }),
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
    expect(message.subject).toBe('2 new jobs: Engineer · all jobs');
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
    expect(message.subject).toBe('20+ new jobs: Engineer · all jobs');
    expect(message.text.match(/https:\/\/foundry\.jobs\/job\//g)).toHaveLength(20);
    expect(message.text).toContain('More new jobs match: https://foundry.jobs/?q=Engineer');
    expect(digest([job(1)], true).subject).toBe('1+ new jobs: Engineer · all jobs');
  });
});
