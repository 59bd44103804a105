/**
 * The repository's import graph, read by dependency-cruiser with the rules' own options
 * (.dependency-cruiser.cjs), and the three figures the house keeps (api/README.md, "Where things
 * are"):
 *
 * - **circles**: files that import each other in a loop, type-only imports included;
 * - **back-arrows**: two folders (or a folder and a loose file) under one parent that import each
 *   other with no loop of files: an import that runs against the order of the rooms;
 * - **floors** of the API: its top-level folders and loose files under `api/src/` are one unit
 *   each, and a unit stands one floor above the highest unit it imports (tests left out: they
 *   stand on the building, not in it).
 *
 * `node --import tsx scripts/import-graph.ts` prints them and fails (exit 1) past the house's limits:
 * more than {@link maxFloors} floors, any circle, any back-arrow. `pnpm lint` runs it;
 * `import-graph.test.ts` tries the three measures on small graphs.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Where the repository's own code is: every package, the scripts and the root's files. */
export const cruised = [
  'api',
  'shared',
  'shell',
  'remote-listings',
  'remote-apply',
  'remote-static',
  'e2e',
  'rspack',
  'scripts',
  'rspack.shared.ts',
  'rspack.singletons.ts',
  'rspack.shared.test.ts',
  'vitest.config.ts',
  'vitest.setup.ts',
];

/** The most floors the API may stand on: the six of api/README.md's "Where things are". */
export const maxFloors = 6;

/** An import between two of the repository's files. */
export interface Edge {
  from: string;
  to: string;
}

/** A test file: it stands outside the rooms (it imports what it tests and the test helpers). */
const isTestFile = (file: string) => /\.(test|spec)\.tsx?$/.test(file);
/** A test file or the API's test helpers: not part of the API's floors. */
const isTest = (file: string) => isTestFile(file) || file.startsWith('api/src/test/');

export async function readEdges(): Promise<Edge[]> {
  const options = await extractDepcruiseOptions(path.join(rootDir, '.dependency-cruiser.cjs'));
  const previous = process.cwd();
  process.chdir(rootDir);
  try {
    const { output } = await cruise(cruised, { ...options, validate: false });
    const result = output as ICruiseResult;
    return result.modules.flatMap((module) =>
      module.dependencies
        .filter((dependency) => !dependency.coreModule && !dependency.couldNotResolve)
        .filter((dependency) => !dependency.resolved.includes('node_modules'))
        .map((dependency) => ({ from: module.source, to: dependency.resolved })),
    );
  } finally {
    process.chdir(previous);
  }
}

/** Strongly connected groups of more than one node (Tarjan), each sorted. */
function loops(nodes: Iterable<string>, next: (node: string) => Iterable<string>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let counter = 0;
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const to of next(node)) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(to) ?? 0));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node) ?? 0, index.get(to) ?? 0));
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop();
        if (member === undefined) break;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1) found.push(group.sort());
    }
  };
  for (const node of nodes) if (!index.has(node)) visit(node);
  return found;
}

const adjacency = (edges: Edge[]) => {
  const out = new Map<string, Set<string>>();
  for (const { from, to } of edges) {
    if (!out.has(from)) out.set(from, new Set());
    out.get(from)?.add(to);
  }
  return out;
};

/** Files importing each other in a loop. */
export function circles(edges: Edge[]): string[][] {
  const out = adjacency(edges);
  const selfLoops = edges.filter((edge) => edge.from === edge.to).map((edge) => [edge.from]);
  return [...loops(out.keys(), (node) => out.get(node) ?? []), ...selfLoops];
}

/**
 * The two rooms an import runs between: below the folder the two files share, the entries (a
 * folder or a loose file) each is in. None for two files of one folder.
 */
function rooms(from: string, to: string): [string, string] | null {
  const a = from.split('/');
  const b = to.split('/');
  let shared = 0;
  while (shared < a.length - 1 && shared < b.length - 1 && a[shared] === b[shared]) shared++;
  if (shared === a.length - 1 && shared === b.length - 1) return null;
  return [a.slice(0, shared + 1).join('/'), b.slice(0, shared + 1).join('/')];
}

/**
 * Rooms (under one parent) that import each other while no loop of files runs through both; the
 * imports of test files are left out (a test imports what it tests and the helpers that build it).
 */
export function backArrows(edges: Edge[]): [string, string][] {
  const between = new Set<string>();
  for (const { from, to } of edges) {
    if (isTestFile(from)) continue;
    const pair = rooms(from, to);
    if (pair) between.add(pair.join(' -> '));
  }
  const inLoops = new Set(circles(edges).flat());
  const found: [string, string][] = [];
  for (const arrow of between) {
    const [a = '', b = ''] = arrow.split(' -> ');
    if (a < b && between.has(`${b} -> ${a}`)) {
      const loopThrough = [...inLoops].some((file) => file.startsWith(`${a}/`) || file === a);
      const loopBack = [...inLoops].some((file) => file.startsWith(`${b}/`) || file === b);
      if (!(loopThrough && loopBack)) found.push([a, b]);
    }
  }
  return found.sort();
}

const apiRoot = 'api/src/';

/** The API's unit of a file: its top-level folder under api/src/, or the loose file itself. */
export function apiUnit(file: string): string | null {
  if (!file.startsWith(apiRoot)) return null;
  const [first = '', ...rest] = file.slice(apiRoot.length).split('/');
  return rest.length > 0 ? `${first}/` : first;
}

/** Each API unit's floor (1: it imports no other unit), tests left out; a loop of units shares one floor. */
export function floors(edges: Edge[]): Map<string, number> {
  const units = new Map<string, Set<string>>();
  for (const { from, to } of edges) {
    if (isTest(from) || isTest(to)) continue;
    const a = apiUnit(from);
    const b = apiUnit(to);
    if (!a) continue;
    if (!units.has(a)) units.set(a, new Set());
    if (b && b !== a) units.get(a)?.add(b);
    if (b && !units.has(b)) units.set(b, new Set());
  }
  const group = new Map<string, string>();
  for (const members of loops(units.keys(), (unit) => units.get(unit) ?? []))
    for (const member of members) group.set(member, members.join(' + '));
  const floorOf = new Map<string, number>();
  const measure = (unit: string, seen: Set<string>): number => {
    const known = floorOf.get(unit);
    if (known !== undefined) return known;
    const own = group.get(unit) ?? unit;
    const members = [...units.keys()].filter((member) => (group.get(member) ?? member) === own);
    let highest = 0;
    for (const member of members)
      for (const to of units.get(member) ?? [])
        if ((group.get(to) ?? to) !== own && !seen.has(to))
          highest = Math.max(highest, measure(to, new Set([...seen, ...members])));
    for (const member of members) floorOf.set(member, highest + 1);
    return highest + 1;
  };
  for (const unit of units.keys()) measure(unit, new Set());
  return floorOf;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const edges = await readEdges();
  const byFloor = [...floors(edges)].sort((a, b) => a[1] - b[1] || a[0].localeCompare(b[0]));
  const height = Math.max(0, ...byFloor.map(([, floor]) => floor));
  console.log(`API floors: ${height}`);
  for (let floor = 1; floor <= height; floor++)
    console.log(
      `  ${floor}: ${byFloor
        .filter(([, at]) => at === floor)
        .map(([unit]) => unit)
        .join(' ')}`,
    );
  const loopsFound = circles(edges);
  console.log(`circles: ${loopsFound.length}`);
  for (const loop of loopsFound) console.log(`  ${loop.join(' <-> ')}`);
  const arrows = backArrows(edges);
  console.log(`back-arrows: ${arrows.length}`);
  const inRoom = (file: string, room: string) => file === room || file.startsWith(`${room}/`);
  for (const [a, b] of arrows) {
    console.log(`  ${a} <-> ${b}`);
    if (process.argv.includes('--why'))
      for (const { from, to } of edges)
        if (!isTestFile(from) && ((inRoom(from, a) && inRoom(to, b)) || (inRoom(from, b) && inRoom(to, a))))
          console.log(`      ${from} -> ${to}`);
  }
  const broken = [
    height > maxFloors ? `the API stands on ${height} floors (at most ${maxFloors})` : '',
    loopsFound.length > 0 ? `${loopsFound.length} circle(s)` : '',
    arrows.length > 0 ? `${arrows.length} back-arrow(s) (--why lists their imports)` : '',
  ].filter(Boolean);
  if (broken.length > 0) {
    console.error(`import graph: ${broken.join('; ')}`);
    process.exitCode = 1;
  }
}
