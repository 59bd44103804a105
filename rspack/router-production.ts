import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * React Router 7's package exports name only its development build (dev warnings on, and the
 * code that prints them kept): a browser's production build takes the production twin from the
 * same package and version instead, which differs by those warnings only. A version that ships
 * no production twin keeps the development build (an upgrade can cost bytes, not break the build).
 */
export function routerProductionAliases(appDir: string): Record<string, string> {
  const fromApp = createRequire(path.join(appDir, 'package.json'));
  const fromRouterDom = createRequire(fromApp.resolve('react-router-dom'));
  const production = path.join(path.dirname(fromRouterDom.resolve('react-router')), '..', 'production');
  const aliases = {
    'react-router$': path.join(production, 'index.mjs'),
    'react-router/dom$': path.join(production, 'dom-export.mjs'),
  };
  return Object.values(aliases).every((file) => existsSync(file)) ? aliases : {};
}
