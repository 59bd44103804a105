import type { DescriptionInline } from '@board/shared/api/description-blocks';

/**
 * HTML's whitespace rules on a run of inline content: runs of spaces and line breaks in text are
 * one space, none at the start or end of a line; empty formatting is dropped; adjacent text is
 * one string; at most one line break in a row.
 */
export function normalise(inlines: DescriptionInline[]): DescriptionInline[] {
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
