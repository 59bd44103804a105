import { describe, expect, it } from 'vitest';
import { shareLink } from './share-link';

describe('shareLink', () => {
  it.each([
    ['https://foundry.jobs', '42', 'https://foundry.jobs/job/42'],
    ['https://foundry.jobs/', '42', 'https://foundry.jobs/job/42'],
    ['https://foundry.jobs/?talent_partner_id=tp-1#top', '42', 'https://foundry.jobs/job/42'],
    ['http://127.0.0.1:8080', 'a b/c', 'http://127.0.0.1:8080/job/a%20b%2Fc'],
  ])('%j, job %j -> %j', (siteUrl, id, expected) => {
    expect(shareLink(siteUrl, id)).toBe(expected);
  });
});
