import { describe, expect, it } from 'vitest';
import { bareCompany, type Company } from './model';
import type { SiteMetadata } from './site-metadata';
import { fillFromSite, type SiteProfile, siteProfile } from './site-profile';

const metadata = (overrides: Partial<SiteMetadata> = {}): SiteMetadata => ({
  organization: null,
  openGraph: { description: null, image: null, siteName: null },
  description: null,
  icons: [],
  ...overrides,
});
const organization = {
  description: 'From JSON-LD.',
  logo: 'https://acme.example/logo.png',
  founded: 2021,
  headcount: 84,
  headquarters: 'Berlin, Germany',
  sameAs: [],
};

describe("what a site's metadata offers a profile", () => {
  it.each<[string, SiteMetadata, string | null, string | null]>([
    [
      'the Organization first',
      metadata({ organization, openGraph: { description: 'OG', image: null, siteName: null }, description: 'Meta' }),
      'Intro',
      'From JSON-LD.',
    ],
    [
      "then the Greenhouse board's intro",
      metadata({ openGraph: { description: 'OG', image: null, siteName: null }, description: 'Meta' }),
      'Intro',
      'Intro',
    ],
    [
      'then Open Graph',
      metadata({ openGraph: { description: 'OG', image: null, siteName: null }, description: 'Meta' }),
      null,
      'OG',
    ],
    ["then the page's description", metadata({ description: 'Meta' }), null, 'Meta'],
    ['nothing', metadata(), null, null],
  ])('takes the overview from %s', (_, site, intro, overview) => {
    expect(siteProfile(site, intro).overview).toBe(overview);
  });

  it("offers logos in order: the Organization's, icons of 64 px or more, the largest first, then og:image", () => {
    const site = metadata({
      organization,
      openGraph: { description: null, image: 'https://acme.example/card.png', siteName: null },
      icons: [
        { url: 'https://acme.example/icon-192.png', size: 192 },
        { url: 'https://acme.example/apple.png', size: 180 },
        { url: 'https://acme.example/favicon.ico', size: 32 },
      ],
    });
    expect(siteProfile(site).logos).toEqual([
      'https://acme.example/logo.png',
      'https://acme.example/icon-192.png',
      'https://acme.example/apple.png',
      'https://acme.example/card.png',
    ]);
  });
});

describe('filling a profile from the site', () => {
  const site: SiteProfile = {
    overview: 'Site overview.',
    logos: ['https://acme.example/logo.png'],
    headquarters: 'Berlin',
    headcount: 84,
    founded: 2021,
  };
  const company = (overrides: Partial<Company>): Company => ({ ...bareCompany('Acme', 'acme'), ...overrides });

  it("fills the empty fields and marks them as the site's", () => {
    const { company: filled, changed, logoOpen } = fillFromSite(company({}), site);
    expect(filled).toMatchObject({ overview: 'Site overview.', headquarters: 'Berlin', headcount: 84, founded: 2021 });
    expect(filled.fromSite).toEqual(['overview', 'headquarters', 'headcount', 'founded']);
    expect(changed).toEqual(['overview', 'headquarters', 'headcount', 'founded']);
    expect(logoOpen).toBe(true);
  });

  it('never touches what the file set, and refreshes what the site set before', () => {
    const before = company({
      overview: 'Ours.',
      headquarters: 'Munich',
      logo: 'logos/acme.png',
      fromSite: ['headquarters'],
    });
    const { company: filled, changed, logoOpen } = fillFromSite(before, site);
    expect(filled).toMatchObject({
      overview: 'Ours.',
      headquarters: 'Berlin',
      fromSite: ['headquarters', 'headcount', 'founded'],
    });
    expect(changed).toEqual(['headquarters', 'headcount', 'founded']);
    expect(logoOpen).toBe(false);
  });

  it("keeps the site's last value when the site stops stating it", () => {
    const before = company({ headcount: 80, fromSite: ['headcount'] });
    const { company: filled, changed } = fillFromSite(before, { ...site, headcount: null });
    expect(filled.headcount).toBe(80);
    expect(changed).not.toContain('headcount');
  });
});
