import { savedJobsKey } from '@board/shared/react/saved-jobs';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { createServerJob } from '../../test/create-job';
import { renderBoard, renderPage } from '../../test/render';
import { JobDetailPage } from '../job-detail/job-detail-page';

afterEach(() => localStorage.clear());

const stored = () => JSON.parse(localStorage.getItem(savedJobsKey) ?? '[]').map((job: { id: string }) => job.id);

describe('the save toggle', () => {
  it('saves and unsaves a job from its card without opening it', async () => {
    const jobs = [
      createServerJob({ id: 1, title: 'Frontend Developer' }),
      createServerJob({ id: 2, title: 'Designer' }),
    ];
    const { router } = await renderBoard(jobs);
    const save = screen.getByRole('button', { name: 'Save Designer' });
    expect(save).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(save);
    expect(save).toHaveAttribute('aria-pressed', 'true');
    expect(router.state.location.pathname).toBe('/');
    expect(stored()).toEqual(['2']);
    await userEvent.click(save);
    expect(save).toHaveAttribute('aria-pressed', 'false');
    expect(stored()).toEqual([]);
  });

  it('on the detail page shows the job saved from its card', async () => {
    localStorage.setItem(
      savedJobsKey,
      JSON.stringify([{ id: '5', title: 'Frontend Developer', company: 'Acme', savedAt: '2026-01-05T10:00:00Z' }]),
    );
    renderPage(<JobDetailPage />, {
      path: '/job/5',
      routePath: '/job/:id',
      api: { '/public-job-posting/5': createServerJob({ id: 5 }) },
    });
    const header = (await screen.findByRole('heading', { level: 1 })).closest('header') as HTMLElement;
    const save = within(header).getByRole('button', { name: 'Save Frontend Developer' });
    expect(save).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(save);
    expect(save).toHaveAttribute('aria-pressed', 'false');
    expect(stored()).toEqual([]);
  });
});

describe('relative dates', () => {
  it('show "Posted 3 days ago" beside the date, with the exact date in <time>', async () => {
    const postedAt = new Date(Date.now() - 3 * 86_400_000 - 60_000).toISOString();
    await renderBoard([createServerJob({ posted_date: postedAt }), createServerJob({ id: 2, posted_date: null })]);
    const [dated, undated] = screen.getAllByRole('article') as [HTMLElement, HTMLElement];
    const time = within(dated).getByText(/^Posted 3 days ago/);
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveAttribute('datetime', postedAt);
    // The board's locale and UTC (the same text on the shell's server and in any browser).
    expect(time).toHaveTextContent(
      new Date(postedAt).toLocaleDateString('en-GB', {
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        timeZone: 'UTC',
      }),
    );
    expect(undated).toHaveTextContent('Posted Recently');
  });
});
