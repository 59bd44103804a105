import { JobDetailWire, JobListItemWire } from '@board/shared/api/job-wire';
import { wireBreaks } from '@board/shared/api/wire-reading';
import { describe, expect, it } from 'vitest';
import { createServerJob } from './create-job';

describe('the job the listing tests start from', () => {
  it('is call 4 as our API sends it: every key of the wire contract, and nothing else', () => {
    expect(wireBreaks(JobDetailWire, createServerJob())).toEqual([]);
  });

  it("is refused by the contract once a key is renamed, and as another call's job (no key more, none less)", () => {
    const { short_description, ...renamed } = createServerJob();
    expect(wireBreaks(JobDetailWire, { ...renamed, summary: short_description })).toEqual([
      expect.stringMatching(/^short_description: /),
      expect.stringMatching(/^summary: /),
    ]);
    expect(wireBreaks(JobListItemWire, createServerJob())).not.toEqual([]);
  });
});
