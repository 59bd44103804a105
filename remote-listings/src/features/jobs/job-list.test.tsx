import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { createJob } from '../../test/create-job';
import { renderPage } from '../../test/render';
import { JobBoard } from './job-board';

const board = Array.from({ length: 95 }, (_, i) =>
  createJob({ id: String(i), title: i % 2 === 0 ? `Platform Engineer ${i}` : `Account Executive ${i}` }),
);

afterEach(() => sessionStorage.clear());

describe('JobList on a large board', () => {
  it('shows a whole page of the new result after the filter changes, then the rest on request', async () => {
    const user = userEvent.setup({ skipHover: true });
    renderPage(<JobBoard jobs={board} status="success" />);
    await user.type(screen.getByLabelText('Job title'), 'engineer');
    expect(await screen.findByText('48 of 95 jobs')).toBeInTheDocument();
    const cards = screen.getAllByRole('article');
    expect(cards).toHaveLength(30);
    expect(within(cards[29] as HTMLElement).getByRole('link')).toHaveTextContent('Platform Engineer 58');
    await user.click(screen.getByRole('button', { name: 'Show more jobs (18 more)' }));
    expect(screen.getAllByRole('article')).toHaveLength(48);
  });

  it('keeps what the visitor did on a card when the same list is shown in another view', async () => {
    const withInvestors = board.map((job) => ({
      ...job,
      investors: { all: ['Accel', 'Index', 'Seedcamp', 'Atomico', 'Northzone'], lastRound: [] },
    }));
    const user = userEvent.setup({ skipHover: true });
    const { router } = renderPage(<JobBoard jobs={withInvestors} status="success" />);
    const tenth = () => screen.getAllByRole('article')[9] as HTMLElement;
    await user.click(within(tenth()).getByRole('button', { name: 'Show 2 more investors' }));
    const investors = () => within(within(tenth()).getByRole('list', { name: 'Investors' })).getAllByRole('listitem');
    expect(investors()).toHaveLength(5);
    await user.click(screen.getByRole('button', { name: 'Grid view' }));
    expect(router.state.location.search).toBe('?view=grid');
    expect(screen.getAllByRole('article')).toHaveLength(30);
    expect(investors()).toHaveLength(5);
  });

  it('shows as many cards as before when mounted again in the same history entry (Back), from its first render', async () => {
    const user = userEvent.setup({ skipHover: true });
    const before = renderPage(<JobBoard jobs={board} status="success" />);
    await user.click(screen.getByRole('button', { name: 'Show more jobs (65 more)' }));
    expect(screen.getAllByRole('article')).toHaveLength(60);
    before.unmount();
    renderPage(<JobBoard jobs={board} status="success" />);
    expect(screen.getAllByRole('article')).toHaveLength(60);
  });
});
