// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { ApiReader } from './api-reader';
import { readerClient } from './reader-client';

/** An API reader that answers every URL with this body. */
const answering = (body: unknown) => ({ get: async () => ({ kind: 'ok', body }) }) as unknown as ApiReader;

describe('the shell server’s reading of the API', () => {
  it('reads the places of another platform’s jobs, which its API does not send', async () => {
    const client = readerClient(
      'https://platform.example',
      answering({
        jobs: [
          {
            id: 1,
            title: 'Engineer',
            location: 'Remote (EU)',
            workplace_type: 'Remote',
            description: 'Visa sponsorship available.',
          },
        ],
      }),
    );
    const body = (await client.get('/public-job-posting')) as { jobs: Record<string, unknown>[] };
    expect(body.jobs[0]).toMatchObject({
      places: [],
      remote_eligibility: { kind: 'areas', countries: [], regions: ['EU'] },
      visa_sponsorship: 'yes',
    });
  });

  it('keeps what our API read and sent', async () => {
    const job = { id: 2, title: 'Engineer', location: 'Berlin', places: [], visa_sponsorship: 'no' };
    const client = readerClient('https://api.example', answering({ jobs: [job] }));
    expect(await client.get('/public-job-posting')).toEqual({ jobs: [job] });
  });
});
