import { type DescriptionBlock, type DescriptionInline, isSafeHref } from '@board/shared/api/description-blocks';
import { clip } from '@board/shared/lib/clip';
import { decodeHTML } from 'entities';
import { parseDocument } from 'htmlparser2';
import sanitizeHtml from 'sanitize-html';
import { cleanText } from '../lib/clean-text';

/** htmlparser2's DOM nodes (domhandler's), as its parser returns them. */
type ChildNode = ReturnType<typeof parseDocument>['children'][number];
type Element = Extract<ChildNode, { name: string; attribs: Record<string, string> }>;

/**
 * An ATS's job description (HTML from outside: untrusted) made safe and kept readable, in three
 * forms: the blocks the job page renders (paragraphs, headings, lists, bold, emphasis, links,
 * line breaks: @board/shared/api/description-blocks), the SPEC's text (`description`: paragraphs
 * on blank lines, newlines, #bold#) for clients that read call 4 as the SPEC states it, and the
 * short description of the cards.
 *
 * 1. sanitize-html (docs/decisions/024) keeps only the tags and the `href` listed below: scripts,
 *    styles, iframes, forms and other embedded content go with their content, event handlers and
 *    every other attribute go, images (tracking pixels) go, and a link whose scheme is not http,
 *    https or mailto loses its address;
 * 2. htmlparser2 reads the sanitized HTML into a tree, which is walked into blocks.
 */
export interface ImportedDescription {
  blocks: DescriptionBlock[];
  text: string;
  short: string;
}

/** An answer's description is read up to this many characters (real ones are under 30,000). */
const maxHtml = 300_000;
/** What a description keeps at most: its text and its blocks. */
const maxText = 60_000;
const maxBlocks = 1_000;
const shortLength = 200;

const blockTags = new Set([
  'p',
  'div',
  'section',
  'article',
  'header',
  'footer',
  'blockquote',
  'pre',
  'table',
  'thead',
  'tbody',
  'tr',
  'td',
  'th',
  'dl',
  'dt',
  'dd',
  'hr',
]);
const headingTags = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
const listTags = new Set(['ul', 'ol']);

const sanitizeOptions: sanitizeHtml.IOptions = {
  allowedTags: ['strong', 'b', 'em', 'i', 'u', 'a', 'br', 'li', 'span', ...blockTags, ...headingTags, ...listTags],
  allowedAttributes: { a: ['href'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Tags dropped with everything inside them (other disallowed tags keep their text).
  nonTextTags: [
    'script',
    'style',
    'noscript',
    'template',
    'iframe',
    'frame',
    'frameset',
    'object',
    'embed',
    'applet',
    'form',
    'button',
    'select',
    'option',
    'textarea',
    'input',
    'svg',
    'math',
    'canvas',
    'audio',
    'video',
    'map',
    'head',
    'title',
  ],
};

/**
 * The description of an ATS's HTML. `entityEscaped`: the HTML arrives escaped once more (Greenhouse's
 * `content`: `&lt;p&gt;`), so that layer is decoded first, exactly once.
 */
export function descriptionFromHtml(html: unknown, options: { entityEscaped?: boolean } = {}): ImportedDescription {
  if (typeof html !== 'string' || html.trim() === '') return { blocks: [], text: '', short: '' };
  let source = html.slice(0, maxHtml);
  if (options.entityEscaped) source = decodeHTML(source);
  const safe = sanitizeHtml(cleanText(source, maxHtml), sanitizeOptions);
  const blocks = toBlocks(parseDocument(safe).children);
  const text = blocksText(blocks);
  return { blocks, text, short: clip(plainText(blocks), shortLength) };
}

/** Plain text (no HTML) shown as the description: its paragraphs (blank lines) become paragraphs. */
export function descriptionFromText(value: unknown): ImportedDescription {
  if (typeof value !== 'string' || value.trim() === '') return { blocks: [], text: '', short: '' };
  const text = cleanText(value, maxText);
  const blocks: DescriptionBlock[] = text
    .split(/\n[ \t]*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .slice(0, maxBlocks)
    .map((paragraph) => ({
      p: paragraph.split('\n').flatMap((line, index) => (index > 0 ? [{ br: 1 } as const, line] : [line])),
    }));
  return { blocks, text: blocksText(blocks), short: clip(plainText(blocks), shortLength) };
}

// The walk: block-level elements end the paragraph under way; inline content gathers into it.

function toBlocks(nodes: ChildNode[]): DescriptionBlock[] {
  const blocks: DescriptionBlock[] = [];
  let run: DescriptionInline[] = [];
  let budget = maxText;
  const push = (block: DescriptionBlock | null) => {
    if (!block || blocks.length >= maxBlocks || budget <= 0) return;
    budget -= textLength(block);
    blocks.push(block);
  };
  const flush = () => {
    push(paragraph('p', run));
    run = [];
  };
  // Depth-first in document order, on a stack of its own rather than the call stack: a description
  // may nest elements tens of thousands deep. An entry is a node to read, or the end of a block
  // element (its paragraph ends there).
  const pending: (ChildNode | typeof endOfBlock)[] = [...nodes].reverse();
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    if (node === endOfBlock) flush();
    else if (node.type === 'text') run.push(node.data);
    else if (node.type === 'tag' || node.type === 'script' || node.type === 'style') {
      const element = node as Element;
      const name = element.name.toLowerCase();
      if (headingTags.has(name)) {
        flush();
        push(paragraph('h', inlinesOf(element.children, 0)));
      } else if (listTags.has(name)) {
        flush();
        push(list(name as 'ul' | 'ol', element.children));
      } else if (name === 'li') {
        flush();
        push(list('ul', [element]));
      } else if (name === 'p') {
        flush();
        push(paragraph('p', inlinesOf(element.children, 0)));
      } else if (blockTags.has(name)) {
        flush();
        pending.push(endOfBlock);
        for (let index = element.children.length - 1; index >= 0; index--)
          pending.push(element.children[index] as ChildNode);
      } else run.push(...inlinesOf([element], 0));
    }
  }
  flush();
  return blocks;
}

const endOfBlock = Symbol('end of block');

/** A list's items: each `li`'s inline content; a list inside an item adds its items after it. */
function list(kind: 'ul' | 'ol', children: ChildNode[]): DescriptionBlock | null {
  const items: DescriptionInline[][] = [];
  // In document order, each item's own content before the lists inside it, on a stack of its own
  // (lists may nest to any depth).
  const pending: ChildNode[] = [...children].reverse();
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    if (node.type !== 'tag') continue;
    const child = node as Element;
    let inner: ChildNode[] = [];
    if (child.name === 'li') {
      const nested = child.children.filter((item) => item.type === 'tag' && listTags.has((item as Element).name));
      const own = normalise(
        inlinesOf(
          child.children.filter((item) => !nested.includes(item)),
          0,
        ),
      );
      if (own.length > 0) items.push(own);
      inner = nested.flatMap((list) => (list as Element).children);
    } else if (listTags.has(child.name)) inner = child.children;
    for (let index = inner.length - 1; index >= 0; index--) pending.push(inner[index] as ChildNode);
  }
  if (items.length === 0) return null;
  return kind === 'ul' ? { ul: items } : { ol: items };
}

function paragraph(kind: 'p' | 'h', inlines: DescriptionInline[]): DescriptionBlock | null {
  const content = normalise(inlines);
  if (content.length === 0 || content.every((item) => typeof item === 'object' && 'br' in item)) return null;
  return kind === 'p' ? { p: content } : { h: content };
}

function inlinesOf(nodes: ChildNode[], depth: number): DescriptionInline[] {
  const out: DescriptionInline[] = [];
  for (const node of nodes) {
    if (node.type === 'text') out.push(node.data);
    else if (node.type === 'tag') {
      const element = node as Element;
      const inner = () => (depth >= 8 ? [textOfNodes(element.children)] : inlinesOf(element.children, depth + 1));
      const name = element.name.toLowerCase();
      if (name === 'br') out.push({ br: 1 });
      else if (name === 'strong' || name === 'b' || headingTags.has(name)) out.push({ b: inner() });
      else if (name === 'em' || name === 'i') out.push({ i: inner() });
      else if (name === 'a') {
        const href = element.attribs.href?.trim() ?? '';
        out.push(...(isSafeHref(href) ? [{ a: inner(), href }] : inner()));
      } else if (blockTags.has(name) || listTags.has(name) || name === 'li') {
        // A block inside inline content (a list in a paragraph's bold): its text on a line of its own.
        out.push({ br: 1 }, ...inner(), { br: 1 });
      } else out.push(...inner());
    }
  }
  return out;
}

/** The text of nodes at any depth, read on a stack of its own. */
function textOfNodes(nodes: ChildNode[]): string {
  let text = '';
  const pending: ChildNode[] = [...nodes].reverse();
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    if (node.type === 'text') text += node.data;
    else if (node.type === 'tag') {
      const { children } = node as Element;
      for (let index = children.length - 1; index >= 0; index--) pending.push(children[index] as ChildNode);
    }
  }
  return text;
}

/**
 * HTML's whitespace rules on a run of inline content: runs of spaces and line breaks in text are
 * one space, none at the start or end of a line; empty formatting is dropped; adjacent text is
 * one string; at most one line break in a row.
 */
function normalise(inlines: DescriptionInline[]): DescriptionInline[] {
  const collapsed = collapse(inlines);
  trimEdges(collapsed);
  return collapsed;
}

function collapse(inlines: DescriptionInline[]): DescriptionInline[] {
  const out: DescriptionInline[] = [];
  for (const item of inlines) {
    let node: DescriptionInline | null = item;
    if (typeof item === 'string') node = item.replace(/[ \t\n\r\f]+/g, ' ');
    else if ('b' in item) node = nonEmpty({ b: collapse(item.b) });
    else if ('i' in item) node = nonEmpty({ i: collapse(item.i) });
    else if ('a' in item) node = { a: collapse(item.a), href: item.href };
    if (node === null || node === '') continue;
    if (typeof node === 'object' && 'a' in node && node.a.length === 0) continue;
    const last = out.at(-1);
    if (typeof node === 'string' && typeof last === 'string')
      out[out.length - 1] = `${last}${node}`.replace(/ {2,}/g, ' ');
    else if (isBreak(node) && isBreak(last)) continue;
    else out.push(node);
  }
  return out;
}

/** Formatting of nothing is nothing; of spaces only, a space. */
function nonEmpty<T extends { b: DescriptionInline[] } | { i: DescriptionInline[] }>(node: T): T | string | null {
  const inner = 'b' in node ? node.b : node.i;
  if (inner.length === 0) return null;
  return inner.every((item) => typeof item === 'string' && item.trim() === '') ? ' ' : node;
}

const isBreak = (item: DescriptionInline | undefined): boolean => typeof item === 'object' && 'br' in item;

/** No space at the start or end of the content or around a line break; no break at either end. */
function trimEdges(inlines: DescriptionInline[]) {
  while (isBreak(inlines[0])) inlines.shift();
  while (isBreak(inlines.at(-1))) inlines.pop();
  for (let index = 0; index < inlines.length; index++) {
    const item = inlines[index];
    if (typeof item !== 'string') continue;
    let text = item;
    if (index === 0 || isBreak(inlines[index - 1])) text = text.replace(/^ +/, '');
    if (index === inlines.length - 1 || isBreak(inlines[index + 1])) text = text.replace(/ +$/, '');
    inlines[index] = text;
  }
  for (let index = inlines.length - 1; index >= 0; index--) if (inlines[index] === '') inlines.splice(index, 1);
  if (typeof inlines[0] === 'object') trimInside(inlines[0], 'start');
  if (typeof inlines.at(-1) === 'object') trimInside(inlines.at(-1) as DescriptionInline, 'end');
}

function trimInside(node: DescriptionInline, edge: 'start' | 'end') {
  if (typeof node !== 'object' || 'br' in node) return;
  const inner = 'b' in node ? node.b : 'i' in node ? node.i : node.a;
  const index = edge === 'start' ? 0 : inner.length - 1;
  const item = inner[index];
  if (typeof item === 'string') inner[index] = edge === 'start' ? item.replace(/^ +/, '') : item.replace(/ +$/, '');
  else if (item) trimInside(item, edge);
}

// Text forms.

function textLength(block: DescriptionBlock): number {
  return plainText([block]).length;
}

function plainInline(inlines: DescriptionInline[]): string {
  return inlines
    .map((item) =>
      typeof item === 'string'
        ? item
        : 'br' in item
          ? '\n'
          : plainInline('b' in item ? item.b : 'i' in item ? item.i : item.a),
    )
    .join('');
}

/** The description's words, without any marker (the cards' short description, the JSON-LD). */
function plainText(blocks: DescriptionBlock[]): string {
  return blocks
    .map((block) => {
      if ('p' in block) return plainInline(block.p);
      if ('h' in block) return plainInline(block.h);
      return ('ul' in block ? block.ul : block.ol).map(plainInline).join('\n');
    })
    .join('\n\n');
}

/** Bold in the SPEC's text: `#words#`, only where its renderer reads it as bold (words, no #, at word boundaries). */
const boldable = /^[^#\s](?:[^#\n]*[^#\s])?$/;

function specInline(inlines: DescriptionInline[]): string {
  // Segments of one line, then joined: a bold run is marked only between a boundary and a boundary.
  const segments: { text: string; bold: boolean }[] = [];
  const walk = (items: DescriptionInline[], bold: boolean) => {
    for (const item of items) {
      if (typeof item === 'string') segments.push({ text: item, bold });
      else if ('br' in item) segments.push({ text: '\n', bold: false });
      else if ('b' in item) walk(item.b, true);
      else walk('i' in item ? item.i : item.a, bold);
    }
  };
  walk(inlines, false);
  const merged: { text: string; bold: boolean }[] = [];
  for (const segment of segments) {
    const last = merged.at(-1);
    if (last && last.bold === segment.bold && segment.text !== '\n' && last.text !== '\n') last.text += segment.text;
    else merged.push({ ...segment });
  }
  let out = '';
  merged.forEach((segment, index) => {
    if (!segment.bold) {
      out += segment.text;
      return;
    }
    const lead = segment.text.match(/^\s*/)?.[0] ?? '';
    const tail = segment.text.match(/\s*$/)?.[0] ?? '';
    const words = segment.text.trim();
    const next = `${tail}${merged[index + 1]?.text ?? ''}`;
    const before = `${out}${lead}`;
    const marked =
      boldable.test(words) && (before === '' || /[\s(]$/.test(before)) && (next === '' || /^[\s.,;:!?)]/.test(next));
    out += marked ? `${lead}#${words}#${tail}` : segment.text;
  });
  return out;
}

/** The SPEC's description text of the blocks. */
function blocksText(blocks: DescriptionBlock[]): string {
  return blocks
    .map((block) => {
      if ('p' in block) return specInline(block.p);
      if ('h' in block) return specInline([{ b: block.h }]);
      if ('ul' in block) return block.ul.map((item) => `• ${specInline(item).replace(/\n/g, ' ')}`).join('\n');
      return block.ol.map((item, index) => `${index + 1}. ${specInline(item).replace(/\n/g, ' ')}`).join('\n');
    })
    .map((text) => text.replace(/\n{2,}/g, '\n').trim())
    .filter(Boolean)
    .join('\n\n');
}
