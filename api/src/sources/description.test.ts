import { describe, expect, it } from 'vitest';
import { descriptionFromHtml, descriptionFromText } from './description';

const blocksOf = (html: string, options?: { entityEscaped?: boolean }) => descriptionFromHtml(html, options).blocks;

describe('an ATS description made safe and kept readable', () => {
  it('keeps paragraphs, line breaks, lists, bold, emphasis and links', () => {
    const result = descriptionFromHtml(
      '<h2>About the role</h2><p>We build <strong>robots</strong> and <em>software</em>.<br>Join us.</p>' +
        '<ul><li>Python</li><li>Go <b>or</b> Rust</li></ul><ol><li>Apply</li><li>Talk</li></ol>' +
        '<p>See <a href="https://example.com/team" target="_blank" rel="x">our team</a>.</p>',
    );
    expect(result.blocks).toEqual([
      { h: ['About the role'] },
      { p: ['We build ', { b: ['robots'] }, ' and ', { i: ['software'] }, '.', { br: 1 }, 'Join us.'] },
      { ul: [['Python'], ['Go ', { b: ['or'] }, ' Rust']] },
      { ol: [['Apply'], ['Talk']] },
      { p: ['See ', { a: ['our team'], href: 'https://example.com/team' }, '.'] },
    ]);
    // The SPEC's text: paragraphs on blank lines, newlines, #bold#.
    expect(result.text).toBe(
      '#About the role#\n\nWe build #robots# and software.\nJoin us.\n\n• Python\n• Go #or# Rust\n\n1. Apply\n2. Talk\n\nSee our team.',
    );
    expect(result.short).toBe(
      'About the role We build robots and software. Join us. Python Go or Rust Apply Talk See our team.',
    );
  });

  it('drops scripts, event handlers, styles, iframes, forms, javascript: and data: links and tracking pixels', () => {
    const html =
      '<p onclick="steal()" style="color:red">Hello<script>alert(1)</script><style>p{display:none}</style></p>' +
      '<iframe src="https://evil.example"><p>inside</p></iframe>' +
      '<form action="https://evil.example"><input name="q"><button>Send</button></form>' +
      '<p><a href="javascript:alert(1)">click</a> <a href="data:text/html,x">data</a> <a href="//evil.example">proto</a> ' +
      '<a href=" JaVaScRiPt:alert(1)">mixed</a></p>' +
      '<img src="https://track.example/p.gif" width="1" height="1"><p>End<svg onload="x()"><text>svg</text></svg></p>';
    const result = descriptionFromHtml(html);
    expect(result.blocks).toEqual([{ p: ['Hello'] }, { p: ['click data proto mixed'] }, { p: ['End'] }]);
    const serialized = JSON.stringify(result);
    for (const word of ['steal', 'alert', 'display', 'inside', 'Send', 'evil', 'track', 'svg', 'javascript', 'data:'])
      expect(serialized).not.toContain(word);
  });

  it("decodes Greenhouse's extra layer of entities exactly once", () => {
    // As the Job Board API sends `content`: the HTML escaped once more.
    const content = '&lt;p&gt;Fish &amp;amp; chips &amp;lt;3&lt;/p&gt;&lt;ul&gt;&lt;li&gt;One&lt;/li&gt;&lt;/ul&gt;';
    expect(blocksOf(content, { entityEscaped: true })).toEqual([{ p: ['Fish & chips <3'] }, { ul: [['One']] }]);
    // Escaped script tags become real tags after the decoding, and are then removed.
    expect(blocksOf('&lt;script&gt;alert(1)&lt;/script&gt;&lt;p&gt;ok&lt;/p&gt;', { entityEscaped: true })).toEqual([
      { p: ['ok'] },
    ]);
  });

  it('collapses whitespace as a browser would, and drops empty paragraphs and formatting', () => {
    expect(blocksOf('<div>\n  Line one\n  <p> </p><p><b></b>  Two   words </p>\n</div><p><br><br></p>')).toEqual([
      { p: ['Line one'] },
      { p: ['Two words'] },
    ]);
  });

  it('keeps unicode as it came, less control characters, direction overrides and unpaired surrogates', () => {
    const result = descriptionFromHtml('<p>Café 東京 🚀 \u202Eevil\u202C \u0000nul \ud800x</p>');
    expect(result.blocks).toEqual([{ p: ['Café 東京 🚀 evil nul \uFFFDx'] }]);
  });

  it('bold is marked in the SPEC text only where its renderer reads it as bold', () => {
    expect(descriptionFromHtml('<p>Use <b>C#</b> or <b>F#</b> daily</p>').text).toBe('Use C# or F# daily');
    expect(descriptionFromHtml('<p>mid<b>word</b>bold</p>').text).toBe('midwordbold');
    expect(descriptionFromHtml('<p><b>Requirements</b>: lots</p>').text).toBe('#Requirements#: lots');
  });

  it('flattens a list inside a list item into the list, and reads a stray item as a list', () => {
    expect(blocksOf('<ul><li>A<ul><li>A1</li></ul></li><li>B</li></ul><li>C</li>')).toEqual([
      { ul: [['A'], ['A1'], ['B']] },
      { ul: [['C']] },
    ]);
  });

  it('a huge description is cut, never stored whole', () => {
    const html = '<p>word </p>'.repeat(50_000);
    const result = descriptionFromHtml(html);
    expect(result.blocks.length).toBeLessThanOrEqual(1000);
    expect(result.text.length).toBeLessThanOrEqual(60_000);
  });

  it('reads a description nested deeper than any stack, to its words, under the length cap', () => {
    // `<p>` + 20,000 opening tags + `x` + the closing tags, under the 300,000-character cap: 140 KB
    // of `<b>`, 220 KB of `<div>`.
    const nested = (tag: string) => `<p>${`<${tag}>`.repeat(20_000)}x${`</${tag}>`.repeat(20_000)}<p>after</p>`;
    const bold = descriptionFromHtml(nested('b'));
    expect(bold.short).toBe('x after');
    expect(bold.text).toBe('#x#\n\nafter');
    expect(descriptionFromHtml(nested('div')).blocks).toEqual([{ p: ['x'] }, { p: ['after'] }]);
    expect(descriptionFromHtml(nested('span')).short).toBe('x after');
    const lists = descriptionFromHtml(`${'<ul><li>a'.repeat(20_000)}${'</li></ul>'.repeat(20_000)}`).blocks;
    expect(lists[0]).toEqual({ ul: expect.arrayContaining([['a']]) });
    // A hang guard, not a speed check: the five documents take 5 s of one core here (mostly the
    // HTML parser's own work on 20,000 open elements), and a loaded machine stretches that.
  });

  it('nothing, or not a string, is no description', () => {
    expect(descriptionFromHtml(null)).toEqual({ blocks: [], text: '', short: '' });
    expect(descriptionFromHtml('   ')).toEqual({ blocks: [], text: '', short: '' });
    expect(descriptionFromHtml(42)).toEqual({ blocks: [], text: '', short: '' });
  });

  it('plain text keeps its paragraphs and line breaks', () => {
    expect(descriptionFromText('One\nline two\n\nPara <b>not html</b>').blocks).toEqual([
      { p: ['One', { br: 1 }, 'line two'] },
      { p: ['Para <b>not html</b>'] },
    ]);
  });
});
