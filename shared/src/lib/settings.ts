import * as v from 'valibot';

/**
 * How the servers (the API's api/src/config.ts, the shell's shell/server/config.ts) read their
 * environment at start: every variable the schema names, an empty one as unset, validated at once;
 * a refusal is one line per problem, naming the variable and its value (a secret's value never: the
 * error goes to a log).
 */
export interface SettingsReader<Output> {
  /** The validated settings (when they are not, `readSettings` throws `fail` with a line per problem). */
  output: Output;
  /** A refusal's line for `key`: `  KEY="value": message`. */
  line(key: string, message: string): string;
}

export function readSettings<
  TSchema extends v.ObjectSchema<v.ObjectEntries, v.ErrorMessage<v.ObjectIssue> | undefined>,
>(
  schema: TSchema,
  env: Record<string, string | undefined>,
  options: { secrets: ReadonlySet<string>; fail: (lines: string[]) => Error },
): SettingsReader<v.InferOutput<TSchema>> {
  const known = Object.fromEntries(
    Object.keys(schema.entries).map((key) => [key, env[key] === '' ? undefined : env[key]]),
  );
  const shown = (key: string) => (options.secrets.has(key) && env[key] ? '(hidden)' : JSON.stringify(env[key] ?? ''));
  const line = (key: string, message: string) => `  ${key}=${shown(key)}: ${message}`;
  const result = v.safeParse(schema, known);
  if (!result.success)
    throw options.fail(result.issues.map((issue) => line(v.getDotPath(issue) ?? 'configuration', issue.message)));
  return { output: result.output, line };
}
