import { Link } from '@board/shared/lib/router';
import { createMemoryRouter, RouterProvider } from '@board/shared/test/outside-pages';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useServerHeadUntilNavigation } from './use-server-head';

function Page() {
  useServerHeadUntilNavigation();
  return <Link to="/job/2">Next</Link>;
}

describe('useServerHeadUntilNavigation', () => {
  it('keeps the server’s head tags on the first page and drops them on the first navigation', async () => {
    document.head.insertAdjacentHTML(
      'beforeend',
      '<link rel="canonical" href="https://board.example/job/1" data-server-head><meta name="theme-color" content="#000">',
    );
    const router = createMemoryRouter([{ path: '*', element: <Page /> }], { initialEntries: ['/job/1'] });
    render(<RouterProvider router={router} />);
    expect(document.head.querySelector('link[rel="canonical"]')).not.toBeNull();
    await userEvent.click(screen.getByRole('link', { name: 'Next' }));
    expect(document.head.querySelector('link[rel="canonical"]')).toBeNull();
    expect(document.head.querySelector('meta[name="theme-color"]')).not.toBeNull();
  });
});
