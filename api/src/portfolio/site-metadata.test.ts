import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { greenhouseIntro } from './greenhouse-intro';
import { readSiteMetadata } from './site-metadata';

const page = new URL('https://acme.example/en/');
/** A JSON-LD block as sites write it: `<` escaped, so a `</script>` in a value does not end the block. */
const jsonLd = (data: unknown) =>
  `<script type="application/ld+json">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`;
const organizationOf = (html: string) => readSiteMetadata(html, page).organization;

const acme = {
  '@type': 'Organization',
  url: 'https://www.acme.example/',
  description: 'Acme builds robots &amp; <b>software</b>.',
  logo: { '@type': 'ImageObject', url: '/img/logo.png' },
  foundingDate: '2021-05-01',
  numberOfEmployees: { '@type': 'QuantitativeValue', value: 84 },
  address: { '@type': 'PostalAddress', addressLocality: 'Berlin', addressCountry: 'DE' },
  sameAs: ['https://www.linkedin.com/company/acme', 'javascript:alert(1)'],
};
const read = {
  description: 'Acme builds robots & software.',
  logo: 'https://acme.example/img/logo.png',
  founded: 2021,
  headcount: 84,
  headquarters: 'Berlin, Germany',
  sameAs: ['https://www.linkedin.com/company/acme'],
};

describe("a site's JSON-LD Organization", () => {
  it.each([
    ['at the top', acme],
    ['in an array', [{ '@type': 'WebSite', name: 'Acme' }, acme]],
    ['in @graph', { '@context': 'https://schema.org', '@graph': [{ '@type': 'WebPage' }, acme] }],
    ['with @type an array', { ...acme, '@type': ['Organization', 'Corporation'] }],
    ['as schema:Corporation', { ...acme, '@type': 'schema:Corporation' }],
    [
      'inside a WebPage, by @id',
      {
        '@graph': [
          { '@type': 'WebPage', publisher: { '@id': '#org' } },
          { ...acme, '@id': '#org' },
        ],
      },
    ],
  ])('is found %s', (_, data) => {
    expect(organizationOf(jsonLd(data))).toEqual(read);
  });

  it.each([
    ['a logo as a string', { logo: 'logo.svg' }, { logo: 'https://acme.example/en/logo.svg' }],
    ['a logo that is not http(s)', { logo: 'data:image/png;base64,AAAA' }, { logo: null }],
    ['employees as a number', { numberOfEmployees: 120 }, { headcount: 120 }],
    ['employees as a range', { numberOfEmployees: { minValue: 51, maxValue: 200 } }, { headcount: 51 }],
    ['employees as nonsense', { numberOfEmployees: 'lots' }, { headcount: null }],
    ['a founding year', { foundingDate: '2019' }, { founded: 2019 }],
    ['a founding date in another form', { foundingDate: 'May 2019' }, { founded: null }],
    ['an address as text', { address: '1 Main St, Springfield' }, { headquarters: '1 Main St, Springfield' }],
    [
      'a country as an object',
      { address: { addressLocality: 'Paris', addressCountry: { name: 'France' } } },
      { headquarters: 'Paris, France' },
    ],
    ['a description of an array', { description: ['First.', 'Second.'] }, { description: 'First.' }],
    [
      'a description with a script',
      { description: '<script>alert(1)</script>Safe <img src=x onerror=alert(1)>text' },
      { description: 'Safe text' },
    ],
    [
      'a description escaped twice',
      { description: '&lt;script&gt;alert(1)&lt;/script&gt;Hi &lt;b&gt;there&lt;/b&gt;' },
      { description: 'Hi there' },
    ],
  ])('reads %s', (_, fields, expected) => {
    expect(organizationOf(jsonLd({ ...acme, ...fields }))).toMatchObject(expected);
  });

  it("prefers the organization of the page's own site", () => {
    const other = { ...acme, url: 'https://investor.example', description: 'An investor.' };
    expect(organizationOf(jsonLd([other, acme]))?.description).toBe(read.description);
  });

  it.each([
    ['malformed JSON', '<script type="application/ld+json">{"@type": "Organization", </script>'],
    ['no organization', jsonLd({ '@type': 'Person', name: 'Ada' })],
    ['a JSON-LD that is a string', jsonLd('Organization')],
    ['deeply nested arrays', `<script type="application/ld+json">${'['.repeat(5000)}${']'.repeat(5000)}</script>`],
  ])('is absent with %s', (_, html) => {
    expect(organizationOf(html)).toBeNull();
  });
});

describe("a site's meta tags and icons", () => {
  const html = `<!doctype html><html><head>
    <base href="https://cdn.acme.example/">
    <meta property="og:description" content="Robots, &quot;made&quot; simple.">
    <meta property="og:image" content="/card.png">
    <meta property="og:site_name" content="Acme">
    <meta name="Description" content="Acme: warehouse robots.">
    <link rel="icon" href="/favicon.ico">
    <link rel="icon" sizes="32x32 192x192" href="/icon-192.png">
    <link rel="apple-touch-icon" href="/apple.png">
    <link rel="shortcut icon" type="image/svg+xml" href="javascript:alert(1)">
  </head><body><h1>Acme</h1></body></html>`;

  it('reads Open Graph, the description and the icons, largest first, against the page', () => {
    expect(readSiteMetadata(html, page)).toEqual({
      organization: null,
      openGraph: {
        description: 'Robots, "made" simple.',
        image: 'https://cdn.acme.example/card.png',
        siteName: 'Acme',
      },
      description: 'Acme: warehouse robots.',
      icons: [
        { url: 'https://cdn.acme.example/icon-192.png', size: 192 },
        { url: 'https://cdn.acme.example/apple.png', size: 180 },
        { url: 'https://cdn.acme.example/favicon.ico', size: 0 },
      ],
    });
  });

  it('keeps a huge attribute to a bounded text', () => {
    const huge = `<meta name="description" content="${'word '.repeat(100_000)}">`;
    const description = readSiteMetadata(huge, page).description ?? '';
    expect(description.length).toBeLessThanOrEqual(2000);
    expect(description.endsWith('…')).toBe(true);
  });

  it('gives plain text whatever the page holds', () => {
    const hostile = fc.oneof(
      fc.string(),
      fc
        .array(
          fc.constantFrom(
            '<script>',
            '</script>',
            '&lt;',
            '&gt;',
            'img',
            ' onerror=x',
            '<!--',
            '-->',
            '"',
            '<',
            'b>',
            '/',
            '&amp;lt;',
            'text',
          ),
          { maxLength: 40 },
        )
        .map((parts) => parts.join('')),
    );
    fc.assert(
      fc.property(hostile, (content) => {
        const html = `<meta name="description" content="${content.replace(/"/g, '&quot;')}">${jsonLd({ '@type': 'Organization', description: content })}`;
        const site = readSiteMetadata(html, page);
        for (const text of [site.description, site.organization?.description])
          expect(text ?? '').not.toMatch(/<[a-z!/?]/i);
      }),
      { numRuns: 300 },
    );
  });
});

describe("a Greenhouse board's intro", () => {
  it.each([
    [
      { name: 'Acme', content: '&lt;p&gt;We build robots.&lt;/p&gt;&lt;p&gt;Join &amp;amp; grow.&lt;/p&gt;' },
      'We build robots.\n\nJoin & grow.',
    ],
    [{ name: 'Acme', content: '&lt;script&gt;alert(1)&lt;/script&gt;&lt;p&gt;Hello&lt;/p&gt;' }, 'Hello'],
    [{ name: 'Acme', content: '' }, null],
    [{ name: 'Acme', content: null }, null],
    ['not an object', null],
  ])('%j reads as %j', (body, overview) => {
    expect(greenhouseIntro(body)).toBe(overview);
  });
});
