import { Fragment } from 'react';
import { parseDescription } from './description';

/** Description text as React elements: paragraphs, line breaks, #bold#. Never HTML strings. */
export function JobDescription({ text }: { text: string }) {
  return (
    <div className="space-y-3 leading-7 text-ink/90">
      {parseDescription(text).map((lines, p) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of a fixed text
        <p key={p}>
          {lines.map((segments, l) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: lines of a fixed paragraph
            <Fragment key={l}>
              {l > 0 ? <br /> : null}
              {segments.map((segment, s) =>
                segment.bold ? (
                  // biome-ignore lint/suspicious/noArrayIndexKey: segments of a fixed line
                  <strong key={s} className="font-semibold text-ink">
                    {segment.text}
                  </strong>
                ) : (
                  // biome-ignore lint/suspicious/noArrayIndexKey: segments of a fixed line
                  <Fragment key={s}>{segment.text}</Fragment>
                ),
              )}
            </Fragment>
          ))}
        </p>
      ))}
    </div>
  );
}
