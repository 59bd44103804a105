import { Link, useNavigate } from '@board/shared/lib/router';
import { createMemoryRouter, RouterProvider } from '@board/shared/test/outside-pages';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { scrollPositionsKey, useScrollRestoration } from './use-scroll-restoration';

function Page() {
  useScrollRestoration();
  const navigate = useNavigate();
  return (
    <>
      <Link to="/job/2">Next job</Link>
      <Link to="/">The board</Link>
      <button type="button" onClick={() => navigate('/?q=design', { replace: true })}>
        Search
      </button>
    </>
  );
}

let scrollY = 0;
const scrollTo = vi.fn((_x: number, y: number) => {
  scrollY = y;
});

/** The reader scrolls to `y`: the window says so and sends its event. */
function scrollAt(y: number) {
  scrollY = y;
  fireEvent.scroll(window);
}

function mount(initialEntries: (string | { pathname: string; key: string })[] = ['/']) {
  const router = createMemoryRouter([{ path: '*', element: <Page /> }], { initialEntries });
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => {
  scrollY = 0;
  scrollTo.mockClear();
  sessionStorage.clear();
  vi.spyOn(window, 'scrollY', 'get').mockImplementation(() => scrollY);
  vi.stubGlobal('scrollTo', scrollTo);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('useScrollRestoration', () => {
  it('starts a new page at its top, and Back returns to where the page before was left', async () => {
    const router = mount();
    expect(scrollTo).not.toHaveBeenCalled();
    scrollAt(1200);
    fireEvent.click(screen.getByRole('link', { name: 'Next job' }));
    expect(router.state.location.pathname).toBe('/job/2');
    expect(scrollY).toBe(0);
    scrollAt(300);
    await act(() => router.navigate(-1));
    expect(scrollY).toBe(1200);
    await act(() => router.navigate(1));
    expect(scrollY).toBe(300);
  });

  it('keeps the scroll when only the query string is replaced (a search typed), and a link to the same page goes to its top', () => {
    const router = mount();
    scrollAt(800);
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(router.state.location.search).toBe('?q=design');
    expect(scrollY).toBe(800);
    fireEvent.click(screen.getByRole('link', { name: 'Next job' }));
    scrollAt(500);
    fireEvent.click(screen.getByRole('link', { name: 'Next job' }));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(scrollY).toBe(0);
  });

  it('writes the positions when the page is left, and a reload of that entry returns to its place', () => {
    mount([{ pathname: '/', key: 'entry-1' }]);
    scrollAt(640);
    fireEvent(window, new Event('pagehide'));
    expect(JSON.parse(sessionStorage.getItem(scrollPositionsKey) ?? '{}')).toMatchObject({ 'entry-1': 640 });
    scrollY = 0;
    mount([{ pathname: '/', key: 'entry-1' }]);
    expect(scrollTo).toHaveBeenLastCalledWith(0, 640);
  });

  it('leaves a new visit where the browser put it, and takes over from the browser’s own restoration', () => {
    sessionStorage.setItem(scrollPositionsKey, 'not json');
    mount(['/job/1']);
    expect(scrollTo).not.toHaveBeenCalled();
    expect(window.history.scrollRestoration).toBe('manual');
  });
});
