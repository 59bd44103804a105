import { describe, expect, it } from 'vitest';
import { guardCell, readAmount, readLogo, readWebsite, slugOf, unguardCell } from './values';

describe('an amount', () => {
  it.each([
    ['12000000', 12_000_000],
    ['12,000,000', 12_000_000],
    ['$12,000,000', 12_000_000],
    ['12M', 12_000_000],
    ['12 m', 12_000_000],
    ['1.5M', 1_500_000],
    ['250k', 250_000],
    ['2bn', 2_000_000_000],
    ['0', 0],
    ['', null],
    [null, null],
  ])('%j is %j', (raw, value) => {
    expect(readAmount(raw)).toEqual({ ok: true, value });
  });

  it.each([
    ['ten million', 'is not an amount'],
    ['12.000.000', 'is not an amount'],
    ['12,5M', 'is not an amount'],
    ['1,20,000', 'is not an amount'],
    ['-5', 'is not an amount'],
    ['€12M', 'is not an amount'],
    ['1.2345k', 'is not a whole number of dollars'],
    ['2000bn', 'is more than a trillion dollars'],
  ])('%j is refused: %s', (raw, message) => {
    expect(readAmount(raw)).toEqual({ ok: false, message: `${JSON.stringify(raw)} ${message}` });
  });
});

describe('addresses', () => {
  it.each([
    ['https://acme.example', true],
    ['http://acme.example/about', true],
    ['acme.example', false],
    ['javascript:alert(1)', false],
    ['https://user:secret@acme.example', false],
    ['https://acme .example', false],
  ])('website %j accepted: %s', (raw, accepted) => {
    expect(readWebsite(raw).ok).toBe(accepted);
  });

  it.each([
    ['logos/acme.png', true],
    ['acme.svg', true],
    ['https://cdn.example/acme.png', true],
    ['http://cdn.example/acme.png', false],
    ['data:image/png;base64,AAAA', false],
    ['file:///etc/passwd', false],
    ['/etc/passwd', false],
    ['../secrets/acme.png', false],
    ['logos/../../acme.png', false],
    ['logos\\acme.png', false],
    ['~/acme.png', false],
  ])('logo %j accepted: %s', (raw, accepted) => {
    expect(readLogo(raw).ok).toBe(accepted);
  });
});

describe("a company's slug made from its name", () => {
  it.each([
    ['Acme Robotics', 'acme-robotics'],
    ['Ça Va Énergie & Co.', 'ca-va-energie-co'],
    ['  --Weird__Name--  ', 'weird-name'],
    ['東京', 'company'],
    [`${'a'.repeat(59)} b`, 'a'.repeat(59)],
  ])('%j gives %j', (name, slug) => {
    expect(slugOf(name)).toBe(slug);
  });
});

describe('a spreadsheet cell', () => {
  it.each(['=1+1', '+44', '-3', '@SUM(A1)', "'=x", "''+y"])(
    '%j is written so no spreadsheet runs it, and read back',
    (text) => {
      expect(guardCell(text).startsWith("'")).toBe(true);
      expect(unguardCell(guardCell(text))).toBe(text);
    },
  );

  it.each(['Acme', "'quoted'", 'a=b'])('%j is written as it is', (text) => {
    expect(guardCell(text)).toBe(text);
    expect(unguardCell(text)).toBe(text);
  });
});
