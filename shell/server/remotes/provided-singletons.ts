import { createRequire } from 'node:module';
import type { createInstance } from '@module-federation/runtime';
import { providedVersions, sharedSingletons } from '../../../rspack.singletons';

/** A singleton as the server provides it: the module instance its own code imports. */
async function provide(name: string) {
  // A CommonJS package (React) is handed over as its module.exports, an ES module as its namespace:
  // what the server's own `import` of it shares.
  const namespace = (await import(name)) as Record<string, unknown>;
  let required: unknown;
  try {
    required = createRequire(import.meta.url)(name);
  } catch {
    required = undefined;
  }
  return required !== undefined && namespace.default === required ? required : namespace;
}

const shellDir = new URL('../..', import.meta.url).pathname;
let versions: Record<string, string> | undefined;

/** The installed version of the package behind a shared name (`react/jsx-runtime` -> react's). */
function versionOf(name: string): string {
  versions ??= providedVersions(shellDir);
  const singleton = sharedSingletons.find(([key]) => (key.endsWith('/') ? name.startsWith(key) : name === key));
  const version = singleton ? versions[singleton[1]] : undefined;
  if (!version) throw new Error(`the server does not provide ${name} (not a shared singleton)`);
  return version;
}

/** The `shared` of a build's federation instance: each name its Node manifest shares, as the server provides it. */
export async function providedShared(names: string[]): Promise<Parameters<typeof createInstance>[0]['shared']> {
  const provided = await Promise.all(names.map(async (name) => [name, await provide(name)] as const));
  return Object.fromEntries(
    provided.map(([name, lib]) => [
      name,
      { version: versionOf(name), lib: () => lib, shareConfig: { singleton: true, requiredVersion: false } },
    ]),
  );
}
