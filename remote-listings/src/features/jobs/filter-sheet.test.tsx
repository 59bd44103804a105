import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
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

/** The board over `jobs` at `path`, once its first page shows. */
async function renderBoard(path = '/') {
  const rendered = renderPage(<JobsPage />, {
    path,
    routePath: '/',
    api: { '/public-job-posting': jobSearchAnswer(jobs) },
  });
  await screen.findByText(/ of \d+ jobs?$/);
  return rendered;
}

function screenWidth(wide: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: wide,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

describe('filters on a small screen', () => {
  beforeEach(() => screenWidth(false));

  it('folds the panel behind a Filters button that counts the active filters', async () => {
    await renderBoard('/?q=dev&workplace=Remote&type=Full-time');
    expect(screen.queryByLabelText('Job title')).not.toBeVisible();
    const button = screen.getByRole('button', { name: /^Filters/ });
    expect(button).toHaveTextContent('Filters3 active');
    expect(button).toHaveAttribute('aria-expanded', 'false');
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

    await userEvent.click(await within(sheet).findByRole('button', { name: 'Show 1 job' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
    expect(button).toHaveTextContent('2 active');
    expect(screen.getAllByRole('article')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Data Scientist' })).toBeInTheDocument();
  });

  it('holds the job alerts control, which follows the filtered search', async () => {
    await renderBoard('/?workplace=Remote');
    await userEvent.click(screen.getByRole('button', { name: /^Filters/ }));
    const sheet = screen.getByRole('dialog', { name: 'Filters' });
    await userEvent.click(within(sheet).getByRole('button', { name: 'Get job alerts' }));
    const alerts = screen.getByRole('dialog', { name: 'Get job alerts' });
    // The form loads at the dialog's first opening.
    expect(await within(alerts).findByText('Remote · all jobs')).toBeInTheDocument();
  });
});

describe('filters on a wide screen', () => {
  beforeEach(() => screenWidth(true));

  it('shows the panel itself, with no Filters button', async () => {
    await renderBoard();
    expect(screen.getByLabelText('Job title')).toBeVisible();
    expect(screen.queryByRole('button', { name: /^Filters/ })).not.toBeInTheDocument();
  });

  it('puts the job alerts control next to the count', async () => {
    await renderBoard();
    const count = screen.getByText(/ of \d+ jobs?$/);
    expect(count.parentElement).toContainElement(screen.getByRole('button', { name: 'Get job alerts' }));
  });
});
