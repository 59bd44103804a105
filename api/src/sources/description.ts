import { type DescriptionBlock, type DescriptionInline, isSafeHref } from '@board/shared/api/description-blocks';
import { clip } from '@board/shared/lib/clip';
import { decodeHTML } from 'entities';
import { parseDocument } from 'htmlparser2';
import sanitizeHtml from 'sanitize-html';
import { cleanText } from '../lib/clean-text';
import { blocksText, plainText, textLength } from './description-text';
import { normalise } from './inline-whitespace';

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
