import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jobSearchAnswer } from '../../test/board-api';
import { createServerJob, type ServerJobBody } from '../../test/create-job';
import { renderPage } from '../../test/render';
import { type BoardJobs, JobBoard } from './job-board';
import { animationDelay } from './job-card';
import { JobsPage } from './jobs-page';
import { useBoardUrl } from './use-board-url';

const jobs = [
  createServerJob({
    id: '1',
    title: 'Frontend Developer',
    salary_min: 60000,
    salary_max: 80000,
    salary_currency: 'GBP',
    investors: { all: ['Accel', 'Index', 'Seedcamp', 'Atomico', 'Northzone'], last_round: [] },
  }),
  createServerJob({
    id: '2',
    title: 'Product Designer',
    salary_min: 120000,
    salary_max: 150000,
    salary_currency: 'USD',
    short_description: 'Design.',
    investors: { all: ['Seedcamp'], last_round: [] },
  }),
  createServerJob({
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

/** The board at `path` over `board`, served as the API serves call 1; resolves once its first page shows. */
async function renderBoard(board: ServerJobBody[], path = '/') {
  const rendered = renderPage(<JobsPage />, {
    path,
    routePath: '/',
    api: { '/public-job-posting': jobSearchAnswer(board) },
  });
  await screen.findByText(/ of \d+ jobs?$/);
  return rendered;
}

const pendingBoard: BoardJobs = {
  jobs: [],
  total: 0,
  status: 'pending',
  updating: false,
  hasMore: false,
  loadingMore: false,
  loadMore: () => {},
};
const noOptions = { investors: [], bounds: null, locations: [], jobTypes: [], levels: [] };

/** The board over `board` at the test's URL, as a page renders it. */
function Board({ board }: { board: BoardJobs }) {
  return <JobBoard state={useBoardUrl()} board={board} options={noOptions} />;
}

describe('JobBoard', () => {
  it('shows 6 placeholder cards while loading', () => {
    renderPage(<Board board={pendingBoard} />);
    const loading = screen.getByRole('status', { name: 'Loading jobs' });
    expect(within(loading).getAllByRole('listitem')).toHaveLength(6);
  });

  it('says "10,000+ jobs" when the API stopped counting', async () => {
    renderPage(<JobsPage />, {
      path: '/',
      routePath: '/',
      api: { '/public-job-posting': jobSearchAnswer(jobs, { total: 10_000, totalIsLowerBound: true }) },
    });
    expect(await screen.findByText('3 of 10,000+ jobs')).toBeInTheDocument();
  });

  it('shows the spec error texts when the list fails', () => {
    renderPage(<Board board={{ ...pendingBoard, status: 'error' }} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Unable to load jobs');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'There was an error loading the job listings. Please try again later.',
    );
  });

  it('renders one card per job, linking to /job/{id}, with the salary rule and the logo when present', async () => {
    await renderBoard(jobs);
    expect(cards()).toHaveLength(3);
    expect(screen.getByRole('link', { name: 'Frontend Developer' })).toHaveAttribute('href', '/job/1');
    expect(within(cards()[2] as HTMLElement).getByText('Salary not disclosed')).toBeInTheDocument();
    expect((cards()[2] as HTMLElement).querySelector('img')).toHaveAttribute('src', 'https://api.example/logo.svg');
    expect((cards()[0] as HTMLElement).querySelector('img')).toBeNull();
  });

  it('clamps descriptions to 2 lines in the list and 3 in the grid, switched by the toggle', async () => {
    const { router } = await renderBoard(jobs);
    const description = () => screen.getByText('Design.');
    expect(description()).toHaveClass('line-clamp-2');
    const list = screen.getByRole('button', { name: 'List view' });
    const grid = screen.getByRole('button', { name: 'Grid view' });
    // Two toggle buttons, the list pressed by default.
    expect(list).toHaveAttribute('aria-pressed', 'true');
    expect(grid).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(grid);
    expect(description()).toHaveClass('line-clamp-3');
    expect(grid).toHaveAttribute('aria-pressed', 'true');
    expect(list).toHaveAttribute('aria-pressed', 'false');
    expect(router.state.location.search).toBe('?view=grid');
    // The keyboard: Space on the focused button switches back.
    list.focus();
    await userEvent.keyboard(' ');
    expect(description()).toHaveClass('line-clamp-2');
    expect(list).toHaveAttribute('aria-pressed', 'true');
    expect(router.state.location.search).toBe('');
  });

  it('shows the first 3 investors and reveals the rest with +N more', async () => {
    await renderBoard(jobs);
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
    const { router } = await renderBoard(jobs);
    expect(screen.queryByRole('button', { name: 'Clear Filters' })).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Job title'), 'design');
    expect(await screen.findByText('1 of 1 job')).toBeInTheDocument();
    expect(cards()).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Product Designer' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?q=design');
    await userEvent.type(screen.getByLabelText('Job title'), 'xyz');
    expect(await screen.findByText('No job listings found.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear Filters' }));
    expect(await screen.findByText('3 of 3 jobs')).toBeInTheDocument();
    expect(cards()).toHaveLength(3);
    expect(screen.getByLabelText('Job title')).toHaveValue('');
    expect(router.state.location.search).toBe('');
  });

  it('aborts a search changed again before its answer came (its results never show), and asks again for one returned to', async () => {
    await renderBoard(jobs);
    /** Each search request, held until the test answers it. */
    const held: { title: string; signal: AbortSignal; answer: () => void }[] = [];
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input));
      return new Promise<Response>((resolve, reject) => {
        const signal = init?.signal ?? new AbortController().signal;
        signal.addEventListener('abort', () => reject(signal.reason));
        held.push({
          title: url.searchParams.get('title') ?? '',
          signal,
          answer: () => resolve(Response.json(jobSearchAnswer(jobs)(url))),
        });
      });
    });
    const field = screen.getByLabelText('Job title');
    const titles = () => screen.getAllByRole('article').map((card) => within(card).getByRole('heading').textContent);
    const everyJob = titles();

    // A pause after 's' (as a long task on a busy machine makes between two keys): 's' is asked for.
    await userEvent.type(field, 's');
    await waitFor(() => expect(held.map((request) => request.title)).toEqual(['s']));
    // The next key supersedes it: aborted, while the board keeps showing what it showed, busy.
    await userEvent.type(field, 'x');
    expect(held[0]?.signal.aborted).toBe(true);
    expect(titles()).toEqual(everyJob);
    // Back to 's': the aborted search is asked for again, and its answer shows. (On a loaded machine
    // the keys may rest long enough for 'sx' to be asked for in between; it is aborted in turn.)
    await userEvent.type(field, '{Backspace}');
    const asked = () => held.filter((request) => request.title === 's');
    await waitFor(() => expect(asked()).toHaveLength(2));
    expect(held.filter((request) => request.title !== 's').every((request) => request.signal.aborted)).toBe(true);
    asked()[1]?.answer();
    expect(await screen.findByText('2 of 2 jobs')).toBeInTheDocument();
    expect(titles()).toEqual(['Product Designer', 'Data Scientist']);

    // Typed on to 'sign': one search for the word once the keys rest, and only its answer shows.
    await userEvent.type(field, 'ign');
    await waitFor(() => expect(held.at(-1)?.title).toBe('sign'));
    held.at(-1)?.answer();
    expect(await screen.findByText('1 of 1 job')).toBeInTheDocument();
    expect(titles()).toEqual(['Product Designer']);
    expect(held.filter((request) => !request.signal.aborted).map((request) => request.title)).toEqual(['s', 'sign']);
  });

  it('narrows by location, workplace, job type, level and date in the API; Clear Filters clears them too, not the sort', async () => {
    const board = [
      createServerJob({ id: 1, title: 'Remote Dev', location: 'Remote (EU)', workplace_type: 'Remote' }),
      createServerJob({ id: 2, title: 'Berlin Dev', location: 'Berlin', workplace_type: 'On-site', level: 'Junior' }),
      createServerJob({
        id: 3,
        title: 'London Dev',
        location: 'London',
        workplace_type: 'Hybrid',
        job_type: 'Contract',
      }),
    ];
    const { router, requests } = await renderBoard(board, '/?sort=salary');
    const titles = () => screen.getAllByRole('article').map((card) => within(card).getByRole('link').textContent);
    const last = () => Object.fromEntries(new URL(requests.at(-1) ?? '', 'https://api.example').searchParams);

    await userEvent.click(screen.getByRole('checkbox', { name: 'Remote' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Hybrid' }));
    await waitFor(() => expect(titles()).toEqual(['Remote Dev', 'London Dev']));
    await userEvent.selectOptions(screen.getByLabelText('Job type'), 'Contract');
    await waitFor(() => expect(titles()).toEqual(['London Dev']));
    await userEvent.selectOptions(screen.getByLabelText('Job type'), '');
    await userEvent.selectOptions(screen.getByLabelText('Posted within'), 'Last 7 days');
    await userEvent.type(screen.getByLabelText('Location'), 'ber');
    expect(router.state.location.search).toBe('?sort=salary&workplace=Remote%2CHybrid&posted=7d&location=ber');
    await waitFor(() =>
      expect(last()).toMatchObject({
        sort: 'salary',
        workplace: 'Remote,Hybrid',
        posted_within: '7d',
        location: 'ber',
      }),
    );
    // The options are the board's (its facets), whatever the filters say.
    expect(screen.getByLabelText('Level')).toHaveDisplayValue('Any level');
    expect(
      within(screen.getByLabelText('Level'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Any level', 'Junior', 'Senior']);

    await userEvent.click(screen.getByRole('button', { name: 'Clear Filters' }));
    await waitFor(() => expect(titles()).toHaveLength(3));
    expect(screen.getByRole('checkbox', { name: 'Remote' })).not.toBeChecked();
    expect(router.state.location.search).toBe('?sort=salary');
    expect(screen.queryByRole('button', { name: 'Clear Filters' })).not.toBeInTheDocument();
  });

  it('sorts newest first by default, or by salary in the API, in the URL', async () => {
    const { router, requests } = await renderBoard(jobs);
    expect(screen.getByLabelText('Sort by')).toHaveDisplayValue('Newest first');
    await userEvent.selectOptions(screen.getByLabelText('Sort by'), 'Salary: high to low');
    expect(router.state.location.search).toBe('?sort=salary');
    await waitFor(() => expect(requests.at(-1)).toContain('sort=salary'));
  });

  it('starts the salary inputs at the lowest and highest salary and filters by them', async () => {
    await renderBoard(jobs, '/?investor=Seedcamp');
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
});
