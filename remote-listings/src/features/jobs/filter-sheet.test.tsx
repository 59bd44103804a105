import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { jobSearchAnswer } from '../../test/board-api';
import { createServerJob } from '../../test/create-job';
import { renderPage } from '../../test/render';
import { JobsPage } from './jobs-page';

const jobs = [
  createServerJob({ id: 1, title: 'Frontend Developer', workplace_type: 'Remote', job_type: 'Full-time' }),
  createServerJob({ id: 2, title: 'Product Designer', workplace_type: 'Hybrid', job_type: 'Contract' }),
  createServerJob({ id: 3, title: 'Data Scientist', workplace_type: 'Remote', job_type: 'Contract' }),
];

beforeAll(() => {
  // jsdom has <dialog> but not its modal methods; the real focus and Escape handling are
  // Chromium's, checked in e2e/tests/seekers.spec.ts.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
});

/** The board over `jobs` at `path`, once its first page shows, on a narrow or a wide screen. */
async function renderBoard(path = '/', wide = false) {
  const rendered = renderPage(<JobsPage />, {
    path,
    routePath: '/',
    api: { '/public-job-posting': jobSearchAnswer(jobs) },
    wide,
  });
  await screen.findByText(/ of \d+ jobs?$/);
  return rendered;
}

describe('filters on a small screen', () => {
  it('folds the panel behind a Filters button that counts the active filters, and opens it with no script', async () => {
    await renderBoard('/?q=dev&workplace=Remote&type=Full-time');
    expect(screen.queryByLabelText('Job title')).not.toBeVisible();
    const button = screen.getByRole('button', { name: /^Filters/ });
    expect(button).toHaveTextContent('Filters3 active');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    // Before the scripts run the browser opens the sheet itself: a popover the button names.
    const sheet = document.getElementById(button.getAttribute('popovertarget') ?? '');
    expect(sheet?.tagName).toBe('DIALOG');
    expect(sheet).toHaveAttribute('popover', 'auto');
    expect(sheet).toContainElement(screen.getByRole('button', { name: 'Apply filters', hidden: true }));
    expect(screen.getAllByRole('article')).toHaveLength(1);
  });

  it('opens as a dialog holding every filter, applies them to the URL and returns focus on close', async () => {
    const { router } = await renderBoard();
    const button = screen.getByRole('button', { name: 'Filters' });
    await userEvent.click(button);
    const sheet = screen.getByRole('dialog', { name: 'Filters' });
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(within(sheet).getByRole('checkbox', { name: 'Remote' }));
    await userEvent.selectOptions(within(sheet).getByLabelText('Job type'), 'Contract');
    expect(router.state.location.search).toBe('?workplace=Remote&type=Contract');
    expect(within(sheet).getByRole('button', { name: 'Clear Filters' })).toBeInTheDocument();

    expect(await screen.findByText('1 of 1 job')).toBeInTheDocument();
    await userEvent.click(within(sheet).getByRole('button', { name: 'Apply filters' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('?workplace=Remote&type=Contract');
    expect(button).toHaveFocus();
    expect(button).toHaveTextContent('2 active');
    expect(screen.getAllByRole('article')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Data Scientist' })).toBeInTheDocument();
  });
});

describe('filters on a wide screen', () => {
  it('shows the panel itself (the Filters button is hidden by CSS there)', async () => {
    await renderBoard('/', true);
    expect(screen.getByLabelText('Job title')).toBeVisible();
  });

  it('puts the job alerts control next to the count, on every screen', async () => {
    await renderBoard('/', true);
    const count = screen.getByText(/ of \d+ jobs?$/);
    // A button once hydrated (a disclosure before: job-alerts.tsx), after the board's first paint.
    expect(count.parentElement).toContainElement(await screen.findByRole('button', { name: 'Get job alerts' }));
  });
});
