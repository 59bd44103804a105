import { describe, expect, it } from 'vitest';
import { clip } from './clip';

describe('clip', () => {
  it.each([
    ['short text', 'short text'],
    ['  spaced\n\nout  ', 'spaced out'],
  ])('%j -> %j', (text, expected) => {
    expect(clip(text)).toBe(expected);
  });

  it('cuts at a word, within the limit, with an ellipsis', () => {
    const cut = clip('alpha beta gamma delta epsilon', 17);
    expect(cut).toBe('alpha beta gamma…');
    expect(cut.length).toBeLessThanOrEqual(17);
    expect(clip('x'.repeat(5_000_000)).length).toBeLessThanOrEqual(300);
  });
});
