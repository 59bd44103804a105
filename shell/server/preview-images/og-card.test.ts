import { Resvg } from '@resvg/resvg-js';
import { describe, expect, it } from 'vitest';
import { pngSize } from '../test/png-size';
import { renderOgCard } from './og-card';
import { type OgCardData, ogCardSize } from './og-image';

const card = (fields: Partial<OgCardData> = {}): OgCardData => ({
  title: 'Backend Engineer',
  company: 'Acme',
  facts: ['Berlin', '60k - 80k EUR'],
  highlight: '60k - 80k EUR',
  site: 'board.example',
  ...fields,
});

/** A 4×4 red PNG, drawn by resvg itself. */
const redPng = () =>
  new Resvg(
    '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><rect width="4" height="4" fill="red"/></svg>',
  )
    .render()
    .asPng();

describe('renderOgCard', () => {
  it.each([
    ['a job', card()],
    [
      'a job with no salary and a title that needs more than three lines',
      card({ title: 'Staff Platform Engineer '.repeat(8), facts: ['Remote (EU)'] }),
    ],
    ['a company with a raster logo', card({ title: 'Jobs at Acme', logo: redPng() })],
    [
      'a board',
      card({ title: 'Find your dream job', description: 'Startup jobs.', mark: 'board', facts: ['3 open roles'] }),
    ],
    [
      'names beyond Latin-1 and scripts the font lacks',
      card({ company: 'Łódź Señor 東京', title: 'Ingeniería — “Köln”' }),
    ],
    ['empty texts', card({ title: '', company: '', facts: [] })],
  ])('draws %s as a 1200×630 PNG', async (_case, data) => {
    expect(pngSize(await renderOgCard(data))).toEqual(ogCardSize);
  });

  it('draws the same card for the same data, and another for other data', async () => {
    const [first, again, other] = await Promise.all([
      renderOgCard(card()),
      renderOgCard(card()),
      renderOgCard(card({ title: 'Designer' })),
    ]);
    expect(Buffer.from(again).equals(Buffer.from(first))).toBe(true);
    expect(Buffer.from(other).equals(Buffer.from(first))).toBe(false);
  });
});
