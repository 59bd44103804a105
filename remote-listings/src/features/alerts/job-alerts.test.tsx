import { boardSearchFromUrl } from '@board/shared/api/board-search';
import { QueryClient, QueryClientProvider } from '@board/shared/lib/query';
import { RuntimeConfigProvider } from '@board/shared/react/runtime-config';
import { preloadToasts, Toasts } from '@board/shared/react/toast';
import { createMemoryRouter, RouterProvider } from '@board/shared/test/outside-pages';
import { createRuntimeConfig } from '@board/shared/test/render';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../test/render';
import { checkInboxText } from './alert-form';
import { AlertNotice, JobAlerts } from './job-alerts';

beforeAll(() => {
  // jsdom has <dialog> but not its modal methods; Chromium's focus and Escape are checked in e2e/tests/alerts.spec.ts.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The API's subscribe answers, in turn, and the local captcha; returns the JSON bodies the form sent. */
function stubSubscribe(...answers: { status: number; body: unknown }[]) {
  const sent: Record<string, string>[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    if (url.pathname === '/public/captcha/challenge')
      return json(200, { challenge_id: 'c1', question: 'What is 2 + 3?' });
    if (url.pathname === '/public/captcha/verify') return json(200, { token: 'captcha-token' });
    if (url.pathname === '/public/alerts/subscribe') {
      sent.push(JSON.parse(String(init?.body)));
      const next = answers.shift() ?? { status: 500, body: {} };
      return json(next.status, next.body);
    }
    throw new Error(`Unexpected network request in a unit test: ${url.href}`);
  });
  return sent;
}

const accepted = { status: 202, body: { message: 'Check your inbox' } };

function renderAlerts(path = '/?q=engineer&workplace=Remote', workspace: string | null = null) {
  return renderPage(
    <>
      <JobAlerts
        search={boardSearchFromUrl(new URL(path, 'https://board.example').searchParams)}
        workspaceSlug={workspace}
        workspaceName={workspace ? 'Acme Ventures' : null}
      />
      <Toasts />
    </>,
    { path },
  );
}

/** Opens the dialog and waits for its form, which loads at the first opening. */
async function openForm() {
  await userEvent.click(screen.getByRole('button', { name: 'Get job alerts' }));
  const dialog = screen.getByRole('dialog', { name: 'Get job alerts' });
  await within(dialog).findByLabelText('Email');
  return dialog;
}

// sonner loads with the page's first toast: loaded before the tests, whose toasts are timed.
beforeAll(() => preloadToasts());
describe('Get job alerts', () => {
  it('opens a dialog that says in words which search the alert follows, focused on the email', async () => {
    renderAlerts();
    const dialog = await openForm();
    expect(within(dialog).getByText('engineer · Remote · all jobs')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Email')).toHaveFocus();
    expect(within(dialog).getByLabelText('How often')).toHaveValue('daily');
  });

  it("names a workspace's board by its name", async () => {
    renderAlerts('/acme?investor=Sequoia', 'acme');
    const dialog = await openForm();
    expect(within(dialog).getByText('Sequoia · Acme Ventures')).toBeInTheDocument();
  });

  it('shows the shared schema’s error on the field and sends nothing', async () => {
    renderAlerts();
    const sent = stubSubscribe(accepted);
    const dialog = await openForm();
    await userEvent.type(within(dialog).getByLabelText('Email'), 'not-an-address');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create alert' }));
    const email = within(dialog).getByLabelText('Email');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription(/.+/);
    expect(sent).toEqual([]);
  });

  it('sends the address, the schedule and the search as JSON, then says to check the inbox', async () => {
    renderAlerts('/acme?q=engineer&workplace=Remote&sort=salary&view=grid', 'acme');
    const sent = stubSubscribe(accepted);
    const dialog = await openForm();
    await userEvent.type(within(dialog).getByLabelText('Email'), 'ada@example.com');
    await userEvent.selectOptions(within(dialog).getByLabelText('How often'), 'weekly');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create alert' }));
    expect(await within(dialog).findByText(checkInboxText)).toHaveAttribute('role', 'status');
    expect(await screen.findByText('Check your inbox to confirm your job alert.')).toBeInTheDocument();
    // An alert has no order of its own; the way back is the plain form's only.
    expect(sent).toEqual([
      {
        email: 'ada@example.com',
        frequency: 'weekly',
        title: 'engineer',
        workplace: 'Remote',
        workspace_slug: 'acme',
      },
    ]);
  });

  it("shows the API's field errors on the field", async () => {
    renderAlerts();
    stubSubscribe({
      status: 422,
      body: { message: 'The alert is not valid', detail: { email: 'Enter a real address' } },
    });
    const dialog = await openForm();
    await userEvent.type(within(dialog).getByLabelText('Email'), 'ada@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create alert' }));
    expect(await within(dialog).findByText('Enter a real address')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
  });

  it('past the rate limit shows the captcha and sends its token with the next try', async () => {
    renderAlerts();
    const sent = stubSubscribe(
      { status: 429, body: { message: 'Too many alert requests.', captcha_required: true } },
      accepted,
    );
    const dialog = await openForm();
    await userEvent.type(within(dialog).getByLabelText('Email'), 'ada@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create alert' }));
    await userEvent.type(await within(dialog).findByLabelText(/Prove you are human: What is 2 \+ 3\?/), '5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Verify' }));
    await within(dialog).findByText(/Verified/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create alert' }));
    await within(dialog).findByText(checkInboxText);
    await screen.findByText('Check your inbox to confirm your job alert.');
    expect(sent).toHaveLength(2);
    expect(sent[1]).toMatchObject({ email: 'ada@example.com', recaptcha_token: 'captcha-token' });
  });

  it('is a plain form posting to the API before JavaScript runs, with the search and the way back', () => {
    const router = createMemoryRouter(
      [
        {
          path: '*',
          element: <JobAlerts search={boardSearchFromUrl(new URLSearchParams('q=engineer'))} workspaceSlug="acme" />,
        },
      ],
      {
        initialEntries: ['/acme?q=engineer&alert=check-your-inbox&view=grid'],
      },
    );
    const html = renderToString(
      <RuntimeConfigProvider config={createRuntimeConfig({ apiBaseUrl: 'https://api.example' })}>
        <QueryClientProvider client={new QueryClient()}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </RuntimeConfigProvider>,
    );
    const container = document.createElement('div');
    container.innerHTML = html;
    const form = container.querySelector('details form') as HTMLFormElement;
    expect(container.querySelector('summary')?.textContent).toBe('Get job alerts');
    expect(form.method).toBe('post');
    expect(form.action).toBe('https://api.example/public/alerts/subscribe');
    const fields = Object.fromEntries(new FormData(form));
    expect(fields).toMatchObject({
      title: 'engineer',
      workspace_slug: 'acme',
      return_to: '/acme?q=engineer&view=grid',
      frequency: 'daily',
    });
  });
});

describe('AlertNotice', () => {
  it('tells a visitor back from the plain form to check the inbox', () => {
    renderPage(<AlertNotice />, { path: '/?q=engineer&alert=check-your-inbox' });
    expect(screen.getByRole('status')).toHaveTextContent('Check your inbox');
  });

  it('says nothing otherwise', () => {
    renderPage(<AlertNotice />, { path: '/?q=engineer' });
    expect(screen.queryByRole('status')).toBeNull();
  });
});
