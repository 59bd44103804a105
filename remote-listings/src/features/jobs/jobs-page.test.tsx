import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { jobSearchAnswer } from '../../test/board-api';
import { createServerJob } from '../../test/create-job';
import { renderPage } from '../../test/render';
import { JobsPage } from './jobs-page';

const board = Array.from({ length: 95 }, (_, i) =>
  createServerJob({ id: i + 1, title: i % 2 === 0 ? `Platform Engineer ${i + 1}` : `Account Executive ${i + 1}` }),
);

afterEach(() => sessionStorage.clear());

function renderBoard(path = '/', answer = jobSearchAnswer(board)) {
  return renderPage(<JobsPage />, { path, routePath: '/', api: { '/public-job-posting': answer } });
}

const cards = () => screen.queryAllByRole('article');
const titles = () => cards().map((card) => within(card).getByRole('link').textContent);
const searches = (requests: string[]) =>
  requests.map((request) => new URL(request, 'https://api.example').searchParams);

describe('the board, a page at a time', () => {
  it('shows the first page of 24 jobs from one call, and the count of the whole search', async () => {
    const { requests } = renderBoard();
    expect(await screen.findByText('24 of 95 jobs')).toBeInTheDocument();
    expect(cards()).toHaveLength(24);
    expect(requests).toEqual(['/public-job-posting?visibility=job_board_only&limit=24']);
  });

  it("appends the next page with 'Show more jobs', keeping focus on the button, then on the list's end", {
    timeout: 15_000,
  }, async () => {
    const user = userEvent.setup({ skipHover: true });
    const { requests } = renderBoard();
    const more = await screen.findByRole('link', { name: 'Show more jobs' });
    await user.click(more);
    expect(await screen.findByText('48 of 95 jobs')).toBeInTheDocument();
    expect(cards()).toHaveLength(48);
    expect(more).toHaveFocus();
    expect(searches(requests).at(-1)?.get('cursor')).toBe('at24');
    await user.click(more);
    await screen.findByText('72 of 95 jobs');
    await user.click(more);
    await screen.findByText('95 of 95 jobs');
    expect(screen.queryByRole('link', { name: 'Show more jobs' })).not.toBeInTheDocument();
    expect(screen.getByText('All 95 jobs are shown.')).toHaveFocus();
  });

  it('asks the API once typing rests, keeping the previous results on screen meanwhile', {
    timeout: 15_000,
  }, async () => {
    const user = userEvent.setup({ skipHover: true });
    const { requests, router } = renderBoard();
    await screen.findByText('24 of 95 jobs');
    await user.type(screen.getByLabelText('Job title'), 'engineer');
    expect(router.state.location.search).toBe('?q=engineer');
    // The old page is still there, never the loading placeholders.
    expect(cards()).toHaveLength(24);
    expect(screen.queryByRole('status', { name: 'Loading jobs' })).not.toBeInTheDocument();
    expect(await screen.findByText('24 of 48 jobs', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(titles().every((title) => title?.startsWith('Platform Engineer'))).toBe(true);
    const titleSearches = searches(requests).map((search) => search.get('title'));
    expect(titleSearches).toEqual([null, 'engineer']);
  });

  it('says when nothing matches, with the SPEC text', async () => {
    renderBoard('/?q=zzz');
    expect(await screen.findByText('No job listings found.')).toBeInTheDocument();
    expect(screen.getByText('0 of 0 jobs')).toBeInTheDocument();
  });

  it('reads thousands with separators', async () => {
    renderBoard('/', jobSearchAnswer(board, { total: 12_345 }));
    expect(await screen.findByText('24 of 12,345 jobs')).toBeInTheDocument();
  });

  it('sends every filter of the URL to the API under its name', async () => {
    const { requests } = renderBoard(
      '/?q=dev&investor=Accel&min=50&max=150&location=Berlin&workplace=remote,Hybrid&type=Contract&level=Senior&posted=7d&sort=salary&view=grid',
    );
    await screen.findByText('No job listings found.');
    expect(Object.fromEntries(searches(requests)[0] ?? [])).toEqual({
      visibility: 'job_board_only',
      title: 'dev',
      investor: 'Accel',
      salary_min_k: '50',
      salary_max_k: '150',
      location: 'Berlin',
      workplace: 'Remote,Hybrid',
      job_type: 'Contract',
      level: 'Senior',
      posted_within: '7d',
      sort: 'salary',
      limit: '24',
    });
  });

  it('loads again as many pages as the visitor had in this history entry (Back, reload)', {
    timeout: 15_000,
  }, async () => {
    const user = userEvent.setup({ skipHover: true });
    const before = renderBoard();
    await user.click(await screen.findByRole('link', { name: 'Show more jobs' }));
    await user.click(await screen.findByRole('link', { name: 'Show more jobs' }));
    await screen.findByText('72 of 95 jobs', {}, { timeout: 15_000 });
    before.unmount();
    // A new page (a reload: nothing cached) in the same history entry.
    renderBoard();
    expect(await screen.findByText('72 of 95 jobs', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(cards()).toHaveLength(72);
  });
});

describe("the board against the SPEC's call 1 (every job, no total, no filters)", () => {
  const specAnswer = () => ({ jobs: board });

  it('filters, counts and pages the whole list itself, never showing it unfiltered as the result', async () => {
    const user = userEvent.setup({ skipHover: true });
    const { requests } = renderBoard('/?q=engineer', specAnswer);
    expect(await screen.findByText('24 of 48 jobs')).toBeInTheDocument();
    expect(titles().every((title) => title?.startsWith('Platform Engineer'))).toBe(true);
    await user.click(screen.getByRole('link', { name: 'Show more jobs' }));
    expect(await screen.findByText('48 of 48 jobs')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Job title'));
    await user.type(screen.getByLabelText('Job title'), 'executive');
    expect(await screen.findByText('24 of 47 jobs', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(titles().every((title) => title?.startsWith('Account Executive'))).toBe(true);
    // The whole list came once: the next page and the next search ran over it.
    expect(requests).toHaveLength(1);
  }, 15_000);
});
