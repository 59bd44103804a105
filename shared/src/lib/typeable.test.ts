import { describe, expect, it } from 'vitest';
import { isSearchText, isTypeable } from './typeable';

describe('isTypeable and isSearchText', () => {
  it.each([
    ['Engineer', true, true],
    ['Ingénieur · Zürich 🚀', true, true],
    ['a\tb', true, false],
    ['a\nb', true, false],
    ['a\r\nb', true, false],
    ['a\u2028b', true, false],
    ['a\u2029b', true, false],
    ['a\u0000b', false, false],
    ['a\u001bb', false, false],
    ['a\u007fb', false, false],
    ['a\u0085b', false, false],
    ['Ada \u202eLovelace', true, false],
    ['exe.\u202atxt', true, false],
    ['a\u2066b\u2069', true, false],
    ['a\u200fb', true, false],
    ['a\u061cb', true, false],
    ['שלום עולם', true, true],
  ])('%j: typeable %s, one line %s', (text, typeable, oneLine) => {
    expect(isTypeable(text)).toBe(typeable);
    expect(isSearchText(text)).toBe(oneLine);
  });
});
