import type { DescriptionBlock, DescriptionInline } from '@board/shared/api/description-blocks';
import { isSafeHref } from '@board/shared/api/description-blocks';
import type { ReactNode } from 'react';

/**
 * An imported description (the API made the ATS's HTML safe and sent it as blocks): paragraphs,
 * sub-headings, lists, bold, emphasis, links and line breaks, as React elements. Never an HTML
 * string: nothing in the text can become markup, and a link goes only to an http(s) or mailto
 * address, in a new tab, marked as not the board's own (`nofollow ugc`).
 */
export function RichDescription({ blocks }: { blocks: DescriptionBlock[] }) {
  return (
    <div className="space-y-3 leading-7 break-words text-ink/90">
      {blocks.map((block, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: blocks of a fixed description
        <Block key={index} block={block} />
      ))}
    </div>
  );
}

function Block({ block }: { block: DescriptionBlock }) {
  if ('p' in block) return <p>{inlines(block.p)}</p>;
  if ('h' in block) return <h3 className="pt-2 text-base font-semibold text-ink">{inlines(block.h)}</h3>;
  const items = 'ul' in block ? block.ul : block.ol;
  const List = 'ul' in block ? 'ul' : 'ol';
  return (
    <List className={`${'ul' in block ? 'list-disc' : 'list-decimal'} space-y-1 pl-5`}>
      {items.map((item, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: items of a fixed list
        <li key={index}>{inlines(item)}</li>
      ))}
    </List>
  );
}

function inlines(items: DescriptionInline[]): ReactNode[] {
  return items.map((item, index) => {
    if (typeof item === 'string') return item;
    // biome-ignore lint/suspicious/noArrayIndexKey: parts of a fixed line
    if ('br' in item) return <br key={index} />;
    if ('b' in item)
      return (
        // biome-ignore lint/suspicious/noArrayIndexKey: parts of a fixed line
        <strong key={index} className="font-semibold text-ink">
          {inlines(item.b)}
        </strong>
      );
    // biome-ignore lint/suspicious/noArrayIndexKey: parts of a fixed line
    if ('i' in item) return <em key={index}>{inlines(item.i)}</em>;
    if (!isSafeHref(item.href)) return inlines(item.a);
    return (
      <a
        // biome-ignore lint/suspicious/noArrayIndexKey: parts of a fixed line
        key={index}
        href={item.href}
        target="_blank"
        rel="nofollow noopener noreferrer ugc"
        className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
      >
        {inlines(item.a)}
      </a>
    );
  });
}
