import { app as apply } from '../remote-apply/rspack.config';
import { app as listings } from '../remote-listings/rspack.config';
import { app as staticRemote } from '../remote-static/rspack.config';
import type { AppDefinition, AppName } from '../rspack/app-definition';
import { app as shell } from '../shell/rspack.config';

/** Every app of the board, shell first. */
const apps: AppDefinition[] = [shell, listings, apply, staticRemote];

export function selectApps(names: string[]): AppDefinition[] {
  if (names.length === 0) return apps;
  const unknown = names.filter((name) => !apps.some((app) => app.name === name));
  if (unknown.length > 0) {
    throw new Error(`Unknown app: ${unknown.join(', ')} (known: ${apps.map((app) => app.name).join(', ')})`);
  }
  return apps.filter((app) => names.includes(app.name as AppName));
}
