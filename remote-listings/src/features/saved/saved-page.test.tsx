import { savedJobsKey } from '@board/shared/react/saved-jobs';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { jobSearchAnswer } from '../../test/board-api';
import { createServerJob } from '../../test/create-job';
import { renderPage } from '../../test/render';
import { SavedPage } from './saved-page';

afterEach(() => localStorage.clear());

function save(...jobs: { id: string; title: string; company: string }[]) {
  localStorage.setItem(savedJobsKey, JSON.stringify(jobs.map((job) => ({ ...job, savedAt: '2026-01-05T10:00:00Z' }))));
}

describe('SavedPage', () => {
  it('says when nothing is saved and leads back to the board', () => {
    renderPage(<SavedPage />, { path: '/saved' });
    expect(screen.getByRole('heading', { level: 1, name: 'Saved jobs' })).toBeInTheDocument();
    expect(screen.getByText(/You have no saved jobs yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse jobs' })).toHaveAttribute('href', '/');
  });

  it('lists the saved jobs, read by their ids alone; one that left the board says so and can be removed', async () => {
    save({ id: '1', title: 'Designer', company: 'Acme' }, { id: '9', title: 'Old role', company: 'Gone Ltd' });
    const { requests } = renderPage(<SavedPage />, {
      path: '/saved',
      api: {
        '/public-job-posting': jobSearchAnswer([
          createServerJob({ id: 1, title: 'Designer' }),
          createServerJob({ id: 2, title: 'Not saved' }),
        ]),
      },
    });
    // Both answers are in once the page has read them through the API client.
    expect(await screen.findByText('This job is no longer on the board.')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Designer' })).toHaveAttribute('href', '/job/1');
    const [present, gone] = screen.getAllByRole('article') as [HTMLElement, HTMLElement];
    expect(within(present).getByRole('button', { name: 'Save Designer' })).toHaveAttribute('aria-pressed', 'true');
    expect(gone).toHaveTextContent('Old role at Gone Ltd');
    expect(gone).toHaveTextContent('This job is no longer on the board.');
    expect(requests).toEqual(['/public-job-posting?visibility=job_board_only&ids=1%2C9&limit=100']);

    await userEvent.click(within(gone).getByRole('button', { name: 'Remove Old role' }));
    expect(screen.getAllByRole('article')).toHaveLength(1);
    await userEvent.click(within(present).getByRole('button', { name: 'Save Designer' }));
    expect(screen.getByText(/You have no saved jobs yet/)).toBeInTheDocument();
  });
});
