import { boardLocale } from '@board/shared/api/job-display';
import type { RuntimeConfig } from '@board/shared/config/runtime-config';
import { brand } from '@board/shared/lib/brand';
import { scriptJson } from '@board/shared/lib/script-json';
import { escapeHtml } from '../http/html-escape';

/** What a page says about itself in its <head>: for link previews, search engines and feed readers. */
export interface PageHead {
  /** The page's own title; the product's name is added as on the client (PageTitle). */
  title: string;
  description: string;
  /** Absolute URL; none for a page that does not exist. */
  canonical: string | null;
  /** Absolute URL of the preview image: the page's card (og-image-routes.ts), or a company's logo. */
  image?: string | null;
  /** What the image shows, for readers that do not see it. */
  imageAlt?: string;
  /** The image's size in pixels, when known: a wide picture (the card) is shown large on X. */
  imageSize?: { width: number; height: number };
  /** Short facts shown beside a preview (Slack, X): e.g. Location, Salary. */
  facts?: { label: string; value: string }[];
  /** Not to be indexed (404s, the application form). */
  noindex?: boolean;
  /** Atom feeds the page links to. */
  feeds: { title: string; href: string }[];
  /** JSON-LD blocks, by element id. */
  jsonLd?: { id: string; data: unknown }[];
}

const meta = (key: 'name' | 'property', name: string, content: string) =>
  `<meta ${key}="${name}" content="${escapeHtml(content)}">`;

/**
 * Marks the server's tags (values are escaped, so the first `>` ends the opening tag): the shell
 * drops them on the first navigation in the browser (use-server-head.ts). The title stays: React's
 * own <title> goes before it.
 */
const marked = (tag: string) => (tag.startsWith('<title>') ? tag : tag.replace('>', ' data-server-head>'));

/** The full title, as the client's PageTitle writes it. */
function fullTitle(title: string): string {
  return title ? `${title} · ${brand.product}` : brand.product;
}

/** Open Graph's form of the board's locale: en-GB -> en_GB. */
export const ogLocale = boardLocale.replace('-', '_');

/** '@foundryjobs' from the board's X profile (https://x.com/foundryjobs); null when it is no profile's address. */
export function xHandle(profileUrl: string): string | null {
  try {
    const url = new URL(profileUrl);
    const name = /^\/(\w{1,15})\/?$/.exec(url.pathname)?.[1];
    return name && /^(?:www\.|mobile\.)?(?:x|twitter)\.com$/.test(url.hostname) ? `@${name}` : null;
  } catch {
    return null;
  }
}

/**
 * The tags of a page's head, every value escaped. `site` is the environment's config (a
 * RuntimeConfig): its X profile names the board's account (twitter:site).
 */
export function renderHead(head: PageHead, site?: { links?: Partial<Pick<RuntimeConfig['links'], 'x'>> }): string {
  const title = fullTitle(head.title);
  const image = head.image ?? null;
  const handle = site?.links?.x ? xHandle(site.links.x) : null;
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    meta('name', 'description', head.description),
    ...(head.noindex ? [meta('name', 'robots', 'noindex')] : []),
    ...(head.canonical ? [`<link rel="canonical" href="${escapeHtml(head.canonical)}">`] : []),
    meta('property', 'og:site_name', brand.product),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:locale', ogLocale),
    meta('property', 'og:title', title),
    meta('property', 'og:description', head.description),
    ...(head.canonical ? [meta('property', 'og:url', head.canonical)] : []),
    ...(image
      ? [
          meta('property', 'og:image', image),
          ...(head.imageSize
            ? [
                meta('property', 'og:image:width', String(head.imageSize.width)),
                meta('property', 'og:image:height', String(head.imageSize.height)),
              ]
            : []),
          ...(head.imageAlt ? [meta('property', 'og:image:alt', head.imageAlt)] : []),
        ]
      : []),
    meta('name', 'twitter:card', image && head.imageSize ? 'summary_large_image' : 'summary'),
    ...(handle ? [meta('name', 'twitter:site', handle)] : []),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', head.description),
    ...(image
      ? [
          meta('name', 'twitter:image', image),
          ...(head.imageAlt ? [meta('name', 'twitter:image:alt', head.imageAlt)] : []),
        ]
      : []),
    ...(head.facts ?? []).flatMap((fact, index) => [
      meta('name', `twitter:label${index + 1}`, fact.label),
      meta('name', `twitter:data${index + 1}`, fact.value),
    ]),
    ...head.feeds.map(
      (feed) =>
        `<link rel="alternate" type="application/atom+xml" title="${escapeHtml(feed.title)}" href="${escapeHtml(feed.href)}">`,
    ),
    ...(head.jsonLd ?? []).map(
      (block) => `<script type="application/ld+json" id="${escapeHtml(block.id)}">${scriptJson(block.data)}</script>`,
    ),
  ];
  return tags.map(marked).join('');
}
