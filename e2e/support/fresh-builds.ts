import { staleBuilds, staleBuildsMessage } from '../../scripts/stale-builds';

/** Playwright's global setup: refuse to test builds that are older than their sources. */
export default function freshBuilds() {
  const stale = staleBuilds();
  if (stale.length > 0) throw new Error(staleBuildsMessage(stale));
}
