// Keeps, per node the manifest names, only the APIs (edge + method) the service calls, the node's
// field list whole (the `fields=` checks need it), and the enum types those APIs and fields use.
import { parseApiRef } from '../manifest';
import { elementType, GraphApiSpec, GraphEnumType, GraphNodeSpec } from '../graph/graph-spec';

export interface MetaSubset {
  nodes: Record<string, GraphNodeSpec>;
  enumTypes: GraphEnumType[];
  /** APIs the manifest lists that the specs do not hold ("IGUserForIGOnlyAPI: POST media_publish"). */
  missing: string[];
}

export function extractMetaSubset(
  readNode: (name: string) => GraphNodeSpec,
  allEnumTypes: GraphEnumType[],
  wanted: Record<string, string[]>,
): MetaSubset {
  const nodes: Record<string, GraphNodeSpec> = {};
  const missing: string[] = [];
  for (const [name, refs] of Object.entries(wanted)) {
    const spec = readNode(name);
    const apis: GraphApiSpec[] = [];
    for (const ref of refs) {
      const { method, edge } = parseApiRef(ref);
      const found = spec.apis.filter((api) => api.method === method && (edge ? api.endpoint === edge : !api.endpoint));
      if (found.length === 0) missing.push(`${name}: ${ref}`);
      apis.push(...found);
    }
    nodes[name] = { apis, fields: spec.fields };
  }

  const enumNames = new Set(allEnumTypes.map((e) => e.name));
  const used = new Set<string>();
  for (const spec of Object.values(nodes)) {
    const types = [...spec.apis.flatMap((api) => api.params.map((p) => p.type)), ...spec.fields.map((f) => f.type)];
    for (const type of types) {
      const element = elementType(type);
      if (enumNames.has(element)) used.add(element);
    }
  }
  const enumTypes = allEnumTypes.filter((e) => used.has(e.name)).sort((a, b) => a.name.localeCompare(b.name));
  return { nodes, enumTypes, missing };
}
