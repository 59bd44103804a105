import { describe, expect, it } from 'vitest';
import { descriptionFromHtml } from './description';
import { describeHtml } from './description-pool';

describe('descriptions sanitized on their own thread', () => {
  const answers: [string, unknown, { entityEscaped?: boolean }?][] = [
    [
      'paragraphs, lists, bold and links',
      '<p>We build <b>robots</b>.<br>Join.</p><ul><li><a href="https://x.test/a">Go</a></li></ul>',
    ],
    [
      'scripts, handlers, styles, pixels and javascript: links',
      '<p onclick="steal()">Hi<script>alert(1)</script><style>p{}</style><img src="https://t.test/p.gif"><a href="javascript:alert(1)">x</a></p>',
    ],
    [
      "Greenhouse's escaped HTML",
      '&lt;p&gt;Caf&amp;eacute; &lt;strong&gt;team&lt;/strong&gt;&lt;/p&gt;',
      { entityEscaped: true },
    ],
    ['unicode', '<p>Ingénieur·e 🚀 \u202Eevil</p>'],
    ['20,000 nested <b>', `<p>${'<b>'.repeat(20_000)}x${'</b>'.repeat(20_000)}`],
    ['20,000 nested <div>', `<p>${'<div>'.repeat(20_000)}x${'</div>'.repeat(20_000)}`],
    ['empty', '   '],
    ['not text', null],
  ];

  it.each(answers)('give what the API thread gives: %s', async (_, html, options) => {
    expect(await describeHtml(html, options)).toEqual(descriptionFromHtml(html, options));
  });

  it('keep each description with its job when many are asked at once', async () => {
    const htmls = Array.from({ length: 60 }, (_, n) => `<p>Job <b>${n}</b></p>`);
    const described = await Promise.all(htmls.map((html) => describeHtml(html)));
    expect(described.map((description) => description.text)).toEqual(htmls.map((_, n) => `Job #${n}#`));
  });
});
