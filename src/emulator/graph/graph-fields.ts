import { GraphError } from './graph-error';
import { graphErrors } from './graph-errors';

/** A parsed `fields` parameter: each field with its own sub-selection (`picture{url}`), or null. */
export type FieldTree = Map<string, FieldTree | null>;

/**
 * Parses Graph's field syntax: `id,name,picture{url},instagram_business_account{id,username}`.
 * Modifiers like `.limit(5)` are accepted and ignored.
 */
export function parseFields(text: string | undefined, defaults: readonly string[]): FieldTree {
  const source = text?.trim() ? text : defaults.join(',');
  let position = 0;
  const fail = (): never => {
    throw graphErrors.invalidParameter(`Syntax error in fields: "${source.slice(0, 200)}"`);
  };
  const parseList = (nested: boolean): FieldTree => {
    const tree: FieldTree = new Map();
    for (;;) {
      const match = /^\s*([A-Za-z_][A-Za-z0-9_]*)((?:\.[A-Za-z_]+\([^()]*\))*)\s*/.exec(source.slice(position));
      if (!match) return fail();
      position += match[0].length;
      let sub: FieldTree | null = null;
      if (source[position] === '{') {
        position += 1;
        sub = parseList(true);
        if (source[position] !== '}') return fail();
        position += 1;
      }
      tree.set(match[1], sub);
      while (source[position] === ' ') position += 1;
      if (source[position] === ',') {
        position += 1;
        continue;
      }
      if (nested ? source[position] === '}' : position === source.length) return tree;
      return fail();
    }
  };
  return parseList(false);
}

/** Computes one field of a node; `sub` is the field's own selection, if any. */
export type FieldResolver = (sub: FieldTree | null) => unknown;

/**
 * The node as Graph answers it: only the selected fields, `id` always, unknown fields refused
 * with the real error. Resolvers that answer undefined leave the field out (absent edges).
 */
export function projectFields(
  tree: FieldTree,
  resolvers: Readonly<Record<string, FieldResolver>>,
  nodeType: string,
  error?: (e: GraphError) => GraphError,
): Record<string, unknown> {
  const node: Record<string, unknown> = {};
  for (const [name, sub] of tree) {
    const resolve = resolvers[name];
    if (!resolve) {
      const unknown = graphErrors.unknownField(name, nodeType);
      throw error ? error(unknown) : unknown;
    }
    const value = resolve(sub);
    if (value !== undefined) node[name] = value;
  }
  if (!('id' in node) && resolvers.id) node.id = resolvers.id(null);
  return node;
}
