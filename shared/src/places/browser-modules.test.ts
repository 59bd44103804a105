// @vitest-environment node
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * What the board's pages use (labels, the filter's answer, JSON-LD, the picker's countries, visa)
 * must load in a browser: none of it may reach the gazetteer of cities, which reads a file.
 * Reading a text into places is the server's work.
 */
const browserModules = [
  'labels',
  'eligibility',
  'json-ld',
  'countries',
  'regions',
  'visa',
  'time-zones',
  'workplace',
  'types',
];

function imports(name: string, seen = new Set<string>()): Set<string> {
  if (seen.has(name)) return seen;
  seen.add(name);
  const source = readFileSync(path.join(import.meta.dirname, `${name}.ts`), 'utf8');
  for (const [, specifier] of source.matchAll(/^import [^;]*? from '([^']+)';/gms)) {
    if (!specifier) continue;
    const local = /^@board\/shared\/places\/(.+)$/.exec(specifier)?.[1];
    if (local) imports(local, seen);
    else seen.add(specifier);
  }
  return seen;
}

describe('the modules a page uses', () => {
  it.each(browserModules)('%s reaches neither the cities nor a Node module', (name) => {
    const reached = [...imports(name)];
    expect(reached).not.toContain('cities');
    expect(reached).not.toContain('read-places');
    // Nor the larger tables: every subdivision's name (53 KB gzip), countries-list's whole record.
    expect(reached).not.toContain('subdivisions');
    expect(reached).not.toContain('country-names');
    expect(reached).not.toContain('countries-list');
    expect(reached).not.toContain('iso-3166');
    expect(reached.filter((specifier) => specifier.startsWith('node:'))).toEqual([]);
  });

  it('the reader of texts does reach the cities (the check sees through imports)', () => {
    expect([...imports('read-places')]).toContain('cities');
  });
});
