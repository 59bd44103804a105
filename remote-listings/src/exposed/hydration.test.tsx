import { pageSize } from '@board/shared/api/requests';
import { saveJob } from '@board/shared/react/saved-jobs';
import { stubApi } from '@board/shared/test/api';
import { boardPage, hydrateInBrowser, renderOnServer } from '@board/shared/test/hydration';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { JobsPage } from '../features/jobs/jobs-page';
import { createServerJob } from '../test/create-job';
import { boardApi, boardPage1Data, firstJob, type ListingsPage, listingsPages, serverTime } from '../test/pages';

/**
 * Each listings page as the shell's server serves it: rendered on the shell's server (UTC, no storage, its
 * own clock), then hydrated in a browser that has saved job 1, was showing 60 cards in this history
 * entry, is in Tokyo, and whose clock says 45 s later (the page waited in a CDN's cache; within
 * the QueryClient's minute, so the server's data is not fetched again). Hydration must change
 * nothing; right after it, the page shows the browser's state.
 */
const browserTime = serverTime + 45_000;
const zone = process.env.TZ;

function renderAsServer(page: ListingsPage) {
  vi.setSystemTime(serverTime);
  process.env.TZ = 'UTC';
  return renderOnServer(page.tree, page.data);
}

function becomeTheBrowser() {
  saveJob({ id: firstJob.id, title: firstJob.title, company: firstJob.company });
  sessionStorage.setItem('listings:pages:default', JSON.stringify({ pages: 3, scrollY: 0 }));
  vi.setSystemTime(browserTime);
  process.env.TZ = 'Asia/Tokyo';
}

function hydrate(name: string) {
  const page = listingsPages().find((candidate) => candidate.name === name);
  if (!page) throw new Error(`no page ${name}`);
  const server = renderAsServer(page);
  becomeTheBrowser();
  return { server, ...hydrateInBrowser(page.tree, server) };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  // The Saved page reads job 1 once it knows (after hydration) that it is saved.
  stubApi({ '/public-job-posting/1': createServerJob({ id: 1, title: firstJob.title }), ...boardApi });
});

afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
  sessionStorage.clear();
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

describe('hydrating the listings pages', () => {
  it.each(listingsPages().map((page) => [page.name]))('%s: the same markup as the server, no error', async (name) => {
    const { problems } = hydrate(name);
    // The Saved page's job arrives after hydration: let it, then nothing may have been reported.
    if (name === 'the saved jobs') await screen.findByRole('link', { name: firstJob.title });
    expect(problems).toEqual([]);
  });

  it('the board: the server shows its first page dated from its time; then the browser loads the pages it had, the saved job and its own time', {
    timeout: 15_000,
  }, async () => {
    const { server, problems } = hydrate('the board');
    expect(server.html.match(/<article/g)).toHaveLength(pageSize);
    expect(server.html).toContain('Posted 23 hours ago');
    expect(problems).toEqual([]);
    expect(await screen.findByText('70 of 70 jobs', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(70);
    const first = screen.getAllByRole('article')[0] as HTMLElement;
    expect(within(first).getByRole('button', { name: `Save ${firstJob.title}` })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(within(first).getByText(/^Posted yesterday/)).toHaveTextContent('6 Jan 2026');
  });

  it('one page for every screen: the Filters button and the sheet around the panel, a GET form, hydrated as they are', () => {
    const tree = boardPage(<JobsPage />, { path: '/?view=grid', routePath: '/', renderedAt: serverTime });
    vi.setSystemTime(serverTime);
    const server = renderOnServer(tree, boardPage1Data);
    // The Filters button opens the sheet with no script (a popover); CSS shows the panel inline from 768 px.
    expect(server.html).toMatch(/<button[^>]*popovertarget="[^"]+"[^>]*>.*?Filters/is);
    expect(server.html).toMatch(/<dialog[^>]*popover="auto"/);
    expect(server.html).toMatch(/<form[^>]* method="get"[^>]*>.*name="q".*Apply filters/s);
    expect(server.html).toMatch(/<input type="hidden" name="view" value="grid"\/>/);
    expect(server.html).toContain('href="/?view=grid&amp;page=2"');
    const { problems } = hydrateInBrowser(tree, server);
    expect(problems).toEqual([]);
    expect(screen.getByRole('button', { name: /Filters/ })).toBeInTheDocument();
  });

  it("the list/grid toggle: two buttons, list pressed, that submit a GET form with the board's search before the scripts run; hydrated, they switch in place", async () => {
    const path = '/?q=dev&sort=salary&page=2';
    const tree = boardPage(<JobsPage />, { path, routePath: '/', renderedAt: serverTime });
    vi.setSystemTime(serverTime);
    const server = renderOnServer(tree, boardPage1Data);
    const submits: Record<string, string> = {};
    const { problems } = hydrateInBrowser(tree, server, {
      beforeScripts: (page) => {
        const group = Array.from(page.querySelectorAll('fieldset')).find((set) => set.textContent === 'Layout');
        const form = group?.closest('form');
        const buttons = Array.from(group?.querySelectorAll('button') ?? []);
        if (!form || buttons.length !== 2) throw new Error('no toggle form with two buttons in the server page');
        expect(form.getAttribute('method')).toBe('get');
        for (const button of buttons) {
          expect(button.type).toBe('submit');
          expect(button.name).toBe('view');
          submits[button.getAttribute('aria-label') ?? ''] = new URLSearchParams(
            new FormData(form, button) as unknown as Record<string, string>,
          ).toString();
        }
        expect(buttons.map((button) => button.getAttribute('aria-pressed'))).toEqual(['true', 'false']);
      },
    });
    expect(problems).toEqual([]);
    // Without scripts, each button asks the server for the same board in its view: ?view=grid is the grid's address.
    expect(submits).toEqual({
      'List view': 'q=dev&sort=salary&page=2&view=list',
      'Grid view': 'q=dev&sort=salary&page=2&view=grid',
    });
    const grid = screen.getByRole('button', { name: 'Grid view' });
    await userEvent.click(grid);
    expect(grid).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'List view' })).toHaveAttribute('aria-pressed', 'false');
  });

  // Hang guards, not measures: on two cores beside other work, hydrating and applying took 6.5 s once.
  it('keeps what was typed and picked before the scripts ran, and applies it once hydrated', {
    timeout: 40_000,
  }, async () => {
    const tree = boardPage(<JobsPage />, { path: '/', routePath: '/', renderedAt: serverTime });
    vi.setSystemTime(serverTime);
    const server = renderOnServer(tree, boardPage1Data);
    const { problems } = hydrateInBrowser(tree, server, {
      beforeScripts: (page) => {
        const title = page.querySelector<HTMLInputElement>('input[name="q"]');
        const sort = page.querySelector<HTMLSelectElement>('select[name="sort"]');
        if (!title || !sort) throw new Error('no title field or sort select in the server page');
        title.value = 'engineer';
        sort.value = 'salary';
      },
    });
    expect(problems).toEqual([]);
    // Applied: the filter is active (Clear Filters), and the fields still say what the visitor chose.
    expect(
      await screen.findByRole('button', { name: 'Clear Filters', hidden: true }, { timeout: 30_000 }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Job title')).toHaveValue('engineer');
    expect(screen.getByLabelText('Sort by')).toHaveValue('salary');
  });

  it("'Posted within 7 days': the API's answer at the server's time, which the browser keeps (no second request)", () => {
    const { server, problems } = hydrate('the board, posted within 7 days');
    expect(server.html).toContain('2 of 2 jobs');
    expect(problems).toEqual([]);
    expect(screen.getByText('2 of 2 jobs')).toBeInTheDocument();
  });

  it('a job: its dates in the board locale and UTC on both sides, then its saved state', () => {
    const { server, problems } = hydrate('a job');
    expect(server.html).toContain('$4M, 14 Mar 2025');
    expect(problems).toEqual([]);
    expect(screen.getByText(/^Posted yesterday/)).toBeInTheDocument();
    for (const save of screen.getAllByRole('button', { name: /Save/ }))
      expect(save).toHaveAttribute('aria-pressed', 'true');
  });
});
