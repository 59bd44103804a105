import { brand } from '@board/shared/lib/brand';
import { scriptJson } from '@board/shared/lib/script-json';
import { escapeHtml } from './html-escape';

/** What a page says about itself in its <head>: for link previews, search engines and feed readers. */
export interface PageHead {
  /** The page's own title; the product's name is added as on the client (PageTitle). */
  title: string;
  description: string;
  /** Absolute URL; none for a page that does not exist. */
  canonical: string | null;
  /** Absolute URL of the preview image (a job's or company's logo). */
  image?: string | null;
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
export function fullTitle(title: string): string {
  return title ? `${title} · ${brand.product}` : brand.product;
}

/** The tags of a page's head, every value escaped. */
export function renderHead(head: PageHead): string {
  const title = fullTitle(head.title);
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    meta('name', 'description', head.description),
    ...(head.noindex ? [meta('name', 'robots', 'noindex')] : []),
    ...(head.canonical ? [`<link rel="canonical" href="${escapeHtml(head.canonical)}">`] : []),
    meta('property', 'og:site_name', brand.product),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:title', title),
    meta('property', 'og:description', head.description),
    ...(head.canonical ? [meta('property', 'og:url', head.canonical)] : []),
    ...(head.image ? [meta('property', 'og:image', head.image)] : []),
    meta('name', 'twitter:card', 'summary'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', head.description),
    ...(head.image ? [meta('name', 'twitter:image', head.image)] : []),
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
