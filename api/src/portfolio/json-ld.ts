import { htmlText } from './html-text';

/**
 * The company as its site describes itself in JSON-LD (schema.org `Organization` and its kinds):
 * found at the top, in arrays, in `@graph`, or inside another node (a WebPage's `publisher`),
 * references by `@id` followed. Any JSON is accepted and read defensively: a value of an
 * unexpected shape is skipped, never trusted.
 */
export interface SiteOrganization {
  description: string | null;
  logo: string | null;
  founded: number | null;
  headcount: number | null;
  headquarters: string | null;
  sameAs: string[];
}

const organizationTypes = new Set([
  'Organization',
  'Corporation',
  'OnlineBusiness',
  'OnlineStore',
  'LocalBusiness',
  'NGO',
  'EducationalOrganization',
  'MedicalOrganization',
  'NewsMediaOrganization',
  'ResearchOrganization',
  'SportsOrganization',
  'GovernmentOrganization',
  'Project',
]);
/** Nodes visited in all: a page's JSON-LD has tens. */
const maxNodes = 2_000;
const maxDepth = 12;

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The page's organization from its JSON-LD blocks (each block's text), the one whose `url` is the page's site first. */
export function siteOrganization(blocks: string[], pageUrl: URL): SiteOrganization | null {
  const nodes: Node[] = [];
  const visit = (value: unknown, depth: number) => {
    if (nodes.length >= maxNodes || depth > maxDepth) return;
    if (Array.isArray(value)) for (const item of value) visit(item, depth + 1);
    else if (isNode(value)) {
      nodes.push(value);
      for (const inner of Object.values(value)) visit(inner, depth + 1);
    }
  };
  for (const block of blocks) {
    try {
      visit(JSON.parse(block), 0);
    } catch {
      // A block that is not JSON says nothing.
    }
  }
  const byId = new Map<string, Node>();
  for (const node of nodes)
    if (typeof node['@id'] === 'string' && Object.keys(node).length > 1) byId.set(node['@id'], node);
  const resolve = (value: unknown): unknown =>
    isNode(value) && typeof value['@id'] === 'string' && Object.keys(value).length === 1
      ? (byId.get(value['@id']) ?? value)
      : value;

  const organizations = nodes.filter((node) => typesOf(node['@type']).some((type) => organizationTypes.has(type)));
  const site = hostOf(pageUrl.href);
  const organization =
    organizations.find((node) => hostOf(urlIn(resolve(node.url), pageUrl)) === site) ?? organizations[0];
  if (!organization) return null;
  const field = (key: string) => resolve(first(organization[key]));
  return {
    description: textIn(field('description'), 2000),
    logo: urlIn(field('logo'), pageUrl, resolve),
    founded: yearIn(field('foundingDate')),
    headcount: countIn(field('numberOfEmployees')),
    headquarters: addressIn(field('address'), resolve),
    sameAs: [organization.sameAs]
      .flat()
      .map((value) => urlIn(value, pageUrl))
      .filter((url): url is string => url !== null)
      .slice(0, 20),
  };
}

/** `@type` as names without a vocabulary: `Organization`, `schema:Organization`, `https://schema.org/Organization`. */
function typesOf(value: unknown): string[] {
  return [value]
    .flat()
    .filter((type): type is string => typeof type === 'string')
    .map((type) => type.replace(/^(?:https?:\/\/schema\.org\/|schema:)/, ''));
}

const first = (value: unknown): unknown => (Array.isArray(value) ? value[0] : value);

function hostOf(url: string | null): string | null {
  if (!url) return null;
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return null;
  }
}

/** Text: a string or `{ "@value": … }`, read as HTML (markup a site put in it goes). */
export function textIn(value: unknown, max: number): string | null {
  const raw = isNode(value) ? value['@value'] : value;
  if (typeof raw !== 'string') return null;
  return htmlText(raw, max) || null;
}

/** An http(s) address, resolved against the page: a string, or an ImageObject's `url` or `contentUrl`. */
export function urlIn(value: unknown, pageUrl: URL, resolve: (value: unknown) => unknown = (v) => v): string | null {
  const resolved = resolve(first(value));
  const raw = isNode(resolved) ? (first(resolved.url) ?? first(resolved.contentUrl)) : resolved;
  if (typeof raw !== 'string' || raw.length > 2000) return null;
  try {
    const url = new URL(raw.trim(), pageUrl);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

function yearIn(value: unknown): number | null {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  const year = /^(\d{4})(?:$|-)/.exec(text)?.[1];
  const number = Number(year);
  return year && number >= 1800 && number <= 2100 ? number : null;
}

/** A number of people: a number, or a QuantitativeValue's `value`, else its `minValue` (a floor the site states). */
function countIn(value: unknown): number | null {
  const raw = isNode(value) ? (value.value ?? value.minValue ?? value.maxValue) : value;
  const number =
    typeof raw === 'number'
      ? raw
      : typeof raw === 'string' && /^\s*\d[\d,]*\s*$/.test(raw)
        ? Number(raw.replace(/[,\s]/g, ''))
        : NaN;
  return Number.isInteger(number) && number >= 1 && number <= 10_000_000 ? number : null;
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** "Berlin, Germany": a text address, or a PostalAddress's locality, region and country (a code made a name). */
function addressIn(value: unknown, resolve: (value: unknown) => unknown): string | null {
  if (typeof value === 'string') return textIn(value, 200);
  if (!isNode(value)) return null;
  const country = resolve(first(value.addressCountry));
  const countryText = textIn(isNode(country) ? country.name : country, 100);
  const parts = [
    textIn(first(value.addressLocality), 100),
    textIn(first(value.addressRegion), 100),
    countryText && /^[A-Z]{2}$/.test(countryText) ? (regionNames.of(countryText) ?? countryText) : countryText,
  ].filter((part): part is string => part !== null);
  const distinct = parts.filter(
    (part, index) => parts.findIndex((other) => other.toLowerCase() === part.toLowerCase()) === index,
  );
  return distinct.join(', ').slice(0, 200) || null;
}
