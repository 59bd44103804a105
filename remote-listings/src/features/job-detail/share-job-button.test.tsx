import { preloadToasts, Toasts } from '@board/shared/react/toast';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createServerJob } from '../../test/create-job';
import { renderPage } from '../../test/render';
import { JobDetailPage } from './job-detail-page';

function renderDetail() {
  // A visitor who came through a talent partner's link: that id must not travel with a share.
  return renderPage(
    <>
      <JobDetailPage />
      <Toasts />
    </>,
    {
      path: '/job/7?talent_partner_id=tp-42',
      routePath: '/job/:id',
      api: { '/public-job-posting/7': createServerJob({ id: 7, title: 'Designer', organization_name: 'Acme' }) },
    },
  );
}

// sonner loads with the page's first toast: loaded before the tests, whose toasts are timed.
beforeAll(() => preloadToasts());
describe('Share', () => {
  it('uses the Web Share API with the canonical job link where the browser has it', async () => {
    const share = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, share });
    renderDetail();
    await userEvent.click(await screen.findByRole('button', { name: 'Share' }));
    expect(share).toHaveBeenCalledWith({ title: 'Designer at Acme', url: 'https://board.example/job/7' });
  });

  it('otherwise copies the canonical job link and says so', async () => {
    const user = userEvent.setup();
    renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    expect(await screen.findByText('Link copied to the clipboard')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe('https://board.example/job/7');
  });
});
