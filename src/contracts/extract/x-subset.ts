// Cuts X's OpenAPI document down to the operations the manifest lists, with every component they
// reach through $ref (transitively) and the security schemes they name, so the result stays a valid
// OpenAPI 3 document that the checker can compile whole.
import { isJsonObject, JsonObject, JsonValue } from '../json';
import { XOperationRef } from '../manifest';

export interface SourceInfo {
  repository: string;
  path: string;
  commit: string;
  commitDate: string;
  retrieved: string;
}

const COMPONENT_SECTIONS = ['schemas', 'parameters', 'responses', 'requestBodies', 'headers', 'examples'] as const;

export interface SubsetOptions {
  /**
   * Also keep the schemas a `discriminator.mapping` names (Pinterest's token request and answer name
   * their variants only there, not through a `$ref`); X's document is cut without them.
   */
  followMappings?: boolean;
}

export function extractXSubset(
  full: JsonObject,
  operations: XOperationRef[],
  source: SourceInfo,
  options: SubsetOptions = {},
): JsonObject {
  const fullPaths = asObject(full.paths, 'paths');
  const paths: JsonObject = {};
  const missing: string[] = [];
  for (const op of operations) {
    const item = fullPaths[op.path];
    const method = op.method.toLowerCase();
    if (!isJsonObject(item) || !isJsonObject(item[method])) {
      missing.push(`${op.method} ${op.path}`);
      continue;
    }
    const kept = isJsonObject(paths[op.path]) ? (paths[op.path] as JsonObject) : {};
    // Path-level parameters apply to every method of the path.
    if (item.parameters !== undefined) kept.parameters = item.parameters;
    kept[method] = item[method];
    paths[op.path] = kept;
  }
  if (missing.length > 0) throw new Error(`The document lacks: ${missing.join(', ')}`);

  const components = asObject(full.components ?? {}, 'components');
  const keptComponents: Record<string, JsonObject> = {};
  const queue: JsonValue[] = [paths];
  const seen = new Set<string>();
  while (queue.length > 0) {
    for (const ref of collectRefs(queue.pop() as JsonValue, options.followMappings === true)) {
      if (seen.has(ref)) continue;
      seen.add(ref);
      const match = /^#\/components\/([^/]+)\/(.+)$/.exec(ref);
      if (!match) throw new Error(`Unsupported $ref ${ref}`);
      const [, section, name] = match;
      const target = asObject(components[section] ?? {}, `components.${section}`)[name];
      if (target === undefined) throw new Error(`Dangling $ref ${ref}`);
      (keptComponents[section] ??= {})[name] = target;
      queue.push(target);
    }
  }

  const schemes = asObject(components.securitySchemes ?? {}, 'components.securitySchemes');
  for (const name of securitySchemeNames(paths)) {
    if (schemes[name] === undefined) throw new Error(`Unknown security scheme ${name}`);
    (keptComponents.securitySchemes ??= {})[name] = schemes[name];
  }

  const orderedComponents: JsonObject = {};
  for (const section of ['securitySchemes', ...COMPONENT_SECTIONS]) {
    const entries = keptComponents[section];
    if (entries) orderedComponents[section] = sortKeys(entries);
  }
  return {
    openapi: full.openapi,
    info: full.info,
    servers: full.servers ?? [],
    'x-contract-source': { ...source },
    paths: sortKeys(paths),
    components: orderedComponents,
  };
}

function collectRefs(value: JsonValue, followMappings: boolean): string[] {
  const refs: string[] = [];
  const walk = (node: JsonValue): void => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (isJsonObject(node)) {
      for (const [key, child] of Object.entries(node)) {
        if (key === '$ref' && typeof child === 'string') refs.push(child);
        else if (followMappings && key === 'discriminator' && isJsonObject(child) && isJsonObject(child.mapping))
          refs.push(...Object.values(child.mapping).filter((ref): ref is string => typeof ref === 'string'));
        else walk(child);
      }
    }
  };
  walk(value);
  return refs;
}

function securitySchemeNames(paths: JsonObject): Set<string> {
  const names = new Set<string>();
  for (const item of Object.values(paths)) {
    for (const operation of Object.values(item as JsonObject)) {
      if (!isJsonObject(operation) || !Array.isArray(operation.security)) continue;
      for (const requirement of operation.security) {
        if (isJsonObject(requirement)) Object.keys(requirement).forEach((name) => names.add(name));
      }
    }
  }
  return names;
}

function asObject(value: JsonValue | undefined, what: string): JsonObject {
  if (!isJsonObject(value)) throw new Error(`Expected an object at ${what}`);
  return value;
}

function sortKeys(object: JsonObject): JsonObject {
  return Object.fromEntries(
    Object.keys(object)
      .sort()
      .map((key) => [key, object[key]]),
  );
}
