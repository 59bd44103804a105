import * as v from 'valibot';

/**
 * The board's reading of an answer, derived from the answer's strict schema (the wire contract:
 * job-wire.ts, page-bodies.ts). The API's answers keep the contract; another platform's may send
 * less (SPEC sections 3 and 7), so the board reads every entry of the contract leniently:
 *
 * - a value that keeps the contract reads as it is; one that breaks it (missing, wrong type, a
 *   check that fails) reads as null, where the SPEC's defaults then apply;
 * - an object reads each of its entries this way (not an object at all: null);
 * - a list keeps the entries that keep the contract (objects among them read leniently in turn),
 *   and reads as [] when it is not a list.
 *
 * The keys come from the contract itself, so the reading and the API cannot disagree on a name; a
 * field the board reads more widely than this API sends it (another platform's string ids, team
 * members as strings) is named with its own reading beside the contract's entries.
 */

type Schema = v.GenericSchema;

/** The reading of a value whose contract type is T. */
export type Reading<T> = [NonNullable<T>] extends [readonly (infer Item)[]]
  ? ItemReading<Item>[]
  : [NonNullable<T>] extends [object]
    ? ObjectReading<NonNullable<T>> | null
    : NonNullable<T> | null;

type ItemReading<T> = T extends readonly unknown[] ? T : T extends object ? ObjectReading<T> : T;

/** The reading of an object whose contract type is T: every key, each read leniently. */
export type ObjectReading<T> = { [K in keyof T]-?: Reading<T[K]> };

/** What the reading needs of a valibot schema's description (a pipe carries its first schema's). */
interface SchemaNode {
  type: string;
  wrapped?: Schema;
  entries?: v.ObjectEntries;
  item?: Schema;
}

const node = (schema: Schema) => schema as unknown as SchemaNode;
const isWrapper = (type: string) => ['nullable', 'optional', 'nullish', 'exact_optional'].includes(type);
const isObject = (type: string) => ['object', 'strict_object', 'loose_object'].includes(type);

/** The schema under its nullable and optional wrappers. */
function unwrapped(schema: Schema): Schema {
  const { type, wrapped } = node(schema);
  return isWrapper(type) && wrapped ? unwrapped(wrapped) : schema;
}

function entriesReading(entries: v.ObjectEntries, named: Record<string, Schema | undefined> = {}) {
  return v.object(
    Object.fromEntries(Object.entries(entries).map(([key, entry]) => [key, named[key] ?? leniently(entry)])),
  );
}

function leniently(schema: Schema): Schema {
  const inner = unwrapped(schema);
  const { type, entries, item } = node(inner);
  if (isObject(type) && entries) return v.fallback(v.nullish(entriesReading(entries), null), null);
  if (type === 'array' && item) {
    const itemNode = node(unwrapped(item));
    const entry = isObject(itemNode.type) && itemNode.entries ? entriesReading(itemNode.entries) : item;
    return v.pipe(
      v.fallback(v.nullish(v.array(v.unknown()), null), null),
      v.transform((items) =>
        (items ?? []).flatMap((value) => {
          const read = v.safeParse(entry, value);
          return read.success ? [read.output] : [];
        }),
      ),
    );
  }
  return v.fallback(v.nullish(schema, null), null);
}

/** The lenient reading of a value of the contract (see above). */
export function readingOf<S extends Schema>(schema: S): v.GenericSchema<unknown, Reading<v.InferOutput<S>>> {
  return leniently(schema) as v.GenericSchema<unknown, Reading<v.InferOutput<S>>>;
}

/**
 * The lenient reading of an object of the contract, by its entries (an answer that is not an
 * object fails: the caller decides what that means). `named` gives a key its own reading.
 */
export function objectReadingOf<
  Entries extends v.ObjectEntries,
  Named extends { [K in keyof Entries]?: Schema } = Record<never, never>,
>(
  entries: Entries,
  named?: Named,
): v.GenericSchema<
  unknown,
  Omit<ObjectReading<v.InferOutput<v.ObjectSchema<Entries, undefined>>>, keyof Named> & {
    [K in keyof Named]: v.InferOutput<NonNullable<Named[K]>>;
  }
> {
  return entriesReading(entries, named) as never;
}

/** Where a value breaks the contract, each as its path and message: none when it keeps it (the wire tests). */
export function wireBreaks(schema: Schema, value: unknown): string[] {
  const result = v.safeParse(schema, value);
  return result.success ? [] : result.issues.map((issue) => `${v.getDotPath(issue) ?? '(answer)'}: ${issue.message}`);
}
