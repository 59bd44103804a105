import { describe, expect, it } from 'vitest';
import { backArrows, circles, type Edge, floors } from './import-graph';

/** The three measures `pnpm lint` holds the repository to, on small graphs whose answers are known. */
const edges = (...pairs: [string, string][]): Edge[] => pairs.map(([from, to]) => ({ from, to }));

describe('the import graph', () => {
  it('finds files that import each other in a loop, and nothing in a graph without one', () => {
    const loop = edges(['a/x.ts', 'b/y.ts'], ['b/y.ts', 'c/z.ts'], ['c/z.ts', 'a/x.ts'], ['d/w.ts', 'a/x.ts']);
    expect(circles(loop)).toEqual([['a/x.ts', 'b/y.ts', 'c/z.ts']]);
    expect(circles(edges(['a/x.ts', 'b/y.ts'], ['d/w.ts', 'b/y.ts']))).toEqual([]);
  });

  it('names two folders that import each other with no loop of files, and leaves out tests', () => {
    const arrows = edges(
      ['api/src/lib/html.ts', 'api/src/search/rows.ts'],
      ['api/src/search/index.ts', 'api/src/lib/clip.ts'],
    );
    expect(backArrows(arrows)).toEqual([['api/src/lib', 'api/src/search']]);
    expect(
      backArrows(
        edges(['api/src/search/index.ts', 'api/src/lib/clip.ts'], ['api/src/lib/x.test.ts', 'api/src/search/index.ts']),
      ),
    ).toEqual([]);
  });

  it("counts the API's floors over its top-level folders and loose files", () => {
    const built = floors(
      edges(
        ['api/src/server.ts', 'api/src/app.ts'],
        ['api/src/app.ts', 'api/src/alerts/routes.ts'],
        ['api/src/alerts/routes.ts', 'api/src/db/database.ts'],
        ['api/src/alerts/routes.test.ts', 'api/src/server.ts'],
        ['api/src/db/database.ts', 'shared/src/lib/clip.ts'],
      ),
    );
    expect(Object.fromEntries(built)).toEqual({ 'db/': 1, 'alerts/': 2, 'app.ts': 3, 'server.ts': 4 });
  });
});
