import { Parser } from 'htmlparser2';
import { cleanText } from '../lib/clean-text';

/** Elements whose content is never text a reader sees: dropped with everything inside them. */
const hidden = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'iframe',
  'object',
  'embed',
  'svg',
  'math',
  'head',
  'title',
  'select',
  'textarea',
  'button',
]);
/** Elements that end a paragraph. */
const blocks = new Set([
  'p',
  'div',
  'section',
  'article',
  'header',
  'footer',
  'blockquote',
  'li',
  'ul',
  'ol',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'table',
  'tr',
  'br',
  'hr',
  'dd',
  'dt',
]);

/** Text that could still read as markup: a `<` that opens a tag, a comment or a declaration. */
const markupLike = /<[a-z!/?]/i;

/**
 * The text a reader sees in HTML from a stranger's site (a description, a board's intro): entities
 * decoded, tags gone, scripts, styles and other hidden content gone with what they hold,
 * paragraphs separated by a blank line when `paragraphs`, else one line. Text that was markup
 * escaped once more (`&lt;script&gt;`) is read again, so no tag survives as text either. At most
 * `max` characters, cut at a word.
 */
export function htmlText(html: string, max: number, options: { paragraphs?: boolean } = {}): string {
  let text = html.slice(0, max * 20);
  for (let pass = 0; pass < 3; pass++) {
    text = visibleText(text);
    if (!markupLike.test(text)) break;
  }
  // What still looks like a tag after three readings loses its angle brackets.
  text = text.replace(/<+(?=[a-z!/?])/gi, '').replace(/\uFFFD/g, '');
  const paragraphs = cleanText(text, text.length)
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
  return cut(options.paragraphs ? paragraphs.join('\n\n') : paragraphs.join(' '), max);
}

function visibleText(html: string): string {
  const parts: string[] = [];
  let hiddenDepth = 0;
  const parser = new Parser(
    {
      onopentag(name) {
        if (hidden.has(name)) hiddenDepth++;
        else if (blocks.has(name)) parts.push('\n\n');
      },
      onclosetag(name) {
        if (hidden.has(name)) hiddenDepth = Math.max(0, hiddenDepth - 1);
        else if (blocks.has(name)) parts.push('\n\n');
      },
      ontext(text) {
        if (hiddenDepth === 0) parts.push(text);
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return parts.join('');
}

/** `text` of at most `max` characters, cut after a whole word with an ellipsis. */
function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  const head = text.slice(0, /[\uD800-\uDBFF]/.test(text[max - 2] ?? '') ? max - 2 : max - 1);
  const space = head.search(/\s\S*$/);
  return `${(space > max / 2 ? head.slice(0, space) : head).trimEnd()}…`;
}
