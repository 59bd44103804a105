import { describe, expect, it } from 'vitest';
import { applyAction } from './apply-action';

const siteUrl = 'https://board.example';

describe('applyAction', () => {
  it.each([
    ['a relative URL', '/job/7/apply', '', { kind: 'in-site', to: '/job/7/apply' }],
    ['a URL on the board origin', 'https://board.example/job/7/apply', '', { kind: 'in-site', to: '/job/7/apply' }],
    [
      'the talent partner and source kept',
      '/job/7/apply',
      '?talent_partner_id=tp-1&application_source=partner&other=x',
      { kind: 'in-site', to: '/job/7/apply?talent_partner_id=tp-1&application_source=partner' },
    ],
    [
      'an external URL',
      'https://careers.acme.example/jobs/1',
      '',
      { kind: 'external', href: 'https://careers.acme.example/jobs/1' },
    ],
    ['an external http URL', 'http://jobs.example/1', '', { kind: 'external', href: 'http://jobs.example/1' }],
    [
      'another port is another origin',
      'https://board.example:8443/job/7/apply',
      '',
      { kind: 'external', href: 'https://board.example:8443/job/7/apply' },
    ],
    ['no URL', '', '', { kind: 'none' }],
    ['javascript:', 'javascript:alert(1)', '', { kind: 'none' }],
    ['data:', 'data:text/html,hi', '', { kind: 'none' }],
    ['mailto:', 'mailto:jobs@acme.example', '', { kind: 'none' }],
  ])('%s', (_case, applicationUrl, search, expected) => {
    expect(applyAction({ jobId: '7', applicationUrl, siteUrl, search })).toMatchObject(expected);
  });
});
