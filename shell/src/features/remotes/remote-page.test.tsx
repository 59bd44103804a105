import { renderWithRouter } from '@board/shared/test/render';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loadRemotePage, RemoteLoadError, resetRemote } from './federation';
import { hydratedMark } from './hydration-mark';
import { RemotePage } from './remote-page';
import { reportCaughtError } from './report-caught-error';

vi.mock('./federation', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./federation')>()),
  loadRemotePage: vi.fn(),
  resetRemote: vi.fn(),
}));

const load = vi.mocked(loadRemotePage);

function Page() {
  return <h1>Remote page content</h1>;
}

beforeEach(() => {
  load.mockReset();
  vi.mocked(resetRemote).mockReset();
  // The boundary reports a failed remote as a warning; keep test output quiet.
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

describe('RemotePage', () => {
  it('shows a loading placeholder, then the remote page', async () => {
    let resolve: (value: { default: typeof Page }) => void = () => {};
    load.mockReturnValue(new Promise((r) => (resolve = r)));
    renderWithRouter(<RemotePage remote="static" module="./loads" title="Loads" />);
    expect(await screen.findByRole('status')).toHaveTextContent(/loading/i);
    resolve({ default: Page });
    expect(await screen.findByRole('heading', { name: 'Remote page content' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledWith('static', './loads');
  });

  it('marks the first page as interactive once its content is committed, and only once', async () => {
    performance.clearMarks(hydratedMark);
    let resolve: (value: { default: typeof Page }) => void = () => {};
    load.mockReturnValue(new Promise((r) => (resolve = r)));
    const { unmount } = renderWithRouter(<RemotePage remote="static" module="./marks" title="Marks" />);
    expect(await screen.findByRole('status')).toHaveTextContent(/loading/i);
    expect(performance.getEntriesByName(hydratedMark, 'mark')).toHaveLength(0);
    resolve({ default: Page });
    expect(await screen.findByRole('heading', { name: 'Remote page content' })).toBeInTheDocument();
    expect(performance.getEntriesByName(hydratedMark, 'mark')).toHaveLength(1);
    unmount();
    load.mockResolvedValue({ default: Page });
    renderWithRouter(<RemotePage remote="static" module="./marks-again" title="Marks" />);
    expect(await screen.findByRole('heading', { name: 'Remote page content' })).toBeInTheDocument();
    expect(performance.getEntriesByName(hydratedMark, 'mark')).toHaveLength(1);
  });

  it('shows the generic error panel when the remote cannot load, and Retry loads it again', async () => {
    load.mockRejectedValueOnce(new RemoteLoadError('listings', './fails-once'));
    load.mockResolvedValueOnce({ default: Page });
    renderWithRouter(<RemotePage remote="listings" module="./fails-once" title="Jobs" />, {
      onCaughtError: reportCaughtError,
    });

    const panel = await screen.findByRole('alert');
    expect(panel).toHaveTextContent('An error occurred');
    expect(panel).toHaveTextContent('There was a problem loading the data. Please try again later.');
    expect(screen.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/');

    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(resetRemote).toHaveBeenCalledWith('listings');
    expect(await screen.findByRole('heading', { name: 'Remote page content' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
    expect(console.warn).toHaveBeenCalledWith(expect.stringMatching(/error panel/), expect.any(RemoteLoadError));
  });

  it('keeps showing the error panel while the remote stays down', async () => {
    load.mockRejectedValue(new RemoteLoadError('apply', './always-fails'));
    renderWithRouter(<RemotePage remote="apply" module="./always-fails" title="Apply" />, {
      onCaughtError: reportCaughtError,
    });
    await screen.findByRole('alert');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('An error occurred');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
