/**
 * The jobs of a realistic ATS source (the tests, and the benches' bench:sources, bench:live): an
 * Ashby job as its API answers it, with a description of a realistic size (~3 KB of HTML). Each
 * `round` changes every job (title from the second round on, pay, description), so a sync of a new
 * round rewrites them all.
 */
function benchAshbyJob(index: number, round: number) {
  const paragraph = `<p>Round ${round}: you will own <strong>part ${index}</strong> of the platform, with a team that ships every week. We value clear writing, careful reviews and calm on-call.</p>`;
  return {
    id: `bench-${String(index).padStart(6, '0')}`,
    title: `${round === 1 ? 'Engineer' : 'Senior Engineer'} ${index}`,
    location: index % 3 === 0 ? 'London' : 'Remote - EU',
    secondaryLocations: index % 5 === 0 ? [{ location: 'Berlin' }] : [],
    workplaceType: index % 3 === 0 ? 'Hybrid' : 'Remote',
    employmentType: 'FullTime',
    isListed: true,
    publishedAt: new Date(Date.UTC(2026, 10, 1) + index * 60_000).toISOString(),
    descriptionHtml: `${paragraph.repeat(8)}<ul><li>TypeScript</li><li>PostgreSQL</li><li>On-call ${round}</li></ul>`,
    applyUrl: `https://jobs.ashbyhq.com/bench/${index}/apply`,
    compensation: {
      compensationTiers: [
        {
          components: [
            {
              compensationType: 'Salary',
              interval: '1 YEAR',
              currencyCode: 'EUR',
              minValue: 60_000 + round * 1000,
              maxValue: 90_000 + round * 1000,
            },
          ],
        },
      ],
    },
  };
}

/** A source's whole answer for a round: `count` jobs. */
export const benchAshbyJobs = (count: number, round: number) =>
  Array.from({ length: count }, (_, index) => benchAshbyJob(index, round));
