/**
 * The vendors' own sample answers, from their documents, for the fake vendor servers the tests
 * import from (fake-vendors.ts):
 * - Greenhouse: repository grnhse/greenhouse-api-docs, source/includes/job-board/_jobs.md, "List
 *   jobs" with `?content=true` and "Retrieve a job" (with `pay_input_ranges`), verbatim;
 * - Lever: repository lever/postings-api, README.md, which lists a posting's fields but prints no
 *   answer: this posting has exactly those fields, with the README's example posting id
 *   (leverdemo's 5ac21346-…) and links;
 * - Ashby: developers.ashbyhq.com, "Public Job Posting API", whose example is not valid JSON (two
 *   missing commas, a trailing one) and prints `compensation` beside the list instead of in the job:
 *   here with those mended, the compensation in the job as the API sends it, and no `id`, as printed
 *   (`ashbyDocsJobWithId` adds the UUID every live answer carries).
 */
export const greenhouseDocsList = {
  jobs: [
    {
      id: 127817,
      internal_job_id: 144381,
      title: 'Vault Designer',
      updated_at: '2016-01-14T10:55:28-05:00',
      requisition_id: '50',
      location: { name: 'NYC' },
      absolute_url: 'https://boards.greenhouse.io/vaulttec/jobs/127817',
      metadata: null,
      content:
        'This is the job description. &amp;lt;p&amp;gt;Any HTML included through the hosted job application editor will be automatically converted into corresponding HTML entities.&amp;lt;/p&amp;gt;',
      departments: [{ id: 13583, name: 'Department of Departments', parent_id: null, child_ids: [13585] }],
      offices: [
        { id: 8304, name: 'East Coast', location: 'United States', parent_id: null, child_ids: [8787] },
        { id: 8787, name: 'New York City', location: 'New York, NY, United States', parent_id: 8304, child_ids: [] },
      ],
    },
  ],
  meta: { total: 1 },
};

/** "Retrieve a job" (its `questions` and compliance parts left out), as the answer for job 127817's pay. */
export const greenhouseDocsJob = {
  id: 127817,
  title: 'Vault Designer',
  updated_at: '2016-01-14T10:55:28-05:00',
  requisition_id: '50',
  location: { name: 'NYC' },
  absolute_url: 'https://boards.greenhouse.io/vaulttec/jobs/127817',
  internal_job_id: 144381,
  metadata: [{ id: 12345, name: 'Field Name', value_type: 'text', value: 'Some value' }],
  pay_input_ranges: [
    {
      min_cents: 5000000,
      max_cents: 7500000,
      currency_type: 'USD',
      title: 'NYC Salary Range',
      blurb: 'In order to provide transparency...',
    },
  ],
};

export const leverDocsPosting = {
  id: '5ac21346-8e0c-4494-8e7a-3eb92ff77902',
  text: 'Account Executive',
  categories: { location: 'San Francisco', commitment: 'Full-time', team: 'Sales', department: 'Revenue' },
  country: 'US',
  opening: '<div>We are looking for an Account Executive.</div>',
  openingPlain: 'We are looking for an Account Executive.',
  description: '<div>We are looking for an Account Executive.</div><div><b>What you will do</b></div>',
  descriptionPlain: 'We are looking for an Account Executive.\nWhat you will do',
  descriptionBody: '<div><b>What you will do</b></div>',
  descriptionBodyPlain: 'What you will do',
  lists: [{ text: 'Requirements', content: '<li>3+ years of SaaS sales</li><li>Curiosity</li>' }],
  additional: '<div>We offer equity.</div>',
  additionalPlain: 'We offer equity.',
  hostedUrl: 'https://jobs.lever.co/leverdemo/5ac21346-8e0c-4494-8e7a-3eb92ff77902',
  applyUrl: 'https://jobs.lever.co/leverdemo/5ac21346-8e0c-4494-8e7a-3eb92ff77902/apply',
  workplaceType: 'hybrid',
  salaryRange: { currency: 'USD', interval: 'per-year-salary', min: 90000, max: 120000 },
  salaryDescription: '<div>Plus commission.</div>',
  salaryDescriptionPlain: 'Plus commission.',
  createdAt: 1700000000000,
};

export const ashbyDocsJob = {
  title: 'Product Manager',
  location: 'Houston, TX',
  secondaryLocations: [
    {
      location: 'San Francisco',
      address: { addressLocality: 'San Francisco', addressRegion: 'California', addressCountry: 'USA' },
    },
  ],
  department: 'Product',
  team: 'Growth',
  isListed: true,
  isRemote: true,
  descriptionHtml: '<p>Join our team</p>',
  descriptionPlain: 'Join our team',
  publishedAt: '2021-04-30T16:21:55.393+00:00',
  employmentType: 'FullTime',
  address: { postalAddress: { addressLocality: 'Houston', addressRegion: 'Texas', addressCountry: 'USA' } },
  jobUrl: 'https://jobs.ashbyhq.com/example_job',
  applyUrl: 'https://jobs.ashbyhq.com/example/apply',
  compensation: {
    compensationTierSummary: '$81K – $87K • 0.5% – 1.75% • Offers Bonus',
    scrapeableCompensationSalarySummary: '$81K - $87K',
    compensationTiers: [
      {
        id: 'cedc8928-e850-47e8-a510-e412f61d068a',
        tierSummary: 'Estimated based on experience $81K – $87K • 0.5% – 1.75% • Offers Bonus',
        title: 'Zone A',
        additionalInformation: null,
        components: [
          {
            id: '5d131ad4-6b3a-4f01-938e-511c60bd0398',
            summary: '0.5% – 1.75%',
            compensationType: 'EquityPercentage',
            interval: 'NONE',
            currencyCode: null,
            minValue: 0.5,
            maxValue: 1.75,
          },
          {
            id: '5c8de1b0-52d6-41d7-8ae3-671ee74c745a',
            summary: 'Estimated based on experience $81K – $87K',
            compensationType: 'Salary',
            interval: '1 YEAR',
            currencyCode: 'USD',
            minValue: 81000,
            maxValue: 87000,
          },
        ],
      },
    ],
  },
};

export const ashbyDocsJobWithId = { id: '7458d4e9-da2e-47bd-98cb-adfda43d42b2', ...ashbyDocsJob };
