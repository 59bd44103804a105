/**
 * A description's blocks as text: its words alone (the cards' short description, a length kept
 * within the budget) and the SPEC's text (paragraphs on blank lines, newlines, #bold#).
 */
import type { DescriptionBlock, DescriptionInline } from '@board/shared/api/description-blocks';

export function textLength(block: DescriptionBlock): number {
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
export function plainText(blocks: DescriptionBlock[]): string {
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
export function blocksText(blocks: DescriptionBlock[]): string {
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
