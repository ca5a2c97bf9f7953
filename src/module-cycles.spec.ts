import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { preProcessFile } from 'typescript';

/**
 * The modules (the folders directly under src/) depend on each other in one direction only: a
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

/** The module a file belongs to: its first folder under src/, or undefined for the entry files. */
function moduleOf(file: string): string | undefined {
  const parts = relative(SRC, file).split(sep);
  return parts.length > 1 ? parts[0] : undefined;
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

describe('the modules under src/', () => {
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
