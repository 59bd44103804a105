import { QueryClient, QueryClientProvider } from '@board/shared/lib/query';
import { RuntimeConfigProvider } from '@board/shared/react/runtime-config';
import { preloadToasts, Toasts } from '@board/shared/react/toast';
import { answer, stubApi } from '@board/shared/test/api';
import { createMemoryRouter, RouterProvider } from '@board/shared/test/outside-pages';
import { createRuntimeConfig } from '@board/shared/test/render';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { draftKey, saveDraft } from './application-draft';
import { ApplyPage } from './apply-page';

/** Job 7 as the API sends it (call 4). */
const job = {
  id: 7,
  title: 'Frontend Developer',
  organization_name: 'Acme',
  location: 'London',
  job_type: 'Full-time',
  workplace_type: 'Hybrid',
  level: 'Senior',
  logo: null,
};

/**
 * The apply page at `path`, its calls answered as the API would (`api`, see stubApi): job 7, and
 * no answer for the local captcha's question unless the test gives one.
 */
function renderApply(path = '/job/7/apply', api: Record<string, unknown> = {}) {
  const calls = stubApi({ '/public-job-posting/7': job, ...api });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/job/:id/apply', element: <ApplyPage /> },
      { path: '/job/:id/apply/success', element: <h1>Success page</h1> },
    ],
    { initialEntries: [path] },
  );
  render(
    <RuntimeConfigProvider config={createRuntimeConfig()}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <Toasts />
      </QueryClientProvider>
    </RuntimeConfigProvider>,
  );
  return calls;
}

/** Fills every required field, the local captcha included (its question and token from `api`). */
async function fillApplication() {
  await userEvent.type(await screen.findByLabelText(/^Name/), 'Ada Lovelace');
  await userEvent.type(screen.getByLabelText(/^E-mail/), 'ada@example.com');
  await userEvent.type(screen.getByLabelText(/^LinkedIn URL/), 'https://www.linkedin.com/in/ada');
  await userEvent.upload(
    screen.getByLabelText(/^Resume/),
    new File(['%PDF-1.4'], 'cv.pdf', { type: 'application/pdf' }),
  );
  await userEvent.type(screen.getByLabelText(/^Salary expectations/), '90k');
  await userEvent.click(screen.getByRole('checkbox', { name: /I accept/ }));
  await userEvent.type(await screen.findByLabelText('Prove you are human: What is 2 + 3?'), '5');
  await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
  expect(await screen.findByText('Verified. You can submit your application.')).toBeInTheDocument();
}

const captchaAnswers = {
  '/public/captcha/challenge': { challenge_id: 'c1', question: 'What is 2 + 3?' },
  '/public/captcha/verify': { token: 'local-token' },
};

beforeEach(() => {
  localStorage.clear();
});

// sonner loads with the page's first toast: loaded before the tests, whose toasts are timed.
beforeAll(() => preloadToasts());
describe('ApplyPage', () => {
  it('shows the job with its badges and the fields in the order of the spec', async () => {
    renderApply();
    expect(await screen.findByRole('heading', { level: 1, name: /Frontend Developer/ })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Job details' })).toHaveTextContent(/Full-time.*Hybrid.*Senior/);
    // No answer to the local captcha's question here: it says so (and shows no question).
    expect(await screen.findByRole('alert')).toHaveTextContent(/security check could not load/);
    const labels = [...document.querySelectorAll('form label, form legend')].map((label) =>
      label.textContent?.replace('*', '').trim(),
    );
    expect(labels.filter(Boolean)).toEqual([
      'Name',
      'E-mail',
      'LinkedIn URL',
      'Resume',
      expect.stringMatching(/^Drag your resume here/),
      'Salary expectations',
      'Phone',
      'GitHub URL',
      'Portfolio URL',
      'Any additional information and questions you would like to ask us!',
      'Why this role is interesting for you.',
      expect.stringMatching(/^I accept the Terms of Service and Privacy Policy/),
      'Security Verification',
    ]);
    expect(screen.getByRole('link', { name: /Terms of Service and Privacy Policy/ })).toHaveAttribute(
      'href',
      '/terms-of-service',
    );
  });

  it('on a failed submit shows each message, marks the fields invalid and focuses the first', async () => {
    renderApply();
    await userEvent.click(await screen.findByRole('button', { name: 'Submit Application' }));
    const name = screen.getByLabelText(/^Name/);
    await vi.waitFor(() => expect(name).toHaveFocus());
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Name is required');
    for (const message of [
      'Please enter a valid email address',
      'LinkedIn URL must start with https://www.linkedin.com/in/ or https://linkedin.com/in/',
      'Resume is required',
      'Salary expectations are required',
      'You must accept the Terms of Service and Privacy Policy',
      'Please complete the reCAPTCHA verification',
    ]) {
      expect(screen.getByText(message)).toBeInTheDocument();
    }
    expect(screen.getByText('7 fields need your attention.')).toBeInTheDocument();
  });

  it('shows the read-only talent partner id with its note', async () => {
    renderApply('/job/7/apply?talent_partner_id=tp-9');
    const field = await screen.findByLabelText('Talent Partner ID');
    expect(field).toHaveValue('tp-9');
    expect(field).toHaveAttribute('readonly');
    expect(field).toHaveAccessibleDescription('This application will be submitted as a talent partner.');
  });

  it('restores a draft, and says which resume was chosen before', async () => {
    saveDraft(
      '7',
      { name: 'Ada', salaryExpectations: '90k', acceptTerms: true },
      { name: 'ada-cv.pdf', size: 10, type: 'application/pdf' },
    );
    renderApply();
    expect(await screen.findByLabelText(/^Name/)).toHaveValue('Ada');
    expect(screen.getByLabelText(/^Salary expectations/)).toHaveValue('90k');
    expect(screen.getByRole('checkbox')).toBeChecked();
    expect(screen.getByText('previously selected: ada-cv.pdf, attach it again')).toBeInTheDocument();
  });

  it('saves what is typed as a draft', async () => {
    renderApply();
    await userEvent.type(await screen.findByLabelText(/^E-mail/), 'ada@example.com');
    await vi.waitFor(() => expect(localStorage.getItem(draftKey('7'))).toContain('ada@example.com'), {
      timeout: 15_000,
    });
  });

  it('refuses a non-PDF and an 11 MB file on select, with a toast and no file kept', async () => {
    renderApply();
    const input = await screen.findByLabelText(/^Resume/);
    await userEvent.upload(input, new File(['hello'], 'cv.docx', { type: 'application/msword' }), {
      applyAccept: false,
    });
    expect(await screen.findByText('Only PDF files are allowed')).toBeInTheDocument();
    expect(screen.queryByText('cv.docx')).not.toBeInTheDocument();
    const big = new File([new Uint8Array(11 * 1024 * 1024)], 'big.pdf', { type: 'application/pdf' });
    await userEvent.upload(input, big);
    expect(await screen.findByText('File size must be less than 10MB')).toBeInTheDocument();
    expect(screen.queryByText('big.pdf')).not.toBeInTheDocument();
    await userEvent.upload(input, new File(['%PDF-1.4'], 'ok.pdf', { type: 'application/pdf' }));
    expect(screen.getByText('ok.pdf')).toBeInTheDocument();
  });

  it('shows Job Not Found with Browse Jobs for a missing job', async () => {
    renderApply('/job/7/apply', { '/public-job-posting/7': answer(404, { message: 'Job posting not found' }) });
    expect(await screen.findByRole('heading', { name: 'Job Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse Jobs' })).toHaveAttribute('href', '/');
  });

  it('sends the application through the API client, says so in a toast and goes to the confirmation', async () => {
    const calls = renderApply('/job/7/apply', {
      ...captchaAnswers,
      '/public/job-application/': answer(201, { id: 1 }),
    });
    await fillApplication();
    await userEvent.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect(await screen.findByRole('heading', { name: 'Success page' })).toBeInTheDocument();
    expect(screen.getByText('Application submitted successfully!')).toBeInTheDocument();
    expect(calls.requests.filter((request) => request === '/public/job-application/')).toHaveLength(1);
    expect(localStorage.getItem(draftKey('7'))).toBeNull();
  });

  it('on a 422 shows the message in a toast and each field’s detail under its field, and resets the captcha', async () => {
    renderApply('/job/7/apply', {
      ...captchaAnswers,
      '/public/job-application/': answer(422, {
        message: 'The form data are not correct. Please check your inputs.',
        detail: { candidate_email: 'Please enter a valid email address' },
      }),
    });
    await fillApplication();
    await userEvent.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect(await screen.findByText('The form data are not correct. Please check your inputs.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^E-mail/)).toHaveAccessibleDescription('Please enter a valid email address');
    expect(await screen.findByRole('button', { name: 'Verify' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Name/)).toHaveValue('Ada Lovelace');
  });

  it('of a closed job says it is closed instead of showing the form', async () => {
    renderApply('/job/7/apply', { '/public-job-posting/7': { ...job, closed_at: '2026-11-20T10:00:00Z' } });
    expect(await screen.findByRole('heading', { level: 1, name: 'This job is closed' })).toBeInTheDocument();
    expect(screen.getByText('Acme is no longer taking applications for Frontend Developer.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit Application' })).toBeNull();
    expect(screen.queryByLabelText(/^Name/)).toBeNull();
    expect(screen.getByRole('link', { name: 'See similar jobs' })).toHaveAttribute('href', '/job/7');
    expect(screen.getByRole('link', { name: 'Browse Jobs' })).toHaveAttribute('href', '/');
    expect(document.title).toBe('Closed: Frontend Developer at Acme · Foundry Jobs');
  });

  it('when the job closed while the form was open, the refusal says so and the form keeps what was typed', async () => {
    renderApply('/job/7/apply', {
      ...captchaAnswers,
      '/public/job-application/': answer(410, {
        message: 'This job has closed and no longer takes applications. Nothing was sent.',
      }),
    });
    await fillApplication();
    await userEvent.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect(
      await screen.findByText('This job has closed and no longer takes applications. Nothing was sent.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/^Name/)).toHaveValue('Ada Lovelace');
    expect(screen.getByLabelText(/^Salary expectations/)).toHaveValue('90k');
  });
});
