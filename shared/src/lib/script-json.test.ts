import { describe, expect, it } from 'vitest';
import { scriptJson } from './script-json';

describe('scriptJson', () => {
  it('cannot close its <script> nor open a comment, and reads back unchanged', () => {
    const value = { title: '</script><script>alert(1)</script> <!-- a & "b"', separators: '\u2028\u2029' };
    const text = scriptJson(value);
    expect(text).not.toMatch(/<\/script|<!--|[\u2028\u2029]/i);
    expect(JSON.parse(text)).toEqual(value);
  });
});
