import type { RuntimeConfig } from '@board/shared/config/runtime-config';
import { describe, expect, it } from 'vitest';
import { ogImageFor } from '../preview-images/og-image';
import { ogLocale, type PageHead, renderHead, xHandle } from './page-head';

const site = { links: { x: 'https://x.com/foundryjobs' } } as Pick<RuntimeConfig, 'links'>;
const head = (fields: Partial<PageHead> = {}): PageHead => ({
  title: 'Backend Engineer at Acme',
  description: 'Acme · Berlin. Build the API.',
  canonical: 'https://board.example/job/1',
  feeds: [],
  ...fields,
});
/** The tags as name -> content, in order. */
const metas = (html: string) =>
  [...html.matchAll(/<meta (?:name|property)="([^"]+)" content="([^"]*)"/g)].map(([, name, content]) => [
    name,
    content,
  ]);

describe('renderHead', () => {
  it('gives a page with a card a large image, its size and its text, the locale and the board’s X account', () => {
    const card = ogImageFor(
      {
        kind: 'job',
        job: { id: '1', title: 'Backend Engineer', company: 'Acme', location: 'Berlin', salary: '60k - 80k EUR' },
      },
      'https://board.example',
    );
    expect(metas(renderHead(head(card), site))).toEqual([
      ['description', 'Acme · Berlin. Build the API.'],
      ['og:site_name', 'Foundry Jobs'],
      ['og:type', 'website'],
      ['og:locale', 'en_GB'],
      ['og:title', 'Backend Engineer at Acme · Foundry Jobs'],
      ['og:description', 'Acme · Berlin. Build the API.'],
      ['og:url', 'https://board.example/job/1'],
      ['og:image', 'https://board.example/og/job/1.png'],
      ['og:image:width', '1200'],
      ['og:image:height', '630'],
      ['og:image:alt', 'Backend Engineer at Acme: Berlin, 60k - 80k EUR'],
      ['twitter:card', 'summary_large_image'],
      ['twitter:site', '@foundryjobs'],
      ['twitter:title', 'Backend Engineer at Acme · Foundry Jobs'],
      ['twitter:description', 'Acme · Berlin. Build the API.'],
      ['twitter:image', 'https://board.example/og/job/1.png'],
      ['twitter:image:alt', 'Backend Engineer at Acme: Berlin, 60k - 80k EUR'],
    ]);
  });

  it('keeps the small card for an image of unknown size (a logo) and for no image', () => {
    const logo = metas(renderHead(head({ image: 'https://api.example/public/logos/acme.svg' })));
    expect(logo).toContainEqual(['twitter:card', 'summary']);
    expect(logo.map(([name]) => name)).not.toContain('og:image:width');
    const none = metas(renderHead(head()));
    expect(none).toContainEqual(['twitter:card', 'summary']);
    expect(none.map(([name]) => name).filter((name) => name?.includes('image'))).toEqual([]);
  });

  it('escapes the image’s text and names no X account without a config', () => {
    const html = renderHead(head({ image: 'https://board.example/og/job/2.png', imageAlt: '"><script>x</script>' }));
    expect(html).toContain(
      '<meta property="og:image:alt" content="&quot;&gt;&lt;script&gt;x&lt;/script&gt;" data-server-head>',
    );
    expect(html).not.toContain('twitter:site');
  });
});

describe('xHandle and ogLocale', () => {
  it.each([
    ['https://x.com/foundryjobs', '@foundryjobs'],
    ['https://twitter.com/foundry_jobs/', '@foundry_jobs'],
    ['https://x.com/', null],
    ['https://x.com/i/lists/1', null],
    ['https://example.com/foundryjobs', null],
    ['not a url', null],
  ])('%s -> %s', (url, handle) => {
    expect(xHandle(url)).toBe(handle);
  });

  it('writes the board’s locale as Open Graph does', () => {
    expect(ogLocale).toBe('en_GB');
  });
});
