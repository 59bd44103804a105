import { describe, expect, it } from 'vitest';
import { parseDescription } from './description';

describe('parseDescription', () => {
  it('splits paragraphs on blank lines and lines on single newlines', () => {
    expect(parseDescription('One\nTwo\n\nThree\r\n\r\n\n  \nFour')).toEqual([
      [[{ text: 'One', bold: false }], [{ text: 'Two', bold: false }]],
      [[{ text: 'Three', bold: false }]],
      [[{ text: 'Four', bold: false }]],
    ]);
  });

  it('makes text between hash marks bold, more than once per line', () => {
    expect(parseDescription('#About# the #role# now')).toEqual([
      [
        [
          { text: 'About', bold: true },
          { text: ' the ', bold: false },
          { text: 'role', bold: true },
          { text: ' now', bold: false },
        ],
      ],
    ]);
  });

  it('leaves a lone hash and markup-looking text as plain text', () => {
    expect(parseDescription('C# and <b>F#</b>')).toEqual([[[{ text: 'C# and <b>F#</b>', bold: false }]]]);
  });

  it('returns nothing for blank text', () => {
    expect(parseDescription('  \n\n ')).toEqual([]);
  });
});
