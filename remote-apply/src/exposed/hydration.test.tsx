import { stubApi } from '@board/shared/test/api';
import { hydrateInBrowser, renderOnServer } from '@board/shared/test/hydration';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveDraft } from '../features/apply/application-draft';
import { type ApplyPageCase, applyPages, serverTime } from '../test/pages';

/**
 * Each apply page as the shell's server serves it: rendered on the shell's server (no storage), then
 * hydrated in a browser that holds a draft of this application (with the name of the resume
 * chosen before) and whose clock is 45 s later. Hydration must change nothing; right after it,
 * the draft is back in the form.
 */
function hydrate(page: ApplyPageCase) {
  vi.setSystemTime(serverTime);
  const server = renderOnServer(page.tree, page.data);
  saveDraft(
    '7',
    { name: 'Ada Lovelace', salaryExpectations: '90k', acceptTerms: true },
    { name: 'ada-cv.pdf', size: 10, type: 'application/pdf' },
  );
  vi.setSystemTime(serverTime + 45_000);
  return { server, ...hydrateInBrowser(page.tree, server) };
}

const page = (name: string) => {
  const found = applyPages().find((candidate) => candidate.name === name);
  if (!found) throw new Error(`no page ${name}`);
  return found;
};

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  stubApi({ '/public/captcha/challenge': { challenge_id: 'c1', question: 'What is 2 + 3?' } });
});

afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

describe('hydrating the apply pages', () => {
  it.each(applyPages().map((candidate) => [candidate.name, candidate] as const))(
    '%s: the same markup as the server, no error',
    async (_, candidate) => {
      const { problems } = hydrate(candidate);
      // The local captcha asks its question after hydration: let it, then nothing may have been reported.
      if (candidate.name === 'the application form') await screen.findByLabelText(/What is 2 \+ 3\?/);
      expect(problems).toEqual([]);
    },
  );

  it('the server sends the empty form; the draft is restored right after hydration', async () => {
    const { server, problems } = hydrate(page('the application form'));
    expect(server.html).not.toContain('Ada Lovelace');
    expect(server.html).not.toContain('ada-cv.pdf');
    expect(await screen.findByLabelText(/^Name/)).toHaveValue('Ada Lovelace');
    expect(screen.getByLabelText(/^Salary expectations/)).toHaveValue('90k');
    expect(screen.getByRole('checkbox', { name: /I accept/ })).toBeChecked();
    expect(screen.getByText('previously selected: ada-cv.pdf, attach it again')).toBeInTheDocument();
    expect(problems).toEqual([]);
  });

  it('keeps the fields filled and ticked before the scripts ran, over the older draft, and sends only once hydrated', async () => {
    const form = page('the application form');
    vi.setSystemTime(serverTime);
    const server = renderOnServer(form.tree, form.data);
    saveDraft('7', { name: 'Ada Lovelace', salaryExpectations: '90k' }, null);
    // Without the scripts the form cannot be sent (captcha, resume): its button waits, in its place.
    expect(server.html).toMatch(/<button[^>]*type="submit"[^>]*disabled=""[^>]*>Submit Application/);
    expect(server.html).toContain('The security check needs JavaScript');
    const { problems } = hydrateInBrowser(form.tree, server, {
      beforeScripts: (html) => {
        const name = html.querySelector<HTMLInputElement>('input[name="name"]');
        const terms = html.querySelector<HTMLInputElement>('input[name="acceptTerms"]');
        if (!name || !terms) throw new Error('no name field or terms checkbox in the server page');
        name.value = 'Grace Hopper';
        terms.checked = true;
      },
    });
    await screen.findByLabelText(/What is 2 \+ 3\?/);
    expect(screen.getByLabelText(/^Name/)).toHaveValue('Grace Hopper');
    expect(screen.getByRole('checkbox', { name: /I accept/ })).toBeChecked();
    expect(screen.getByLabelText(/^Salary expectations/)).toHaveValue('90k');
    expect(screen.getByRole('button', { name: 'Submit Application' })).toBeEnabled();
    expect(problems).toEqual([]);
  });
});
