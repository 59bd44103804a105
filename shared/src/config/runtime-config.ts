import type { RemoteName } from '@board/shared/config/remotes';
import * as v from 'valibot';

/**
 * The per-environment runtime configuration (shell/config/<environment>.json), served next to
 * the shell as /runtime-config.json and read before the first render. Changing it never needs
 * a rebuild of any app.
 */
const httpUrl = v.pipe(
  v.string(),
  v.url('must be an absolute URL'),
  v.check((value) => /^https?:\/\//.test(value), 'must be an http(s) URL'),
);

const RuntimeConfigSchema = v.pipe(
  v.object({
    environment: v.picklist(['local', 'test', 'staging', 'production']),
    /** Base address of the public job-posting API (SPEC section 7). */
    apiBaseUrl: httpUrl,
    /** The board's own address. */
    siteUrl: httpUrl,
    links: v.object({
      signIn: httpUrl,
      getStarted: httpUrl,
      about: httpUrl,
      contactEmail: v.pipe(v.string(), v.email()),
      x: httpUrl,
      linkedin: httpUrl,
    }),
    captcha: v.object({
      mode: v.picklist(['recaptcha', 'local']),
      siteKey: v.optional(v.string(), ''),
    }),
    /** mf-manifest.json address of each remote. */
    remotes: v.object({ listings: httpUrl, apply: httpUrl, static: httpUrl }),
    /** Origins allowed to serve a previewed remote (exact origins). Production: none. */
    previewOrigins: v.optional(v.array(v.string()), []),
    /**
     * The release pointer of each remote served from a release store (`…/releases/pointer.json`,
     * release-pointer.ts): its manifest is then the one of the version the pointer gives the visitor.
     * A remote without one is loaded from its `remotes` address as it is.
     */
    releases: v.optional(
      v.object({ listings: v.optional(httpUrl), apply: v.optional(httpUrl), static: v.optional(httpUrl) }),
    ),
  }),
  // Remote code comes from the remote's configured origin only: its releases live under it.
  v.forward(
    v.check(
      (config) =>
        Object.entries(config.releases ?? {}).every(
          ([name, pointer]) =>
            pointer === undefined || new URL(pointer).origin === new URL(config.remotes[name as RemoteName]).origin,
        ),
      "must be on the origin of the remote's manifest",
    ),
    ['releases'],
  ),
);

export type RuntimeConfig = v.InferOutput<typeof RuntimeConfigSchema>;

class RuntimeConfigError extends Error {
  override name = 'RuntimeConfigError';
}

/** Validates a parsed config file; the error names every bad field. */
export function parseRuntimeConfig(input: unknown): RuntimeConfig {
  const result = v.safeParse(RuntimeConfigSchema, input);
  if (result.success) return result.output;
  const problems = result.issues.map((issue) => `${v.getDotPath(issue) ?? '(root)'}: ${issue.message}`);
  throw new RuntimeConfigError(`Invalid runtime configuration: ${problems.join('; ')}`);
}

export async function fetchRuntimeConfig(url = '/runtime-config.json'): Promise<RuntimeConfig> {
  // Same request as the preload in shell/index.html, so the browser reuses it. The server sends
  // Cache-Control: no-cache for this file.
  const response = await fetch(url);
  if (!response.ok) throw new RuntimeConfigError(`Could not load ${url}: HTTP ${response.status}`);
  return parseRuntimeConfig(await response.json());
}
