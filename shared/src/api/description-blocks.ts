import * as v from 'valibot';

/**
 * A job description imported from an ATS, as data rather than HTML: the API sanitizes the ATS's
 * HTML and converts it into these blocks once, when it imports the job
 * (api/src/sources/description.ts), and the job page renders them as React elements. No HTML
 * string ever reaches a page, so nothing in an ATS's answer can run or restyle one.
 *
 * - a paragraph `{ p }`, a heading `{ h }` (shown as a sub-heading of the description), a list
 *   `{ ul }` or `{ ol }` of items;
 * - inline: text, `{ b }` bold, `{ i }` emphasis, `{ a, href }` a link (http, https or mailto
 *   only), `{ br: 1 }` a line break.
 */
export type DescriptionInline =
  | string
  | { b: DescriptionInline[] }
  | { i: DescriptionInline[] }
  | { a: DescriptionInline[]; href: string }
  | { br: 1 };

export type DescriptionBlock =
  | { p: DescriptionInline[] }
  | { h: DescriptionInline[] }
  | { ul: DescriptionInline[][] }
  | { ol: DescriptionInline[][] };

/** A link the page may show: an absolute http(s) or mailto address, nothing else (no javascript:, data:). */
export function isSafeHref(href: string): boolean {
  if (href.length > 2000) return false;
  try {
    const url = new URL(href);
    return url.protocol === 'https:' || url.protocol === 'http:' || url.protocol === 'mailto:';
  } catch {
    return false;
  }
}

const inlinesWire: v.GenericSchema<DescriptionInline[]> = v.lazy(() => DescriptionInlinesWire);

/** Inline content as the API sends it (see `DescriptionInline`). */
export const DescriptionInlinesWire = v.array(
  v.union([
    v.string(),
    v.strictObject({ b: inlinesWire }),
    v.strictObject({ i: inlinesWire }),
    v.strictObject({ a: inlinesWire, href: v.pipe(v.string(), v.check(isSafeHref)) }),
    v.strictObject({ br: v.literal(1) }),
  ]),
);

/** The blocks as the API sends them (call 4's `description_blocks`): what the import made, nothing else. */
export const DescriptionBlocksWire = v.array(
  v.union([
    v.strictObject({ p: inlinesWire }),
    v.strictObject({ h: inlinesWire }),
    v.strictObject({ ul: v.array(inlinesWire) }),
    v.strictObject({ ol: v.array(inlinesWire) }),
  ]),
);

/** Past this depth inline formatting is flattened to its text (an answer cannot nest it without end). */
const maxDepth = 8;

function inlines(value: unknown, depth: number): DescriptionInline[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => inline(item, depth));
}

function inline(value: unknown, depth: number): DescriptionInline[] {
  if (typeof value === 'string') return value ? [value] : [];
  if (typeof value !== 'object' || value === null) return [];
  const node = value as Record<string, unknown>;
  if (node.br === 1) return [{ br: 1 }];
  const inner = (key: 'b' | 'i' | 'a') => (depth >= maxDepth ? textOf(node[key]) : inlines(node[key], depth + 1));
  if ('b' in node) return [{ b: inner('b') }];
  if ('i' in node) return [{ i: inner('i') }];
  if ('a' in node) {
    const content = inner('a');
    return typeof node.href === 'string' && isSafeHref(node.href) ? [{ a: content, href: node.href }] : content;
  }
  return [];
}

function textOf(value: unknown): DescriptionInline[] {
  const parts: string[] = [];
  const walk = (item: unknown) => {
    if (typeof item === 'string') parts.push(item);
    else if (Array.isArray(item)) item.forEach(walk);
    else if (typeof item === 'object' && item !== null) Object.values(item).forEach(walk);
  };
  walk(value);
  const text = parts.join('');
  return text ? [text] : [];
}

function block(value: unknown): DescriptionBlock[] {
  if (typeof value !== 'object' || value === null) return [];
  const node = value as Record<string, unknown>;
  if ('p' in node) return [{ p: inlines(node.p, 0) }];
  if ('h' in node) return [{ h: inlines(node.h, 0) }];
  for (const key of ['ul', 'ol'] as const) {
    if (key in node) {
      const items = Array.isArray(node[key]) ? (node[key] as unknown[]).map((item) => inlines(item, 0)) : [];
      return [key === 'ul' ? { ul: items } : { ol: items }];
    }
  }
  return [];
}

/**
 * The blocks of an answer, read leniently as every field of a job is: what is not a block is
 * dropped, a link whose address is not http(s) or mailto becomes its text; null when the answer
 * has none (the page then shows `description` by the SPEC's text rules).
 */
export const DescriptionBlocksSchema = v.pipe(
  v.fallback(v.nullish(v.array(v.unknown())), null),
  v.transform((items): DescriptionBlock[] | null => {
    if (items === null || items === undefined) return null;
    const blocks = items.flatMap(block);
    return blocks.length > 0 ? blocks : null;
  }),
);
