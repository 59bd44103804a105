import { boardKeys } from '@board/shared/api/queries';
import { createMemoryRouter, RouterProvider } from '@board/shared/lib/router';
import { RuntimeConfigProvider } from '@board/shared/react/runtime-config';
import { createRuntimeConfig } from '@board/shared/test/render';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { draftKey, saveDraft } from './application-draft';
import { ApplyPage } from './apply-page';

const job = {
  id: '7',
  title: 'Frontend Developer',
  company: 'Acme',
  location: 'London',
  type: 'Full-time',
  workplaceType: 'Hybrid',
  level: 'Senior',
  logo: null,
};

function renderApply(path = '/job/7/apply', data: unknown = job) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  queryClient.setQueryData(boardKeys.job('7'), data);
  const router = createMemoryRouter([{ path: '/job/:id/apply', element: <ApplyPage /> }], { initialEntries: [path] });
  render(
    <RuntimeConfigProvider config={createRuntimeConfig()}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </RuntimeConfigProvider>,
  );
}

beforeEach(() => {
  localStorage.clear();
  // The local captcha asks the API for a question; here the API is not running.
  vi.stubGlobal('fetch', () => Promise.reject(new TypeError('offline')));
});

describe('ApplyPage', () => {
  it('shows the job with its badges and the fields in the order of the spec', async () => {
    renderApply();
    expect(await screen.findByRole('heading', { level: 1, name: /Frontend Developer/ })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Job details' })).toHaveTextContent(/Full-time.*Hybrid.*Senior/);
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
    expect(await screen.findByRole('alert')).toHaveTextContent(/security check could not load/);
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
    await vi.waitFor(() => expect(localStorage.getItem(draftKey('7'))).toContain('ada@example.com'), { timeout: 2000 });
  });

  it('refuses a non-PDF and an 11 MB file on select, with a toast and no file kept', async () => {
    renderApply();
    const input = await screen.findByLabelText(/^Resume/);
    await userEvent.upload(input, new File(['hello'], 'cv.docx', { type: 'application/msword' }), {
      applyAccept: false,
    });
    expect(screen.queryByText('cv.docx')).not.toBeInTheDocument();
    const big = new File([new Uint8Array(11 * 1024 * 1024)], 'big.pdf', { type: 'application/pdf' });
    await userEvent.upload(input, big);
    expect(screen.queryByText('big.pdf')).not.toBeInTheDocument();
    await userEvent.upload(input, new File(['%PDF-1.4'], 'ok.pdf', { type: 'application/pdf' }));
    expect(screen.getByText('ok.pdf')).toBeInTheDocument();
  });

  it('shows Job Not Found with Browse Jobs for a missing job', async () => {
    renderApply('/job/7/apply', null);
    expect(await screen.findByRole('heading', { name: 'Job Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse Jobs' })).toHaveAttribute('href', '/');
  });
});
