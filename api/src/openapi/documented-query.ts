import { validator } from 'hono/validator';
import { type HandlerUniqueProperty, resolver, uniqueSymbol } from 'hono-openapi';
import type * as v from 'valibot';

/**
 * How a query's valibot schema becomes its parameters in `/openapi.json`: each parameter's text
 * as it is checked on the wire (`typeMode: 'input'`: every length, pattern and list up to the
 * parameter's first transformation), and an error for a check JSON Schema cannot state, so the
 * document never says less than the validator checks. A rule past a transformation (an id's
 * range, a country's code) is in the parameter's description.
 */
const onTheWire = {
  options: {
    target: 'draft-2020-12',
    typeMode: 'input',
    errorMode: 'throw',
    // hono-openapi's own override keeps what it cannot convert; ours lets the error through.
    overrideAction: () => undefined,
  },
};

/**
 * A call's query validator: `read` parses the query (with the call's schema) and throws the 400
 * or 404 of a bad value, and hono-openapi writes the call's parameters from the same schema. The
 * query is read from the URL (`read` takes its parameters), not from Hono's record of them, so
 * the response cache keys an answer with the same function.
 */
export function documentedQuery<T>(schema: v.GenericSchema, read: (params: URLSearchParams) => T) {
  const middleware = validator('query', (_value, c) => read(new URL(c.req.url).searchParams));
  const documented: HandlerUniqueProperty = { target: 'query', ...resolver(schema, onTheWire) };
  return Object.assign(middleware, { [uniqueSymbol]: documented });
}
