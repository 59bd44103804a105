/** What of a loaded build of a remote the federation runtime's global list of instances concerns. */
export interface BuildInstances {
  /** The name of the federation instance that loads this build, and the global its container is kept under. */
  hostName: string;
  entryGlobalName: string;
  /** Its entries of the runtime's global list of instances while another build of the remote is active. */
  stashed: unknown[];
}

/**
 * Forgets the previous build of a remote before its next build is loaded. The federation runtime
 * finds instances through one global list (`__FEDERATION__.__INSTANCES__`), by name:
 * - a remote's container starts its own runtime with `init`, which reuses any instance of the
 *   same name it finds there: the next build's container would take the previous one's, whose
 *   Node runtime plugin (the chunk loader over HTTP) is installed in the previous container only,
 *   and read its chunks from the filesystem;
 * - the Node runtime plugin resolves a container's chunk URLs against the entry of the first
 *   instance that has loaded a remote of that name (its `returnFromCache`).
 * So the previous build's instances leave the list, with their container (or every redeploy would
 * keep one more in memory); pages it already rendered keep their own references.
 */
export function forgetBuild(previous: BuildInstances, containerName: string) {
  takeInstances(previous, containerName);
  previous.stashed = [];
  delete (globalThis as Record<string, unknown>)[previous.entryGlobalName];
}

type InstanceEntry = { name?: string; options?: { name?: string } };
const instanceList = () =>
  (globalThis as { __FEDERATION__?: { __INSTANCES__?: InstanceEntry[] } }).__FEDERATION__?.__INSTANCES__;

/** Takes a build's instances (its host's and its container's) out of the runtime's global list. */
export function takeInstances(build: BuildInstances, containerName: string): unknown[] {
  const list = instanceList();
  const taken: unknown[] = [];
  if (list)
    for (let index = list.length - 1; index >= 0; index--) {
      const name = list[index]?.options?.name ?? list[index]?.name;
      if (name === build.hostName || name === containerName) taken.unshift(...list.splice(index, 1));
    }
  return taken;
}

/** Puts a build's stashed instances back in the runtime's global list (it becomes the active build). */
export function restoreInstances(build: BuildInstances) {
  instanceList()?.push(...(build.stashed as InstanceEntry[]));
  build.stashed = [];
}
