import * as v from 'valibot';
import { sourceKinds } from '../db/job-board-tables';
import { isSiteField, siteFields } from './model';
import {
  type Read,
  readAmount,
  readBoard,
  readDate,
  readHeadcount,
  readLogo,
  readSlug,
  readText,
  readWebsite,
  readYear,
  shown,
} from './values';

/**
 * The file's keys as valibot schemas: one schema for a company whichever form it came in (a CSV
 * row is first put in the YAML's shape). Every issue is kept (no early abort), with its path, so
 * the reader can name the line of each. An unknown key is an issue: the keys are an interface
 * operators write by hand, and a misspelt one must not pass as an empty field.
 */

/** An unknown key's issue; the reader puts the key's name before it. */
export const unknownKeyMark = 'is not a key here; the keys:';

/**
 * Keys valibot passes over in silence (it never copies them, so they cannot reach an object's
 * prototype): the file's reader keeps them as keys like any other, and here they are unknown keys.
 */
const objectsOwn = ['__proto__', 'constructor', 'prototype'];

function known<const T extends v.ObjectEntries>(entries: T, what = unknownKeyMark) {
  const keys = `${what} ${Object.keys(entries).join(', ')}`;
  return v.pipe(
    v.unknown(),
    // A list is an object to JavaScript, but never a mapping in the file.
    v.check((input) => !Array.isArray(input), 'a list is not a mapping'),
    v.rawCheck(({ dataset, addIssue }) => {
      const input = dataset.value as Record<string, unknown>;
      if (typeof input !== 'object' || input === null) return;
      for (const key of objectsOwn)
        if (Object.hasOwn(input, key) && !Object.hasOwn(entries, key))
          addIssue({
            message: `${JSON.stringify(key)} ${keys}`,
            path: [{ type: 'object', origin: 'value', input, key, value: input[key] }],
          });
    }),
    v.objectWithRest(entries, v.never(keys), (issue) =>
      issue.expected?.startsWith('"') ? 'is required' : `${shown(issue.input)} is not a mapping`,
    ),
  );
}

/** A value read by one of `values.ts`'s rules. */
function readBy<T>(read: (raw: unknown) => Read<T>) {
  return v.pipe(
    v.unknown(),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const result = read(dataset.value);
      if (result.ok) return result.value;
      addIssue({ message: result.message });
      return NEVER;
    }),
  );
}

/** A value read by one of `values.ts`'s rules; absent and empty read as its empty value. */
const value = <T>(read: (raw: unknown) => Read<T>) => v.optional(readBy(read), null);

const text = (max: number, lines: 'one' | 'many' = 'one') => value((raw) => readText(raw, max, lines));

const required = (max: number) =>
  v.pipe(
    v.unknown(),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const result = readText(dataset.value, max);
      if (result.ok && result.value !== null) return result.value;
      addIssue({ message: result.ok ? 'is required' : result.message });
      return NEVER;
    }),
  );

/**
 * A list; empty and absent are `[]`; blank entries dropped, an entry given twice kept once. Its
 * length is checked first, as written (a blank or repeated entry counts): a list of 20,000 is
 * refused before any entry is read. Each entry is compared by its text once (a set), so a list
 * costs its length, not its square.
 */
function list<T>(item: v.GenericSchema<unknown, T | null>, max: number, noun: string) {
  return v.nullish(
    v.pipe(
      v.unknown(),
      v.check((raw) => !Array.isArray(raw) || raw.length <= max, `has more than ${max} ${noun}`),
      v.array(item, (issue) => `${shown(issue.input)} is not a list`),
      v.transform((items) => {
        const seen = new Set<string>();
        return items.filter((entry): entry is T => {
          if (entry === null) return false;
          const key = JSON.stringify(entry);
          if (seen.has(key)) return false;
          seen.add(key);
          return true;
        });
      }),
    ),
    [],
  );
}

/** An investor's name: text without `;`, which a spreadsheet's cell puts between names. */
const investorName = v.pipe(
  text(200),
  v.check((name) => name === null || !name.includes(';'), 'an investor\'s name cannot hold ";"'),
);

const workspace = value(readSlug);

const source = v.pipe(
  known(
    Object.fromEntries(sourceKinds.map((kind) => [kind, v.optional(readBy((raw) => readBoard(raw, kind)))])) as Record<
      (typeof sourceKinds)[number],
      v.OptionalSchema<ReturnType<typeof readBy<string>>, undefined>
    >,
    `is not an ATS; the ATSs:`,
  ),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const named = sourceKinds.flatMap((kind) => {
      const board = dataset.value[kind];
      return typeof board === 'string' ? [{ kind, board }] : [];
    });
    const [only] = named;
    if (only && named.length === 1) return only;
    addIssue({ message: 'names one ATS and its board, e.g. { greenhouse: acme }' });
    return NEVER;
  }),
);

const teamMember = known({ name: required(200), role: text(200), bio: text(1000, 'many') });

const siteField = v.pipe(
  text(40),
  v.check(
    (field) => field === null || isSiteField(field),
    (issue) => `${shown(issue.input)} is not a field the site fills (${siteFields.join(', ')})`,
  ),
);

export const companySchema = known({
  name: required(200),
  slug: value(readSlug),
  website: value(readWebsite),
  overview: text(5000, 'many'),
  logo: value(readLogo),
  headquarters: text(200),
  headcount: value(readHeadcount),
  founded: value(readYear),
  workspaces: list(workspace, 20, 'workspaces'),
  funding: v.nullish(
    known({
      total: value(readAmount),
      last_round: v.nullish(known({ amount: value(readAmount), type: text(100), date: value(readDate) }), {}),
    }),
    {},
  ),
  investors: v.nullish(
    known({ all: list(investorName, 200, 'investors'), last_round: list(investorName, 200, 'investors') }),
    {},
  ),
  team: list(teamMember, 100, 'people'),
  equity: v.nullish(
    known({
      type: text(200),
      percentage: text(200),
      cliff: text(200),
      vesting: text(200),
      details: text(2000, 'many'),
    }),
    {},
  ),
  benefits: list(text(300), 50, 'benefits'),
  sources: list(source, 20, 'sources'),
  from_site: list(siteField, siteFields.length, 'fields'),
});

export type CompanyEntry = v.InferOutput<typeof companySchema>;

export const portfolioSchema = known({
  investor: v.pipe(
    text(200),
    v.check((name) => name === null || !name.includes(';'), 'an investor\'s name cannot hold ";"'),
  ),
  companies: v.pipe(
    v.array(v.unknown(), (issue) =>
      issue.input === null
        ? 'is empty: list the companies (or write [] for none)'
        : `${shown(issue.input)} is not a list of companies`,
    ),
    v.maxLength(10_000, 'has more than 10,000 companies'),
  ),
});
