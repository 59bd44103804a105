import { describe, expect, it } from 'vitest';
import { companyMark, companyMarkColor } from './company-mark';

describe('companyMark', () => {
  it.each([
    ['Northwind Robotics', 'NR'],
    ['acme', 'A'],
    ['  Bolt   & Co  ', 'B&'],
    ['Über Labs GmbH', 'ÜL'],
    ['', '?'],
  ])('%s -> %s', (name, initials) => {
    expect(companyMark(name).initials).toBe(initials);
  });

  it('takes one colour from each name, the same every time', () => {
    const hue = companyMark('Northwind Robotics').hue;
    expect(companyMark('Northwind Robotics').hue).toBe(hue);
    expect(hue).toBeGreaterThanOrEqual(0);
    expect(hue).toBeLessThan(360);
    expect(companyMarkColor({ initials: 'NR', hue: 12 })).toBe('hsl(12 55% 40%)');
  });
});
