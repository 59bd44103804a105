import { decodeHTML } from 'entities';
import { htmlText } from './html-text';

/** The most of an intro read: real ones are a few paragraphs. */
const maxContent = 200_000;

/**
 * A Greenhouse board's own intro, from `GET /v1/boards/{board}` (`{ name, content }`): `content` is
 * HTML escaped once more (`&lt;p&gt;`, as in its jobs' descriptions), so it is decoded once and
 * then read as HTML into paragraphs of text. `null` when the answer has no intro.
 */
export function greenhouseIntro(body: unknown): string | null {
  const content = typeof body === 'object' && body !== null ? (body as { content?: unknown }).content : null;
  if (typeof content !== 'string') return null;
  return htmlText(decodeHTML(content.slice(0, maxContent)), 2000, { paragraphs: true }) || null;
}
