import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * React Router 7's package exports name only its development build (dev warnings on, and the
 * code that prints them kept): a browser's production build takes the production twin from the
 * same package and version instead, which differs by those warnings only.
 */
export function routerProductionAliases(appDir: string): Record<string, string> {
  const fromApp = createRequire(path.join(appDir, 'package.json'));
  const fromRouterDom = createRequire(fromApp.resolve('react-router-dom'));
  const production = path.join(path.dirname(fromRouterDom.resolve('react-router')), '..', 'production');
  return {
    'react-router$': path.join(production, 'index.mjs'),
    'react-router/dom$': path.join(production, 'dom-export.mjs'),
  };
}
