import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeVendors, startFakeVendors } from '../test/fake-vendors';
import { createTestApi, type TestApi } from '../test/test-api';

/**
 * Jobs imported through the vendors' APIs, found by "I can work from" (`from`) and visa
 * sponsorship (`visa=1`) on call 1, as a seeker in each country would meet them.
 */

let api: TestApi;
let fake: FakeVendors;
beforeAll(async () => {
  fake = await startFakeVendors();
  api = await createTestApi({ vendorUrls: fake.urls });
});
afterAll(async () => {
  await api?.close();
  await fake?.close();
});

const says = {
  yes: 'Visa sponsorship available for the right candidate.',
  no: 'You must be authorized to work in the country without sponsorship.',
  nothing: 'We ship every week.',
};

const leverPosting = (id: string, location: string, description: string, extra: Record<string, unknown> = {}) => ({
  id,
  text: `Wherever ${location}`,
  categories: { location, commitment: 'Full-time' },
  descriptionPlain: description,
  hostedUrl: `https://jobs.lever.co/wherever/${id}`,
  createdAt: 1_700_000_000_000 + Number(id.slice(1)) * 60_000,
  ...extra,
});

const locations = [
  'Remote - US',
  'Remote (EU)',
  'Anywhere',
  'Berlin, Germany',
  'London or Remote (UK)',
  'New York, NY; San Francisco, CA',
  'Remote — Americas',
  'Paris',
  'Cambridge, MA',
  'Cambridge',
  'Remote',
];

interface ListedJob {
  id: number;
  title: string;
  places: { city: string | null; region: string | null; country: string }[];
  remote_eligibility: { kind: string } | null;
  visa_sponsorship: string;
}

async function listed(query: string): Promise<string[]> {
  const response = await api.app.request(`/public-job-posting?limit=100&title=Wherever&${query}`);
  expect(response.status).toBe(200);
  const body = (await response.json()) as { jobs: ListedJob[]; total: number };
  expect(body.total).toBe(body.jobs.length);
  return body.jobs.map((job) => job.title.replace('Wherever ', ''));
}

describe('where an imported job can be done from', () => {
  beforeAll(async () => {
    fake.setJobs(
      'lever',
      'wherever',
      locations.map((location, at) =>
        leverPosting(`p${at + 10}`, location, [says.nothing, says.yes, says.no][at % 3] ?? ''),
      ),
    );
    const { source } = await api.sources.add('lever', 'wherever', { company: 'Wherever Co', workspace: 'demo' });
    await api.sources.sync([source.id]);
  });

  it.each([
    // Newest first among the jobs open to the country; the remote job that does not say from where last.
    ['DE', ['Berlin, Germany', 'Anywhere', 'Remote (EU)', 'Remote']],
    [
      'US',
      ['Cambridge, MA', 'Remote — Americas', 'New York, NY; San Francisco, CA', 'Anywhere', 'Remote - US', 'Remote'],
    ],
    ['GB', ['Cambridge', 'London or Remote (UK)', 'Anywhere', 'Remote']],
    ['FR', ['Paris', 'Anywhere', 'Remote (EU)', 'Remote']],
    ['BR', ['Remote — Americas', 'Anywhere', 'Remote']],
    ['de', ['Berlin, Germany', 'Anywhere', 'Remote (EU)', 'Remote']],
  ])('from=%s lists the jobs that can be done from there', async (from, expected) => {
    expect(await listed(`from=${from}`)).toEqual(expected);
  });

  it('pages through the jobs listed last with a cursor that keeps their place', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `limit=1&title=Wherever&from=US${cursor ? `&cursor=${cursor}` : ''}`;
      const response = await api.app.request(`/public-job-posting?${query}`);
      const body = (await response.json()) as { jobs: ListedJob[]; next_cursor: string | null };
      seen.push(...body.jobs.map((job) => job.title.replace('Wherever ', '')));
      cursor = body.next_cursor;
    } while (cursor);
    expect(seen).toEqual(await listed('from=US'));
  });

  it('sends each job its places and eligibility', async () => {
    const response = await api.app.request('/public-job-posting?limit=100&title=Wherever');
    const jobs = ((await response.json()) as { jobs: ListedJob[] }).jobs;
    const byLocation = new Map(jobs.map((job) => [job.title.replace('Wherever ', ''), job]));
    expect(byLocation.get('Cambridge, MA')?.places).toEqual([
      { city: 'Cambridge', region: 'US-MA', region_name: 'Massachusetts', country: 'US' },
    ]);
    expect(byLocation.get('Remote - US')?.remote_eligibility).toEqual({
      kind: 'areas',
      countries: ['US'],
      regions: [],
    });
    expect(byLocation.get('Anywhere')?.remote_eligibility).toEqual({ kind: 'worldwide' });
    expect(byLocation.get('Remote')?.remote_eligibility).toEqual({ kind: 'not-stated' });
    expect(byLocation.get('Berlin, Germany')?.remote_eligibility).toBeNull();
  });

  it('visa=1 lists only the jobs whose description says they sponsor', async () => {
    const sponsoring = locations.filter((_, at) => at % 3 === 1);
    expect((await listed('visa=1')).sort()).toEqual([...sponsoring].sort());
    expect(await listed('visa=1&from=DE')).toEqual(['Remote (EU)', 'Remote']);
    const response = await api.app.request('/public-job-posting?limit=100&title=Wherever');
    const jobs = ((await response.json()) as { jobs: ListedJob[] }).jobs;
    expect(
      Object.fromEntries(jobs.map((job) => [job.title.replace('Wherever ', ''), job.visa_sponsorship])),
    ).toMatchObject({
      'Remote - US': 'not-stated',
      'Remote (EU)': 'yes',
      Anywhere: 'no',
    });
  });

  it('reads Lever’s country and every location, and a changed location when the job is synced again', async () => {
    fake.setJobs('lever', 'wherever', [
      ...locations.map((location, at) => leverPosting(`p${at + 10}`, location, says.nothing)),
      leverPosting('p90', 'Remote', says.nothing, {
        text: 'Wherever Portugal',
        country: 'PT',
        workplaceType: 'remote',
      }),
      leverPosting('p91', 'Lisbon', says.nothing, {
        categories: { location: 'Lisbon', allLocations: ['Lisbon', 'Madrid'] },
      }),
    ]);
    const [source] = await api.sources.list();
    await api.sources.sync([source?.id ?? 0]);
    // Lisbon is on-site in Madrid too; the remote job Lever places in Portugal is open to Portugal.
    expect(await listed('from=ES')).toEqual(['Lisbon', 'Anywhere', 'Remote (EU)', 'Remote']);
    expect(await listed('from=PT')).toEqual(['Lisbon', 'Portugal', 'Anywhere', 'Remote (EU)', 'Remote']);
    expect(await listed('visa=1')).toEqual([]);
  });
});

describe('the vendors’ structured fields', () => {
  it('places an Ashby job by its address and a Greenhouse job by its offices’ locations', async () => {
    fake.setJobs('ashby', 'fields', [
      {
        id: '0b8c8d3e-57a3-4d2a-9d7a-2f1c5e3b9a10',
        title: 'Fielded Munich',
        location: 'HQ',
        workplaceType: 'OnSite',
        isRemote: false,
        descriptionPlain: 'We sponsor visas.',
        publishedAt: '2026-11-20T10:00:00Z',
        address: { postalAddress: { addressLocality: 'Munich', addressRegion: 'Bavaria', addressCountry: 'Germany' } },
      },
      {
        id: '6c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
        title: 'Fielded Remote',
        location: 'Remote',
        isRemote: true,
        secondaryLocations: [{ location: 'Remote - Canada' }],
        descriptionPlain: 'Build things.',
        publishedAt: '2026-11-19T10:00:00Z',
      },
    ]);
    fake.setJobs(
      'greenhouse',
      'fields',
      [
        {
          id: 801,
          title: 'Fielded Toronto',
          updated_at: '2026-11-20T10:00:00Z',
          location: { name: '' },
          offices: [{ id: 1, name: 'HQ', location: 'Toronto, Ontario, Canada', child_ids: [] }],
          absolute_url: 'https://boards.greenhouse.io/fields/jobs/801',
          content: '&lt;p&gt;Hello&lt;/p&gt;',
        },
      ],
      { '801': { id: 801, pay_input_ranges: [] } },
    );
    const ashby = await api.sources.add('ashby', 'fields', { company: 'Fields A', workspace: 'demo' });
    const greenhouse = await api.sources.add('greenhouse', 'fields', { company: 'Fields G', workspace: 'demo' });
    await api.sources.sync([ashby.source.id, greenhouse.source.id]);
    const titles = async (query: string) => {
      const response = await api.app.request(`/public-job-posting?limit=100&title=Fielded&${query}`);
      return ((await response.json()) as { jobs: ListedJob[] }).jobs.map((job) => job.title);
    };
    expect(await titles('from=DE')).toEqual(['Fielded Munich']);
    expect(await titles('from=CA')).toEqual(['Fielded Toronto', 'Fielded Remote']);
    expect(await titles('visa=1')).toEqual(['Fielded Munich']);
    const response = await api.app.request('/public-job-posting?limit=100&title=Fielded%20Munich');
    const [munich] = ((await response.json()) as { jobs: ListedJob[] }).jobs;
    expect(munich?.places).toEqual([{ city: 'Munich', region: null, region_name: null, country: 'DE' }]);
  });
});
