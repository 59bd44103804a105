import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ServerJobSchema } from './job';
import { JobDetailWire, JobListItemWire, OrganizationJobWire } from './job-wire';
import { objectReadingOf, readingOf, wireBreaks } from './wire-reading';

const Contract = v.strictObject({
  name: v.string(),
  count: v.pipe(v.number(), v.integer()),
  tags: v.array(v.string()),
  place: v.nullable(v.strictObject({ city: v.string(), zip: v.nullable(v.string()) })),
  items: v.array(v.strictObject({ value: v.string() })),
});
const reading = objectReadingOf(Contract.entries);

describe('the reading derived from a contract', () => {
  it('reads an answer that keeps the contract as it was sent', () => {
    const sent = { name: 'A', count: 2, tags: ['x'], place: { city: 'Oslo', zip: null }, items: [{ value: 'v' }] };
    expect(wireBreaks(Contract, sent)).toEqual([]);
    expect(v.parse(reading, sent)).toEqual(sent);
  });

  it('reads what breaks it as absent: null, a list without its bad entries, an object field by field', () => {
    const sent = {
      name: 5,
      count: 1.5,
      tags: ['a', 3, null],
      place: { city: 'Oslo', zip: 7 },
      items: [{ value: 1 }, 'junk', { value: 'b' }],
      extra: true,
    };
    expect(wireBreaks(Contract, sent).map((entry) => entry.split(':')[0])).toEqual([
      'name',
      'count',
      'tags.1',
      'tags.2',
      'place.zip',
      'items.0.value',
      'items.1',
      'extra',
    ]);
    expect(v.parse(reading, sent)).toEqual({
      name: null,
      count: null,
      tags: ['a'],
      place: { city: 'Oslo', zip: null },
      items: [{ value: null }, { value: 'b' }],
    });
    expect(v.parse(reading, {})).toEqual({ name: null, count: null, tags: [], place: null, items: [] });
    expect(v.parse(readingOf(Contract.entries.place), 'somewhere')).toBeNull();
  });

  it('gives a key its own reading where the board reads more than the contract sends', () => {
    const named = objectReadingOf(Contract.entries, { name: v.fallback(v.union([v.string(), v.number()]), 'none') });
    expect(v.parse(named, { name: 5 }).name).toBe(5);
    expect(v.parse(named, { name: true }).name).toBe('none');
  });
});

describe("the board's reading of a job", () => {
  it('reads every key of the three calls’ jobs, and no other', () => {
    const read = Object.keys((ServerJobSchema as unknown as { entries: object }).entries).sort();
    const sent = [
      ...new Set([JobListItemWire, JobDetailWire, OrganizationJobWire].flatMap((wire) => Object.keys(wire.entries))),
    ].sort();
    expect(read).toEqual(sent);
  });
});
