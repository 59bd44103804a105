import fc from 'fast-check';
import { sourceKinds } from '../db/job-board-tables';
import { type Company, isEmptyValue, type Portfolio, profileFields, siteFields } from './model';
import { readText, readWebsite } from './values';

/**
 * fast-check's portfolios for the property tests: canonical models, as reading a file gives them,
 * made of the text that YAML, CSV and spreadsheets treat specially.
 */

/** Text as the file holds it (trimmed, cleaned), from strings that YAML, CSV and spreadsheets treat specially. */
const awkward = fc.constantFrom(
  'null',
  '~',
  'true',
  'no',
  '0.10',
  '1e3',
  '2026-03-01',
  '- item',
  '# not a comment',
  'key: value',
  "'",
  '"',
  '=1+1',
  '+44 20',
  '-3',
  '@here',
  "'=x",
  'a, b',
  '[x]',
  '{ y }',
  '&anchor',
  '*alias',
  '!tag',
  '%',
  '|',
  '>',
  '?',
  'Zürich',
  'Ada García',
  '東京',
  '🚀 rockets',
  'tab\there',
  'comma,"quote"',
  '',
);
const textOf = (lines: 'one' | 'many', max: number) =>
  fc
    .oneof(
      awkward,
      fc.string({ maxLength: 40 }),
      fc.string({ unit: 'grapheme', maxLength: 20 }),
      fc.array(awkward).map((parts) => parts.join(lines === 'many' ? '\n' : ' ')),
    )
    .map((raw) => {
      const read = readText(raw, max, lines);
      return read.ok ? read.value : null;
    });
const line = textOf('one', 100);
const present = line.filter((text): text is string => text !== null);
const distinct = <T>(items: T[]) => items.filter((item, index) => items.indexOf(item) === index);
const names = fc
  .array(
    present.filter((name) => !name.includes(';')),
    { maxLength: 4 },
  )
  .map(distinct);
const slug = fc.stringMatching(/^[a-z0-9]{1,8}(-[a-z0-9]{1,8}){0,2}$/);
const board = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9._-]{0,12}$/);
const website = fc.webUrl({ withQueryParameters: true }).filter((url) => readWebsite(url).ok && url.length < 2000);
const maybe = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: null });

const company = fc.record({
  name: present,
  website: maybe(website),
  overview: textOf('many', 5000),
  logo: maybe(
    fc.oneof(
      slug.map((name) => `logos/${name}.png`),
      fc.constant('https://cdn.example/a.svg'),
    ),
  ),
  headquarters: line,
  headcount: maybe(fc.integer({ min: 1, max: 10_000_000 })),
  founded: maybe(fc.integer({ min: 1800, max: 2100 })),
  workspaces: fc.array(slug, { maxLength: 3 }).map(distinct),
  funding: fc.record({
    total: maybe(fc.integer({ min: 0, max: 1e12 })),
    lastRound: fc.record({
      amount: maybe(fc.integer({ min: 0, max: 1e12 })),
      type: line,
      date: maybe(
        fc
          .date({ min: new Date('1990-01-01'), max: new Date('2100-12-31'), noInvalidDate: true })
          .map((date) => date.toISOString().slice(0, 10)),
      ),
    }),
  }),
  investors: fc.record({ all: names, lastRound: names }),
  team: fc.array(fc.record({ name: present, role: line, bio: textOf('many', 1000) }), { maxLength: 3 }),
  equity: fc.record({ type: line, percentage: line, cliff: line, vesting: line, details: textOf('many', 2000) }),
  benefits: fc.array(present, { maxLength: 3 }).map(distinct),
  sources: fc.array(fc.record({ kind: fc.constantFrom(...sourceKinds), board }), { maxLength: 3 }),
  fromSite: fc.subarray([...siteFields]),
});

/** Canonical portfolios: unique names, slugs and boards; the investor first in every list; site fields set. */
export const portfolio = fc
  .record({
    investor: maybe(present.filter((name) => !name.includes(';'))),
    companies: fc.array(company, { maxLength: 6 }),
  })
  .map(({ investor, companies }): Portfolio => {
    const seen = new Set<string>();
    const kept = companies.filter((entry) => !seen.has(entry.name.toLowerCase()) && seen.add(entry.name.toLowerCase()));
    const boards = new Set<string>();
    return {
      investor,
      fields: profileFields,
      companies: kept.map((entry, index): Company => {
        const all =
          investor === null
            ? entry.investors.all
            : [investor, ...entry.investors.all.filter((name) => name !== investor)];
        const sources = entry.sources.filter(
          ({ kind, board }) =>
            !boards.has(`${kind}/${board.toLowerCase()}`) && boards.add(`${kind}/${board.toLowerCase()}`),
        );
        const built: Company = { ...entry, slug: `company-${index}`, investors: { ...entry.investors, all }, sources };
        return { ...built, fromSite: entry.fromSite.filter((field) => !isEmptyValue(built[field])) };
      }),
    };
  });
