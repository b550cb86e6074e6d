/**
 * Issue 29: no import circle between the folders of the server (packages/server/src), of the web
 * app (packages/web/src) or of the shared package (packages/shared/src). Each top-level folder of a tree (and each top-level file) is one room; a
 * room may import a room below it, never one that imports it back, however long the way round. The
 * ESLint rules (eslint.config.js) name the server rooms that import no feature; this test holds the
 * whole order of both trees, so a new import that closes a circle fails here with the way round
 * spelled out. The web app's and the shared package's checks live here too: the same check on
 * another tree, in the unit project (vitest.config.ts) like their own tests.
 *
 * Type-only imports count: they tie the rooms as much for a reader as value imports do. So do
 * imports for their effect alone (`import './x'`) and lazy ones (`import('./x')`). The server
 * writes its specifiers with `.js`, the web without an extension: a room is the first folder of the
 * path either way.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SERVER = dirname(fileURLToPath(import.meta.url));
const WEB = join(SERVER, '..', '..', 'web', 'src');
const SHARED = join(SERVER, '..', '..', 'shared', 'src');
const SPECIFIER =
  /(?:^|[\s;])(?:import|export)\s(?:type\s)?[^'";]*?from\s*['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)|(?:^|[\s;])import\s*['"](\.{1,2}\/[^'"]+)['"]/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'test-support' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/**
 * The room of a file: its top-level folder under src, or the file itself at the top, named
 * without its extension (imports name it `.js`, or name no extension at all).
 */
const roomOf = (src: string, path: string): string =>
  relative(src, path)
    .split(sep)[0]!
    .replace(/\.(ts|tsx|js)$/, '');

/** room → rooms it imports, with one file-to-file example per pair (for the message), in one tree. */
export function folderGraph(src: string = SERVER): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>();
  for (const file of sourceFiles(src)) {
    const from = roomOf(src, file);
    const edges = graph.get(from) ?? new Map<string, string>();
    graph.set(from, edges);
    for (const m of readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
      const target = normalize(join(dirname(file), m[1] ?? m[2] ?? m[3]!));
      if (!target.startsWith(src + sep)) continue;
      const to = roomOf(src, target);
      if (to !== from && !edges.has(to)) edges.set(to, `${relative(src, file)} → ${relative(src, target)}`);
    }
  }
  return graph;
}

/** The circle of `graph` as the message shows it: each step with the import that makes it. */
function wayRound(graph: Map<string, Map<string, string>>): string[] {
  const circle = findCircle(graph);
  return circle?.slice(1).map((to, i) => `${circle[i]} → ${to} (${graph.get(circle[i]!)!.get(to)})`) ?? [];
}

/** One circle of rooms (first room repeated at the end), or null when the rooms stand in order. */
export function findCircle(graph: Map<string, Map<string, string>>): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (room: string): string[] | null => {
    state.set(room, 'open');
    path.push(room);
    for (const next of graph.get(room)?.keys() ?? []) {
      if (state.get(next) === 'open') return [...path.slice(path.indexOf(next)), next];
      if (!state.has(next)) {
        const found = visit(next);
        if (found) return found;
      }
    }
    path.pop();
    state.set(room, 'done');
    return null;
  };
  for (const room of [...graph.keys()].sort()) {
    if (!state.has(room)) {
      const found = visit(room);
      if (found) return found;
    }
  }
  return null;
}

describe('server folders (issue 29: layers)', () => {
  it('finds a circle when there is one (the check can fail)', () => {
    const graph = new Map([
      ['a', new Map([['b', 'a/x.ts → b/y.ts']])],
      ['b', new Map([['c', 'b/y.ts → c/z.ts']])],
      ['c', new Map([['a', 'c/z.ts → a/x.ts']])],
    ]);
    expect(findCircle(graph)).toEqual(['a', 'b', 'c', 'a']);
    graph.get('c')!.delete('a');
    expect(findCircle(graph)).toBeNull();
  });

  it('reads the imports of the source tree', () => {
    const graph = folderGraph();
    expect(graph.get('chartdata')?.has('execution')).toBe(true);
    expect(graph.get('context')?.size).toBeGreaterThan(0);
  });

  it('no folder imports, however indirectly, a folder that imports it', () => {
    expect(
      wayRound(folderGraph()),
      'a circle between server folders: move the shared part down (a shared room such as access/ or http/), or hand it in through the context',
    ).toEqual([]);
  });
});

describe('web app folders (issue 29: layers)', () => {
  it('reads the imports of the source tree (extensionless, lazy and bare ones too)', () => {
    const graph = folderGraph(WEB);
    expect(graph.get('app')?.has('core')).toBe(true);
    expect(graph.get('app')?.has('actionlog')).toBe(true); // router.tsx's lazy import('../actionlog/ActionLogPage')
    expect(graph.get('main')?.has('embedded')).toBe(true); // import './embedded/hostLink'
  });

  it('no folder imports, however indirectly, a folder that imports it', () => {
    expect(
      wayRound(folderGraph(WEB)),
      'a circle between web folders: move the shared part down (core/ for the app-wide pieces, components/ for shared UI, an entity folder for its API), or hand it in as a prop',
    ).toEqual([]);
  });
});

describe('shared package folders (issue 29: layers)', () => {
  it('reads the imports of the source tree, top-level files included', () => {
    const graph = folderGraph(SHARED);
    expect(graph.get('viz')?.has('charts')).toBe(true);
    // `../constants.js` is the room of constants.ts: a way round through a top-level file is seen
    expect(graph.get('sqllab')?.has('constants')).toBe(true);
  });

  it('no folder imports, however indirectly, a folder that imports it', () => {
    expect(
      wayRound(folderGraph(SHARED)),
      'a circle between shared folders: move the name that points up into the room below that owns it, or into a leaf file',
    ).toEqual([]);
  });
});
