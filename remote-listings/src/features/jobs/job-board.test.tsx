import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createJob } from '../../test/create-job';
import { renderPage } from '../../test/render';
import { JobBoard } from './job-board';
import { animationDelay } from './job-card';

const jobs = [
  createJob({
    id: '1',
    title: 'Frontend Developer',
    salary_min: 60000,
    salary_max: 80000,
    salary_currency: 'GBP',
    investors: { all: ['Accel', 'Index', 'Seedcamp', 'Atomico', 'Northzone'], last_round: [] },
  }),
  createJob({
    id: '2',
    title: 'Product Designer',
    salary_min: 120000,
    salary_max: 150000,
    salary_currency: 'USD',
    short_description: 'Design.',
    investors: { all: ['Seedcamp'], last_round: [] },
  }),
  createJob({
    id: '3',
    title: 'Data Scientist',
    salary_min: null,
    salary_max: null,
    logo: 'https://api.example/logo.svg',
  }),
];

function cards() {
  return screen.queryAllByRole('article');
}

describe('JobBoard', () => {
  it('shows 6 placeholder cards while loading', () => {
    renderPage(<JobBoard jobs={undefined} status="pending" />);
    const loading = screen.getByRole('status', { name: 'Loading jobs' });
    expect(within(loading).getAllByRole('listitem')).toHaveLength(6);
  });

  it('shows the spec error texts when the list fails', () => {
    renderPage(<JobBoard jobs={undefined} status="error" />);
    expect(screen.getByRole('alert')).toHaveTextContent('Unable to load jobs');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'There was an error loading the job listings. Please try again later.',
    );
  });

  it('renders one card per job, linking to /job/{id}, with the salary rule and the logo when present', () => {
    renderPage(<JobBoard jobs={jobs} status="success" />);
    expect(cards()).toHaveLength(3);
    expect(screen.getByRole('link', { name: 'Frontend Developer' })).toHaveAttribute('href', '/job/1');
    expect(within(cards()[2] as HTMLElement).getByText('Salary not disclosed')).toBeInTheDocument();
    expect((cards()[2] as HTMLElement).querySelector('img')).toHaveAttribute('src', 'https://api.example/logo.svg');
    expect((cards()[0] as HTMLElement).querySelector('img')).toBeNull();
  });

  it('clamps descriptions to 2 lines in the list and 3 in the grid, switched by the toggle', async () => {
    const { router } = renderPage(<JobBoard jobs={jobs} status="success" />);
    const description = () => screen.getByText('Design.');
    expect(description()).toHaveClass('line-clamp-2');
    expect(screen.getByRole('button', { name: 'List view' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Grid view' }));
    expect(description()).toHaveClass('line-clamp-3');
    expect(router.state.location.search).toBe('?view=grid');
  });

  it('shows the first 3 investors and reveals the rest with +N more', async () => {
    renderPage(<JobBoard jobs={jobs} status="success" />);
    const first = within(cards()[0] as HTMLElement).getByRole('list', { name: 'Investors' });
    expect(
      within(first)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Accel', 'Index', 'Seedcamp', '+2 more']);
    await userEvent.click(within(first).getByRole('button', { name: 'Show 2 more investors' }));
    expect(
      within(first)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Accel', 'Index', 'Seedcamp', 'Atomico', 'Northzone']);
  });

  it('filters by title into the URL, says when nothing matches, and Clear Filters resets', async () => {
    const { router } = renderPage(<JobBoard jobs={jobs} status="success" />);
    expect(screen.queryByRole('button', { name: 'Clear Filters' })).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Job title'), 'design');
    expect(await screen.findByRole('link', { name: 'Product Designer' })).toBeInTheDocument();
    expect(cards()).toHaveLength(1);
    expect(router.state.location.search).toBe('?q=design');
    await userEvent.type(screen.getByLabelText('Job title'), 'xyz');
    expect(await screen.findByText('No job listings found.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear Filters' }));
    expect(cards()).toHaveLength(3);
    expect(screen.getByLabelText('Job title')).toHaveValue('');
    expect(router.state.location.search).toBe('');
  });

  it('narrows by location, workplace, job type, level and date; Clear Filters clears them too, not the sort', async () => {
    const recent = new Date(Date.now() - 2 * 86_400_000).toISOString();
    const board = [
      createJob({
        id: '1',
        title: 'Remote Dev',
        location: 'Remote (EU)',
        workplace_type: 'Remote',
        posted_date: recent,
      }),
      createJob({ id: '2', title: 'Berlin Dev', location: 'Berlin', workplace_type: 'On-site', level: 'Junior' }),
      createJob({ id: '3', title: 'London Dev', location: 'London', workplace_type: 'Hybrid', job_type: 'Contract' }),
    ];
    const { router } = renderPage(<JobBoard jobs={board} status="success" />, { path: '/?sort=salary' });
    const titles = () => screen.getAllByRole('article').map((card) => within(card).getByRole('link').textContent);

    await userEvent.type(screen.getByLabelText('Location'), 'ber');
    expect(titles()).toEqual(['Berlin Dev']);
    await userEvent.clear(screen.getByLabelText('Location'));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Remote' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Hybrid' }));
    expect(titles()).toEqual(['Remote Dev', 'London Dev']);
    await userEvent.selectOptions(screen.getByLabelText('Job type'), 'Contract');
    expect(titles()).toEqual(['London Dev']);
    await userEvent.selectOptions(screen.getByLabelText('Job type'), '');
    await userEvent.selectOptions(screen.getByLabelText('Posted within'), 'Last 7 days');
    expect(titles()).toEqual(['Remote Dev']);
    expect(router.state.location.search).toBe('?sort=salary&workplace=Remote%2CHybrid&posted=7d');
    expect(screen.getByLabelText('Level')).toHaveDisplayValue('Any level');
    expect(
      within(screen.getByLabelText('Level'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Any level', 'Junior', 'Senior']);

    await userEvent.click(screen.getByRole('button', { name: 'Clear Filters' }));
    expect(titles()).toHaveLength(3);
    expect(screen.getByRole('checkbox', { name: 'Remote' })).not.toBeChecked();
    expect(router.state.location.search).toBe('?sort=salary');
    expect(screen.queryByRole('button', { name: 'Clear Filters' })).not.toBeInTheDocument();
  });

  it('sorts newest first by default, or by salary high to low with undisclosed last, in the URL', async () => {
    const board = [
      createJob({ id: '1', title: 'Old and rich', posted_date: '2026-01-01T00:00:00Z', salary_min: 150_000 }),
      createJob({
        id: '2',
        title: 'New, no salary',
        posted_date: '2026-01-09T00:00:00Z',
        salary_min: null,
        salary_max: null,
      }),
      createJob({
        id: '3',
        title: 'Middle',
        posted_date: '2026-01-05T00:00:00Z',
        salary_min: 90_000,
        salary_max: 100_000,
      }),
    ];
    const { router } = renderPage(<JobBoard jobs={board} status="success" />);
    const titles = () => screen.getAllByRole('article').map((card) => within(card).getByRole('link').textContent);
    expect(screen.getByLabelText('Sort by')).toHaveDisplayValue('Newest first');
    expect(titles()).toEqual(['New, no salary', 'Middle', 'Old and rich']);
    await userEvent.selectOptions(screen.getByLabelText('Sort by'), 'Salary: high to low');
    expect(titles()).toEqual(['Old and rich', 'Middle', 'New, no salary']);
    expect(router.state.location.search).toBe('?sort=salary');
  });

  it('starts the salary inputs at the lowest and highest salary and filters by them', async () => {
    renderPage(<JobBoard jobs={jobs} status="success" />, { path: '/?investor=Seedcamp' });
    expect(screen.getByLabelText('Min salary (k USD)')).toHaveValue(60);
    expect(screen.getByLabelText('Max salary (k USD)')).toHaveValue(120);
    expect(screen.getByLabelText('Investor')).toHaveValue('Seedcamp');
    expect(cards()).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Clear Filters' })).toBeInTheDocument();
  });

  it('staggers only the first dozen cards', () => {
    expect([0, 1, 11, 12, 13, 5000].map(animationDelay)).toEqual([
      '0ms',
      '100ms',
      '1100ms',
      '1200ms',
      '1200ms',
      '1200ms',
    ]);
  });

  it('renders a large board a page at a time', async () => {
    const many = Array.from({ length: 95 }, (_, i) => createJob({ id: String(i), title: `Role ${i}` }));
    renderPage(<JobBoard jobs={many} status="success" />);
    expect(cards()).toHaveLength(30);
    await userEvent.click(screen.getByRole('button', { name: /Show more jobs \(65 more\)/ }));
    expect(cards()).toHaveLength(60);
  });
});
