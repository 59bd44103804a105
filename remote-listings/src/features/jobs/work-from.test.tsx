import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jobSearchAnswer } from '../../test/board-api';
import { createServerJob } from '../../test/create-job';
import { renderPage } from '../../test/render';
import { JobsPage } from './jobs-page';

const place = (
  city: string | null,
  country: string,
  region: string | null = null,
  region_name: string | null = null,
) => ({
  city,
  region,
  region_name,
  country,
});

const board = [
  createServerJob({
    id: 1,
    title: 'US Engineer',
    location: 'Remote - US',
    workplace_type: 'Remote',
    places: [],
    remote_eligibility: { kind: 'areas', countries: ['US'], regions: [] },
    country_names: { US: 'United States' },
    visa_sponsorship: 'yes',
  }),
  createServerJob({
    id: 2,
    title: 'EU Engineer',
    location: 'Remote (EU)',
    workplace_type: 'Remote',
    places: [],
    remote_eligibility: { kind: 'areas', countries: [], regions: ['EU'] },
    visa_sponsorship: 'no',
  }),
  createServerJob({
    id: 3,
    title: 'Anywhere Engineer',
    location: 'Anywhere',
    workplace_type: 'Remote',
    places: [],
    remote_eligibility: { kind: 'worldwide' },
  }),
  createServerJob({
    id: 4,
    title: 'Berlin Engineer',
    location: 'Berlin, Germany',
    workplace_type: 'On-site',
    places: [place('Berlin', 'DE', 'DE-BE', 'Berlin')],
    country_names: { DE: 'Germany' },
    remote_eligibility: null,
  }),
  createServerJob({
    id: 5,
    title: 'London Engineer',
    location: 'London; Manchester; Leeds',
    workplace_type: 'Hybrid',
    places: [place('London', 'GB'), place('Manchester', 'GB'), place('Leeds', 'GB')],
    remote_eligibility: null,
  }),
  createServerJob({
    id: 6,
    title: 'Somewhere Engineer',
    location: 'Remote',
    workplace_type: 'Remote',
    places: [],
    remote_eligibility: { kind: 'not-stated' },
  }),
];

const cardOf = (title: string) => screen.getByRole('heading', { name: title }).closest('article') as HTMLElement;

function renderBoard(path = '/') {
  return renderPage(<JobsPage />, { path, routePath: '/', api: { '/public-job-posting': jobSearchAnswer(board) } });
}

describe('where a job can be done from, on the board', () => {
  it('says it plainly on each card, and badges only the jobs that sponsor a visa', async () => {
    renderBoard();
    await screen.findByText('6 of 6 jobs');
    expect(within(cardOf('US Engineer')).getByText('Remote · US only')).toBeInTheDocument();
    expect(within(cardOf('EU Engineer')).getByText('Remote · EU')).toBeInTheDocument();
    expect(within(cardOf('Anywhere Engineer')).getByText('Remote · anywhere')).toBeInTheDocument();
    expect(within(cardOf('Berlin Engineer')).getByText('On-site · Berlin, Germany')).toBeInTheDocument();
    expect(within(cardOf('London Engineer')).getByText('Hybrid · London, United Kingdom +2 more')).toBeInTheDocument();
    expect(within(cardOf('US Engineer')).getByText('Visa sponsorship')).toBeInTheDocument();
    for (const title of ['EU Engineer', 'Anywhere Engineer'])
      expect(within(cardOf(title)).queryByText(/visa/i)).not.toBeInTheDocument();
  });

  it('keeps room for the badge row while a card out of view is not drawn (a restored scroll lands on the same card)', async () => {
    renderBoard('/?from=DE');
    await screen.findByText('6 of 6 jobs');
    // The height the list reserves for a card not drawn yet, in rem at a desktop's width ('12.75rem').
    const reserved = (title: string) =>
      Number.parseFloat((cardOf(title).closest('li') as HTMLElement).style.getPropertyValue('--card-height'));
    const plain = reserved('EU Engineer');
    expect(plain).toBeGreaterThan(0);
    expect(reserved('US Engineer')).toBeGreaterThan(plain);
    expect(reserved('Somewhere Engineer')).toBeGreaterThan(plain);
  });

  it('asks the API for the country picked by its name, and for visa sponsorship', async () => {
    const user = userEvent.setup({ skipHover: true });
    const { requests, router } = renderBoard();
    await screen.findByText('6 of 6 jobs');
    const picker = screen.getByRole('combobox', { name: 'I can work from' });
    await user.type(picker, 'Germany');
    expect(router.state.location.search).toBe('?from=DE');
    await user.click(screen.getByRole('checkbox', { name: 'Sponsors a visa' }));
    expect(router.state.location.search).toBe('?from=DE&visa=1');
    await waitFor(() => {
      const last = new URL(requests.at(-1) ?? '', 'https://api.example').searchParams;
      expect([last.get('from'), last.get('visa')]).toEqual(['DE', '1']);
    });
    await user.clear(picker);
    expect(router.state.location.search).toBe('?visa=1');
  });

  it('shows the URL’s country in the picker and marks the remote jobs that do not say from where', async () => {
    renderBoard('/?from=DE');
    await screen.findByText('6 of 6 jobs');
    // The name comes with the countries' table, which a page loads when a country is chosen.
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'I can work from' })).toHaveValue('Germany'));
    expect(within(cardOf('Somewhere Engineer')).getByText('Remote: countries not stated')).toBeInTheDocument();
    expect(within(cardOf('EU Engineer')).queryByText('Remote: countries not stated')).not.toBeInTheDocument();
  });
});
