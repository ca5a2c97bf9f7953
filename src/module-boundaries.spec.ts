import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { preProcessFile } from 'typescript';

/**
 * The modules (the folders directly under src/) say what they share and depend on each other in
 * one direction only. What a module shares is its index.ts: another module imports from the folder
 * (`../posts`), never from a file inside it, so a module's other files can change without a look
 * outside it. common/ is the shared library every module may use, file by file. A
 * cycle would mean neither can be read, tested or changed without the other. Every import counts,
 * types too (a type import is still knowledge of the other module's files). The entry files
 * directly under src/ (main.ts, app.module.ts, the OpenAPI assembly) stand above every module.
 */

const SRC = resolve(__dirname);

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') && !path.endsWith('.spec.ts') ? [path] : [];
  });
}

/** The module a file belongs to: its first folder under src/, or undefined for the entry files and files outside src/. */
function moduleOf(file: string): string | undefined {
  const parts = relative(SRC, file).split(sep);
  return parts.length > 1 && parts[0] !== '..' ? parts[0] : undefined;
}

/** The file a relative import names: `x.ts`, or `x/index.ts` for a folder. */
function resolveImport(from: string, specifier: string): string {
  const target = resolve(dirname(from), specifier);
  if (existsSync(target) && statSync(target).isDirectory()) return join(target, 'index.ts');
  return `${target}.ts`;
}

/** Module → the modules it imports, each with one file that does (to say where a cycle comes from). */
function moduleGraph(): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>();
  for (const file of sourceFiles(SRC)) {
    const from = moduleOf(file);
    if (!from) continue;
    const { importedFiles } = preProcessFile(readFileSync(file, 'utf8'), true, true);
    for (const { fileName } of importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const to = moduleOf(resolveImport(file, fileName));
      if (!to || to === from) continue;
      if (!graph.has(from)) graph.set(from, new Map());
      if (!graph.get(from)!.has(to)) graph.get(from)!.set(to, `${relative(SRC, file)} imports ${fileName}`);
    }
  }
  return graph;
}

/** One cycle through the graph, as the imports that make it, or undefined when there is none. */
function findCycle(graph: Map<string, Map<string, string>>): string[] | undefined {
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (module: string): string[] | undefined => {
    const at = path.indexOf(module);
    if (at >= 0) {
      const loop = [...path.slice(at), module];
      return loop.slice(1).map((to, index) => graph.get(loop[index]!)!.get(to)!);
    }
    if (done.has(module)) return undefined;
    path.push(module);
    for (const next of graph.get(module)?.keys() ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    path.pop();
    done.add(module);
    return undefined;
  };
  for (const module of graph.keys()) {
    const cycle = visit(module);
    if (cycle) return cycle;
  }
  return undefined;
}

/**
 * The modules in layers, as docs/architecture.md draws them: a module imports only from lower
 * layers (common/ and config/ from anywhere). A new module takes its place here; moving one up or
 * down is a design decision, made here and in the picture together.
 */
const LAYERS: Record<string, number> = {
  common: 0,
  config: 0,
  contracts: 0,
  database: 0,
  // Below every module that records metrics or spans; it reaches the database through TypeORM's data source.
  observability: 0,
  customers: 1,
  queue: 1,
  'rate-limit': 1,
  auth: 2,
  scheduling: 2,
  health: 3,
  media: 3,
  webhooks: 3,
  networks: 4,
  accounts: 5,
  connect: 6,
  posts: 6,
  'token-lifecycle': 6,
  comments: 7,
  metrics: 7,
  dashboard: 8,
  emulator: 8,
  // The MCP server: agents call the API's own routes with their key (only auth and the rate limit below it are its own).
  mcp: 8,
  cli: 9,
};

/** Imports that go up or sideways between layers. */
function againstLayers(graph: Map<string, Map<string, string>>): string[] {
  const wrong: string[] = [];
  for (const [from, targets] of graph)
    for (const [to, where] of targets) {
      if (to === 'common' || to === 'config') continue;
      if (!(LAYERS[to]! < LAYERS[from]!)) wrong.push(`${where} (layer ${LAYERS[from]} → ${LAYERS[to]})`);
    }
  return wrong;
}

/** Imports from one module into a file of another that is not its index.ts (common/ excepted). */
function reachesInside(): string[] {
  const strays: string[] = [];
  for (const file of sourceFiles(SRC)) {
    const from = moduleOf(file);
    if (!from) continue;
    const { importedFiles } = preProcessFile(readFileSync(file, 'utf8'), true, true);
    for (const { fileName } of importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const target = resolveImport(file, fileName);
      const to = moduleOf(target);
      if (!to || to === from || to === 'common') continue;
      if (target !== join(SRC, to, 'index.ts')) strays.push(`${relative(SRC, file)} imports ${fileName}`);
    }
  }
  return strays;
}

describe('the modules under src/', () => {
  it('import another module only through its index.ts, what it shares', () => {
    expect(reachesInside()).toEqual([]);
  });

  it('each have a layer, and import only from lower layers', () => {
    const folders = readdirSync(SRC).filter((name) => statSync(join(SRC, name)).isDirectory());
    expect(folders.filter((folder) => LAYERS[folder] === undefined)).toEqual([]);
    expect(againstLayers(moduleGraph())).toEqual([]);
  });

  it('import each other without a cycle', () => {
    expect(findCycle(moduleGraph())).toBeUndefined();
  });

  it('would find a cycle, and say which imports make it', () => {
    const graph = new Map([
      ['posts', new Map([['webhooks', 'posts/a.ts imports ../webhooks/b']])],
      ['webhooks', new Map([['posts', 'webhooks/b.ts imports ../posts/c']])],
    ]);
    expect(findCycle(graph)).toEqual(['posts/a.ts imports ../webhooks/b', 'webhooks/b.ts imports ../posts/c']);
  });
});
