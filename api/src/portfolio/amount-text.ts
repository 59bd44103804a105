/**
 * A whole-dollar amount of the portfolio file as the board stores and shows it: the board keeps a
 * company's funding as the text its pages put after `$` (SPEC section 3: "42M"), so the file's
 * `12000000` is stored as `12M`, `1500000` as `1.5M`, `250000` as `250K`, `2000000000` as `2B`,
 * and an amount no such form states exactly as `12,345,678`. Every form reads back as the same
 * number (`readAmount`), so export writes the file's digits again and apply finds them unchanged.
 */
const units = [
  { size: 1e9, suffix: 'B' },
  { size: 1e6, suffix: 'M' },
  { size: 1e3, suffix: 'K' },
] as const;

export function amountText(dollars: number): string {
  for (const { size, suffix } of units) {
    // At most two decimals: `1.25M`, never `1.234567M`.
    if (dollars >= size && (dollars * 100) % size === 0) return `${dollars / size}${suffix}`;
  }
  return dollars.toLocaleString('en-US', { maximumFractionDigits: 0 });
}
