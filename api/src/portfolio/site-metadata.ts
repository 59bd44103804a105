import { Parser } from 'htmlparser2';
import { htmlText } from './html-text';
import { type SiteOrganization, siteOrganization, urlIn } from './json-ld';

/**
 * What a company's home page says about the company, read from its HTML (a string the guarded
 * fetch brought, at most 2 MB) and the address it was read from: JSON-LD `Organization`, Open
 * Graph, `<meta name="description">` and its icons. Everything is text or an http(s) address
 * resolved against the page; nothing of the page is kept as HTML. docs/decisions/040.
 */
export interface SiteMetadata {
  organization: SiteOrganization | null;
  openGraph: { description: string | null; image: string | null; siteName: string | null };
  description: string | null;
  /** The page's icons, the largest first (an `apple-touch-icon` before an `icon` of its size). */
  icons: { url: string; size: number }[];
}

/** The most of a page read, and of one attribute, one JSON-LD block and all of them. */
const maxPage = 2_000_000;
const maxAttribute = 20_000;
const maxBlock = 500_000;
const maxBlocks = 20;

/** An icon that states no size: an apple-touch-icon is 180 px by convention, a favicon small. */
const appleTouchSize = 180;

export function readSiteMetadata(html: string, pageUrl: URL): SiteMetadata {
  const meta = new Map<string, string>();
  const links: { rel: string[]; href: string; sizes: string; type: string }[] = [];
  const blocks: string[] = [];
  let base: URL | null = null;
  let block: string[] | null = null;
  let blockLength = 0;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        const attribute = (key: string) => (attributes[key] ?? '').slice(0, maxAttribute);
        if (name === 'meta') {
          const key = (attribute('property') || attribute('name')).trim().toLowerCase();
          if (key && !meta.has(key) && attributes.content !== undefined) meta.set(key, attribute('content'));
        } else if (name === 'link') {
          links.push({
            rel: attribute('rel').toLowerCase().split(/\s+/),
            href: attribute('href'),
            sizes: attribute('sizes').toLowerCase(),
            type: attribute('type').toLowerCase(),
          });
        } else if (name === 'base' && base === null && attributes.href) {
          base = URL.canParse(attribute('href'), pageUrl) ? new URL(attribute('href'), pageUrl) : null;
        } else if (name === 'script' && attribute('type').trim().toLowerCase() === 'application/ld+json') {
          block = blocks.length < maxBlocks ? [] : null;
          blockLength = 0;
        }
      },
      ontext(text) {
        if (block && blockLength + text.length <= maxBlock) {
          block.push(text);
          blockLength += text.length;
        } else block = null;
      },
      onclosetag(name) {
        if (name === 'script' && block) blocks.push(block.join(''));
        if (name === 'script') block = null;
      },
    },
    { decodeEntities: true },
  );
  parser.write(html.slice(0, maxPage));
  parser.end();

  const against: URL = base ?? pageUrl;
  const text = (key: string) => htmlText(meta.get(key) ?? '', 2000) || null;
  return {
    organization: siteOrganization(blocks, against),
    openGraph: {
      description: text('og:description'),
      image: urlIn(meta.get('og:image') ?? meta.get('og:image:secure_url') ?? meta.get('og:image:url'), against),
      siteName: htmlText(meta.get('og:site_name') ?? '', 200) || null,
    },
    description: text('description'),
    icons: links
      .flatMap((link) => {
        const apple = link.rel.some((rel) => rel === 'apple-touch-icon' || rel === 'apple-touch-icon-precomposed');
        if (!apple && !link.rel.includes('icon')) return [];
        const url = urlIn(link.href, against);
        return url ? [{ url, size: sizeOf(link.sizes, link.type, apple), apple }] : [];
      })
      .sort((a, b) => b.size - a.size || Number(b.apple) - Number(a.apple))
      .map(({ url, size }) => ({ url, size })),
  };
}

/** The largest side `sizes` states (`any` or an SVG: drawn at any size), else the convention. */
function sizeOf(sizes: string, type: string, apple: boolean): number {
  if (sizes.split(/\s+/).includes('any') || type === 'image/svg+xml') return 1024;
  const stated = [...sizes.matchAll(/(\d{1,5})x(\d{1,5})/g)].map((match) =>
    Math.min(Number(match[1]), Number(match[2])),
  );
  if (stated.length > 0) return Math.max(...stated);
  return apple ? appleTouchSize : 0;
}
