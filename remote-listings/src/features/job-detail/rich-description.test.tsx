import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createServerJob } from '../../test/create-job';
import { renderPage } from '../../test/render';
import { JobDetailPage } from './job-detail-page';
import { RichDescription } from './rich-description';

describe('an imported description', () => {
  it('renders paragraphs, sub-headings, lists, bold, emphasis, links and line breaks as elements', () => {
    const { container } = render(
      <RichDescription
        blocks={[
          { h: ['About us'] },
          { p: ['We build ', { b: ['robots'] }, ' and ', { i: ['software'] }, '.', { br: 1 }, 'Join us.'] },
          { ul: [['Python'], ['Go']] },
          { ol: [['Apply'], ['Talk']] },
          { p: ['See ', { a: ['our team'], href: 'https://example.com/team' }] },
        ]}
      />,
    );
    expect(screen.getByRole('heading', { level: 3, name: 'About us' })).toBeVisible();
    expect(container.querySelector('strong')).toHaveTextContent('robots');
    expect(container.querySelector('em')).toHaveTextContent('software');
    expect(container.querySelectorAll('br')).toHaveLength(1);
    expect(screen.getAllByRole('list')).toHaveLength(2);
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Python', 'Go', 'Apply', 'Talk']);
    const link = screen.getByRole('link', { name: 'our team' });
    expect(link).toHaveAttribute('href', 'https://example.com/team');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'nofollow noopener noreferrer ugc');
  });

  it('never turns text into markup, and a link to anything but http(s) or mailto is only its text', () => {
    const { container } = render(
      <RichDescription
        blocks={[
          { p: ['<img src=x onerror=alert(1)>', { a: ['click'], href: 'javascript:alert(1)' }] },
          { p: [{ a: ['data'], href: 'data:text/html,<script>alert(1)</script>' }] },
        ]}
      />,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('a')).toBeNull();
    expect(container).toHaveTextContent('<img src=x onerror=alert(1)>click');
  });

  it('is what the job page shows in place of the text description, when call 4 sends it; malformed blocks are dropped', async () => {
    renderPage(<JobDetailPage />, {
      path: '/job/5',
      routePath: '/job/:id',
      api: {
        '/public-job-posting/5': createServerJob({
          id: 5,
          description: 'The #text# form',
          description_blocks: [{ p: ['The rich form'] }, { script: 'alert(1)' }, 'junk', { ul: 'not a list' }],
        }),
      },
    });
    expect(await screen.findByText('The rich form')).toBeVisible();
    expect(screen.queryByText(/The text form/)).toBeNull();
  });
});
